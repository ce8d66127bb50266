/**
 * An append's notification carries its events when they fit (PostgreSQL's payload stays under 8000 bytes):
 * the process watching folds them onto the copy it holds, without reading the store (issue 42: the other
 * process's share of every command). Its watchers get every event once, in order, as from a read — and
 * whatever does not follow the copy held (a notification lost before it, one too long to carry) is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/app.ts';
import { Client, TEST_LIMITS, WsClient } from '../../src/server/testing.ts';
import { postgresForTests, sayAbsent, type TestPostgres } from '../pg/cluster.ts';
import { gmNoter, notes } from './notes.ts';
import { until } from './until.ts';

const env: TestPostgres = await postgresForTests('processes_carried');
afterAll(() => env.close());
if (env.absent) sayAbsent('events carried by notifications', env.absent);

type Spied = { since(id: string, after: number): Promise<unknown>; events(id: string, after?: number, upTo?: number): Promise<unknown>; received(payload: string): void };

/** Every note a socket was sent for the encounter, in the order sent, with its seq in that viewer's numbering. */

describe.skipIf(!env.url)('events carried by an append\'s notification', () => {
  let a: RunningServer;
  let b: RunningServer;
  let urlA: string;
  let gmToken: string;
  let enc: string;
  let gmB: WsClient;
  let p1B: WsClient;
  let readsOnB = 0;

  beforeAll(async () => {
    // B checks what it watches once an hour: nothing reaches its watchers that way within a test
    const limits = { ...TEST_LIMITS, watchCheckMs: 3_600_000 };
    a = await startServer({ port: 0, db: env.url!, limits });
    b = await startServer({ port: 0, db: env.url!, limits });
    urlA = `http://127.0.0.1:${a.port}`;
    const urlB = `http://127.0.0.1:${b.port}`;
    await until('change feeds', () => (a.ctx.store as { hearing?: boolean }).hearing === true && (b.ctx.store as { hearing?: boolean }).hearing === true);
    const t = await new Client(urlA).post('/api/tables', { name: 'Carried' });
    gmToken = t.body.gmToken;
    const gm = new Client(urlA, gmToken);
    const inv = await gm.post(`/api/tables/${t.body.table.id}/invites`, { playerId: 'p1' });
    const p1Token = (await new Client(urlA).post('/api/join', { invite: inv.body.invite })).body.token;
    enc = (await gm.post(`/api/tables/${t.body.table.id}/encounters`, { example: 'phase20/goblin-cave.yaml' })).body.id;
    gmB = new WsClient(urlB);
    p1B = new WsClient(urlB);
    for (const [ws, token] of [[gmB, gmToken], [p1B, p1Token]] as const) {
      await ws.auth(token);
      await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
    }
    const store = b.ctx.store as unknown as Spied;
    const since = store.since.bind(store);
    const events = store.events.bind(store);
    store.since = (id, after) => {
      if (id === enc) readsOnB++;
      return since(id, after);
    };
    store.events = (id, after, upTo) => {
      if (id === enc) readsOnB++;
      return events(id, after, upTo);
    };
    return async () => {
      gmB.close();
      p1B.close();
      await a.close();
      await b.close();
    };
  }, 120_000);

  const note = gmNoter(() => ({ url: urlA, gmToken, enc }));
  const heardAll = (texts: string[]) => until(`B's watchers to hear ${texts.join(', ')}`, () => texts.every((t) => notes(gmB, enc).includes(t) && notes(p1B, enc).includes(t)));

  it('B folds what A appended onto its copy and sends it to its watchers without reading the store', async () => {
    const before = readsOnB;
    for (let i = 0; i < 4; i++) await note(`carried-${i}`, `carried ${i}`);
    await heardAll(['carried 0', 'carried 1', 'carried 2', 'carried 3']);
    expect(readsOnB - before).toBe(0);
    expect(notes(gmB, enc)).toEqual(['carried 0', 'carried 1', 'carried 2', 'carried 3']);
    expect(notes(p1B, enc)).toEqual(['carried 0', 'carried 1', 'carried 2', 'carried 3']);
  });

  it('a notification lost before one carried: B reads, and its watchers get both, once, in order', async () => {
    const store = b.ctx.store as unknown as Spied;
    const received = store.received;
    let dropped = 0;
    // the first of A's notifications never reaches B; the next carries events that do not follow B's copy
    store.received = function (this: unknown, payload: string) {
      if (!dropped && payload.includes(' a ')) {
        dropped++;
        return;
      }
      return received.call(this, payload);
    };
    const before = readsOnB;
    try {
      await note('lost', 'lost');
      await note('after-lost', 'after lost');
      await heardAll(['lost', 'after lost']);
    } finally {
      store.received = received;
    }
    expect(readsOnB - before).toBeGreaterThan(0);
    expect(notes(gmB, enc).slice(-2)).toEqual(['lost', 'after lost']);
    expect(notes(p1B, enc).slice(-2)).toEqual(['lost', 'after lost']);
    expect(notes(gmB, enc).filter((t) => t === 'lost' || t === 'after lost')).toHaveLength(2);
  });

  it('events too long to carry: B reads them', async () => {
    const before = readsOnB;
    const long = `long ${'x'.repeat(9000)}`;
    await note('long', long);
    await heardAll([long]);
    expect(readsOnB - before).toBeGreaterThan(0);
    expect(notes(p1B, enc).at(-1)).toBe(long);
  });
});
