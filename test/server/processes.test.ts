/**
 * Two server processes on one PostgreSQL database (two servers in this test process, each with its own
 * store, pool and change feed — what a second machine would have). What one accepts reaches the other's
 * WebSocket clients through each one's projection, in order and without gaps; a process holding an
 * encounter catches up before it decides; appends race through the database (one wins, the other is
 * told STALE_VERSION); a command id is remembered across processes; pause, revoke and a new encounter
 * on one are heard on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, replayLog, type LoggedEvent } from '../../src/engine/index.ts';
import { rulesetById } from '../../src/rulesets/index.ts';
import { startServer, type RunningServer } from '../../src/server/app.ts';
import { allEvents, Client, TEST_LIMITS, WsClient } from '../../src/server/testing.ts';
import { postgresForTests, sayAbsent, type TestPostgres } from '../pg/cluster.ts';
import { until } from './until.ts';

const env: TestPostgres = await postgresForTests('processes');
afterAll(() => env.close());
if (env.absent) sayAbsent('two server processes on PostgreSQL', env.absent);

/** The events frames of `ws` for `enc`, flattened, and the last version it was told. */
const received = (ws: WsClient, enc: string) => {
  const frames = ws.messages.filter((m) => m.type === 'events' && m.encounter === enc);
  return { events: frames.flatMap((m) => m.events as LoggedEvent[]), version: frames.length ? (frames[frames.length - 1].version as number) : -1, last: frames[frames.length - 1] };
};

describe.skipIf(!env.url)('two server processes on one PostgreSQL database', () => {
  let a: RunningServer;
  let b: RunningServer;
  let urlA: string;
  let urlB: string;
  let gmToken: string;
  let tableId: string;
  const tokens: Record<string, string> = {};
  let enc: string;
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    // each checks what it watches once an hour: what reaches the other's clients here came by notification
    const limits = { ...TEST_LIMITS, watchCheckMs: 3_600_000 };
    a = await startServer({ port: 0, db: env.url!, limits });
    b = await startServer({ port: 0, db: env.url!, limits });
    urlA = `http://127.0.0.1:${a.port}`;
    urlB = `http://127.0.0.1:${b.port}`;
    const t = await new Client(urlA).post('/api/tables', { name: 'Two processes' });
    gmToken = t.body.gmToken;
    tableId = t.body.table.id;
    const gmA = new Client(urlA, gmToken);
    for (const pid of ['p1', 'p2']) {
      const inv = await gmA.post(`/api/tables/${tableId}/invites`, { playerId: pid });
      // an invite made on A is redeemed on B
      const j = await new Client(urlB).post('/api/join', { invite: inv.body.invite });
      expect(j.status, j.text).toBe(200);
      tokens[pid] = j.body.token;
    }
    enc = (await gmA.post(`/api/tables/${tableId}/encounters`, { example: 'phase20/goblin-cave.yaml' })).body.id;
    // both processes listen to the change feed before the tests send anything
    await until('change feeds', () => (a.ctx.store as { hearing?: boolean }).hearing === true && (b.ctx.store as { hearing?: boolean }).hearing === true);
    return async () => {
      for (const s of sockets) s.close();
      await a.close();
      await b.close();
    };
  }, 120_000);

  async function socket(url: string, token: string, subscribe = true): Promise<WsClient> {
    const ws = new WsClient(url);
    sockets.push(ws);
    await ws.auth(token);
    if (subscribe) await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
    return ws;
  }

  it('a command accepted by A reaches the clients on B, each through its own projection, in order and without gaps', async () => {
    const gmB = await socket(urlB, gmToken);
    const p1B = await socket(urlB, tokens.p1);
    const p1A = await socket(urlA, tokens.p1);
    const gmA = new Client(urlA, gmToken);
    let version = (await gmA.get(`/api/encounters/${enc}`)).body.encounter.version as number;
    const commands = [{ type: 'start' }, ...Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? { type: 'gm.note', text: `secret ${i}` } : i % 3 === 1 ? { type: 'gm.note', text: `said ${i}`, public: true } : { type: 'gm.roll', dice: '1d20', label: `roll ${i}` }))];
    for (const [i, command] of commands.entries()) {
      const r = await gmA.post(`/api/encounters/${enc}/commands`, { id: `fan-${i}`, expectedVersion: version, command });
      expect(r.status, r.text).toBe(200);
      version = r.body.version;
    }
    await until('B\'s GM at the last version', () => received(gmB, enc).version === version);
    // the GM on B: every event, seq 1.. without gaps, as the log holds them
    const log = (await allEvents(new Client(urlB, gmToken), enc)).events as LoggedEvent[];
    expect(log).toHaveLength(version);
    expect(received(gmB, enc).events).toEqual(log);
    // the player on B saw exactly what the same player on A saw: its own numbering, no secret notes
    const p1Version = (await new Client(urlA, tokens.p1).get(`/api/encounters/${enc}`)).body.encounter.version as number;
    await until('both players at their last version', () => received(p1A, enc).version === p1Version && received(p1B, enc).version === p1Version);
    const seenB = received(p1B, enc).events;
    expect(seenB).toEqual(received(p1A, enc).events);
    expect(seenB.map((e) => e.seq)).toEqual(seenB.map((_, i) => i + 1));
    expect(JSON.stringify(seenB)).not.toContain('secret');
    expect(JSON.stringify(seenB)).toContain('said 28');
    expect(received(p1B, enc).last.state).toEqual(received(p1A, enc).last.state);
    // replay of the log is the state B's GM was sent last
    const engine = createEngine(rulesetById('phase20')!);
    expect(received(gmB, enc).last.state).toEqual(replayLog(engine, log));
  });

  it('a process holding the encounter catches up before it decides: A and B in turn, each at the version the other answered', async () => {
    const clients = [new Client(urlA, gmToken), new Client(urlB, gmToken)];
    let version = (await clients[0].get(`/api/encounters/${enc}`)).body.encounter.version as number;
    for (let i = 0; i < 20; i++) {
      // no wait for the change feed: the other process reads the version from the database before deciding
      const r = await clients[i % 2].post(`/api/encounters/${enc}/commands`, { id: `turn-${i}`, expectedVersion: version, command: { type: 'gm.note', text: `turn ${i}`, public: true } });
      expect(r.status, r.text).toBe(200);
      expect(r.body.version).toBe(version + 1);
      version = r.body.version;
    }
  });

  it('of two GMs deciding at once on A and B, exactly one append wins; the other is told STALE_VERSION', async () => {
    const gmA = new Client(urlA, gmToken);
    const gmB = new Client(urlB, gmToken);
    for (let i = 0; i < 10; i++) {
      const version = (await gmA.get(`/api/encounters/${enc}`)).body.encounter.version as number;
      const [ra, rb] = await Promise.all([gmA, gmB].map((c, k) => c.post(`/api/encounters/${enc}/commands`, { id: `race-${i}-${k}`, expectedVersion: version, command: { type: 'gm.note', text: `race ${i} ${k}`, public: true } })));
      expect([ra.status, rb.status].sort(), `${ra.text} ${rb.text}`).toEqual([200, 409]);
      const lost = ra.status === 409 ? ra : rb;
      expect(lost.body.error.code).toBe('STALE_VERSION');
      expect(lost.body.error.version).toBe(version + 1);
    }
    const log = (await allEvents(gmB, enc)).events as LoggedEvent[];
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    for (let i = 0; i < 10; i++) expect(log.filter((e) => e.type === 'note' && (e as { text: string }).text.startsWith(`race ${i} `))).toHaveLength(1);
  });

  it('the same command id sent to A and B at once lands once, and both answer it', async () => {
    const gmA = new Client(urlA, gmToken);
    const gmB = new Client(urlB, gmToken);
    for (let i = 0; i < 10; i++) {
      const version = (await gmA.get(`/api/encounters/${enc}`)).body.encounter.version as number;
      const body = { id: `twice-${i}`, expectedVersion: version, command: { type: 'gm.roll', dice: '3d6', label: `twice ${i}` } };
      const [ra, rb] = await Promise.all([gmA.post(`/api/encounters/${enc}/commands`, body), gmB.post(`/api/encounters/${enc}/commands`, body)]);
      expect([ra.status, rb.status], `${ra.text} ${rb.text}`).toEqual([200, 200]);
      expect(rb.body).toEqual(ra.body);
    }
    const log = (await allEvents(gmB, enc)).events as LoggedEvent[];
    for (let i = 0; i < 10; i++) expect(log.filter((e) => JSON.stringify(e).includes(`"twice ${i}"`))).toHaveLength(1);
  });

  it('a pause on A is heard on B, and B refuses the players while it lasts', async () => {
    const gmB = await socket(urlB, gmToken, false);
    const from = gmB.messages.length;
    const r = await new Client(urlA, gmToken).post(`/api/encounters/${enc}/pause`, { paused: true });
    expect(r.status, r.text).toBe(200);
    await gmB.next((m) => m.type === 'encounter' && m.encounter.id === enc && m.encounter.paused === true, 10_000, from);
    const p1 = new Client(urlB, tokens.p1);
    const version = (await p1.get(`/api/encounters/${enc}`)).body.encounter.version;
    const refused = await p1.post(`/api/encounters/${enc}/commands`, { id: 'paused-1', expectedVersion: version, command: { type: 'end_turn', actor: 'kara' } });
    expect(refused.body.error?.code, refused.text).toBe('ENCOUNTER_PAUSED');
    expect((await new Client(urlB, gmToken).post(`/api/encounters/${enc}/pause`, { paused: false })).status).toBe(200);
  });

  it('an encounter loaded on A is announced on B; a player revoked on A is cut off on B', async () => {
    const gmB = await socket(urlB, gmToken, false);
    const p2B = await socket(urlB, tokens.p2, false);
    const from = gmB.messages.length;
    const loaded = await new Client(urlA, gmToken).post(`/api/tables/${tableId}/encounters`, { example: 'phase20/mage-duel.yaml' });
    expect(loaded.status, loaded.text).toBe(201);
    const said = await gmB.next((m) => m.type === 'encounter' && m.encounter.id === loaded.body.id, 10_000, from);
    expect(said.encounter).toMatchObject({ tableId, status: 'setup', version: loaded.body.version });
    expect((await new Client(urlA, gmToken).call('DELETE', `/api/tables/${tableId}/players/p2/tokens`)).status).toBe(200);
    await until('p2 cut off on B', () => p2B.closed !== undefined);
    expect(p2B.closed!.code).toBe(4005);
    expect((await new Client(urlB, tokens.p2).get(`/api/tables/${tableId}`)).status).toBe(401);
  });
});
