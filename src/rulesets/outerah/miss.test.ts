// Where misses go: melee, stray projectiles, reflected magic.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';
import { strayCells } from './miss.ts';

// Hero with a longbow at (1,5), Foe at (5,5) facing W, an Ogre (Foe's ally) at (5,4)
const range = (doc: Record<string, unknown> = {}) =>
  duel({
    hero: { at: [1, 5], weapons: ['longbow'] },
    foe: { at: [5, 5] },
    extra: [{ id: 'ogre', name: 'Ogre', side: 'foes', class: 'paladin', at: [5, 4], hp: 50 }],
    doc,
  });
const shoot = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'longbow' };

describe('outerah misses', () => {
  it('OUT-MISS-1: a missed melee attack simply misses', () => {
    const t = new Table(outerah, duel());
    t.start(5, 1);
    const ev = t.dice(50, 99).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    expect(t.lines(ev)).toContain('Sword simply misses Foe [OUT-MISS-1]');
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-MISS-2: a missed projectile strays: 1d6 picks a cell next to the target in the cone beyond it, the cell straight behind included (ruling)', () => {
    // the shot from (1,5) at (5,5) flies on east: 1 left (5,4), 2 far-left (6,4), 3 straight behind (6,5), 4 far-right
    // (6,6), 5 right (5,6); 6 flies wide. (Before, the cone left out (6,5), the cell most in the shot's path.)
    expect(strayCells({ x: 1, y: 5 }, { x: 5, y: 5 }).map((c) => `${c.x},${c.y}`)).toEqual(['5,4', '6,4', '6,5', '6,6', '5,6']);
    // a diagonal shot from (1,1) at (4,4) flies on south-east: left (5,3), far-left (5,4), behind (5,5), far-right (4,5), right (3,5)
    expect(strayCells({ x: 1, y: 1 }, { x: 4, y: 4 }).map((c) => `${c.x},${c.y}`)).toEqual(['5,3', '5,4', '5,5', '4,5', '3,5']);
    const imp = { id: 'imp', name: 'Imp', side: 'foes', class: 'nightblade', at: [6, 5], hp: 30 };
    const table = () => {
      const t = new Table(outerah, range({ units: [...(range().units as object[]), imp] }));
      t.start(5, 1, 1, 1, 1); // Hero 12, Foe 4, Ogre 4, Imp 6 + 0 + 1 = 7: Hero, Imp, then Foe and Ogre by the coin (d2 1: Foe)
      return t;
    };
    // miss (D100 99 > 50), d6(1) → (5,4): the Ogre takes 1d10(5) + 20 − 2 = 23
    const t = table();
    const ev = t.dice(50, 99, 1, 5).do(shoot);
    expect(t.checks(ev)[2]).toBe('1d6(1) → strays to (5, 4) left of Foe: Ogre [OUT-MISS-2]');
    expect(t.hp('ogre')).toBe(27);
    // d6(3): straight behind Foe, the Imp at (6,5): 1d10(5) + 20 − 2 = 23
    const b = table();
    expect(b.checks(b.dice(50, 99, 3, 5).do(shoot))[2]).toBe('1d6(3) → strays to (6, 5) straight behind Foe: Imp [OUT-MISS-2]');
    expect(b.hp('imp')).toBe(7);
    const u = table();
    expect(u.checks(u.dice(50, 99, 4).do(shoot))[2]).toBe('1d6(4) → strays to (6, 6) far-right of Foe: nobody there [OUT-MISS-2]');
    const w = table();
    expect(w.checks(w.dice(50, 99, 6).do(shoot))[2]).toBe('1d6(6) → flies wide of Foe: nobody hit [OUT-MISS-2]');
    expect([t.unusedDice, b.unusedDice, u.unusedDice, w.unusedDice]).toEqual([[], [], [], []]);
  });

  it('OUT-MISS-2: with `strays: gm` the GM picks where it goes', () => {
    const t = new Table(outerah, range({ settings: { strays: 'gm' } }));
    t.start(5, 1, 1, 1);
    t.dice(50, 99).do(shoot);
    const p = t.state.pending[0];
    expect(p).toMatchObject({ kind: 'stray', answeredBy: 'gm', options: ['ogre', 'nobody'] });
    t.dice(5).do({ type: 'answer', pending: p.id, choice: 'ogre' });
    expect(t.hp('ogre')).toBe(27);
  });

  it('OUT-MISS-3: magic aimed at a unit with Reflect misses by reflect: 2d10 pick a cell of the 10×10 area', () => {
    // Foe acts first (Hero 6 + 1 + 1 = 8, Foe 2 + 1 + 12 = 15) and casts Mirror on itself: 60 % at Wisdom 10, D100(10)
    const t = new Table(outerah, duel({ hero: { skills: ['firebolt'] }, foe: { skills: ['reflect'] } }));
    t.start(1, 12);
    t.dice(10).do({ type: 'cast', actor: 'foe', skill: 'reflect', target: 'foe' });
    t.do({ type: 'end_turn', actor: 'foe' });
    // Firebolt at Foe (3,2): the 10×10 area spans x −1..8, y −2..7; column 4, row 5 → (2, 2): the Hero itself!
    // 2d6(3, 4) + Intelligence 10 − Hero's Wisdom 20 reduction 4 = 13 → 40 − 13 = 27
    const ev = t.dice(4, 5, 3, 4).do({ type: 'cast', actor: 'hero', skill: 'firebolt', target: 'foe' });
    expect(t.lines(ev)).toContain('Firebolt misses Foe by reflect [OUT-MISS-3]');
    expect(t.checks(ev)[0]).toBe('2d10(4, 5) → column 4, row 5 → (2, 2): Hero [OUT-MISS-3]');
    expect(t.hp('hero')).toBe(27);
    expect(t.hp('foe')).toBe(30);
    expect(t.preview({ type: 'cast', actor: 'hero', skill: 'firebolt', target: 'foe' }).chance).toBe(0);
  });

  it('OUT-MISS-3: a reflected spell may land off the map or on an empty cell: lost', () => {
    const t = new Table(outerah, duel({ hero: { skills: ['firebolt'] }, foe: { skills: ['reflect'] } }));
    t.start(1, 12);
    t.dice(10).do({ type: 'cast', actor: 'foe', skill: 'reflect', target: 'foe' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(t.dice(1, 1).do({ type: 'cast', actor: 'hero', skill: 'firebolt', target: 'foe' }))[0]).toBe('2d10(1, 1) → column 1, row 1 → (-1, -2), off the map: lost [OUT-MISS-3]');
    expect(t.hp('hero') + t.hp('foe')).toBe(70);
  });
});
