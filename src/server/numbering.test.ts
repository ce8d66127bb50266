// Each player's own numbering: dense seq, a version that counts what it saw, expectedVersion checked in
// its numbering, catch-up, WebSocket frames, undo/redo, reveal, and a player's export that imports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, testTable, WsClient, type Client, type TestTable } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable({ testDiceSeed: 'numbering' });
});
afterAll(() => t.close());

type Ev = { seq: number; cmd: string; type: string; command?: string; text?: string };
let n = 0;
const version = async (c: Client, enc: string): Promise<number> => (await c.get(`/api/encounters/${enc}`)).body.encounter.version;
const send = (c: Client, enc: string, command: Record<string, unknown>, expectedVersion: number) => c.post(`/api/encounters/${enc}/commands`, { id: `n${++n}`, expectedVersion, command });
const gmDo = async (enc: string, command: Record<string, unknown>) => {
  const r = await send(t.gm, enc, command, await version(t.gm, enc));
  expect(r.status, r.text).toBe(200);
  return r.body;
};
const eventsOf = async (c: Client, enc: string, after = 0): Promise<{ version: number; events: Ev[] }> => (await c.get(`/api/encounters/${enc}/events?after=${after}`)).body;
const dense = (events: Ev[]) => expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));

describe("a player's own numbering", () => {
  it('is dense across hidden activity, counts what the player saw, and checks expectedVersion in it', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const ws = new WsClient(t.url);
    await ws.auth(t.p1.token!);
    await ws.request({ type: 'subscribe', encounter: enc, after: 0 });

    // GM-only events and events about the hidden Sneak: the player's version does not move
    const p0 = await version(t.p1, enc);
    await gmDo(enc, { type: 'gm.note', text: 'for me' });
    await gmDo(enc, { type: 'gm.roll', dice: '1d20' });
    await gmDo(enc, { type: 'gm.assign', unit: 'g3', player: null });
    expect(await version(t.p1, enc)).toBe(p0);
    await gmDo(enc, { type: 'start' });
    // the GM plays every turn but Kara's (the Sneak's included)
    for (let i = 0; i < 20; i++) {
      const g = (await t.gm.get(`/api/encounters/${enc}`)).body;
      if (g.activeUnit === 'kara') break;
      await gmDo(enc, { type: 'end_turn', actor: g.activeUnit });
    }
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.activeUnit).toBe('kara');

    // hidden events after the player's version do not make its command stale
    const pv = await version(t.p1, enc);
    await gmDo(enc, { type: 'gm.roll', dice: '2d6' });
    await gmDo(enc, { type: 'gm.note', text: 'the Sneak moves' });
    expect(await version(t.p1, enc)).toBe(pv);
    const moved = await send(t.p1, enc, { type: 'end_turn', actor: 'kara' }, pv);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.version).toBe(pv + moved.body.events.length);
    expect(moved.body.events.map((e: Ev) => e.seq)).toEqual(moved.body.events.map((_: Ev, i: number) => pv + 1 + i));

    // a visible event since: stale, with the player's own version in the error
    const before = await version(t.p1, enc);
    await gmDo(enc, { type: 'gm.note', text: 'everyone hears a drip', public: true });
    const stale = await send(t.p1, enc, { type: 'end_turn', actor: 'kara' }, before);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'STALE_VERSION', version: before + 1 });

    // undo of a hidden command shows nothing; undo of a visible one strikes the player's own command id
    const pu = await version(t.p1, enc);
    await gmDo(enc, { type: 'gm.roll', dice: '1d4' });
    await gmDo(enc, { type: 'undo' });
    expect(await version(t.p1, enc)).toBe(pu);
    await gmDo(enc, { type: 'gm.note', text: 'a mistake', public: true });
    await gmDo(enc, { type: 'undo' });
    await gmDo(enc, { type: 'redo' });

    // the GM reveals the Sneak: later events show, earlier ones stay withheld
    const { events: beforeReveal } = await eventsOf(t.p1, enc);
    // a player's export is gap-free in its numbering, and imports (a reveal's too: see hidden-steps.test.ts)
    const exp = (await t.p1.get(`/api/encounters/${enc}/export`)).body;
    expect(exp.encounters[0].version).toBe(beforeReveal.length);
    expect(exp.encounters[0].events).toEqual(beforeReveal);
    const imported = await t.gm.post(`/api/tables/${t.tableId}/import`, exp);
    expect(imported.status, imported.text).toBe(201);
    const copy = imported.body[0].id as string;
    expect((await eventsOf(t.gm, copy)).events).toEqual(beforeReveal);
    // and plays on: a new command's id does not collide with the aliases
    await gmDo(copy, { type: 'gm.note', text: 'after the import', public: true });
    await gmDo(copy, { type: 'undo' });
    expect((await eventsOf(t.gm, copy)).events.filter((e) => e.text === 'a mistake')).toHaveLength(1);
    await gmDo(enc, { type: 'gm.reveal', unit: 'g3' });
    await gmDo(enc, { type: 'gm.note', text: 'Goblin Sneak grins', public: true });

    const gmLog = await eventsOf(t.gm, enc);
    const mine = await eventsOf(t.p1, enc);
    dense(gmLog.events);
    dense(mine.events);
    expect(mine.version).toBe(mine.events.length);
    expect(mine.version).toBe(await version(t.p1, enc));
    expect((await t.p1.get(`/api/encounters/${enc}`)).body.state.version).toBe(mine.version);
    expect(mine.version).toBeLessThan(gmLog.version);
    expect(gmLog.version).toBe(gmLog.events.length);
    expect(mine.events.slice(0, beforeReveal.length)).toEqual(beforeReveal);
    // the reveal brings the Sneak into the player's log (as its state shows it) and its slot into the order
    expect(mine.events.slice(beforeReveal.length).map((e) => e.type)).toEqual(['unit.added', 'unit.hidden', 'turn.order', 'note']);
    // command ids in the player's numbering too: none gives the log's length away
    for (const e of mine.events) expect(Number(e.cmd.slice(1))).toBeLessThanOrEqual(e.seq);
    const undos = mine.events.filter((e) => e.type === 'undo' || e.type === 'redo');
    expect(undos.length).toBe(2);
    const mistake = mine.events.find((e) => e.text === 'a mistake')!;
    for (const u of undos) expect(u.command).toBe(mistake.cmd);

    // catch-up: exactly the events after `after`
    for (const after of [0, 1, pv, mine.version - 1, mine.version]) expect((await eventsOf(t.p1, enc, after)).events).toEqual(mine.events.slice(after));
    const back = new WsClient(t.url);
    await back.auth(t.p1.token!);
    const caught = await back.request({ type: 'subscribe', encounter: enc, after: pv });
    expect(caught).toMatchObject({ version: mine.version, events: mine.events.slice(pv) });
    expect(caught.state.version).toBe(mine.version);
    back.close();

    // the live frames carried the same numbering, frame by frame, and only when there was something to see
    const frames = ws.messages.filter((m) => m.type === 'events');
    expect(frames.flatMap((m) => m.events)).toEqual(mine.events);
    for (const f of frames.slice(1)) expect(f.version).toBe(f.events.length ? f.events[f.events.length - 1].seq : f.version);
    ws.close();

    // rebuilt from the file (a restart), the numbering is the same
    t.srv.ctx.cache.evict(enc);
    expect((await eventsOf(t.p1, enc)).events).toEqual(mine.events);

    // replay in the player's numbering
    const r = (await t.p1.get(`/api/encounters/${enc}/replay?upTo=${pv}`)).body;
    expect(r).toMatchObject({ upTo: pv, version: mine.version, events: mine.events.slice(0, pv) });
    expect(r.state.version).toBe(pv);
    expect((await t.p1.get(`/api/encounters/${enc}/replay?upTo=${mine.version + 1}`)).status).toBe(400);

    // summaries carry the player's version; the GM's the log's
    const table = (await t.p1.get(`/api/tables/${t.tableId}`)).body;
    expect(table.encounters.find((e: { id: string }) => e.id === enc).version).toBe(mine.version);
    expect((await t.gm.get(`/api/tables/${t.tableId}/encounters`)).body.find((e: { id: string }) => e.id === enc).version).toBe(gmLog.version);

  }, 30_000);

  it('a retried player command answers in the player numbering', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    await gmDo(enc, { type: 'gm.note', text: 'hidden' });
    await gmDo(enc, { type: 'start' });
    for (let i = 0; i < 20; i++) {
      const g = (await t.gm.get(`/api/encounters/${enc}`)).body;
      if (g.activeUnit === 'kara') break;
      await gmDo(enc, { type: 'end_turn', actor: g.activeUnit });
    }
    const v = await version(t.p1, enc);
    const body = { id: 'retry-me', expectedVersion: v, command: { type: 'end_turn', actor: 'kara' } };
    const first = await t.p1.post(`/api/encounters/${enc}/commands`, body);
    expect(first.status, first.text).toBe(200);
    await gmDo(enc, { type: 'gm.note', text: 'later, hidden' });
    const again = await t.p1.post(`/api/encounters/${enc}/commands`, body);
    expect(again.body).toEqual(first.body);
  });
});
