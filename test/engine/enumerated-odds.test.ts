// Odds from the resolution itself (src/engine/enumerated-odds.ts): every face decide can draw, played — the
// same numbers as the scaffold's hand-written preview, with no second copy of its rules.
import { describe, expect, it } from 'vitest';
import { seededSource, withWorkLimit } from '../../src/dice/index.ts';
import { createEngine, DECISION_COST, enumeratedOdds, isRejection, type EncounterState } from '../../src/engine/index.ts';
import { toyCards } from '../../src/engine/testing/cards.ts';
import { toyDoc } from '../../src/engine/testing/toy.ts';
import { skeleton } from '../../src/scaffold/ruleset/index.ts';
import { duel } from '../../src/scaffold/ruleset/fixtures.ts';
import { encounterSchema } from '../../src/scaffold/ruleset/schema.ts';

const engine = createEngine(skeleton);
const started = () => {
  // Hero (1,1) next to Foe (2,1); initiative d20s 15 and 9: Hero first
  const made = engine.replay(engine.create(encounterSchema.parse(duel({ foe: { at: [2, 1] } }))));
  const faces = [15, 9];
  const d = engine.decide(made, { type: 'start' }, { roll: () => faces.shift()! });
  if (!d.ok) throw new Error(d.rejection.message);
  return d.state;
};

describe('odds by enumerating the one decide', () => {
  it('SKEL-ATK-1, SKEL-ATK-2: an attack\'s damage, every d20 and damage die played, is the hand-written preview\'s', () => {
    const state = started();
    const cmd = { type: 'attack', actor: 'hero', target: 'foe' };
    const odds = enumeratedOdds(engine, state, cmd)!;
    const hand = skeleton.preview!(state, cmd);
    if (isRejection(hand)) throw new Error(hand.message);
    // 12 ≥ 11 needs d20 8+: 13 in 20 hit; 1d8 capped at Foe's 6 hit points: 20 + 13 × 8 decisions
    expect(odds.decided).toBe(1 + 20 + 13 * 8);
    expect(odds.harmed).toBeCloseTo(13 / 20, 14);
    expect(odds.damage.values).toEqual(hand.damage!.values);
    odds.damage.probs.forEach((p, i) => expect(p).toBeCloseTo(hand.damage!.probs[i], 14));
  });

  it('gives nothing where the tree is larger than asked, or the command aims at no one', () => {
    const state = started();
    expect(enumeratedOdds(engine, state, { type: 'attack', actor: 'hero', target: 'foe' }, { maxDecisions: 50 })).toBeUndefined();
    expect(enumeratedOdds(engine, state, { type: 'end_turn', actor: 'hero' })).toBeUndefined();
  });
});

describe('a ruleset\'s odds by enumeration (Ruleset.oddsByEnumeration)', () => {
  // the engine's test rules with cards name their hit: a d6 off the target's hit points, no check to make
  const cards = createEngine(toyCards);
  const dealt = () => {
    const made = cards.replay(cards.create(toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 4 }])));
    const d = cards.decide(made, { type: 'start' }, seededSource(3, 0));
    if (!d.ok) throw new Error(d.rejection.message);
    return d.state;
  };
  const hitOf = (state: EncounterState) => {
    const actor = cards.activeUnit(state)!;
    return { type: 'hit', actor, target: actor === 'a' ? 'b' : 'a' };
  };

  it('the engine\'s preview plays the command on every face: a hit no check opposes is sure, its d6 cut by the hit points left', () => {
    const state = dealt();
    const cmd = hitOf(state);
    const p = cards.preview(state, cmd);
    if (isRejection(p)) throw new Error(p.message);
    const hp = state.units[cmd.target].pools.hp.value;
    expect(p.chance).toBe(1);
    // each face 1 in 6; faces at or past the hit points left all take what is left
    const want = new Map<number, number>();
    for (let f = 1; f <= 6; f++) want.set(Math.min(f, hp), (want.get(Math.min(f, hp)) ?? 0) + 1 / 6);
    expect(p.damage!.values).toEqual([...want.keys()]);
    p.damage!.probs.forEach((q, i) => expect(q).toBeCloseTo(want.get(p.damage!.values[i])!, 14));
    expect(p.affected?.map((a) => a.unit)).toEqual([cmd.target]);
  });

  it('past its bound, or past the request\'s dice work budget, the preview is refused as too many dice; nothing changes', () => {
    const state = dealt();
    const cmd = hitOf(state);
    const bounded = createEngine({ ...toyCards, oddsByEnumeration: { commands: ['hit'], maxDecisions: 3 } });
    const r = bounded.preview(state, cmd);
    expect(isRejection(r) && r.code).toBe('preview/too_many_dice');
    // 1 + 6 plays at DECISION_COST each: five fit, the sixth does not
    const poor = withWorkLimit(5 * DECISION_COST, () => cards.preview(state, cmd));
    expect(isRejection(poor) && poor.code).toBe('preview/too_many_dice');
    // seven, and a little for the chart built from them
    const enough = withWorkLimit(8 * DECISION_COST, () => cards.preview(state, cmd));
    expect(isRejection(enough)).toBe(false);
  });
});
