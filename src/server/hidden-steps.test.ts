/**
 * Hidden activity leaves no trace in what a player receives. The same fight is played twice at one table,
 * the second time with the GM busy in between (hidden units' turns passing, hidden effects and decisions,
 * a hidden unit joining the order, GM-only notes and rolls, an undo of a hidden command); every byte a
 * player receives — WebSocket frames, state, events, legal actions, export — is the same both times,
 * ids, versions and the engine's id counter included. Then: a reveal a player's export imports, and a
 * player answering a decision by its own id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayLog } from '../engine/index.ts';
import { engineFor } from './live.ts';
import { command, load, testTable, WsClient, type Client, type TestTable } from './testing.ts';

// initiative (no modifiers: the d20 is the total), dice in file order: Kara 18, Pell 10, Cutter 12, Sneak 16,
// Lurker 15 → Kara, Sneak, Lurker, Cutter, Pell: two hidden turns pass between Kara's and the Cutter's
const FIGHT = `
ruleset: phase20
name: Hidden steps
map: { width: 9, height: 5 }
sides:
  heroes: { players: true }
content:
  weapons:
    - { id: spear, name: Spear, damage: 1d8, scale: strength }
    - { id: rusty, name: Rusty Blade, damage: 1d6, scale: strength }
units:
  - { id: kara, name: Kara, side: heroes, controller: p1, at: [1, 2], hp: 22, dv: 15, speed: 5, weapons: [spear] }
  - { id: pell, name: Pell, side: heroes, controller: p2, at: [0, 1], hp: 16, dv: 13, speed: 6, weapons: [spear] }
  - { id: g1, name: Goblin Cutter, side: goblins, at: [7, 1], hp: 9, dv: 12, speed: 5, weapons: [rusty] }
  - { id: sneak, name: Goblin Sneak, side: goblins, at: [7, 3], hp: 8, dv: 13, speed: 6, hidden: true, weapons: [rusty] }
  - { id: lurker, name: Lurker, side: goblins, at: [8, 4], hp: 8, dv: 13, speed: 6, hidden: true, weapons: [rusty] }
`;
const INITIATIVE = [18, 10, 12, 16, 15];

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

/** Run `f` at a table of its own (a server of its own), so that nothing else at the table differs. */
async function atOwnTable<T>(f: () => Promise<T>): Promise<T> {
  const shared = t;
  t = await testTable();
  try {
    return await f();
  } finally {
    await t.close();
    t = shared;
  }
}

let n = 0;
async function send(c: Client, enc: string, cmd: Record<string, unknown>, dice?: number[]) {
  const r = await command(c, enc, cmd, { id: `h${++n}`, ...(dice ? { dice } : {}) });
  expect(r.status, `${JSON.stringify(cmd)}: ${r.text}`).toBe(200);
  return r.body;
}
const gmState = async (enc: string) => (await t.gm.get(`/api/encounters/${enc}`)).body;
/** The GM ends the turn of whoever acts, checking it is `who`. */
async function endTurnOf(enc: string, who: string) {
  expect((await gmState(enc)).activeUnit).toBe(who);
  await send(t.gm, enc, { type: 'end_turn', actor: who });
}

/** Everything `c` reads of `enc` over HTTP, in the order asked. */
async function reads(c: Client, enc: string): Promise<unknown[]> {
  const exp = (await c.get(`/api/encounters/${enc}/export`)).body;
  return [
    (await c.get(`/api/encounters/${enc}`)).body,
    (await c.get(`/api/encounters/${enc}/events?after=0`)).body,
    (await c.get(`/api/encounters/${enc}/actions?unit=kara`)).body,
    (await c.get(`/api/encounters/${enc}/replay?upTo=3`)).body,
    exp.encounters,
  ];
}

/**
 * The fight, with the GM's hidden business in between when `busy`. Returns what p1 and p2 received
 * (frames and reads), with the encounter's id written E: the two encounters differ by nothing else.
 */
async function play(busy: boolean): Promise<{ p1: string[]; p2: string[]; gm: { version: number; nextId: number } }> {
  const enc = await load(t, { text: FIGHT });
  const sockets = [new WsClient(t.url), new WsClient(t.url)];
  for (const [i, c] of [t.p1, t.p2].entries()) {
    await sockets[i].auth(c.token!);
    await sockets[i].request({ type: 'subscribe', encounter: enc, after: 0 });
  }
  await send(t.gm, enc, { type: 'start' }, INITIATIVE);
  await send(t.p1, enc, { type: 'end_turn', actor: 'kara' });

  // the Sneak's turn, then the Lurker's: hidden
  if (busy) {
    await send(t.gm, enc, { type: 'gm.note', text: 'the Sneak circles' });
    await send(t.gm, enc, { type: 'gm.roll', dice: '1d20', label: 'stealth' });
    await send(t.gm, enc, { type: 'gm.apply_effect', effect: { name: 'Shadowed', target: 'sneak' } });
    // an effect on Kara that counts the Sneak's turns: it would tick as the Sneak's turns pass
    await send(t.gm, enc, { type: 'gm.apply_effect', effect: { name: 'Watched', target: 'kara', remaining: 3, clock: { at: 'turn_end', unit: 'sneak' } } });
    await send(t.gm, enc, { type: 'suggest', actor: 'sneak', text: 'flee?', proposal: { type: 'gm.note', text: 'fled' } });
    const asked = (await gmState(enc)).state.pending.find((p: { kind: string }) => p.kind === 'suggestion');
    await send(t.gm, enc, { type: 'answer', pending: asked.id, choice: 'reject' });
    // a hidden unit joins the order, ahead of the Cutter
    await send(t.gm, enc, { type: 'gm.add_unit', entry: { id: 'ghost', name: 'Ghost', side: 'goblins', at: [8, 0], hp: 5, dv: 10, speed: 4, weapons: ['rusty'] }, hidden: true, slot: 3 });
    await send(t.gm, enc, { type: 'gm.roll', dice: '2d6' });
    await send(t.gm, enc, { type: 'undo' });
  }
  await endTurnOf(enc, 'sneak');
  if (busy) await send(t.gm, enc, { type: 'gm.note', text: 'the Lurker waits' });
  await endTurnOf(enc, 'lurker');
  if (busy) await endTurnOf(enc, 'ghost');

  // the Cutter's turn: the GM marks Kara and adds Rook before Pell (slot 4, or 5 past the Ghost)
  await send(t.gm, enc, { type: 'gm.apply_effect', effect: { name: 'Marked', target: 'kara', remaining: 3 } });
  const order = (await gmState(enc)).state.turn.order as { unit: string }[];
  const before = order.findIndex((s) => s.unit === 'pell');
  expect(before).toBe(busy ? 5 : 4);
  await send(t.gm, enc, { type: 'gm.add_unit', entry: { id: 'rook', name: 'Rook', side: 'heroes', at: [0, 3], hp: 10, dv: 12, speed: 5, weapons: ['spear'] }, slot: before });

  // Kara's player asks the GM to clear the mark, naming it by its own id; the GM accepts by the real one
  const mine = (await t.p1.get(`/api/encounters/${enc}`)).body.state;
  const marked = mine.effects.find((f: { name: string }) => f.name === 'Marked');
  expect(marked.id).toBe('fx1');
  await send(t.p1, enc, { type: 'suggest', actor: 'kara', text: 'clear the mark', proposal: { type: 'gm.remove_effect', id: marked.id } });
  const g = (await gmState(enc)).state;
  const asked = g.pending.find((p: { kind: string }) => p.kind === 'suggestion');
  const markedId = g.effects.find((f: { name: string }) => f.name === 'Marked').id;
  // the real ids count the hidden effects and decision too; the proposal reached the GM in them
  expect([markedId, asked.id]).toEqual(busy ? ['fx4', 'p5'] : ['fx1', 'p2']);
  expect(asked.data.proposal).toEqual({ type: 'gm.remove_effect', id: markedId });
  await send(t.gm, enc, { type: 'answer', pending: asked.id, choice: 'accept' });
  const after = (await gmState(enc)).state;
  expect(after.effects.map((f: { name: string }) => f.name)).toEqual(busy ? ['Shadowed', 'Watched'] : []);

  await endTurnOf(enc, 'g1');
  await endTurnOf(enc, 'rook');
  await send(t.p2, enc, { type: 'end_turn', actor: 'pell' });
  if (busy) await send(t.gm, enc, { type: 'gm.roll', dice: '1d6' });
  // round 2: Kara again
  expect((await gmState(enc)).activeUnit).toBe('kara');

  // every frame is in: a ping answered after the last command's frames
  for (const s of sockets) await s.request({ type: 'ping' });
  // one line per frame or read, the ids of the encounter and the table written E and T
  const lines = (xs: unknown[]) => xs.map((x) => JSON.stringify(x).split(enc).join('E').split(t.tableId).join('T'));
  const out = { p1: lines([...sockets[0].messages, ...(await reads(t.p1, enc))]), p2: lines([...sockets[1].messages, ...(await reads(t.p2, enc))]) };
  for (const s of sockets) s.close();

  // the GM's numbering is the real one; Rook's slot is counted in each reader's own order
  const whys = async (c: Client) => (await c.get(`/api/encounters/${enc}/events`)).body.events.flatMap((e: { type: string; why: string }) => (e.type === 'turn.order' ? [e.why] : []));
  expect(await whys(t.gm)).toContain(`Rook joins at slot ${before} (GM)`);
  expect(await whys(t.p1)).toContain('Rook joins at slot 2 (GM)');
  const real = (await gmState(enc)).state;
  return { ...out, gm: { version: real.version, nextId: real.nextId } };
}

describe('hidden activity leaves no trace for players', () => {
  it("a player's frames, state, events, actions and export are the same whether or not the GM was busy with hidden things", async () => {
    // each at a table of its own: a table's list of encounters would show the other
    const quiet = await atOwnTable(() => play(false));
    const busy = await atOwnTable(() => play(true));
    expect(busy.p1).toEqual(quiet.p1);
    expect(busy.p2).toEqual(quiet.p2);
    // a turn passing hidden slots (the Sneak's, the Lurker's, the Ghost's) reaches a player as Kara's turn
    // ending, with no one's turn showing (no phase either: it would be a hidden unit's), then the Cutter's
    // starting at its slot in the player's order; no frame arrives with only a state
    const frames = busy.p1.map((l) => JSON.parse(l)).filter((m) => m.type === 'events' && !m.catchUp);
    expect(frames.every((m) => m.events.length > 0)).toBe(true);
    const ended = frames.findIndex((m) => m.events.some((e: { type: string; unit?: string }) => e.type === 'turn.ended' && e.unit === 'kara'));
    expect(frames[ended].state.turn).toEqual({ round: 1, order: [{ unit: 'kara', initiative: 18 }, { unit: 'g1', initiative: 12 }, { unit: 'pell', initiative: 10 }], index: -1 });
    expect(frames[ended + 1].events[0]).toMatchObject({ type: 'turn.started', unit: 'g1', index: 1 });
    // while the GM's log is longer and its ids further on
    expect(busy.gm.version).toBeGreaterThan(quiet.gm.version);
    expect(busy.gm.nextId).toBeGreaterThan(quiet.gm.nextId);
    expect(JSON.parse(quiet.p1[quiet.p1.length - 5]).state.nextId).toBe(quiet.gm.nextId);
  }, 60_000);

  it("a player's export holding a reveal imports, and replays to what the player sees", async () => {
    const enc = await load(t, { text: FIGHT });
    await send(t.gm, enc, { type: 'start' }, INITIATIVE);
    // while the Sneak is hidden: an effect on it, and one on Kara that counts the Sneak's turns
    await send(t.gm, enc, { type: 'gm.apply_effect', effect: { name: 'Shadowed', target: 'sneak', remaining: 2 } });
    await send(t.gm, enc, { type: 'gm.apply_effect', effect: { name: 'Watched', target: 'kara', remaining: 3, clock: { at: 'turn_end', unit: 'sneak' } } });
    await send(t.p1, enc, { type: 'end_turn', actor: 'kara' });
    // in the Sneak's turn the GM reveals it, takes that back, and reveals it again
    await send(t.gm, enc, { type: 'gm.reveal', unit: 'sneak' });
    const first = (await t.p1.get(`/api/encounters/${enc}`)).body.state;
    expect(first.units.sneak.name).toBe('Goblin Sneak');
    expect(first.effects.map((f: { id: string; name: string }) => [f.id, f.name])).toEqual([['fx1', 'Shadowed'], ['fx2', 'Watched']]);
    await send(t.gm, enc, { type: 'undo' });
    expect((await t.p1.get(`/api/encounters/${enc}`)).body.state.effects).toEqual([]);
    await send(t.gm, enc, { type: 'gm.reveal', unit: 'sneak' });
    const real = (await gmState(enc)).state.effects.find((f: { name: string }) => f.name === 'Shadowed').id;
    await send(t.gm, enc, { type: 'gm.set_effect', id: real, stacks: 2 });
    // their clocks run as the Sneak's turn ends; the Lurker's passes hidden, the Cutter's starts
    await endTurnOf(enc, 'sneak');
    await endTurnOf(enc, 'lurker');
    await send(t.gm, enc, { type: 'gm.note', text: 'the Sneak grins', public: true });

    const mine = (await t.p1.get(`/api/encounters/${enc}/events`)).body.events as { type: string; cmd: string; command?: string }[];
    // the reveal brings the unit, its slot and its effects into the player's log; the undo takes them back
    const reveal = mine.findIndex((e) => e.type === 'unit.added');
    expect(mine.slice(reveal, reveal + 5).map((e) => e.type)).toEqual(['unit.added', 'unit.hidden', 'turn.order', 'effect.applied', 'effect.applied']);
    expect(mine[reveal + 5]).toMatchObject({ type: 'undo', command: mine[reveal].cmd });
    const view = (await t.p1.get(`/api/encounters/${enc}`)).body.state;
    expect(view.effects.map((f: { id: string; name: string; stacks: number }) => [f.id, f.name, f.stacks])).toEqual([['fx1', 'Shadowed', 2], ['fx2', 'Watched', 1]]);

    const exp = (await t.p1.get(`/api/encounters/${enc}/export`)).body;
    const imported = await t.gm.post(`/api/tables/${t.tableId}/import`, exp);
    expect(imported.status, imported.text).toBe(201);
    const copy = (await gmState(imported.body[0].id)).state;
    // the copy is the player's log replayed: the units, effects, order and id counter the player sees (its
    // version is the engine's count of events applied: the undone ones and the undo are not)
    const seen = (s: typeof view) => ({ units: s.units, unitOrder: s.unitOrder, effects: s.effects, pending: s.pending, turn: s.turn, nextId: s.nextId });
    expect(seen(copy)).toEqual(seen(view));
    expect(replayLog(engineFor('phase20')!, exp.encounters[0].events).nextId).toBe(view.nextId);
    // and it plays on: a new effect takes the next id, clear of the player's
    await send(t.gm, imported.body[0].id, { type: 'gm.apply_effect', effect: { name: 'Fresh', target: 'kara' } });
    expect((await gmState(imported.body[0].id)).state.effects.map((f: { id: string }) => f.id)).toEqual(['fx1', 'fx2', 'fx3']);
  });

  it('a player answers a decision by its own id; a real id it was not given is a decision that does not exist', async () => {
    const stats = { strength: 30, endurance: 20, agility: 20, speed: 30, stamina: 10, control: 20, vitality: 10, health: 40 };
    const enc = await load(t, {
      text: JSON.stringify({
        ruleset: 'duel60', name: 'Own ids', map: { width: 10, height: 10 },
        content: { weapons: [{ id: 'sword', name: 'Sword', damage: 10, type: 'pierce', stamina: 2 }] },
        units: [
          { id: 'hero', name: 'Hero', side: 'heroes', controller: 'p1', at: [1, 1], weapons: ['sword'], stats },
          { id: 'foe', name: 'Brute', side: 'brutes', at: [2, 1], stats: { ...stats, speed: 20, agility: 10, health: 30 } },
          { id: 'watcher', name: 'Watcher', side: 'brutes', at: [8, 8], stats: { ...stats, speed: 10 } },
        ],
      }),
    });
    await send(t.gm, enc, { type: 'gm.hide', unit: 'watcher' });
    await send(t.gm, enc, { type: 'start' });
    // hidden effects take the engine's first ids
    for (const name of ['Veiled', 'Still']) await send(t.gm, enc, { type: 'gm.apply_effect', effect: { name, target: 'watcher' } });
    // the Hero's sword lands a dramatic blow (50 vs 30): the Hero's player chooses
    await send(t.gm, enc, { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' }, [50, 30]);
    const real = (await gmState(enc)).state.pending[0];
    expect(real).toMatchObject({ id: 'p3', kind: 'dramatic', answeredBy: 'hero' });
    const mine = (await t.p1.get(`/api/encounters/${enc}`)).body.state;
    expect(mine.pending.map((p: { id: string }) => p.id)).toEqual(['p1']);
    expect(mine.nextId).toBe(2);
    const options = (await t.p1.get(`/api/encounters/${enc}/actions?unit=hero`)).body.actions.filter((a: { group: string }) => a.group === 'answer');
    expect(options.map((a: { command: unknown }) => a.command)).toEqual(['knockback', 'bleed'].map((choice) => ({ type: 'answer', actor: 'hero', pending: 'p1', choice })));

    const answer = (pending: string) => command(t.p1, enc, { type: 'answer', actor: 'hero', pending, choice: 'bleed' }, { id: `answer-${pending}` });
    for (const wrong of ['p3', 'p2']) {
      const r = await answer(wrong);
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual({ code: 'pending/unknown', message: `there is no open decision "${wrong}"`, field: 'pending' });
    }
    const r = await answer('p1');
    expect(r.status, r.text).toBe(200);
    expect(r.body.events.find((e: { type: string }) => e.type === 'pending.closed')).toMatchObject({ id: 'p1', answer: 'bleed' });
    // the Bleed takes the player's next id; the GM's is the engine's
    expect(r.body.events.find((e: { type: string }) => e.type === 'effect.applied').effect).toMatchObject({ id: 'fx2', name: 'Bleed', target: 'foe' });
    expect((await gmState(enc)).state.effects.map((f: { id: string; name: string }) => [f.id, f.name])).toEqual([['fx1', 'Veiled'], ['fx2', 'Still'], ['fx4', 'Bleed']]);
  });
});
