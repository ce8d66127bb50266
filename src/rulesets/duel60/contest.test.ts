// The d60 + Agility contest, its grades, flanking, close quarters, eye contact and turn order.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { gradeOf } from './contest.ts';
import { duel, foeStats, heroStats } from './fixtures.ts';
import { duel60 } from './index.ts';

// Hero: Strength 30, Agility 20, Speed 30 at (1,1) facing E. Brute: Endurance 15, Agility 10, Speed 20,
// Health 30 at (2,1) facing W (toward the Hero). Hero's Speed is higher: it acts first, no dice.
const punch = { type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'] };
const order = (t: Table) => t.state.turn.order.map((s) => s.unit);

describe('duel60 contest', () => {
  it('D60-STAT-1: the eight stats become stats and pools (Health, Stamina, Vitality, action, movement)', () => {
    const t = new Table(duel60, duel());
    expect(t.unit('hero').stats).toEqual(heroStats);
    expect(t.unit('hero').pools.hp).toEqual({ value: 40, max: 40 });
    expect(t.unit('hero').pools.stamina).toEqual({ value: 10, max: 10 });
    expect(t.unit('hero').pools.vitality).toEqual({ value: 10, max: 10 });
    expect(t.unit('foe').facing).toBe('W'); // default facing: toward the nearest enemy
  });

  it('D60-INIT-1: turn order by Speed, then Agility, then the file; no dice', () => {
    const t = new Table(duel60, duel());
    t.start();
    expect(order(t)).toEqual(['hero', 'foe']);
    const fast = new Table(duel60, duel({ foe: { stats: { ...foeStats, speed: 40 } } }));
    fast.start();
    expect(order(fast)).toEqual(['foe', 'hero']);
    const even = new Table(duel60, duel({ foe: { stats: { ...foeStats, speed: 30, agility: 25 } } }));
    even.start();
    expect(order(even)).toEqual(['foe', 'hero']); // same Speed 30: Agility 25 beats 20
    const twins = new Table(duel60, duel({ foe: { stats: heroStats } }));
    twins.start();
    expect(order(twins)).toEqual(['hero', 'foe']); // all equal: file order
  });

  it('D60-HIT-1, D60-HIT-2: both roll d60 + Agility; margin 11–20 is a solid blow (20 is solid, ruling)', () => {
    const t = new Table(duel60, duel());
    t.start();
    // 40 + 20 = 60 against 30 + 10 = 40: margin 20 → solid; blunt 6 + (30 − 15 = 15: 1 full 10 × 2) = 8
    const ev = t.dice(40, 30).do(punch);
    expect(t.checks(ev)).toEqual([
      'd60(40) + Agility 20 = 60 > d60(30) + Agility 10 (= 40) → solid blow (margin 20) [D60-HIT-1, D60-HIT-2]',
      'Unarmed 6 + (Strength 30 − Endurance 15: 1 × 2) 2 = 8 → 8 damage (solid blow) [D60-DMG-1]',
    ]);
    expect(t.hp('foe')).toBe(22);
  });

  it('D60-HIT-2: margin 21–30 is dramatic (30 is dramatic, ruling): an unarmed blow knocks back 2 tiles', () => {
    const t = new Table(duel60, duel());
    t.start();
    // 50 + 20 = 70 against 40: margin 30 → dramatic; 8 damage; the Brute flies from (2,1) to (4,1)
    const ev = t.dice(50, 30).do(punch);
    expect(t.checks(ev)[0]).toContain('→ dramatic blow (margin 30)');
    expect(t.hp('foe')).toBe(22);
    expect(t.unit('foe').position).toEqual({ x: 4, y: 1 });
  });

  it('D60-HIT-2: margin 31+ is critical: the base damage doubles before Strength is counted', () => {
    const t = new Table(duel60, duel());
    t.start();
    // 51 + 20 = 71 against 40: margin 31 → critical; 6 × 2 = 12, + 2 = 14
    const ev = t.dice(51, 30).do(punch);
    expect(t.checks(ev)[1]).toBe('Unarmed 6 → critical: doubled 12 + (Strength 30 − Endurance 15: 1 × 2) 2 = 14 → 14 damage (critical) [D60-DMG-1, D60-HIT-2]');
    expect(t.hp('foe')).toBe(16);
  });

  it('D60-HIT-2: glancing applies to either winner — a defender winning by 1–10 (or a tie) still takes ¼', () => {
    const t = new Table(duel60, duel());
    t.start();
    // 20 + 20 = 40 against 40 + 10 = 50: the Brute wins by 10 → glancing: ⌊8 / 4⌋ = 2
    const ev = t.dice(20, 40).do(punch);
    expect(t.checks(ev)).toEqual([
      'd60(20) + Agility 20 = 40 ≤ d60(40) + Agility 10 (= 50) → glancing blow (margin -10) [D60-HIT-1, D60-HIT-2]',
      'Unarmed 6 + (Strength 30 − Endurance 15: 1 × 2) 2 → glancing ¼ 2 = 2 → 2 damage (glancing blow) [D60-DMG-1, D60-HIT-2]',
    ]);
    expect(t.hp('foe')).toBe(28);
    // a margin of −11 is a clean dodge: 19 + 20 = 39 against 50 → no damage
    const u = new Table(duel60, duel());
    u.start();
    expect(t.checks(u.dice(19, 40).do(punch))).toEqual(['d60(19) + Agility 20 = 39 ≤ d60(40) + Agility 10 (= 50) → dodged (margin -11) [D60-HIT-1, D60-HIT-2]']);
    expect(u.hp('foe')).toBe(30);
  });

  it('D60-HIT-2: the grade table with its overlaps settled', () => {
    expect([-11, -10, 0, 10, 11, 20, 21, 30, 31].map(gradeOf)).toEqual(['dodged', 'glancing', 'glancing', 'glancing', 'solid', 'solid', 'dramatic', 'dramatic', 'critical']);
  });

  it('D60-FLK-1: from the side the defender has −16 Agility, from behind −32 (out of close quarters)', () => {
    const spear = { weapons: ['spear'] };
    // Brute at (2,3) facing W. A spear (reach 2) from (2,1) comes from the north: its side
    const side = new Table(duel60, duel({ hero: { ...spear, at: [2, 1] }, foe: { at: [2, 3], facing: 'W' } }));
    side.start();
    // 30 + 20 = 50 against 30 + 10 − 16 = 24: margin 26 → dramatic
    const ev = side.dice(30, 30).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'spear' });
    expect(side.checks(ev)[0]).toBe('d60(30) + Agility 20 = 50 > d60(30) + Agility 10 − side attack 16 (= 24) → dramatic blow (margin 26) [D60-HIT-1, D60-HIT-2, D60-FLK-1]');
    side.do({ type: 'answer', pending: side.state.pending[0].id, choice: 'bleed' });
    // from (4,3), east of a Brute facing W: its back
    const back = new Table(duel60, duel({ hero: { ...spear, at: [4, 3] }, foe: { at: [2, 3], facing: 'W' } }));
    back.start();
    // 30 + 20 = 50 against 30 + 10 − 32 = 8: margin 42 → critical
    const ev2 = back.dice(30, 30).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'spear' });
    expect(back.checks(ev2)[0]).toBe('d60(30) + Agility 20 = 50 > d60(30) + Agility 10 − back attack 32 (= 8) → critical (margin 42) [D60-HIT-1, D60-HIT-2, D60-FLK-1]');
  });

  it('D60-CQC-2: in close quarters a flank needs +17 Speed (side) or +32 (back); otherwise it counts as less', () => {
    // Hero north of the Brute (a side position), adjacent. Speed 30 − 20 = +10 < 17: no flank
    const slow = new Table(duel60, duel({ hero: { at: [2, 0] }, foe: { at: [2, 1], facing: 'W' } }));
    slow.start();
    expect(slow.checks(slow.dice(30, 30).do(punch))[0]).toBe('d60(30) + Agility 20 = 50 > d60(30) + Agility 10 (close quarters: Speed +10 < +17, no flank) (= 40) → glancing blow (margin 10) [D60-HIT-1, D60-HIT-2, D60-CQC-2]');
    // Speed 37: +17 → the side counts (−16)
    const quick = new Table(duel60, duel({ hero: { at: [2, 0], stats: { ...heroStats, speed: 37 } }, foe: { at: [2, 1], facing: 'W' } }));
    quick.start();
    expect(quick.checks(quick.dice(30, 30).do(punch))[0]).toContain('− side attack 16 (= 24) → dramatic blow (margin 26)');
    // from behind with only +17: counts as the side; with +32 (Speed 52): the back
    const behind = new Table(duel60, duel({ hero: { at: [3, 1], stats: { ...heroStats, speed: 37 } }, foe: { at: [2, 1], facing: 'W' } }));
    behind.start();
    expect(behind.checks(behind.dice(30, 30).do(punch))[0]).toContain('− side attack 16 (Speed +17 < +32: the back counts as the side)');
    const blur = new Table(duel60, duel({ hero: { at: [3, 1], stats: { ...heroStats, speed: 52 } }, foe: { at: [2, 1], facing: 'W' } }));
    blur.start();
    expect(blur.checks(blur.dice(30, 30).do(punch))[0]).toContain('− back attack 32 (= 8) → critical (margin 42)');
  });

  it('D60-EYE-1: avoiding eye contact costs −32 Agility, unless the unit is an Indirect Fighter; a gaze cannot take hold', () => {
    const t = new Table(duel60, duel());
    t.start();
    t.do({ type: 'avert', actor: 'hero', on: true });
    // 50 + 20 − 32 = 38 against 30 + 10 = 40: margin −2 → glancing
    expect(t.checks(t.dice(50, 30).do(punch))[0]).toBe('d60(50) + Agility 20 − avoiding eye contact 32 = 38 ≤ d60(30) + Agility 10 (= 40) → glancing blow (margin -2) [D60-HIT-1, D60-HIT-2, D60-EYE-1]');
    const pro = new Table(duel60, duel({ hero: { perks: ['Indirect Fighter'] } }));
    pro.start();
    pro.do({ type: 'avert', actor: 'hero', on: true });
    expect(pro.checks(pro.dice(50, 30).do(punch))[0]).toContain('d60(50) + Agility 20 = 70');
    // the Brute's gaze finds no eyes to meet: no contest, no Paralyze
    const g = new Table(duel60, duel({ foe: { abilities: ['gaze'], stats: { ...foeStats, speed: 40 } } }));
    g.start();
    g.do({ type: 'end_turn', actor: 'foe' });
    g.do({ type: 'avert', actor: 'hero', on: true });
    g.do({ type: 'end_turn', actor: 'hero' });
    const ev = g.do({ type: 'cast', actor: 'foe', ability: 'gaze', target: 'hero' });
    expect(g.lines(ev)).toContain('Hero avoids eye contact: Petrifying Gaze has no hold on it [D60-EYE-1]');
    expect(g.state.effects).toEqual([]);
  });
});
