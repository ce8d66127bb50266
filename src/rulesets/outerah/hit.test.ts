// The hit check: critical check, Charisma against Agility, facing, cover; and its preview.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

const sword = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' };
const spear = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'spear' };
// Hero at (3,2) with a spear, half cover at (4,2) in front of Foe at (5,2) facing W
const covered = (cover: Record<string, unknown>, hero: Record<string, unknown> = {}) =>
  duel({ hero: { at: [3, 2], weapons: ['spear', 'ap', 'rifle'], skills: ['aimed', 'firebolt'], ...hero }, foe: { at: [5, 2], hp: 60 }, doc: { map: { width: 12, height: 12, terrain: [{ at: [4, 2], ...cover }] } } });

describe('outerah hit check', () => {
  it('OUT-HIT-1, OUT-HIT-4: D100 ≤ 50 + Charisma − Agility, head-on −10', () => {
    const t = new Table(outerah, duel());
    t.start(5, 1);
    // head-on (Foe faces W, Hero is west of it): 50 + 30 − 20 − 10 = 50; D100(51) misses
    const ev = t.dice(50, 51).do(sword);
    expect(t.checks(ev)).toEqual([
      'D100(50) > crit 5 → no critical [OUT-HIT-2, OUT-HIT-1]',
      'D100(51) > even odds 50 + Charisma 30 − Agility 20 − head-on 10 (= 50) → miss [OUT-HIT-1, OUT-HIT-4]',
    ]);
  });

  it('OUT-HIT-4: from behind +10, from the side no change', () => {
    const back = new Table(outerah, duel({ foe: { facing: 'E' } }));
    back.start(5, 1);
    // 50 + 30 − 20 + 10 = 70: D100(70) hits
    expect(back.checks(back.dice(50, 70, 1).do(sword))[1]).toBe('D100(70) ≤ even odds 50 + Charisma 30 − Agility 20 + from behind 10 (= 70) → hit [OUT-HIT-1, OUT-HIT-4]');
    const side = new Table(outerah, duel({ foe: { facing: 'N' } }));
    side.start(5, 1);
    expect(side.checks(side.dice(50, 61).do(sword))[1]).toBe('D100(61) > even odds 50 + Charisma 30 − Agility 20 (from the side) (= 60) → miss [OUT-HIT-1, OUT-HIT-4]');
  });

  it('OUT-HIT-2: the critical check comes first (D100 ≤ crit chance) and doubles the damage', () => {
    const t = new Table(outerah, duel({ foe: { hp: 60 } }));
    t.start(5, 1);
    // D100(5) ≤ 5: critical, no hit roll; 1d8(4) + 20 − 2 = 22 × 2 = 44 → 60 − 44 = 16
    const ev = t.dice(5, 4).do(sword);
    expect(t.checks(ev)).toEqual([
      'D100(5) ≤ crit 5 → critical hit [OUT-HIT-2, OUT-HIT-1]',
      '1d8(4) + Strength 20 − Vitality 10 reduction 2 × critical 200% = 44 → 44 damage [OUT-DMG-1, OUT-HIT-2, OUT-RES-2]',
    ]);
    expect(t.hp('foe')).toBe(16);
  });

  it('OUT-HIT-1, OUT-HIT-2: preview gives the exact chance and damage distribution', () => {
    const t = new Table(outerah, duel({ foe: { hp: 60 } }));
    t.start(5, 1);
    // P = 0.05 + 0.95 × 0.50 = 0.525; on a hit 1d8 + 18 → 19..26 (mean 22.5), critical 38..52 (mean 45)
    const p = t.preview(sword);
    expect(p.chance).toBeCloseTo(0.525, 12);
    expect(p.expectedDamage).toBeCloseTo(0.05 * 45 + 0.475 * 22.5, 12);
    expect(p.damageOnHit).toMatchObject({ min: 19, max: 52 });
    expect(p.damage!.probOf(0)).toBeCloseTo(0.475, 12);
  });

  it('OUT-COV-1: half cover: after a hit a second die, odd is a miss', () => {
    const t = new Table(outerah, covered({ cover: 'half', material: 'sandbags' }));
    t.start(5, 1);
    // 50 + 30 − 20 − 10 = 50: D100(30) hits; d10(3) odd → the cover takes it
    const miss = t.dice(50, 30, 3).do(spear);
    expect(t.checks(miss)).toEqual([
      'D100(50) > crit 5 → no critical [OUT-HIT-2, OUT-HIT-1]',
      'D100(30) ≤ even odds 50 + Charisma 30 − Agility 20 − head-on 10 (half cover (sandbags)) (= 50) → hit [OUT-HIT-1, OUT-HIT-4]',
      'd10(3) → odd: the cover takes it, miss [OUT-COV-1]',
    ]);
    expect(t.hp('foe')).toBe(60);
    const u = new Table(outerah, covered({ cover: 'half', material: 'sandbags' }));
    u.start(5, 1);
    u.dice(50, 30, 4, 2).do(spear); // even: 1d8(2) + 18 = 20 → 40
    expect(u.hp('foe')).toBe(40);
    // preview: (0.05 + 0.95 × 0.5) / 2
    expect(u.preview({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'ap' }).chance).toBeCloseTo(0.2625, 12);
  });

  it('OUT-COV-1: concealment (cardboard) is no cover', () => {
    const t = new Table(outerah, covered({ cover: 'half', material: 'cardboard' }));
    t.start(5, 1);
    const ev = t.dice(50, 30, 2).do(spear); // no second die: 2 + 18 = 20
    expect(t.checks(ev)[1]).toContain('(cover ignored: cardboard only conceals)');
    expect(t.hp('foe')).toBe(40);
  });

  it('OUT-COV-2: half cover is bypassed by a skill, or by Charisma 50 above the target\'s Agility', () => {
    const t = new Table(outerah, covered({ cover: 'half' }, { stats: { charisma: 70, strength: 20 } }));
    t.start(5, 1);
    // 70 − 20 = 50: no second die; threshold 50 + 70 − 20 − 10 = 90
    const ev = t.dice(50, 90, 2).do(spear);
    expect(t.lines(ev)).toContain('Half cover bypassed: Charisma 70 is 50 above Agility 20 [OUT-COV-2]');
    expect(t.hp('foe')).toBe(40);
    const s = new Table(outerah, covered({ cover: 'half' }));
    s.start(5, 1);
    // Aimed Shot bypasses half cover: 1d6(3) + 20 − 2 = 21 → 39
    const ev2 = s.dice(50, 30, 3).do({ type: 'cast', actor: 'hero', skill: 'aimed', target: 'foe' });
    expect(s.lines(ev2)).toContain('Half cover bypassed: Aimed Shot bypasses half cover [OUT-COV-2]');
    expect(s.hp('foe')).toBe(39);
    expect(s.unusedDice).toEqual([]);
  });

  it('OUT-COV-3: full cover: no hit from the front, whatever the Charisma; from the side it does not help', () => {
    const t = new Table(outerah, covered({ cover: 'full', material: 'brick' }, { stats: { charisma: 99 } }));
    t.start(5, 1);
    expect(t.rejects(spear)).toBe('action/full_cover');
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'ap' })).toBe('action/full_cover'); // brick stops armour-piercing
    t.do({ type: 'move', actor: 'hero', to: [5, 4] }); // beside the Foe's cover
    expect(t.preview(spear).chance).toBeGreaterThan(0);
    t.dice(50, 30, 1).do(spear);
    expect(t.hp('foe')).toBeLessThan(60);
  });

  it('OUT-COV-3, OUT-COV-4: armour-piercing overcomes full stone cover; wood does not stop bullets or fire', () => {
    const t = new Table(outerah, covered({ cover: 'full', material: 'stone' }));
    t.start(5, 1);
    expect(t.rejects(spear)).toBe('action/full_cover');
    const ev = t.dice(50, 30, 3, 3).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'ap' }); // 2d6(3,3) + 18 = 24
    expect(t.checks(ev)[1]).toContain('cover ignored: armour-piercing round');
    expect(t.hp('foe')).toBe(36);
    const h = new Table(outerah, covered({ cover: 'half', material: 'wood' }));
    h.start(5, 1);
    expect(h.checks(h.dice(50, 30, 1, 1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'rifle' }))[1]).toContain('cover ignored: bullets go through wood');
    const f = new Table(outerah, covered({ cover: 'half', material: 'wood' }));
    f.start(5, 1);
    expect(f.checks(f.dice(50, 30, 1, 1).do({ type: 'cast', actor: 'hero', skill: 'firebolt', target: 'foe' }))[1]).toContain('cover ignored: wood burns');
    const s = new Table(outerah, covered({ cover: 'half', material: 'sandbags' }));
    s.start(5, 1);
    expect(s.checks(s.dice(50, 30, 2, 1, 1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'rifle' }))[1]).toContain('half cover (sandbags)');
    expect(s.unusedDice).toEqual([]);
  });

  it('OUT-COV-4: wood is vulnerable to fire: a Fire attack it stood in the way of burns it away, hit or miss (ruling)', () => {
    // Foe (5,2) behind wooden half cover at (4,2) from Hero (3,2)... Hero's Firebolt misses (D100 99): the wood burns anyway
    const t = new Table(outerah, covered({ cover: 'half', material: 'wood' }));
    t.start(5, 1);
    const ev = t.dice(50, 99).do({ type: 'cast', actor: 'hero', skill: 'firebolt', target: 'foe' });
    expect(t.lines(ev)).toContain('The wooden cover at (4, 2) catches fire and burns away: no cover there any more [OUT-COV-4]');
    expect((t.state.map as { cells: Record<string, object> }).cells['4,2']).toEqual({ tags: ['burnt'] });
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    // the spear (1d8) now meets no cover at all: one hit roll, no second die (before: the wood's half cover, a d10)
    const spearEv = t.dice(50, 30, 4).do(spear);
    expect(t.checks(spearEv)[1]).not.toContain('cover');
    expect(t.unusedDice).toEqual([]);
  });
});
