// A mount's debuffs on its rider's turns: they hold the pair, tick, count and are shaken off there (ruling OUT-MNT-1);
// a controlled pet's on its trainer's are in pet-clock.test.ts.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

type Obj = Record<string, unknown>;
const trip = { id: 'trip', name: 'Trip', kind: 'debuff', effect: 'Topple(1)', range: 6 };
// Hero (Movement 5 on foot, Wisdom 40) rides the Horse (Movement 8, Agility 10, Vitality 0, Wisdom 10, facing N) at
// (2,2); Foe stands at (3,2), facing W, head-on to Hero (facing E) and on the Horse's side.
// Speed: Hero 6 + 1 + d12(1) = 8, Foe 2 + 1 + d12(10) = 13, Horse 5 + 0 + d12(12) = 17. The order is Horse (its
// slot always skipped: a mount moves only with its rider), Foe, Hero: whatever Foe does to the Horse lands after
// the Horse's own slot and before Hero's turn, where the two anchors part.
const horse = (over: Obj = {}) => ({ id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', level: 3, at: [2, 2], facing: 'N', hp: 30, move: 8, jump: 3, stats: { agility: 10, vitality: 0 }, ...over });
function riding(foeSkills: unknown[]) {
  const t = new Table(outerah, duel({
    hero: { stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, intelligence: 10, wisdom: 40 }, mount: { unit: 'horse' } },
    foe: { skills: foeSkills },
    extra: [horse()],
  }));
  t.start(1, 10, 12);
  return t;
}
const moves = (t: Table) => t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type === 'move').length;
const fx = (t: Table, unit: string, name: string) => t.state.effects.find((f) => f.target === unit && f.name === name);

describe('outerah: a mount lives on its rider\'s turns', () => {
  it('OUT-MNT-1, OUT-EFF-7, OUT-TIME-1: a Toppled mount carries its rider nowhere; Topple(1) on it holds exactly one of the rider\'s turns (ruling)', () => {
    const t = riding([trip]);
    expect(t.active).toBe('foe');
    // Foe trips the Horse from its side: 50 + Charisma 20 − Agility 10 = 60; crit D100(50) no, hit D100(30); resist
    // D100(40) + Agility 10 = 50 ≤ 100: Toppled. Hero has not had its turn this round (the Horse's skipped slot
    // does not count), so Topple(1) is 1 round: it ends at this round's end, after Hero's one turn
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'trip', target: 'horse' });
    expect(fx(t, 'horse', 'Topple')?.remaining).toBe(1);
    const turn = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(turn)).toContain('Horse is Toppled: it carries Hero nowhere this turn; Hero may get down and go on its own Movement [OUT-MNT-1]');
    // Hero's own Movement 5 (not the Horse's 8), and no move in the saddle: only the dismount
    expect(t.unit('hero').pools.movement.value).toBe(5);
    expect(t.rejects({ type: 'move', actor: 'hero', to: [2, 4] })).toBe('action/mount_held');
    expect(moves(t)).toBe(0);
    expect(t.engine.legalActions(t.state, 'hero').some((o) => o.command.type === 'dismount')).toBe(true);
    expect(t.preview({ type: 'move', actor: 'hero', to: [2, 4] }).notes).toEqual(['Horse is Toppled: it carries Hero nowhere this turn [OUT-MNT-1]']);
    // Hero's turn end is the Horse's: its shake-off roll (held 1, minimum 1): D100(10) + Agility 10 = 20 ≤ 100, held
    const end = t.dice(10).do({ type: 'end_turn', actor: 'hero' });
    expect(t.checks(end)).toEqual(['D100(10) + Agility 10 = 20 ≤ 100 → Topple holds [OUT-EFF-4, OUT-EFF-3]']);
    // the round's end took the Topple off: Hero's next turn rides on with the Horse's 8
    expect(fx(t, 'horse', 'Topple')).toBeUndefined();
    t.passUntil('hero');
    expect(t.unit('hero').pools.movement.value).toBe(8);
    expect(moves(t)).toBeGreaterThan(0);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-MNT-1, OUT-TURN-1: on a Toppled mount the rider gets down on its own Movement and walks on (ruling)', () => {
    const t = riding([trip]);
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'trip', target: 'horse' });
    t.do({ type: 'end_turn', actor: 'foe' });
    // Hero's own 5: the step down to (2,3) costs 1, then 4 on foot to (2,7)
    t.do({ type: 'dismount', actor: 'hero', to: [2, 3] });
    expect(t.unit('hero').pools.movement.value).toBe(4);
    t.do({ type: 'move', actor: 'hero', to: [2, 7] });
    expect([t.unit('hero').position, t.unit('horse').position]).toEqual([{ x: 2, y: 7 }, { x: 2, y: 2 }]);
    // in the water, the Toppled Horse gives no swim thrust either (its Jump 3 would give a cell)
    const w = riding([trip]);
    w.state.map = { ...(w.state.map as object), cells: { '2,2': { tags: ['water'] } } } as never;
    w.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'trip', target: 'horse' });
    w.do({ type: 'end_turn', actor: 'foe' });
    const r = w.engine.decide(w.state, { type: 'swim', actor: 'hero' }, { roll: () => 1 });
    expect(r.ok ? 'accepted' : r.rejection.message).toBe('Horse is Toppled: it carries Hero nowhere this turn [OUT-TER-2]');
    expect([t.unusedDice, w.unusedDice]).toEqual([[], []]);
  });

  it('OUT-MNT-1, OUT-EFF-1, OUT-EFF-4, OUT-TIME-1: a mount\'s Poison ticks at the start of its rider\'s turns, and the mount rolls to shake it off at their end (ruling)', () => {
    const t = riding(['poison']);
    // Foe's Venom at the Horse: crit D100(50), hit D100(30) ≤ 60; resist D100(40) + Vitality 0 = 40: Poison(3),
    // counted from this round (Hero has not acted)
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'poison', target: 'horse' });
    expect(fx(t, 'horse', 'Poison')?.remaining).toBe(3);
    // the start of Hero's turn is the Horse's: 2 × tier 1 × 1 stack = 2 (30 → 28)
    const r1 = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(r1)).toEqual(['Poison per tier 2 × tier 1 100% × stacks 100% = 2 → 2 damage [OUT-EFF-1, OUT-EFF-2]']);
    expect(t.hp('horse')).toBe(28);
    // Hero's turn end: the Horse's first shake-off roll, D100(10) + Vitality 0 = 10, held. Round 2 begins; the
    // Horse's own slot (skipped) ticks nothing, and play comes to Foe
    const e1 = t.dice(10).do({ type: 'end_turn', actor: 'hero' });
    expect(t.checks(e1)).toEqual(['D100(10) + Vitality 0 = 10 ≤ 100 → Poison holds [OUT-EFF-4, OUT-EFF-3]']);
    expect(t.active).toBe('foe');
    expect(t.hp('horse')).toBe(28);
    // round 2: Hero's turn start ticks again (28 → 26); at its end D100(96) + 0 + 5 for one earlier roll = 101 > 100:
    // the Horse shakes it off, and round 3 ticks nothing (two ticks in all)
    const r2 = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(r2)).toEqual(['Poison per tier 2 × tier 1 100% × stacks 100% = 2 → 2 damage [OUT-EFF-1, OUT-EFF-2]']);
    const e2 = t.dice(96).do({ type: 'end_turn', actor: 'hero' });
    expect(t.checks(e2)).toEqual(['D100(96) + Vitality 0 + +5 × 1 earlier rolls 5 = 101 > 100 → shakes off Poison [OUT-EFF-4, OUT-EFF-3]']);
    expect(fx(t, 'horse', 'Poison')).toBeUndefined();
    t.passUntil('hero');
    expect(t.hp('horse')).toBe(26);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-MNT-1, OUT-INIT-4, OUT-EFF-1: a turn its rider loses to Slow, the mount lives through: its Poison ticks then too (ruling)', () => {
    const t = riding(['poison', 'slow']);
    // round 1: Venom on the Horse as above (remaining 3), the tick at Hero's turn (30 → 28), a failed shake-off D100(10)
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'poison', target: 'horse' });
    t.do({ type: 'end_turn', actor: 'foe' });
    t.dice(10).do({ type: 'end_turn', actor: 'hero' });
    // round 2: Foe slows Hero head-on: 50 + 20 − Agility 20 − 10 = 40; crit D100(50), hit D100(30); resist D100(40) +
    // Agility 20 = 60: Slowed, and Hero's next turn, this round's, is lost. The Horse lives through it with Hero:
    // its Poison ticks (28 → 26); a lost turn rolls no shake-off
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'slow', target: 'hero' });
    const lost = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(lost)).toContain('Hero cannot act (Slow: acts every other round)');
    expect(t.checks(lost)).toEqual(['Poison per tier 2 × tier 1 100% × stacks 100% = 2 → 2 damage [OUT-EFF-1, OUT-EFF-2]']);
    expect(t.hp('horse')).toBe(26);
    // round 3: Hero acts; the third tick (26 → 24); its turn end: the Horse's second roll D100(10) + 5 = 15, held;
    // the round's end is the Poison's third: it is gone
    const r3 = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.active).toBe('hero');
    expect(t.checks(r3)).toEqual(['Poison per tier 2 × tier 1 100% × stacks 100% = 2 → 2 damage [OUT-EFF-1, OUT-EFF-2]']);
    t.dice(10).do({ type: 'end_turn', actor: 'hero' });
    expect(fx(t, 'horse', 'Poison')).toBeUndefined();
    expect(t.hp('horse')).toBe(24);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-MNT-1, OUT-INIT-5, OUT-INIT-4: a Stopped mount holds the pair until Stop breaks; a Slowed one every other turn of its rider\'s (ruling)', () => {
    // Stop at the Horse: crit D100(50), hit D100(30); resist D100(40) + Wisdom 10 = 50: Stopped, 3 rounds from this one
    const s = riding(['stop']);
    s.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'stop', target: 'horse' });
    const s1 = s.do({ type: 'end_turn', actor: 'foe' });
    expect(s.lines(s1)).toContain('Horse is Stopped: it carries Hero nowhere this turn; Hero may get down and go on its own Movement [OUT-MNT-1]');
    expect(moves(s)).toBe(0);
    s.do({ type: 'end_turn', actor: 'hero' }); // Stop has no shake-off roll
    // round 2, Hero's turn, is the Horse's second stopped round: the d10 rolls there, 4 is even: Stop breaks at its end
    const s2 = s.dice(4).do({ type: 'end_turn', actor: 'foe' });
    expect(s.checks(s2)).toEqual(['d10(4) → even: Stop breaks at the end of this round [OUT-INIT-5]']);
    expect(moves(s)).toBe(0);
    s.do({ type: 'end_turn', actor: 'hero' });
    s.passUntil('hero');
    expect(s.unit('hero').pools.movement.value).toBe(8);
    // Slow(4) at the Horse: resist D100(40) + Agility 10 = 50: Slowed. The Horse's next turn is Hero's, this round's:
    // lost; then round 2 carries, round 3 is lost again
    const w = riding(['slow']);
    w.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'slow', target: 'horse' });
    const w1 = w.do({ type: 'end_turn', actor: 'foe' });
    expect(w.lines(w1)).toContain('Horse loses this turn to Slow: it carries Hero nowhere this turn; Hero may get down and go on its own Movement [OUT-MNT-1]');
    // Slow's minimum is 2 turns: no shake-off roll at this first turn end, one at the second: D100(10) + 10 = 20, held
    w.do({ type: 'end_turn', actor: 'hero' });
    w.passUntil('hero');
    expect([w.unit('hero').pools.movement.value, moves(w) > 0]).toEqual([8, true]);
    w.dice(10).do({ type: 'end_turn', actor: 'hero' });
    w.passUntil('hero');
    expect([w.unit('hero').pools.movement.value, moves(w)]).toEqual([5, 0]);
    expect([s.unusedDice, w.unusedDice]).toEqual([[], []]);
  });
});
