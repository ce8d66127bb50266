// A search's stops (stopsOf) and the walk toward a set of cells among them (nearestStop), worked out by hand.
import { describe, expect, it } from 'vitest';
import { reachable } from './path.ts';
import { nearestStop, stopsOf } from './stops.ts';
import type { GridMap } from '../types.ts';

const map: GridMap = { kind: 'grid', width: 5, height: 1, cells: {} };

describe('stops of a search', () => {
  // a corridor from (1, 0), 2 to spend: (0, 0) and (2, 0) cost 1, (3, 0) costs 2, (1, 0) is the start
  const reach = reachable(map, { x: 1, y: 0 }, 2, { passOnly: (c) => c.x === 2 });

  it('leaves out the start and the cells a move may only pass, in the search order', () => {
    const s = stopsOf(reach);
    expect(s.keys).toEqual(['0,0', '3,0']);
    expect(s.cells).toEqual([{ x: 0, y: 0 }, { x: 3, y: 0 }]);
    expect(s.costs).toEqual([1, 2]);
    expect(stopsOf(reach)).toBe(s); // read once per search
  });

  it('walks to the first stop nearer the nearest cell than the distance to beat', () => {
    // toward (4, 0): from (1, 0) it is 3 away; (0, 0) is 4 away, (3, 0) 1 away
    expect(nearestStop(stopsOf(reach), [{ x: 4, y: 0 }], 3)).toEqual({ index: 1, d: 1 });
    // toward (0, 0) or (4, 0): (0, 0) is 0 away from the first, the first such stop wins
    expect(nearestStop(stopsOf(reach), [{ x: 4, y: 0 }, { x: 0, y: 0 }], 1)).toEqual({ index: 0, d: 0 });
    // nothing beats 1 toward (4, 0) (the nearest stop is 1 away): none
    expect(nearestStop(stopsOf(reach), [{ x: 4, y: 0 }], 1)).toEqual({ index: -1, d: 1 });
    // no cells to walk toward: none
    expect(nearestStop(stopsOf(reach), [], Infinity)).toEqual({ index: -1, d: Infinity });
  });
});
