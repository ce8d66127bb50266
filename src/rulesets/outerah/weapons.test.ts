// Improvised weapons, damage types with their debuffs, ranges and height.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { completeWeapon } from './create.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';
import { pierceChance, shoveChance, woundDamage } from './weapon-traits.ts';

const hit = (weapon: string, target = 'foe') => ({ type: 'attack', actor: 'hero', target, weapon });
const fx = (t: Table, unit: string) => t.state.effects.filter((f) => f.target === unit).map((f) => `${f.name}×${f.stacks}`);
const round = (t: Table) => {
  t.do({ type: 'end_turn', actor: 'hero' });
  t.do({ type: 'end_turn', actor: 'foe' });
};

describe('outerah weapons', () => {
  it('OUT-WPN-1: improvised: 1d4 + 1d4 per 20 Strength (at most 5d4) + Strength; a Paladin rolls one more', () => {
    const t = new Table(outerah, duel({ hero: { weapons: [{ id: 'shard', name: 'Glass Shard', kind: 'improvised', object: 'sharp' }] } }));
    t.start(5, 1);
    // Strength 20 → 2d4(2, 3) + 20 − 2 = 23
    const ev = t.dice(50, 30, 2, 3).do(hit('shard'));
    expect(t.checks(ev)[2]).toBe('2d4 [1d4 + 1d4 for Strength 20](2, 3) + Strength 20 − Vitality 10 reduction 2 = 23 → 23 damage [OUT-DMG-1, OUT-RES-2]');
    expect(fx(t, 'foe')).toEqual(['Wounds×1']); // sharp → slashing
    const p = new Table(outerah, duel({ hero: { class: 'paladin', stats: { strength: 45 }, weapons: ['chair'] }, foe: { hp: 200 } }));
    p.start(5, 1);
    // Paladin, Strength 45: 1 + 2 + 1 = 4d4
    expect(p.checks(p.dice(50, 30, 1, 1, 1, 1, 99).do(hit('chair')))[2]).toMatch(/^4d4 \[1d4 \+ 2d4 for Strength 45 \+ 1d4 Paladin\]\(1, 1, 1, 1\) \+ Strength 45/);
    const s = new Table(outerah, duel({ hero: { stats: { strength: 100 }, weapons: ['chair'] }, foe: { hp: 300 } }));
    s.start(5, 1);
    expect(s.checks(s.dice(50, 30, 1, 1, 1, 1, 1, 99).do(hit('chair')))[2]).toMatch(/^5d4 \[.*\(at most 5d4\)\]/);
    // the object decides the type; pointed objects are thrown
    expect(completeWeapon({ id: 'p', name: 'Fork', kind: 'improvised', object: 'pointed', element: 'neutral', hand: 'main', upgrades: 0, armorPiercing: false, electric: false })).toMatchObject({ type: 'piercing', delivery: 'projectile', range: 3 });
    expect(completeWeapon({ id: 'h', name: 'Chair', kind: 'improvised', object: 'heavy', element: 'neutral', hand: 'main', upgrades: 0, armorPiercing: false, electric: false })).toMatchObject({ type: 'bludgeon', delivery: 'melee' });
  });

  it('OUT-WPN-2: slashing: Wounds stack to 3, ceil(level/2) per stack at the end of the target\'s turns', () => {
    expect([woundDamage(1) * 3, woundDamage(29) * 3]).toEqual([3, 45]); // the text's own numbers
    const t = new Table(outerah, duel({ hero: { level: 29, weapons: ['sword', 'dagger'] }, foe: { hp: 300 } }));
    t.start(5, 1);
    t.dice(50, 30, 1).do(hit('sword')); // 1 + 20 − 2 = 19
    t.dice(50, 30, 1).do(hit('dagger')); // 1d4(1) + 18 = 19
    expect(fx(t, 'foe')).toEqual(['Wounds×2']);
    t.do({ type: 'end_turn', actor: 'hero' });
    const ev = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(ev)).toEqual(['ceil(level 29 / 2) 15 × stacks 200% = 30 → 30 damage [OUT-WPN-2]']);
    expect(t.hp('foe')).toBe(300 - 38 - 30);
    t.dice(50, 30, 1).do(hit('sword'));
    t.dice(50, 30, 1).do(hit('dagger'));
    expect(fx(t, 'foe')).toEqual(['Wounds×3']); // at most 3
  });

  it('OUT-WPN-2: each stack of Wounds deals the damage of the level of the unit that caused it, not the highest', () => {
    // "1 damage for every odd level you are": Kit (level 3) cuts Foe first: a stack worth ⌈3 / 2⌉ = 2; then Hero
    // (level 29): a stack worth ⌈29 / 2⌉ = 15. At the end of Foe's turn: 2 + 15 = 17 (before: both at level 29, 30).
    const kit = { id: 'kit', name: 'Kit', side: 'heroes', class: 'soulknight', level: 3, at: [3, 3], hp: 30, weapons: ['sword'] };
    const t = new Table(outerah, duel({ hero: { level: 29 }, foe: { hp: 300 }, extra: [kit] }));
    t.start(5, 1, 12); // Hero 6 + 1 + 5 = 12, Foe 2 + 1 + 1 = 4, Kit 4 + 0 + 12 = 16: Kit, Hero, Foe
    // Kit from the south (Foe faces W: the side): 50 + Charisma 10 − Agility 20 = 40; D100(30) hits; 1d8(1) + 10 − 2 = 9
    t.dice(50, 30, 1).do({ type: 'attack', actor: 'kit', target: 'foe', weapon: 'sword' });
    t.do({ type: 'end_turn', actor: 'kit' });
    t.dice(50, 30, 1).do(hit('sword')); // 1 + 20 − 2 = 19
    expect(t.state.effects.find((f) => f.name === 'Wounds')?.data).toMatchObject({ levels: [3, 29] });
    t.do({ type: 'end_turn', actor: 'hero' });
    const ev = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(ev)).toEqual(['ceil(level 3 / 2) 2 + ceil(level 29 / 2) 15 = 17 → 17 damage [OUT-WPN-2]']);
    expect(t.hp('foe')).toBe(300 - 9 - 19 - 17);
  });

  it('OUT-WPN-2, OUT-RES-3: a unit immune to the hit\'s element (or absorbing it) takes no Wounds; a hit brought to 0 by armour still wounds (ruling)', () => {
    // "A creature that is immune to the element whether being healed or attacked neither takes nor receives damage
    // pertaining to said element": a fire blade on Foe at fire 0 % deals 0 and leaves no Wounds (before: Wounds×1)
    const flame = { id: 'flame', name: 'Flame Blade', kind: 'sword', damage: '1d8', element: 'fire' };
    const t = new Table(outerah, duel({ hero: { weapons: [flame] }, foe: { resist: { fire: 0 } } }));
    t.start(5, 1);
    const ev = t.dice(50, 30, 4).do(hit('flame'));
    expect(t.lines(ev)).toContain('Foe takes no fire damage: no Wounds from Flame Blade [OUT-RES-3, OUT-WPN-2]');
    expect(fx(t, 'foe')).toEqual([]);
    // absorbing it (−50 %): 1d8(4) + 20 − 2 = 22 heals ⌊22 × 50 %⌋ = 11 (capped at 30): no Wounds either
    const a = new Table(outerah, duel({ hero: { weapons: [flame] }, foe: { resist: { fire: -50 }, startHp: 10 } }));
    a.start(5, 1);
    a.dice(50, 30, 4).do(hit('flame'));
    expect([a.hp('foe'), fx(a, 'foe')]).toEqual([21, []]);
    // a neutral sword on Defense 40: 1d8(1) + 20 − 2 − 40 floored at 0, a successful hit all the same: Wounds
    const d = new Table(outerah, duel({ foe: { defense: 40 } }));
    d.start(5, 1);
    d.dice(50, 30, 1).do(hit('sword'));
    expect([d.hp('foe'), fx(d, 'foe')]).toEqual([30, ['Wounds×1']]);
  });

  it('OUT-WPN-3: Wounds held more than 5 rounds become Bleeding (a DoT at the start of the turn)', () => {
    const t = new Table(outerah, duel());
    t.start(5, 1);
    t.dice(50, 30, 1).do(hit('sword')); // 30 − 19 = 11
    for (let r = 1; r <= 5; r++) round(t); // Wounds tick 1 at the end of Foe's turns in rounds 1..5: 6
    t.do({ type: 'end_turn', actor: 'hero' });
    const r6 = t.do({ type: 'end_turn', actor: 'foe' }); // round 6: tick, then the round ends
    expect(t.lines(r6)).toContain('Foe has held Wounds for 6 rounds: it becomes Bleeding [OUT-WPN-3]');
    expect(fx(t, 'foe')).toEqual(['Bleeding×1']);
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.checks(t.log.events.slice(-12)).at(-1)).toBe('ceil(level 1 / 2) 1 × stacks 100% = 1 → 1 damage [OUT-WPN-3, OUT-EFF-1]');
    expect(t.hp('foe')).toBe(11 - 6 - 1);
  });

  it('OUT-WPN-4: piercing passes through: 5 % + 10 % per level divisible by 5; 50 % then 25 %, three targets at most', () => {
    expect([pierceChance(1), pierceChance(4), pierceChance(5), pierceChance(30)]).toEqual([5, 5, 15, 65]);
    const line = (id: string, x: number) => ({ id, name: id, side: 'foes', class: 'paladin', at: [x, 2], hp: 40 });
    const t = new Table(outerah, duel({ hero: { level: 10, at: [1, 2], weapons: ['longbow'] }, extra: [line('g1', 4), line('g2', 5), line('g3', 6)] }));
    t.start(5, 1, 1, 1, 1, 1, 1, 1); // g1..g3 3 + 0 + 1 = 4 tie with Foe 4: d4 then d3 then d2 (all 1: file order)
    // Foe: 1d10(6) + 20 − 2 = 24; pass D100(20) ≤ 25 → g1 24 × 50 % = 12; D100(25) → g2 × 25 % = 6; g3 untouched
    const ev = t.dice(50, 30, 6, 20, 25).do(hit('longbow'));
    expect(t.checks(ev).slice(3)).toEqual([
      'D100(20) ≤ level 10 25 → passes through Foe to g1 [OUT-WPN-4]',
      '1d10(6) + Strength 20 − Vitality 10 reduction 2 × pass-through 50% = 12 → 12 damage [OUT-WPN-4, OUT-DMG-1]',
      'D100(25) ≤ level 10 25 → passes through g1 to g2 [OUT-WPN-4]',
      '1d10(6) + Strength 20 − Vitality 10 reduction 2 × pass-through 25% = 6 → 6 damage [OUT-WPN-4, OUT-DMG-1]',
    ]);
    expect([t.hp('foe'), t.hp('g1'), t.hp('g2'), t.hp('g3')]).toEqual([6, 28, 34, 40]);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-WPN-5: bludgeon: 5 % + 5 % per level divisible by 5 to Shove the target 1 cell back', () => {
    expect([shoveChance(1), shoveChance(5), shoveChance(30)]).toEqual([5, 10, 35]);
    const t = new Table(outerah, duel({ hero: { weapons: ['mace'] } }));
    t.start(5, 1);
    // 1d6(1) + 18 = 19; D100(5) ≤ 5 → Shove: Foe from (3,2) to (4,2)
    const ev = t.dice(50, 30, 1, 5).do(hit('mace'));
    expect(t.checks(ev).at(-1)).toBe('D100(5) ≤ level 1 5 → Shove [OUT-WPN-5]');
    expect(t.unit('foe').position).toEqual({ x: 4, y: 2 });
    const u = new Table(outerah, duel({ hero: { weapons: ['mace'] } }));
    u.start(5, 1);
    u.dice(50, 30, 1, 6).do(hit('mace'));
    expect(u.unit('foe').position).toEqual({ x: 3, y: 2 });
  });

  it('OUT-WPN-6: Black&Blue on light/medium armour: −10 % max HP per stack; > 5 rounds → Bruising; healing ends it', () => {
    const t = new Table(outerah, duel({ hero: { weapons: ['mace'], items: { potion: 3 } }, foe: { hp: 100, armor: 'medium', items: { potion: 2 } } }));
    t.start(5, 1);
    t.dice(50, 30, 1, 99).do(hit('mace')); // 19 damage; max 100 → 90
    expect(t.unit('foe').pools.hp).toEqual({ value: 81, max: 90 });
    for (let r = 1; r <= 5; r++) round(t);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(fx(t, 'foe')).toEqual(['Bruising×1']);
    expect(t.unit('foe').pools.hp.max).toBe(90);
    t.do({ type: 'end_turn', actor: 'hero' });
    const ev = t.dice(1, 1).do({ type: 'use_item', actor: 'foe', item: 'potion' }); // 2d4 = 2
    expect(t.lines(ev)).toContain('Potion patches up Foe: Bruising healed [OUT-WPN-6]');
    expect(t.unit('foe').pools.hp).toEqual({ value: 83, max: 100 });
    const heavy = new Table(outerah, duel({ hero: { weapons: ['mace'] }, foe: { armor: 'heavy' } }));
    heavy.start(5, 1);
    heavy.dice(50, 30, 1, 99).do(hit('mace'));
    expect(fx(heavy, 'foe')).toEqual([]);
  });
});

describe('outerah ranges', () => {
  it('OUT-RNG-1: short range 1–2 cells; revolver and crossbow 6, rifle 9, longbow 8', () => {
    const base = { element: 'neutral' as const, hand: 'main' as const, upgrades: 0, armorPiercing: false, electric: false, damage: "1d6" };
    expect(['revolver', 'crossbow', 'rifle', 'longbow', 'sword', 'spear'].map((kind) => completeWeapon({ ...base, id: kind, name: kind, kind }).range)).toEqual([6, 6, 9, 8, 1, 2]);
    const t = new Table(outerah, duel({ hero: { at: [0, 0], weapons: ['rifle'] }, foe: { at: [9, 0] } }));
    t.start(5, 1);
    expect(t.preview(hit('rifle')).chance).toBeGreaterThan(0); // 9 cells: in range
    const u = new Table(outerah, duel({ hero: { at: [0, 0], weapons: ['rifle', 'sword'] }, foe: { at: [10, 0] } }));
    u.start(5, 1);
    expect(u.rejects(hit('rifle'))).toBe('action/out_of_range');
    expect(u.rejects(hit('sword'))).toBe('action/out_of_range');
  });

  it('OUT-RNG-2: from higher ground +1 cell per level; from lower ground −1; shown in the hit check', () => {
    const hill = (z: number) => duel({ hero: { at: [0, 0], weapons: ['longbow'], elevation: z }, foe: { at: [10, 0], facing: 'N' } });
    const high = new Table(outerah, hill(2)); // 8 + 2 = 10 cells
    high.start(5, 1);
    expect(high.checks(high.dice(50, 30, 1).do(hit('longbow')))[1]).toContain('(2 higher: range +2)');
    const flat = new Table(outerah, hill(1)); // 8 + 1 = 9 < 10
    flat.start(5, 1);
    expect(flat.rejects(hit('longbow'))).toBe('action/out_of_range');
    const low = new Table(outerah, duel({ hero: { at: [0, 0], weapons: ['longbow'] }, foe: { at: [8, 0], elevation: 3 } }));
    low.start(5, 1); // lower: 8 − 1 = 7 < 8
    expect(low.rejects(hit('longbow'))).toBe('action/out_of_range');
  });
});
