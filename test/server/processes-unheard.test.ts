/**
 * A command on a process that would have heard of any change to the encounter (its change feed up since
 * it read it, nothing heard) is decided on the copy it holds, without reading the store first (issue 42:
 * one round trip less before every append). Where that copy is behind — another process's commit or pause
 * not heard of yet (its notification on its way, or never sent) — the command is answered exactly as if
 * the store had been read first: the append checks the version (and, for a player, the pause), and a
 * command that loses reads and is decided again. Nor is its command id looked up first: a command sent again
 * fails before its append (its version, or the append's duplicate id), and is then answered as first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/app.ts';
import { Client, TEST_LIMITS } from '../../src/server/testing.ts';
import { postgresForTests, sayAbsent, type TestPostgres } from '../pg/cluster.ts';
import { until } from './until.ts';

const env: TestPostgres = await postgresForTests('processes_unheard');
afterAll(() => env.close());
if (env.absent) sayAbsent('commands on a copy not read again', env.absent);

type Spied = { since(id: string, after: number): Promise<unknown>; command(id: string, key: string): Promise<unknown>; announce(payload: string): void; received(payload: string): void };

describe.skipIf(!env.url)('a command decided on the copy a process holds', () => {
  let a: RunningServer;
  let b: RunningServer;
  let urlA: string;
  let urlB: string;
  let gmToken: string;
  let p1Token: string;
  let enc: string;
  let readsOnB = 0;
  let lookupsOnB = 0;

  beforeAll(async () => {
    const limits = { ...TEST_LIMITS, watchCheckMs: 3_600_000 };
    a = await startServer({ port: 0, db: env.url!, limits });
    b = await startServer({ port: 0, db: env.url!, limits });
    urlA = `http://127.0.0.1:${a.port}`;
    urlB = `http://127.0.0.1:${b.port}`;
    await until('change feeds', () => (a.ctx.store as { hearing?: boolean }).hearing === true && (b.ctx.store as { hearing?: boolean }).hearing === true);
    const t = await new Client(urlA).post('/api/tables', { name: 'Unheard' });
    gmToken = t.body.gmToken;
    const gm = new Client(urlA, gmToken);
    const inv = await gm.post(`/api/tables/${t.body.table.id}/invites`, { playerId: 'p1' });
    p1Token = (await new Client(urlA).post('/api/join', { invite: inv.body.invite })).body.token;
    enc = (await gm.post(`/api/tables/${t.body.table.id}/encounters`, { example: 'phase20/goblin-cave.yaml' })).body.id;
    const store = b.ctx.store as unknown as Spied;
    const since = store.since.bind(store);
    store.since = (id, after) => {
      if (id === enc) readsOnB++;
      return since(id, after);
    };
    const command = store.command.bind(store);
    store.command = (id, key) => {
      if (id === enc) lookupsOnB++;
      return command(id, key);
    };
    return async () => {
      await a.close();
      await b.close();
    };
  }, 120_000);

  const note = (url: string, id: string, expectedVersion: number, text: string) =>
    new Client(url, gmToken).post(`/api/encounters/${enc}/commands`, { id, expectedVersion, command: { type: 'gm.note', text, public: true } });

  it('with nothing heard since it read, B decides without reading the store', async () => {
    let version = (await new Client(urlB, gmToken).get(`/api/encounters/${enc}`)).body.encounter.version as number;
    // the encounter's creation on A may be heard after B's first read: one command reads it
    const first = await note(urlB, 'held-first', version, 'held first');
    expect(first.status, first.text).toBe(200);
    version = first.body.version;
    const before = readsOnB;
    const looked = lookupsOnB;
    for (let i = 0; i < 3; i++) {
      const r = await note(urlB, `held-${i}`, version, `held ${i}`);
      expect(r.status, r.text).toBe(200);
      version = r.body.version;
    }
    expect(readsOnB - before).toBe(0);
    // nor its command id (looked up when a command fails: one sent again fails on its version first)
    expect(lookupsOnB - looked).toBe(0);
  });

  it('a command sent again to B, its id not looked up first, gets its first answer and appends nothing; another under that id is refused', async () => {
    const gmB = new Client(urlB, gmToken);
    const version = (await gmB.get(`/api/encounters/${enc}`)).body.encounter.version as number;
    const first = await note(urlB, 'twice', version, 'twice');
    expect(first.status, first.text).toBe(200);
    const again = await note(urlB, 'twice', version, 'twice');
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await note(urlB, 'twice', version + 1, 'not the same');
    expect(other.status, other.text).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await gmB.get(`/api/encounters/${enc}`)).body.encounter.version).toBe(version + 1);
  });

  it('a commit on A that B never heard of: B reads and decides again, as if it had read first', async () => {
    const version = (await new Client(urlB, gmToken).get(`/api/encounters/${enc}`)).body.encounter.version as number;
    const storeA = a.ctx.store as unknown as Spied;
    const announce = storeA.announce;
    storeA.announce = () => {}; // A commits and tells no one (killed between the two)
    let told: number;
    try {
      const r = await note(urlA, 'untold', version, 'untold');
      expect(r.status, r.text).toBe(200);
      told = r.body.version;
    } finally {
      storeA.announce = announce;
    }
    // B holds the encounter at `version`; the GM sends it at the version A answered
    const r = await note(urlB, 'after-untold', told, 'after untold');
    expect(r.status, r.text).toBe(200);
    expect(r.body.version).toBe(told + 1);
    // and one decided on the old version loses to the log as stored, as it would have
    const stale = await note(urlB, 'stale', version, 'stale');
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.error.code).toBe('STALE_VERSION');
    expect(stale.body.error.version).toBe(told + 1);
  });

  it('a pause on A not heard on B yet: B refuses the player all the same', async () => {
    const p1 = new Client(urlB, p1Token);
    const version = (await p1.get(`/api/encounters/${enc}`)).body.encounter.version as number;
    const storeB = b.ctx.store as unknown as Spied;
    const received = storeB.received;
    storeB.received = () => {}; // the notification is still on its way
    try {
      const r = await new Client(urlA, gmToken).post(`/api/encounters/${enc}/pause`, { paused: true });
      expect(r.status, r.text).toBe(200);
      const refused = await p1.post(`/api/encounters/${enc}/commands`, { id: 'paused-1', expectedVersion: version, command: { type: 'end_turn', actor: 'kara' } });
      expect(refused.body.error?.code, refused.text).toBe('ENCOUNTER_PAUSED');
    } finally {
      storeB.received = received;
      expect((await new Client(urlA, gmToken).post(`/api/encounters/${enc}/pause`, { paused: false })).status).toBe(200);
    }
  });
});
