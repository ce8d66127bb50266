// Where misses go: melee, stray projectiles, reflected magic.
import { describe, expect, it } from 'vitest';
import { adjacentInCone } from '../../engine/space/area.ts';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

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

  it('OUT-MISS-2: a missed projectile strays: 1d6 picks a neighbour of the target in the cone', () => {
    // the cone cells, numbered for the d6 (engine adjacentInCone): 1 near-left (4,4), 2 left (5,4) ...
    expect(adjacentInCone({ x: 1, y: 5 }, { x: 5, y: 5 }).map((c) => `${c.x},${c.y}`)).toEqual(['4,4', '5,4', '6,4', '6,6', '5,6', '4,6']);
    const t = new Table(outerah, range());
    t.start(5, 1, 1, 1); // Hero 12, Foe 4, Ogre 3 + 0 + 1 = 4: tie, d2(1) → Foe first
    // miss (D100 99 > 50), d6(2) → (5,4): the Ogre takes 1d10(5) + 20 − 2 = 23
    const ev = t.dice(50, 99, 2, 5).do(shoot);
    expect(t.checks(ev)[2]).toBe('1d6(2) → strays to (5, 4): Ogre [OUT-MISS-2]');
    expect(t.hp('ogre')).toBe(27);
    const u = new Table(outerah, range());
    u.start(5, 1, 1, 1);
    expect(u.checks(u.dice(50, 99, 6).do(shoot))[2]).toBe('1d6(6) → strays to (4, 6): nobody there [OUT-MISS-2]');
    expect(u.unusedDice).toEqual([]);
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
