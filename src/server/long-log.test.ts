/**
 * Reading a long log holds no table (issue 17): before, a full catch-up over HTTP built one reply of the
 * whole log (150–230 ms at 20,000 events, over a second at 100,000), a WebSocket catch-up sent every
 * frame of it in one go (and past the buffered-bytes ceiling the socket was dropped), a gap the hub fills
 * and a step-by-step replay replayed the whole prefix, and an export was one JSON.stringify of it all.
 * Measured without a clock: how many of the log's events a request reads (a counting proxy over the
 * arrays it reads), and how many /api/health pings are answered while it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayLog, type LoggedEvent } from '../engine/index.ts';
import { SPACING } from './history.ts';
import type { Live } from './live.ts';
import { playerLog, stateFor } from './numbering.ts';
import { allEvents, command, importedLongLog, pingsDuring, TEST_LIMITS, testTable, WsClient, type TestTable } from './testing.ts';

const N = 30_000;
let t: TestTable;
let id: string;
let live: Live;

/** Reads of `events`' entries while `run` runs: `events` is put behind a counting proxy where `put` keeps it. */
async function readsOf<T>(events: LoggedEvent[], put: (proxy: LoggedEvent[]) => void, run: () => Promise<T>): Promise<{ reads: number; value: T }> {
  let reads = 0;
  let counting = false;
  put(new Proxy(events, { get: (target, key, receiver) => (counting && typeof key === 'string' && /^\d+$/.test(key) && reads++, Reflect.get(target, key, receiver)) }));
  counting = true;
  try {
    return { value: await run(), reads };
  } finally {
    counting = false;
    put(events);
  }
}

const realLog = <T>(run: () => Promise<T>) => readsOf(live.log.events, (p) => ((live.log as { events: LoggedEvent[] }).events = p), run);
const p1Log = <T>(run: () => Promise<T>) => {
  const log = playerLog(live, 'p1');
  return readsOf(log.events, (p) => ((log as { events: LoggedEvent[] }).events = p), run);
};

beforeAll(async () => {
  // a client that stops reading is cut off past 1 MB queued: a catch-up of this log is 4 MB, sent as the client takes it
  // an export gives other requests a turn after every 64 KB written (not every 10 ms of work): how many
  // pings it lets through then depends on the reply's size, not on how fast this machine is
  t = await testTable({ limits: { ...TEST_LIMITS, importEvents: N, wsBufferedBytes: 1_000_000, replySliceMs: 0 } });
  id = await importedLongLog(t, N);
  // read once by the GM and a player (the player's log folded in slices)
  expect((await t.gm.get(`/api/encounters/${id}`)).body.encounter.version).toBe(N);
  await t.p1.get(`/api/encounters/${id}`);
  live = t.srv.ctx.cache.peek(id)!;
}, 240_000);
afterAll(() => t.close());

describe('a long log is read a page at a time', () => {
  it('a catch-up over HTTP: a page of 500 events unless the request asks for up to 2,000, each reading only its own events; following next gives every event once, in order', async () => {
    for (const [who, c, counted] of [['GM', t.gm, realLog], ['player', t.p1, p1Log]] as const) {
      const first = (await c.get(`/api/encounters/${id}/events?after=0`)).body;
      expect([first.events.length, first.more, first.next], who).toEqual([500, true, 500]);
      const { reads, value: page } = await counted(async () => (await c.get(`/api/encounters/${id}/events?after=10000&limit=2000`)).body);
      expect([page.events[0].seq, page.events.length, page.more, page.next], who).toEqual([10_001, 2000, true, 12_000]);
      // before: every event after 10,000 (20,000 reads), the limit not heard of
      expect(reads, who).toBeLessThanOrEqual(2000);
      const { events, pages } = await allEvents(c, id, 2000);
      expect(events.map((e) => e.seq), who).toEqual(Array.from({ length: first.version }, (_, i) => i + 1));
      expect(pages.length, who).toBe(Math.ceil(events.length / 2000));
      const last = (await c.get(`/api/encounters/${id}/events?after=${events.length}`)).body;
      expect([last.events, last.more, 'next' in last], who).toEqual([[], false, false]);
    }
    for (const limit of ['0', '2001', '-1', 'x']) {
      const r = await t.gm.get(`/api/encounters/${id}/events?limit=${limit}`);
      expect([r.status, r.body.error.field], limit).toEqual([400, 'limit']);
    }
  }, 120_000);

  it("a player's catch-up over WebSocket arrives whole, a frame at a time, the server answering meanwhile", async () => {
    const ws = new WsClient(t.url);
    await ws.auth(t.p1.token!);
    const version = (await t.p1.get(`/api/encounters/${id}`)).body.encounter.version;
    const from = ws.messages.length;
    // before: every frame sent in one go, no ping answered until the last (at 100,000 events the socket was dropped)
    const { pings, value: last } = await pingsDuring(t.url, ws.request({ type: 'subscribe', encounter: id, after: 0 }, 120_000));
    const frames = ws.messages.slice(from).filter((m) => m.type === 'events');
    expect(ws.closed).toBeUndefined();
    expect(frames.flatMap((m) => m.events.map((e: LoggedEvent) => e.seq))).toEqual(Array.from({ length: version }, (_, i) => i + 1));
    expect(frames.every((m) => m.catchUp && m.events.length <= 1000)).toBe(true);
    expect(last.state.units.kara.pools.hp.value).toBe(20);
    expect(pings).toBeGreaterThanOrEqual(3);
    ws.close();
  }, 120_000);

  it('a gap the hub fills (its subscribers behind the log) reads the events after the state kept before it, not the log', async () => {
    const ws = new WsClient(t.url);
    await ws.auth(t.p1.token!);
    await ws.request({ type: 'subscribe', encounter: id }, 60_000);
    // a commit whose answer was lost: the subscribers were sent ten events less than the log holds
    const hub = t.srv.ctx.publisher as unknown as { delivery: { sent: Map<string, number> } };
    const v = live.log.version;
    hub.delivery.sent.set(id, v - 10);
    const from = ws.messages.length;
    // and another subscriber comes while the gap is filled: it is sent each event once all the same
    const late = new WsClient(t.url);
    await late.auth(t.p1.token!);
    const seen = playerLog(live, 'p1').events.length;
    const end = () => playerLog(live, 'p1').events.length;
    const { reads } = await realLog(async () => {
      await Promise.all([
        command(t.gm, id, { type: 'gm.set_pool', unit: 'kara', pool: 'hp', value: 18, reason: 'gap' }),
        late.request({ type: 'subscribe', encounter: id, after: seen - 5 }, 60_000),
      ]);
      for (const c of [ws, late]) await c.next((m) => m.type === 'events' && m.events.at(-1)?.seq === end(), 60_000);
    });
    // before: the state before the gap replayed from the start (v - 10 reads)
    expect(reads).toBeLessThanOrEqual(3 * SPACING);
    // each sent every event once, in order: the first from where it was, the other from its catch-up
    const seqs = (c: WsClient, from = 0) => c.messages.slice(from).filter((m) => m.type === 'events').flatMap((m) => m.events.map((e: LoggedEvent) => e.seq));
    const gap = seqs(ws, from);
    expect(gap[0]).toBeLessThanOrEqual(seen - 9);
    expect(gap).toEqual(Array.from({ length: end() - gap[0] + 1 }, (_, i) => gap[0] + i));
    expect(seqs(late)).toEqual(Array.from({ length: end() - seen + 5 }, (_, i) => seen - 4 + i));
    expect(ws.messages.at(-1).state.units.kara.pools.hp.value).toBe(18);
    late.close();
    ws.close();
  }, 120_000);

  it("a step-by-step replay near the end reads the events after the state kept before it, and returns a page of the log", async () => {
    const v = live.log.version;
    const upTo = v - 5;
    const { reads, value: gm } = await realLog(async () => (await t.gm.get(`/api/encounters/${id}/replay?upTo=${upTo}&after=${upTo - 10}`)).body);
    // before: the whole prefix replayed and returned (2 × 30,000 reads)
    expect(reads).toBeLessThanOrEqual(3 * SPACING);
    expect(gm.state).toEqual(replayLog(live.engine, live.log.events.slice(0, upTo)));
    expect([gm.events.map((e: LoggedEvent) => e.seq), gm.more]).toEqual([Array.from({ length: 10 }, (_, i) => upTo - 9 + i), false]);
    const paged = (await t.gm.get(`/api/encounters/${id}/replay?upTo=${upTo}`)).body;
    expect([paged.events.length, paged.more, paged.next]).toEqual([500, true, 500]);
    // a player's: its own numbering, its state at its own event (as a replay of the real prefix projects it)
    const log = playerLog(live, 'p1');
    const pv = log.events.length - 3;
    const { reads: playerReads, value: mine } = await realLog(async () => (await t.p1.get(`/api/encounters/${id}/replay?upTo=${pv}&after=${pv - 1}`)).body);
    expect(playerReads).toBeLessThanOrEqual(3 * SPACING);
    expect(mine.events.map((e: LoggedEvent) => e.seq)).toEqual([pv]);
    const real = log.real[pv - 1];
    expect(mine.state).toEqual(stateFor(live, { role: 'player', playerId: 'p1', tableId: t.tableId } as never, replayLog(live.engine, live.log.events.slice(0, real)), pv, log.held.at(pv)));
  }, 120_000);

  it('an export of the long log is written in slices: the server answers meanwhile', async () => {
    for (const c of [t.gm, t.p1]) {
      const version = (await c.get(`/api/encounters/${id}`)).body.encounter.version;
      // before: one JSON.stringify of every event, no ping answered until it was done
      const { pings, value: r } = await pingsDuring(t.url, c.get(`/api/encounters/${id}/export`));
      expect(r.status, r.text.slice(0, 200)).toBe(200);
      expect(r.body.encounters[0].events).toHaveLength(version);
      expect(r.body.encounters[0].events.at(-1).seq).toBe(version);
      expect(pings).toBeGreaterThanOrEqual(3);
    }
  }, 120_000);
});
