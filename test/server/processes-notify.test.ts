/**
 * How a commit on one process reaches the watchers on another (PostgreSQL): by its notification, at once —
 * never by waiting on a timer. With every timer of this process stopped (fake timers; sockets and the
 * database still answer), a command sent to A still reaches B's GM and player: nothing on the way waits
 * for a setTimeout or setInterval (a debounce, a poll, a coalescing delay). And the one timer there is —
 * the check of what is watched, a safety net for a process killed between its commit and its notification —
 * finds a commit whose notification never went out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoggedEvent } from '../../src/engine/index.ts';
import { startServer, type RunningServer } from '../../src/server/app.ts';
import { Client, TEST_LIMITS, WsClient } from '../../src/server/testing.ts';
import { postgresForTests, sayAbsent, type TestPostgres } from '../pg/cluster.ts';
import { until } from './until.ts';

const env: TestPostgres = await postgresForTests('processes_notify');
afterAll(() => env.close());
if (env.absent) sayAbsent('delivery across processes without timers', env.absent);

const HOUR = 3_600_000;

const notes = (ws: WsClient, enc: string) =>
  ws.messages.filter((m) => m.type === 'events' && m.encounter === enc).flatMap((m) => (m.events as LoggedEvent[]).filter((e) => e.type === 'note').map((e) => (e as { text: string }).text));

describe.skipIf(!env.url)('a commit on one process reaches the watchers on another', () => {
  const servers: RunningServer[] = [];
  const sockets: WsClient[] = [];
  let gmToken: string;
  let p1Token: string;
  let enc: string;

  const start = async (watchCheckMs: number) => {
    const s = await startServer({ port: 0, db: env.url!, limits: { ...TEST_LIMITS, watchCheckMs } });
    servers.push(s);
    await until('its change feed', () => (s.ctx.store as { hearing?: boolean }).hearing === true);
    return `http://127.0.0.1:${s.port}`;
  };
  const socket = async (url: string, token: string) => {
    const ws = new WsClient(url);
    sockets.push(ws);
    await ws.auth(token);
    await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
    return ws;
  };

  beforeAll(async () => {
    // A and B check what they watch once an hour: nothing reaches B's watchers that way within a test
    const urlA = await start(HOUR);
    const t = await new Client(urlA).post('/api/tables', { name: 'Notified' });
    gmToken = t.body.gmToken;
    const gm = new Client(urlA, gmToken);
    const inv = await gm.post(`/api/tables/${t.body.table.id}/invites`, { playerId: 'p1' });
    p1Token = (await new Client(urlA).post('/api/join', { invite: inv.body.invite })).body.token;
    enc = (await gm.post(`/api/tables/${t.body.table.id}/encounters`, { example: 'phase20/goblin-cave.yaml' })).body.id;
    return async () => {
      vi.useRealTimers();
      for (const s of sockets) s.close();
      for (const s of servers) await s.close();
    };
  }, 120_000);

  it('with every timer stopped, a command sent to A reaches the GM and a player watching on B', async () => {
    const [urlA, urlB] = [`http://127.0.0.1:${servers[0].port}`, await start(HOUR)];
    const gmA = await socket(urlA, gmToken);
    const gmB = await socket(urlB, gmToken);
    const p1B = await socket(urlB, p1Token);
    const version = (await new Client(urlA, gmToken).get(`/api/encounters/${enc}`)).body.encounter.version as number;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      for (let i = 0; i < 5; i++) {
        // over the socket (no HTTP client timers): each waits for the one before, as a GM's page does
        const from = gmA.messages.length;
        gmA.send({ type: 'command', encounter: enc, id: `told-${i}`, ref: `told-${i}`, expectedVersion: version + i, command: { type: 'gm.note', text: `told ${i}`, public: true } });
        await waitWithoutTimers(`A's answer to told-${i}`, () => gmA.messages.slice(from).some((m) => m.ref === `told-${i}`));
        expect(gmA.messages.slice(from).find((m) => m.ref === `told-${i}`)).toMatchObject({ type: 'result', version: version + i + 1 });
      }
      // only I/O turns the loop from here: were any step on the way a timer, this would never come
      await waitWithoutTimers('B\'s watchers to hear all five', () => notes(gmB, enc).length === 5 && notes(p1B, enc).length === 5);
    } finally {
      vi.useRealTimers();
    }
    const told = ['told 0', 'told 1', 'told 2', 'told 3', 'told 4'];
    expect(notes(gmB, enc)).toEqual(told);
    expect(notes(p1B, enc)).toEqual(told);
  });

  it('a commit whose notification never went out (its process killed between the two) is found by the check of what is watched', async () => {
    const urlA = `http://127.0.0.1:${servers[0].port}`;
    const urlC = await start(50);
    const gmB = await socket(`http://127.0.0.1:${servers[1].port}`, gmToken);
    const gmC = await socket(urlC, gmToken);
    const store = servers[0].ctx.store as unknown as { announce(payload: string): void };
    const announce = store.announce;
    store.announce = () => {}; // A commits, and is "killed" before it tells anyone
    let version: number;
    try {
      const gm = new Client(urlA, gmToken);
      version = (await gm.get(`/api/encounters/${enc}`)).body.encounter.version as number;
      const r = await gm.post(`/api/encounters/${enc}/commands`, { id: 'untold', expectedVersion: version, command: { type: 'gm.note', text: 'never told', public: true } });
      expect(r.status, r.text).toBe(200);
    } finally {
      store.announce = announce;
    }
    await until('C to find it', () => notes(gmC, enc).includes('never told'));
    // B checks once an hour and was told nothing: it has not heard (the check, nothing else, found it on C)
    expect(notes(gmB, enc)).not.toContain('never told');
  });
});

/** Wait for `ok` by turning the event loop (setImmediate) alone: I/O completes, no timer fires. */
async function waitWithoutTimers(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const end = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > end) throw new Error(`no ${what} in ${ms} ms with every timer stopped: something on the way waits on a timer`);
    await new Promise((r) => setImmediate(r));
  }
}
