// The simulator against a case whose answer is known exactly: one attack at a 1-HP defender.
import { describe, expect, it } from 'vitest';
import { createEngine, isRejection } from '../engine/index.ts';
import { phase20 } from '../rulesets/phase20/index.ts';
import { simulate } from './pool.ts';
import type { SimSpec } from './runner.ts';
import { summarize } from './summary.ts';

/**
 * The attacker rolls d20 + General Skill 1 + Combat 2 and must beat DV 16 (P20-ATK-2): 14..20 on the
 * die, p = 7/20 = 0.35. Any hit fells the 1-HP defender (1d4 ≥ 1). The defender has no weapon and
 * nobody can move, and the round cap is 1: each fight is exactly one attack — a win with probability
 * p, else a timeout.
 */
const duel = {
  ruleset: 'phase20',
  name: 'one attack',
  map: { width: 4, height: 1 },
  content: { weapons: [{ id: 'knife', name: 'Knife', damage: '1d4', scale: 'strength' }] },
  units: [
    { id: 'a', name: 'Attacker', side: 'red', at: [0, 0], hp: 10, dv: 10, speed: 0, modifiers: { generalSkill: 1, combat: 2 }, skilled: { weapons: ['knife'] }, weapons: ['knife'] },
    { id: 'd', name: 'Defender', side: 'blue', at: [1, 0], hp: 1, dv: 16, speed: 0 },
  ],
};
const P = 7 / 20;

describe('win rate against the analytic answer', () => {
  it('the attack preview agrees that p = 0.35', () => {
    const engine = createEngine(phase20);
    const doc = phase20.encounterSchema.parse(duel);
    const state = engine.replay(engine.create(doc));
    const p = phase20.preview!(state, { type: 'attack', actor: 'a', target: 'd', weapon: 'knife' });
    expect(isRejection(p) ? null : p.chance).toBeCloseTo(P, 12);
  });

  it('n = 4000: the Wilson 95% interval of the win rate contains p, timeouts are the misses', async () => {
    const spec: SimSpec = { ruleset: 'phase20', doc: phase20.encounterSchema.parse(duel), seed: 2024, maxRounds: 1, policies: {} };
    const n = 4000;
    const s = summarize(await simulate(spec, n, { workers: 1 }), { encounter: 'one attack', ruleset: 'phase20', seed: 2024, maxRounds: 1, policies: {} });
    const red = s.sides.red;
    expect(red.ci95[0]).toBeLessThanOrEqual(P);
    expect(red.ci95[1]).toBeGreaterThanOrEqual(P);
    // the interval is about ±1.5 points wide at this n: it is informative, not trivially wide
    expect(red.ci95[1] - red.ci95[0]).toBeLessThan(0.035);
    expect(s.sides.blue.wins).toBe(0);
    expect(red.wins + s.timeouts.count).toBe(n);
    const d = s.units.find((u) => u.id === 'd')!;
    expect(d.down).toBe(red.wins);
    expect(d.firstDownRound).toBe(1);
  });
});
