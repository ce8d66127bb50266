/**
 * A suggestion is judged on what its sender may see (issue 17, finding 1). Two worlds the player p1
 * cannot tell apart — in one, b's secret hit points are 22 and an unseen unit h waits in the order —
 * must answer every suggestion alike: accepted in both, or refused in both with the same words.
 */
import { describe, expect, it } from 'vitest';
import { toyGm } from '../testing/toy-gm.ts';
import type { Json } from '../types.ts';
import { viewState } from '../view.ts';
import { gmCommands } from './index.ts';
import { GmTable, queue } from './testkit.ts';

const player = { role: 'player', player: 'p1' } as const;

function world(secretWorld: boolean): GmTable {
  return new GmTable([
    { id: 'a', side: 'x', hp: 10, controller: 'p1' },
    { id: 'b', side: 'y', hp: secretWorld ? 22 : 10 },
    { id: 'c', side: 'y', hp: 10 },
    ...(secretWorld ? [{ id: 'h', side: 'y', hp: 5, hidden: true }] : []),
  ]);
}

// the fields a careless or curious player might put in a proposal, one at a time and together
const probes: Record<string, Json>[] = [
  {},
  { unit: 'b', pool: 'hp', value: 9999 },
  { unit: 'b', pool: 'hp', value: 15 },
  { unit: 'b', pool: 'hp', delta: -3 },
  { unit: 'b', amount: 30 },
  { unit: 'a', pool: 'hp', value: 3 },
  { unit: 'a', amount: 2 },
  { unit: 'zz' },
  { order: [] },
  { order: ['a', 'b', 'c'] },
  { slot: 999, unit: { id: 'n', name: 'N', side: 'y', pools: { hp: { value: 3, max: 3 } } } },
  { slot: 4, unit: { id: 'n', name: 'N', side: 'y', pools: { hp: { value: 3, max: 3 } } } },
  { slot: 5, unit: { id: 'n', name: 'N', side: 'y', pools: { hp: { value: 3, max: 3 } } } },
  { unit: 'b', name: 'Poison', duration: 2 },
  { unit: 'b', hidden: true },
  { unit: 'b', to: [1, 1] },
  { round: 3 },
];

function answer(t: GmTable, proposal: Record<string, Json>): string {
  const r = t.log.execute({ type: 'suggest', actor: 'a', text: 'please', proposal }, queue(), { asGm: false });
  return r.ok ? `accepted: ${JSON.stringify(viewState(t.state, player, { secretPools: toyGm.secretPools }).pending.map((p) => p.prompt))}` : `${r.rejection.code}: ${r.rejection.message}`;
}

describe('a suggestion is judged on what its sender may see', () => {
  it('the two worlds look the same to p1', () => {
    const strip = (t: GmTable) => ({ ...viewState(t.state, player, { secretPools: toyGm.secretPools }), nextId: 0 });
    expect(strip(world(true))).toEqual(strip(world(false)));
  });

  it('every GM command type, with every probe, answers alike in both worlds', () => {
    const types = Object.keys(gmCommands(toyGm)).filter((k) => k.startsWith('gm.'));
    expect(types.length).toBeGreaterThan(15);
    let refusedSomewhere = 0;
    for (const type of types) {
      for (const probe of probes) {
        const proposal = { type, ...probe };
        const seen = answer(world(false), proposal);
        expect(answer(world(true), proposal), JSON.stringify(proposal)).toBe(seen);
        if (!seen.startsWith('accepted')) refusedSomewhere++;
      }
    }
    // the probes do reach the rules: most are refused, with words
    expect(refusedSomewhere).toBeGreaterThan(types.length);
  });

  it("the finding as filed: a pool beyond a secret maximum is not refused with the maximum in its words", () => {
    const r = world(true).log.execute({ type: 'suggest', actor: 'a', text: 'please', proposal: { type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 9999 } }, queue(), { asGm: false });
    expect(r.ok ? '' : r.rejection.message).not.toContain('22');
  });

  it("a suggestion about another's pool the player cannot see reaches the GM (in both worlds), in the player's words", () => {
    for (const proposal of <Record<string, Json>[]>[{ type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 5 }, { type: 'gm.heal', unit: 'b', amount: 3 }, { type: 'gm.damage', unit: 'b', amount: 3, rules: true }]) {
      for (const secret of [true, false]) {
        const t = world(secret);
        const r = t.log.execute({ type: 'suggest', actor: 'a', text: 'the potion hit him too', proposal }, queue(), { asGm: false });
        expect(r.ok, `${String(proposal.type)}: ${r.ok ? '' : r.rejection.message}`).toBe(true);
        expect(t.state.pending.map((p) => p.prompt)).toEqual(['A suggests: the potion hit him too']);
        // the GM's accept meets the real rules
        const done = t.log.execute({ type: 'answer', pending: t.state.pending[0].id, choice: 'accept' }, queue());
        expect(done.ok, String(proposal.type)).toBe(true);
      }
    }
    // the player's own unit is judged as ever: a pool it lacks is refused with words
    expect(answer(world(true), { type: 'gm.set_pool', unit: 'a', pool: 'mana', value: 3 })).toMatch(/^suggest\/bad_proposal: the proposal would be refused: A has no mana/);
  });

  it('the GM, accepting, still meets the real rules: a value past the real maximum is refused then', () => {
    const t = world(true);
    const r = t.log.execute({ type: 'suggest', actor: 'a', text: 'please', proposal: { type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 9999 } }, queue(), { asGm: false });
    if (!r.ok) return; // refused on the view: nothing reaches the GM
    const pending = t.state.pending[0];
    const accepted = t.log.execute({ type: 'answer', pending: pending.id, choice: 'accept' }, queue());
    expect(accepted.ok).toBe(false);
    expect(t.state.units.b.pools.hp.value).toBe(22);
  });
});
