// Odds from the resolution itself (src/engine/enumerated-odds.ts): every face decide can draw, played — the
// same numbers as the scaffold's hand-written preview, with no second copy of its rules.
import { describe, expect, it } from 'vitest';
import { createEngine, enumeratedOdds, isRejection } from '../../src/engine/index.ts';
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
