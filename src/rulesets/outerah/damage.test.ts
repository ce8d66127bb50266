// Damage formulas, resistances, charges and healing.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { ELEMENTS, healFactor } from './elements.ts';
import { CHARGES } from './charges.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

const sword = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' };
const wand = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'wand' };
const started = (over: Parameters<typeof duel>[0]) => {
  const t = new Table(outerah, duel(over));
  t.start(5, 1);
  return t;
};

describe('outerah damage', () => {
  it('OUT-DMG-1: physical: dice + (weapon − armour upgrades) + (Strength − Vitality reduction − Defense)', () => {
    const t = started({
      hero: { weapons: [{ id: 'blade', name: 'Fine Blade', kind: 'sword', damage: '1d8', upgrades: 2 }] },
      foe: { armorUpgrades: 1, defense: 3 },
    });
    // 1d8(4) + 2 − 1 + 20 − 2 − 3 = 20 → 30 − 20 = 10
    const ev = t.dice(50, 30, 4).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'blade' });
    expect(t.checks(ev)[2]).toBe('1d8(4) + weapon upgrades 2 − armour upgrades 1 + Strength 20 − Vitality 10 reduction 2 − Defense 3 = 20 → 20 damage [OUT-DMG-1, OUT-RES-2]');
    expect(t.hp('foe')).toBe(10);
  });

  it('OUT-DMG-2: magical: dice + Intelligence − Wisdom reduction − Magic Defense', () => {
    const t = started({ hero: { weapons: ['wand'], stats: { intelligence: 30, charisma: 30, agility: 20 } }, foe: { magicDefense: 2, stats: { wisdom: 10, agility: 20 } } });
    // 1d6(3) + 30 − 2 − 2 = 29 → 1
    const ev = t.dice(50, 30, 3).do(wand);
    expect(t.checks(ev)[2]).toBe('1d6(3) + Intelligence 30 − Wisdom 10 reduction 2 − Magic Defense 2 = 29 → 29 damage [OUT-DMG-2, OUT-RES-2]');
    expect(t.hp('foe')).toBe(1);
  });

  it('OUT-DMG-3: Vitality is a flat reduction of 2 per full 10 points (ruling), not subtracted whole', () => {
    const t = started({ foe: { stats: { vitality: 29, agility: 20 } } });
    // Vitality 29 → 2 × 2 = 4: 1d8(4) + 20 − 4 = 20 (not 4 + 20 − 29 = −5)
    t.dice(50, 30, 4).do(sword);
    expect(t.hp('foe')).toBe(10);
  });

  it('OUT-DMG-4: the subtraction floors at 0: armour never heals', () => {
    const t = started({ hero: { stats: { strength: 0, charisma: 30 } }, foe: { defense: 5, stats: { vitality: 50, agility: 20 } } });
    // 1d8(2) + 0 − 10 − 5 = −13 → 0
    const ev = t.dice(50, 30, 2).do(sword);
    expect(t.checks(ev)[2]).toBe('1d8(2) + Strength 0 − Vitality 50 reduction 10 − Defense 5 → floored at 0 = 0 → 0 damage [OUT-DMG-1, OUT-RES-2]');
    expect(t.hp('foe')).toBe(30);
  });

  it('OUT-RES-1, OUT-RES-2: twelve elements; resistance multiplies: 150 % +50 % (rounded down), 200 % double', () => {
    expect(ELEMENTS).toHaveLength(12);
    const t = started({ hero: { weapons: ['wand'] }, foe: { resist: { fire: 150 } } });
    // 1d6(3) + Intelligence 10 − 2 = 11 × 150 % = 16.5 → 16
    const ev = t.dice(50, 30, 3).do(wand);
    expect(t.checks(ev)[2]).toBe('1d6(3) + Intelligence 10 − Wisdom 10 reduction 2 × Fire resistance 150% → rounded down 16 = 16 → 16 damage [OUT-DMG-2, OUT-RES-2]');
    const d = started({ hero: { weapons: ['wand'] }, foe: { resist: { fire: 200 } } });
    d.dice(50, 30, 3).do(wand);
    expect(d.hp('foe')).toBe(30 - 22);
  });

  it('OUT-RES-2: 0 % is immune; below 0 the hit heals by that percentage', () => {
    const i = started({ hero: { weapons: ['wand'] }, foe: { resist: { fire: 0 } } });
    expect(i.checks(i.dice(50, 30, 3).do(wand))[2]).toContain('→ Foe is immune: 0 damage');
    expect(i.hp('foe')).toBe(30);
    // −10: heals 10 % of 11 → 1; −300 (beyond the usual range, gear): heals 33
    const h = started({ hero: { weapons: ['wand'] }, foe: { resist: { fire: -10 }, startHp: 20 } });
    expect(h.checks(h.dice(50, 30, 3).do(wand))[2]).toBe('1d6(3) + Intelligence 10 − Wisdom 10 reduction 2 × Fire resistance -10% → rounded down 1 = 1 → Foe absorbs it: heals 1 [OUT-DMG-2, OUT-RES-2]');
    expect(h.hp('foe')).toBe(21);
    const g = started({ hero: { weapons: ['wand'] }, foe: { resist: { fire: -300 }, startHp: 1 } });
    g.dice(50, 30, 3).do(wand);
    expect(g.hp('foe')).toBe(30);
  });

  it('OUT-CHG-1: charges multiply the damage: Hyper ×2, Super ×1.5, Plus ×1.25, Minus ×0.75', () => {
    expect(Object.fromEntries(Object.entries(CHARGES).map(([k, v]) => [k, v.factor]))).toEqual({ plus: 1.25, super: 1.5, hyper: 2, minus: 0.75 });
    const t = started({ hero: { skills: ['smite'] }, foe: { hp: 60 } });
    // Smite (Hyper Charge): 1d8(4) + 20 − 2 = 22 × 2 = 44
    const ev = t.dice(50, 30, 4).do({ type: 'cast', actor: 'hero', skill: 'smite', target: 'foe' });
    expect(t.checks(ev)[2]).toBe('1d8(4) + Strength 20 − Vitality 10 reduction 2 × Hyper Charge (Smite) 200% = 44 → 44 damage [OUT-DMG-1, OUT-CHG-1, OUT-RES-2]');
    expect(t.hp('foe')).toBe(16);
  });
});

describe('outerah healing', () => {
  const healer = { id: 'sage', name: 'Sage', side: 'heroes', class: 'druid', at: [1, 2], hp: 30, skills: ['mend', 'regen'], items: { potion: 1, waterpotion: 2 } };

  it('OUT-HEAL-1: healing scales with the element\'s resistance: 200 % (weak) heals half, 50 % heals half', () => {
    for (const water of [200, 50]) {
      const t = new Table(outerah, duel({ hero: { startHp: 10, resist: { water } }, extra: [healer] }));
      t.start(5, 1, 1, 1); // Hero 12, Foe 4, Sage 3 + 0 + 1 = 4: tie, d2(1) → Foe first: Hero, Foe, Sage
      t.do({ type: 'end_turn', actor: 'hero' });
      t.do({ type: 'end_turn', actor: 'foe' });
      // Tidal Mend 2d6(4, 5) = 9 × 50 % = 4.5 → 4
      const ev = t.dice(4, 5).do({ type: 'cast', actor: 'sage', skill: 'mend', target: 'hero' });
      expect(t.hp('hero')).toBe(14);
      expect(t.checks(ev)[0]).toContain('× Water healing');
    }
  });

  it('OUT-HEAL-1: the boon element heals half; a potion of another element heals in full', () => {
    const t = new Table(outerah, duel({ hero: { startHp: 10, boon: 'water', items: { waterpotion: 1, potion: 1 } } }));
    t.start(5, 1);
    // Water Potion heals 10; water is the Hero's boon: × 50 % = 5
    const ev = t.do({ type: 'use_item', actor: 'hero', item: 'waterpotion' });
    expect(t.checks(ev)).toEqual(['Water Potion 10 × a potion of its boon element: half 50% = 5 → Hero heals 5 [OUT-HEAL-1]']);
    expect(t.hp('hero')).toBe(15);
    expect(t.rejects({ type: 'use_item', actor: 'hero', item: 'potion' })).toBe('action/slot_used'); // one Secondary action
  });

  it('OUT-HEAL-1: a boon potion halves what the resistance would give ("half of what you would otherwise be healed for"); a boon spell is not halved (ruling)', () => {
    // Hero aligned with water (boon) and 50 % water: the Water Potion's 10 × resistance 50 % = 5, × ½ for the boon
    // potion = 2.5 → 2 (before: the boon half replaced the resistance, 5)
    const t = new Table(outerah, duel({ hero: { startHp: 10, boon: 'water', resist: { water: 50 }, items: { waterpotion: 1 } }, extra: [healer] }));
    t.start(5, 12, 1); // Hero 12, Foe 2 + 1 + 12 = 15, Sage 4: Foe, Hero, Sage
    t.do({ type: 'end_turn', actor: 'foe' });
    const ev = t.do({ type: 'use_item', actor: 'hero', item: 'waterpotion' });
    expect(t.checks(ev)).toEqual(['Water Potion 10 × Water healing, resistance 50% 50% × a potion of its boon element: half 50% → rounded down 2 = 2 → Hero heals 2 [OUT-HEAL-1]']);
    expect(t.hp('hero')).toBe(12);
    t.do({ type: 'end_turn', actor: 'hero' });
    // the Sage's Tidal Mend (water, a spell): 2d6(4, 6) = 10 × resistance 50 % = 5, no boon halving for a spell → 17
    const mend = t.dice(4, 6).do({ type: 'cast', actor: 'sage', skill: 'mend', target: 'hero' });
    expect(t.checks(mend)).toEqual(['2d6(4, 6) × Water healing, resistance 50% 50% = 5 → Hero heals 5 [OUT-HEAL-1]']);
    expect(t.hp('hero')).toBe(17);
  });

  it('OUT-HEAL-1: the alignment table: fire or wind aligned heal 50 % from water (the text\'s rows); a file adds its own', () => {
    // Hero aligned with fire drinks a Water Potion (10): 50 % → 5; a wind-aligned Hero mends itself with water: 2d6(3, 3)
    // = 6 → 3; the file's row earth ← water 25 % makes an earth-aligned Hero heal ⌊10 × 25 %⌋ = 2
    const t = new Table(outerah, duel({ hero: { startHp: 10, boon: 'fire', items: { waterpotion: 1 } } }));
    t.start(5, 1);
    const ev = t.do({ type: 'use_item', actor: 'hero', item: 'waterpotion' });
    expect(t.checks(ev)).toEqual(['Water Potion 10 × Fire aligned, healed by Water 50% = 5 → Hero heals 5 [OUT-HEAL-1]']);
    const w = new Table(outerah, duel({ hero: { skills: ['mend'], startHp: 10, boon: 'wind' } }));
    w.start(5, 1);
    const spell = w.dice(3, 3).do({ type: 'cast', actor: 'hero', skill: 'mend', target: 'hero' });
    expect(w.checks(spell)).toEqual(['2d6(3, 3) × Wind aligned, healed by Water 50% = 3 → Hero heals 3 [OUT-HEAL-1]']);
    const f = new Table(outerah, duel({ hero: { startHp: 10, boon: 'earth', items: { waterpotion: 1 } }, doc: { alignments: { earth: { water: 25 } } } }));
    f.start(5, 1);
    expect(f.checks(f.do({ type: 'use_item', actor: 'hero', item: 'waterpotion' }))).toEqual(['Water Potion 10 × Earth aligned, healed by Water 25% → rounded down 2 = 2 → Hero heals 2 [OUT-HEAL-1]']);
  });

  it('OUT-HEAL-1, OUT-EFF-6: the preview of a potion, a heal and a buff says what will be rolled (issue 21: not "no roll")', () => {
    const t = new Table(outerah, duel({ hero: { startHp: 10, boon: 'water', skills: ['mend', 'regen'], items: { waterpotion: 1, potion: 1 } } }));
    t.start(5, 1);
    // Potion 2d4: 2..8, mean 5; the Water Potion's 10 halved for the boon potion: 5; Tidal Mend 2d6 of water, a spell: 2..12
    expect(t.preview({ type: 'use_item', actor: 'hero', item: 'potion' }).notes).toEqual(['Potion rolls 2d4 healing: Hero heals 2–8 (avg 5)']);
    expect(t.preview({ type: 'use_item', actor: 'hero', item: 'waterpotion', target: 'hero' }).notes).toEqual(['Water Potion rolls 10 healing (a potion of its boon element: half 50%): Hero heals 5']);
    expect(t.preview({ type: 'cast', actor: 'hero', skill: 'mend', target: 'hero' }).notes).toEqual(['Tidal Mend rolls 2d6 healing: Hero heals 2–12 (avg 7)']);
    // Regrowth: D100 ≤ 80 + 10 for Wisdom 20 = 90
    expect(t.preview({ type: 'cast', actor: 'hero', skill: 'regen', target: 'hero' })).toEqual({ chance: 0.9, why: "Regen takes hold on D100 ≤ 90 (its rate by Hero's Wisdom) [OUT-EFF-6]", affected: [{ unit: 'hero', chance: 0.9 }] });
  });

  it('OUT-RES-3: immune to an element: none of its healing, none of its buffs', () => {
    const u = new Table(outerah, duel({ hero: { startHp: 10, resist: { water: 0, earth: 0 } }, extra: [healer] }));
    u.start(5, 1, 12); // Hero 12, Foe 4, Sage 15 → Sage, Hero, Foe
    const ev = u.dice(6, 6).do({ type: 'cast', actor: 'sage', skill: 'mend', target: 'hero' });
    expect(u.checks(ev)).toEqual(['2d6(6, 6) × Water healing, immune: no healing of that element 0% = 0 → Hero gets no healing [OUT-HEAL-1, OUT-RES-3]']);
    expect(u.hp('hero')).toBe(10);
    u.do({ type: 'end_turn', actor: 'sage' });
    u.do({ type: 'end_turn', actor: 'hero' });
    u.do({ type: 'end_turn', actor: 'foe' });
    const buff = u.do({ type: 'cast', actor: 'sage', skill: 'regen', target: 'hero' });
    expect(u.lines(buff)).toContain('Hero is immune to earth: no Regen from it [OUT-RES-3]');
    expect(u.state.effects.some((f) => f.name === 'Regen')).toBe(false);
  });

  it('OUT-DMG-1, OUT-RES-2, OUT-MNT-1: the GM\'s damage with the rules on: the amount whole, an element through resistance, and 0 HP does what it always does (ruling)', () => {
    // Foe (30 HP, Fire 50 %): 9 plain damage is taken whole (no Vitality reduction: the GM reckoned it) → 21;
    // 9 fire → ⌊9 × 50 / 100⌋ = 4 → 17; −10 % water absorbs: 20 water heals ⌊20 × 10 / 100⌋ = 2 → 19
    const t = started({ foe: { resist: { fire: 50, water: -10 } } });
    t.do({ type: 'gm.damage', unit: 'foe', amount: 9, rules: true, reason: 'a falling beam' });
    expect(t.hp('foe')).toBe(21);
    t.do({ type: 'gm.damage', unit: 'foe', amount: 9, damageType: 'fire', rules: true, reason: 'lamp oil' });
    expect(t.hp('foe')).toBe(17);
    t.do({ type: 'gm.damage', unit: 'foe', amount: 20, damageType: 'water', rules: true, reason: 'a wave' });
    expect(t.hp('foe')).toBe(19);
    // Hero rides the Horse (Mount Tamer: Wisdom 40): 30 to the Horse takes it to 0: it is down, its rider thrown
    // (to (1,1), the first free cell around (2,2) row by row from the north-west), and its Spirit Release countdown starts
    const horse = { id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', at: [2, 2], hp: 30 };
    const m = new Table(outerah, duel({ hero: { stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, wisdom: 40 }, mount: { unit: 'horse' } }, extra: [horse] }));
    m.start(5, 1, 1);
    const ev = m.do({ type: 'gm.damage', unit: 'horse', amount: 30, rules: true, reason: 'a rockslide' });
    expect(m.unit('horse').status).toBe('down');
    expect(m.lines(ev)).toContain('Horse falls: the Spirit Release countdown begins (3 rounds to heal it) [OUT-MNT-1]');
    expect(m.unit('hero')).toMatchObject({ status: 'active', position: { x: 1, y: 1 } });
    expect(m.state.effects.some((f) => f.target === 'horse' && f.name === 'Spirit Release')).toBe(true);
  });

  it('OUT-HEAL-1: the factor table (ruling)', () => {
    expect([healFactor(100).factor, healFactor(50).factor, healFactor(200).factor, healFactor(0).factor, healFactor(-20).factor]).toEqual([1, 0.5, 0.5, 0, 1]);
  });
});
