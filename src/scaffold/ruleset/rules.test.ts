// skeleton's rules, each proven with scripted dice; the numbers are worked out by hand beside them.
import { describe, expect, it } from 'vitest';
import { Table } from '../../rulesets/testing.ts';
import { duel } from './fixtures.ts';
import { skeleton } from './index.ts';

/** The duel started: initiative d20 15 for Hero, 9 for Foe, so Hero acts first. */
function started(over?: Parameters<typeof duel>[0]) {
  const t = new Table(skeleton, duel(over));
  t.start(15, 9);
  return t;
}

describe('skeleton', () => {
  it('SKEL-INIT-1: each unit rolls a d20, the highest first; a tie goes to the unit listed first', () => {
    const t = started();
    expect(t.checks()).toEqual(['d20(15) [SKEL-INIT-1]', 'd20(9) [SKEL-INIT-1]']);
    expect(t.state.turn.order.map((s) => s.unit)).toEqual(['hero', 'foe']);
    const tie = new Table(skeleton, duel());
    tie.start(7, 7);
    expect(tie.state.turn.order.map((s) => s.unit)).toEqual(['hero', 'foe']);
  });

  it('SKEL-MOVE-1: up to its speed in squares, around the rock, and no further; a new turn brings it back', () => {
    const t = started();
    // Hero at (1, 1), speed 3: (3, 1) is 2 squares away
    t.do({ type: 'move', actor: 'hero', to: [3, 1] });
    expect([t.unit('hero').position, t.unit('hero').pools.movement.value]).toEqual([{ x: 3, y: 1 }, 1]);
    expect(t.rejects({ type: 'move', actor: 'hero', to: [5, 3] })).toBe('action/out_of_range'); // 2 more squares, 1 left
    expect(t.rejects({ type: 'move', actor: 'hero', to: [4, 1] })).toBe('action/out_of_range'); // the Foe stands there
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.unit('foe').pools.movement.value).toBe(3);
    // the rock at (2, 0) is no square to stand on
    const r = started();
    expect(r.rejects({ type: 'move', actor: 'hero', to: [2, 0] })).toBe('action/out_of_range');
  });

  it('SKEL-ATK-1, SKEL-ATK-2: d20 + attack against defence; a hit deals the damage dice', () => {
    const t = started();
    t.do({ type: 'move', actor: 'hero', to: [3, 1] });
    // d20 9 + Attack 3 = 12 ≥ Defence 11: a hit; 1d8 shows 5: Foe 6 → 1
    const ev = t.dice(9, 5).do({ type: 'attack', actor: 'hero', target: 'foe' });
    expect(t.checks(ev)).toEqual(['d20(9) + Attack 3 = 12 ≥ Defence 11 → hit [SKEL-ATK-1]', '1d8(5) [SKEL-ATK-2]']);
    expect(t.hp('foe')).toBe(1);
  });

  it('SKEL-ATK-1: a miss deals nothing; an enemy not next to it cannot be attacked', () => {
    const t = started();
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe' })).toBe('action/out_of_range');
    t.do({ type: 'move', actor: 'hero', to: [3, 1] });
    // d20 7 + 3 = 10 < 11: a miss, no damage dice
    const ev = t.dice(7).do({ type: 'attack', actor: 'hero', target: 'foe' });
    expect(t.checks(ev)).toEqual(['d20(7) + Attack 3 = 10 < Defence 11 → miss [SKEL-ATK-1]']);
    expect(t.hp('foe')).toBe(6);
  });

  it('SKEL-ATK-3, SKEL-END-1: at 0 hit points it is down, and the last side standing wins', () => {
    const t = started();
    t.do({ type: 'move', actor: 'hero', to: [3, 1] });
    // d20 18 + 3 = 21 ≥ 11; 1d8 8 > 6 hit points: Foe at 0 (never below), down; only the heroes stand
    t.dice(18, 8).do({ type: 'attack', actor: 'hero', target: 'foe' });
    expect([t.hp('foe'), t.unit('foe').status]).toEqual([0, 'down']);
    expect(t.state.result).toMatchObject({ outcome: 'victory', winner: 'heroes' });
  });

  it('SKEL-ATK-4: an attack ends the turn, so no moving after it (ruling SKEL-ATK-4)', () => {
    const t = started({ foe: { at: [2, 1] } });
    t.dice(2).do({ type: 'attack', actor: 'hero', target: 'foe' }); // 2 + 3 = 5: a miss
    expect(t.active).toBe('foe');
    expect(t.rejects({ type: 'move', actor: 'hero', to: [1, 2] })).toBe('turn/not_your_turn');
  });

  it('the odds of an attack, exactly: 12 ≥ 11 needs d20 8 or more, 13 in 20; 1d8 capped at the 6 hit points left', () => {
    const t = started({ foe: { at: [2, 1] } });
    const p = t.preview({ type: 'attack', actor: 'hero', target: 'foe' });
    expect(p.chance).toBe(13 / 20);
    expect(p.why).toBe('needs 8+ on the d20 [SKEL-ATK-1]');
    // on a hit: 1..5 once each in 8, 6 three times in 8 (6, 7, 8 are capped): mean (15 + 18) / 8 = 4.125
    expect(p.damageOnHit).toEqual({ min: 1, max: 6, mean: 4.125 });
    expect(p.expectedDamage).toBeCloseTo(0.65 * 4.125, 12);
  });

  it('lists what may be done now: attacks first, then moves with their cost, then ending the turn', () => {
    const t = started({ foe: { at: [2, 1] } });
    const options = t.engine.legalActions(t.state, 'hero');
    expect(options[0]).toMatchObject({ label: 'Attack Foe', group: 'attack', targets: ['foe'] });
    expect(options.filter((o) => o.group === 'move').every((o) => o.move && o.move.cost >= 1 && o.move.cost <= 3)).toBe(true);
    expect(options.at(-1)).toMatchObject({ command: { type: 'end_turn', actor: 'hero' } });
    expect(t.engine.legalActions(t.state, 'foe')).toEqual([]); // not its turn
  });
});
