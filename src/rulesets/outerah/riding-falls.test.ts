// Falls on a mount: the mount does the jumping and the pair falls together (OUT-TER-3, OUT-SHIP-1 with OUT-MNT-1).
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { field } from './fixtures.ts';
import { outerah } from './index.ts';

type Obj = Record<string, unknown>;
// mountain columns: x = 1 at height 1, x = 2 at height 2, x = 3..5 at height 3; x = 0 is open ground at 0
const mountain = [
  { at: [1, 0], to: [1, 11], tags: ['mountain'], elevation: 1 },
  { at: [2, 0], to: [2, 11], tags: ['mountain'], elevation: 2 },
  { at: [3, 0], to: [5, 11], tags: ['mountain'], elevation: 3 },
];
// Hero (Agility 20, 40 HP) rides the Horse (Agility 10, Movement 8, Jump 3, 30 HP) at (1,0); Foe far off at (11,11)
const horse = (over: Obj = {}) => ({ id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', level: 3, at: [1, 0], hp: 30, move: 8, jump: 3, stats: { agility: 10, vitality: 0 }, ...over });
const riding = (over: { horse?: Obj } = {}) => {
  const t = new Table(outerah, field(mountain, { hero: { at: [1, 0], stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, intelligence: 10, wisdom: 40 }, mount: { unit: 'horse' } }, extra: [horse(over.horse)] }));
  t.start(5, 1, 1); // Hero 6+1+5 = 12, Foe 2+1+1 = 4, Horse 5+0+1 = 6 (it never acts: it moves with its rider)
  return t;
};
const jump = { type: 'move', actor: 'hero', to: [2, 0] }; // (1,0) → (2,0): a 1-level jump onto a mountain cell, 2 Movement

describe('outerah mountain jumps on a mount', () => {
  it('OUT-TER-3, OUT-MNT-1: riding, the mount jumps: a made jump carries the pair; a d10 of 3–6 stops both, the mount Toppled (ruling)', () => {
    const t = riding();
    const made = t.dice(8).do(jump);
    expect(t.checks(made)).toEqual(['d10(8) (Horse jumps, Hero in the saddle) = 8 → 7–0: the jump is made [OUT-TER-3, OUT-MNT-1]']);
    expect([t.unit('hero').position, t.unit('horse').position]).toEqual([{ x: 2, y: 0 }, { x: 2, y: 0 }]);
    expect(t.unit('hero').pools.movement.value).toBe(6); // the Horse's 8 − 2
    // 3–6: the pair stays at (1,0), its Movement spent; the Topple is the Horse's (it jumped), counted on Hero's turns
    const s = riding();
    s.dice(4).do(jump);
    expect([s.unit('hero').position, s.unit('horse').position]).toEqual([{ x: 1, y: 0 }, { x: 1, y: 0 }]);
    expect(s.unit('hero').pools.movement.value).toBe(0);
    expect(s.state.effects.filter((f) => f.name === 'Topple').map((f) => f.target)).toEqual(['horse']);
    expect([t.unusedDice, s.unusedDice]).toEqual([[], []]);
  });

  it('OUT-TER-3, OUT-MNT-1: riding, the Agility save is the mount\'s, and a failed one slides both to the foot, each taking fall damage (ruling)', () => {
    // d10(2): falls. The save is the Horse's: D100(95) + Agility 10 = 105 > 100, caught: a Topple where it stood
    const c = riding();
    const caught = c.dice(2, 95).do(jump);
    expect(c.checks(caught)[1]).toBe("D100(95) + Horse's Agility 10 = 105 > 100 → catches itself [OUT-TER-3]");
    expect(c.unit('hero').position).toEqual({ x: 1, y: 0 });
    // d10(1), D100(85) + the Horse's 10 = 95 ≤ 100 (Hero's own Agility 20 would have made 105): the pair slides to the
    // foot, (0,0) (the nearest cell off the mountain, first by rows), 1 level (1 → 0). The Horse lands first:
    // 1d6(4) = 4 (30 → 26); Hero in the saddle with it: 1d6(5) = 5 (40 → 35). Still riding; the Horse is Toppled.
    const f = riding();
    const fell = f.dice(1, 85, 4, 5).do(jump);
    expect(f.checks(fell)).toEqual([
      'd10(1) (Horse jumps, Hero in the saddle) = 1 → 1–2: falls [OUT-TER-3, OUT-MNT-1]',
      "D100(85) + Horse's Agility 10 = 95 ≤ 100 → falls to the foot of the mountain [OUT-TER-3]",
      '1d6(4) (1 level: 1d6 each) = 4 → 4 damage [OUT-TER-3]',
      '1d6(5) (1 level: 1d6 each) = 5 → 5 damage [OUT-TER-3]',
    ]);
    expect([f.unit('hero').position, f.unit('horse').position]).toEqual([{ x: 0, y: 0 }, { x: 0, y: 0 }]);
    expect([f.hp('horse'), f.hp('hero')]).toEqual([26, 35]);
    expect(f.unit('hero').data.mount).toEqual({ unit: 'horse', state: 'riding' });
    expect(f.unit('hero').pools.movement.value).toBe(0);
    expect(f.state.effects.filter((x) => x.name === 'Topple').map((x) => x.target)).toEqual(['horse']);
    // a winged Horse makes no jump at all (ruling OUT-TER-3: wings fly up): no d10, the pair is on (2,0), 2 Movement spent
    const w = riding({ horse: { wings: true } });
    const flown = w.do(jump);
    expect(w.checks(flown)).toEqual([]);
    expect([w.unit('hero').position, w.unit('horse').position]).toEqual([{ x: 2, y: 0 }, { x: 2, y: 0 }]);
    expect(w.unit('hero').pools.movement.value).toBe(6);
    expect([c.unusedDice, f.unusedDice, w.unusedDice]).toEqual([[], [], []]);
  });
});

describe('outerah: a rider goes with its falling ship as its mount does', () => {
  it('OUT-SHIP-1, OUT-MNT-1: the Hull lost, a rider on a winged mount on deck rides it up off the falling ship: both fly on in the fight (ruling)', () => {
    // the Dawn (heroes, deck x 0..3) and the Raven (foes, deck x 8..11), both at altitude 2, in open sky. Foe (Mount
    // Tamer) rides the winged Griffon at (9,1) on the Raven's deck. Hero 12, Foe 4, Griffon 5+0+1 = 6 (no turns).
    const dawn = { id: 'dawn', name: 'Dawn', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 2 };
    const raven = { id: 'raven', name: 'Raven', side: 'foes', at: [8, 0], size: [4, 3], altitude: 2 };
    const griffon = { id: 'griffon', name: 'Griffon', side: 'foes', class: 'hunter', at: [9, 1], hp: 30, wings: true, stats: { agility: 10 } };
    const t = new Table(outerah, field([], {
      hero: { at: [1, 1], weapons: ['longbow'] },
      foe: { at: [9, 1], stats: { strength: 10, vitality: 10, agility: 20, charisma: 20, wisdom: 40 }, mount: { unit: 'griffon' } },
      extra: [griffon],
      doc: { ships: [dawn, raven] },
      map: { width: 40, surroundings: 'sky' },
    }));
    t.start(5, 1, 1);
    (t.state.data.ships as unknown as Record<string, { sections: { hp: number }[] }>).raven.sections[0].hp = 10; // the Hull, worn down
    // Hero's longbow at the Hull: crit D100(50) no, hit D100(30) ≤ 50 + Charisma 30; 1d10(5) + Strength 20 = 25,
    // × Super 1.5 = 37 ≥ 10: the Raven falls from altitude 2. The Griffon takes wing with Foe in the saddle, as a
    // catapulted or shoved flier stays aloft: no fall damage dice, and both are still in the fight at (9,1), now open air
    const ev = t.dice(50, 30, 5).do({ type: 'attack_ship', actor: 'hero', ship: 'raven', section: 'hull', weapon: 'longbow' });
    expect(t.lines(ev)).toContain('Foe rides Griffon up off the falling Raven: they fly on [OUT-SHIP-1, OUT-MNT-1]');
    expect([t.hp('foe'), t.hp('griffon')]).toEqual([30, 30]);
    expect([t.unit('foe').status, t.unit('griffon').status]).toEqual(['active', 'active']);
    expect([t.unit('foe').position, t.unit('griffon').position]).toEqual([{ x: 9, y: 1 }, { x: 9, y: 1 }]);
    expect(t.unit('foe').data.mount).toEqual({ unit: 'griffon', state: 'riding' });
    expect(t.state.result).toBeUndefined();
    expect(t.unusedDice).toEqual([]);
  });
});
