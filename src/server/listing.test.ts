/**
 * What a player is offered and told when a hidden unit is in play: a reaction to a hidden thrower's
 * javelin is answerable and names no one unseen, in state, events and actions; moves are listed from the
 * board the player knows, and one into an unseen unit is stopped without saying who stands there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEUTRAL_UNIT_PROMPT } from '../engine/index.ts';
import { command, load, testTable, type TestTable } from './testing.ts';

const stats = { strength: 30, endurance: 20, agility: 20, speed: 30, stamina: 10, control: 20, vitality: 10, health: 40 };
const content = { weapons: [{ id: 'sig', name: "Sneak's Javelin", damage: 12, type: 'pierce', stamina: 2, count: 2, thrown: { speed: 20, range: 12 } }] };

/** A duel60 fight: the Hero (p1), a Brute far off, and the Sneak (hidden unless `sneak` is false). */
function fight(hero: Record<string, unknown>, sneak: Record<string, unknown> | false): string {
  return JSON.stringify({
    ruleset: 'duel60', name: 'Unseen', map: { width: 10, height: 10 }, content,
    units: [
      { id: 'hero', name: 'Hero', side: 'heroes', controller: 'p1', at: [1, 1], stats, ...hero },
      { id: 'brute', name: 'Brute', side: 'brutes', at: [8, 8], stats: { ...stats, speed: 10 } },
      ...(sneak ? [{ id: 'sneak', name: 'Sneak', side: 'brutes', at: [3, 1], weapons: ['sig'], ...sneak }] : []),
    ],
  });
}

let t: TestTable;

/** The fight loaded and started, the Sneak hidden first (duel60's files have no `hidden`). */
async function begin(text: string, hide: boolean): Promise<string> {
  const enc = await load(t, { text });
  if (hide) await ok(t.gm, enc, { type: 'gm.hide', unit: 'sneak' });
  await ok(t.gm, enc, { type: 'start' });
  return enc;
}
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

async function ok(c: TestTable['gm'], enc: string, cmd: Record<string, unknown>) {
  const r = await command(c, enc, cmd);
  expect(r.status, `${JSON.stringify(cmd)}: ${r.text}`).toBe(200);
  return r.body;
}
const actions = async (c: TestTable['gm'], enc: string) => (await c.get(`/api/encounters/${enc}/actions?unit=hero`)).body.actions as { command: Record<string, unknown>; label: string; group: string }[];

describe('a hidden unit in play, as the player is offered and told it', () => {
  it("a reaction to a hidden unit's javelin is answerable, and names no hidden unit anywhere the player reads", async () => {
    // the Sneak (Speed 40) acts first: its javelin, 2 tiles at speed 20, reaches the Hero as its turn ends
    const enc = await begin(fight({}, { stats: { ...stats, speed: 40 } }), true);
    await ok(t.gm, enc, { type: 'throw', actor: 'sneak', target: 'hero', weapon: 'sig' });
    await ok(t.gm, enc, { type: 'end_turn', actor: 'sneak' });
    const real = (await t.gm.get(`/api/encounters/${enc}`)).body.state;
    expect(real.pending[0]).toMatchObject({ kind: 'reaction', answeredBy: 'hero' });
    expect(real.pending[0].prompt).toContain("Sneak's Javelin");
    expect(JSON.stringify(real.data.projectiles)).toContain('"sneak"');

    const mine = (await t.p1.get(`/api/encounters/${enc}`)).body.state;
    // the same choices in the same words, but for the sentence the log says (it names the Sneak's javelin)
    const unsaid = real.pending[0].choices.map(({ said, ...c }: { said?: string }) => (said && /Sneak/.test(said) ? c : { ...c, said }));
    expect(mine.pending).toEqual([{ ...real.pending[0], id: 'p1', prompt: NEUTRAL_UNIT_PROMPT, choices: unsaid }]);
    expect(mine.data.projectiles).toEqual([]);
    const answers = (await actions(t.p1, enc)).filter((a) => a.group === 'answer');
    expect(answers.map((a) => a.command.choice)).toEqual(real.pending[0].options);
    expect(answers.every((a) => a.command.pending === 'p1')).toBe(true);
    expect(answers.map((a) => a.label)).toEqual(unsaid.map((c: { label: string }) => c.label));
    const events = (await t.p1.get(`/api/encounters/${enc}/events`)).body.events;
    expect(events.find((e: { type: string }) => e.type === 'pending.opened').pending.prompt).toBe(NEUTRAL_UNIT_PROMPT);
    // (the Sneak was hidden after the file was loaded: its creation showed it)
    expect(JSON.stringify([mine, events.slice(1), answers])).not.toMatch(/sneak|Sneak/);
    // the throw and the javelin's flight left nothing: the start's events, then the decision and the Hero's turn
    expect(events.slice(1).map((e: { type: string }) => e.type)).toEqual(['encounter.started', 'turn.order', 'round.started', 'pending.opened', 'turn.started', 'pool.changed', 'pool.changed']);

    const r = await command(t.p1, enc, answers[0].command);
    expect(r.status, r.text).toBe(200);
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.state.pending).toEqual([]);
  });

  it('lists moves from the board the player knows; a move into an unseen unit is stopped without naming it; the GM lists exactly', async () => {
    const hero = { stats: { ...stats, speed: 40 } };
    const enc = await begin(fight(hero, { stats: { ...stats, speed: 10 } }), true);
    const bare = await begin(fight(hero, false), false);
    const moves = (xs: { command: Record<string, unknown>; group: string }[]) => xs.filter((a) => a.group === 'move').map((a) => JSON.stringify(a.command.to));
    const into = JSON.stringify([3, 1]);
    // the player's list is that of the same fight without the Sneak: the Sneak's cell is offered
    const mine = await actions(t.p1, enc);
    expect(mine).toEqual(await actions(t.p1, bare));
    expect(moves(mine)).toContain(into);
    // the GM's is the engine's on the real board
    expect(moves(await actions(t.gm, enc))).not.toContain(into);

    const version = (await t.p1.get(`/api/encounters/${enc}`)).body.encounter.version;
    const r = await command(t.p1, enc, { type: 'move', actor: 'hero', to: [3, 1] });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'action/blocked', message: 'Hero cannot get there: something unseen is in the way', field: 'to' });
    // nothing changed: the same version, the Hero where it stood
    const after = (await t.p1.get(`/api/encounters/${enc}`)).body;
    expect([after.encounter.version, after.state.units.hero.position]).toEqual([version, { x: 1, y: 1 }]);
    // a cell no one holds: refused for its own reason, in the engine's words
    const far = await command(t.p1, enc, { type: 'move', actor: 'hero', to: [9, 9] });
    expect(far.body.error.code).toBe('action/out_of_range');
    // and a cell free on both boards is a move like any other
    await ok(t.p1, enc, { type: 'move', actor: 'hero', to: [1, 2] });
  });
});
