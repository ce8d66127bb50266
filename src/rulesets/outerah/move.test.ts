// Movement's kept path searches (OUT-TURN-1, OUT-TER-1, OUT-MNT-1, OUT-SPACE-1): a search is kept per map object
// by everything it reads, so a board that changes on the same map object is always searched afresh.
import { describe, expect, it } from 'vitest';
import { createEngine, type Command, type GridMap } from '../../engine/index.ts';
import { reachable } from '../../engine/space/path.ts';
import { duel, field } from './fixtures.ts';
import { outerah } from './index.ts';
import { moveRules, reachedOf, reachedTo, walkToward } from './move.ts';
import { placeOf } from './reached.ts';
import type { Ship } from './ship-model.ts';

describe('outerah kept path searches', () => {
  it('OUT-TURN-1, OUT-TER-1, OUT-SPACE-1: kept searches are never stale — units, wings, Jump and ships changing on the same map object give a new search', () => {
    // the Ark's deck is x 0..3, y 0..2 over open sky; its east column (3, 0..2) is 2 levels up; land along y = 3.
    // Hero (Movement 5, Jump 1, no wings) stands on the deck at (1,1); Foe (winged) hovers far off at (11,11)
    const ark = { id: 'ark', name: 'Ark', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 5 };
    const doc = duel({
      hero: { at: [1, 1] }, foe: { at: [11, 11], wings: true },
      doc: { map: { width: 12, height: 12, surroundings: 'sky', terrain: [{ at: [3, 0], to: [3, 2], elevation: 2 }, { at: [0, 3], to: [11, 3], tags: ['land'] }] }, ships: [ark] },
    });
    // as the simulator plays: in place, so the map object stays the same from command to command
    const engine = createEngine(outerah);
    const state = engine.replay(engine.create(outerah.encounterSchema.parse(doc)));
    const map = state.map;
    const faces = [5, 1]; // Speed: Hero 6 + 1 + 5 = 12, Foe 2 + 1 + 1 = 4
    const dice = { roll: () => faces.shift() ?? 1 };
    const run = (cmd: Command) => {
      const d = engine.decide(state, cmd, dice, { inPlace: true });
      if (!d.ok) throw new Error(d.rejection.message);
    };
    const moves = () => engine.legalActions(state, 'hero').filter((o) => o.command.type === 'move').map((o) => String(o.command.to)).sort();
    // a search made now, kept nowhere
    const fresh = () => {
      const hero = state.units.hero;
      return [...reachable(state.map as GridMap, hero.position!, hero.pools.movement.value, moveRules(state, hero))].filter(([, r]) => r.cost > 0).map(([k]) => k).sort();
    };
    run({ type: 'start' });
    const open = moves();
    expect(moves()).toEqual(open); // asked again: the kept search
    expect(open).toEqual(fresh());
    // deck (0..2, 0..2) but its own cell, and the land row y = 3 out to x = 6 ((2,2), then (3,3) diagonally, on to
    // (6,3): 5 steps); the raised column x = 3 is 2 levels up (Jump 1), and open air cannot be walked into
    expect(open).toEqual(['0,0', '0,1', '0,2', '0,3', '1,0', '1,2', '1,3', '2,0', '2,1', '2,2', '2,3', '3,3', '4,3', '5,3', '6,3'].sort());
    // the GM puts Foe beside Hero: (2,1) is blocked now
    run({ type: 'gm.move', unit: 'foe', to: [2, 1], reason: 'test' });
    expect(moves()).toEqual(fresh());
    expect(moves()).not.toContain('2,1');
    expect(moves()).toContain('2,0');
    // wings: the same cell, Movement and neighbours, but open air is open to it now
    run({ type: 'gm.set_data', unit: 'hero', key: 'wings', value: true, reason: 'test' });
    expect(moves()).toEqual(fresh());
    expect(moves()).toContain('5,1');
    run({ type: 'gm.set_data', unit: 'hero', key: 'wings', value: false, reason: 'test' });
    expect(moves()).toEqual(fresh());
    expect(moves()).not.toContain('5,1');
    // Jump 2: the raised column x = 3 is a step now
    run({ type: 'gm.set_data', unit: 'hero', key: 'jump', value: 2, reason: 'test' });
    expect(moves()).toEqual(fresh());
    expect(moves()).toContain('3,1');
    // the Ark is wrecked (its state changed in place; the map object is the same): its deck is open air now,
    // and Hero without wings has nowhere to step
    (state.data.ships as unknown as Record<string, Ship>).ark.wrecked = true;
    expect(state.map).toBe(map);
    expect(fresh()).toEqual([]);
    expect(moves()).toEqual([]);
  });

  it('OUT-TURN-1: a move reads the search of the walk weighed just before it on the same state, and never once the state has changed', () => {
    // a gap at (1, 1) between walls at (1, 0) and (1, 2), a way round below them; Hero at (0, 1), Foe at (8, 1);
    // Block (an ally of Hero's) stands in the gap until the GM removes it
    const walls = [{ at: [1, 0], blocksMove: true }, { at: [1, 2], blocksMove: true }];
    const block = { id: 'block', name: 'Block', side: 'heroes', class: 'nightblade', at: [1, 1], hp: 10, stats: { strength: 10, vitality: 10, agility: 1, charisma: 10, intelligence: 10, wisdom: 10 } };
    const doc = field(walls, { hero: { at: [0, 1] }, foe: { at: [8, 1] }, extra: [block] });
    const engine = createEngine(outerah);
    const state = engine.replay(engine.create(outerah.encounterSchema.parse(doc)));
    const faces = [9, 1, 1];
    const dice = { roll: () => faces.shift() ?? 1 };
    const run = (cmd: Command) => {
      const d = engine.decide(state, cmd, dice, { inPlace: true });
      if (!d.ok) throw new Error(d.rejection.message);
    };
    run({ type: 'start' });
    const hero = state.units.hero;
    const budget = hero.pools.movement.value;
    expect(budget).toBe(5);
    const { reach } = walkToward(state, hero, [{ x: 8, y: 1 }], 8);
    // (3, 1): 4 or 5 Movement round the walls while Block holds the gap
    const k = placeOf(reach, 3, 1);
    expect(k).toBeGreaterThanOrEqual(0);
    expect(reach.cost[k]).toBeGreaterThan(3);
    // asked at once, on the same state: the walk's own search, not another ask of the store
    expect(reachedTo(state, hero, 3, 1)).toBe(reach);
    // the GM takes Block away (an event: the version steps): the move reads the search of the state as it is now
    run({ type: 'gm.remove_unit', unit: 'block', reason: 'test' });
    const now = reachedTo(state, state.units.hero, 3, 1);
    expect(now).not.toBe(reach);
    expect(now.cost[placeOf(now, 3, 1)]).toBe(3);
    const whole = reachedOf(state, state.units.hero);
    expect(now.path(placeOf(now, 3, 1))).toEqual(whole.path(placeOf(whole, 3, 1)));
  });
});
