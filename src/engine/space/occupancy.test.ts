import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import type { Cell, Unit, UnitStatus } from '../types.ts';
import { adjacentEnemies, cellKey, occupancyIndex, occupiedBy, occupies, reachable, unitAt, unitsWithin } from './index.ts';

const unit = (id: string, side: string, position: Cell | undefined, status: UnitStatus = 'active'): Unit => ({
  id, name: id, side, status, stats: {}, pools: {}, position, data: {},
});

const units: Record<string, Unit> = {
  a: unit('a', 'red', { x: 1, y: 1 }),
  b: unit('b', 'blue', { x: 2, y: 2 }),
  c: unit('c', 'blue', { x: 0, y: 0 }, 'down'),
  d: unit('d', 'blue', { x: 1, y: 2 }, 'dead'),
  e: unit('e', 'red', { x: 2, y: 1 }),
  f: unit('f', 'blue', { x: 5, y: 5 }),
  g: unit('g', 'blue', undefined),
};

describe('occupancy', () => {
  it('unitAt: active and down units occupy, the dead do not', () => {
    expect(unitAt(units, { x: 2, y: 2 })?.id).toBe('b');
    expect(unitAt(units, { x: 0, y: 0 })?.id).toBe('c');
    expect(unitAt(units, { x: 1, y: 2 })).toBeUndefined();
    expect(unitAt(Object.values(units), { x: 1, y: 1 })?.id).toBe('a');
    expect(unitAt(units, { x: 9, y: 9 })).toBeUndefined();
  });

  it('unitsWithin, in input order', () => {
    expect(unitsWithin(units, { x: 1, y: 1 }, 1).map((u) => u.id)).toEqual(['a', 'b', 'c', 'e']);
    expect(unitsWithin(units, { x: 1, y: 1 }, 1, 'manhattan').map((u) => u.id)).toEqual(['a', 'e']);
    expect(unitsWithin(units, { x: 1, y: 1 }, 10).map((u) => u.id)).toEqual(['a', 'b', 'c', 'e', 'f']);
  });

  it('adjacentEnemies: other side, within 1, occupying', () => {
    expect(adjacentEnemies(units, units.a).map((u) => u.id)).toEqual(['b', 'c']);
    expect(adjacentEnemies(units, units.b).map((u) => u.id)).toEqual(['a', 'e']);
    expect(adjacentEnemies(units, units.g)).toEqual([]);
  });

  it('index and a movement predicate that ignores the mover', () => {
    expect([...occupancyIndex(units).keys()]).toEqual(['1,1', '2,2', '0,0', '2,1', '5,5']);
    const occupied = occupiedBy(units, ['a']);
    expect(occupied({ x: 1, y: 1 })).toBe(false);
    expect(occupied({ x: 2, y: 2 })).toBe(true);
    expect(occupied({ x: 1, y: 2 })).toBe(false);
    const map = { kind: 'grid' as const, width: 3, height: 3, cells: {} };
    const reach = reachable(map, { x: 1, y: 1 }, 1, { occupied });
    expect([...reach.keys()].sort()).toEqual(['0,1', '0,2', '1,0', '1,1', '1,2', '2,0'].sort());
    const enemiesOnly = occupiedBy(units, ['a'], (u) => u.side !== 'red');
    expect(enemiesOnly({ x: 2, y: 1 })).toBe(false);
  });
});

describe('occupiedBy, cells as numbers', () => {
  /** The answer as it was: every occupying cell by its key in a Map. */
  const byKeys = (us: Unit[], ignore: string[]) => {
    const index = new Set(us.filter((u) => occupies(u) && !ignore.includes(u.id)).map((u) => cellKey(u.position!)));
    return (c: Cell) => index.has(cellKey(c));
  };
  const coordinate = fc.oneof(fc.integer({ min: -1, max: 3 }), fc.constantFrom(-0, 0.5, NaN, Infinity, '2' as unknown as number));
  const place = fc.record({ x: coordinate, y: coordinate });
  it('answers as the cells by key, whatever the places', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ at: fc.option(place, { nil: undefined }), status: fc.constantFrom<UnitStatus>('active', 'down', 'dead') }), { maxLength: 8 }), fc.array(place, { maxLength: 20 }), (specs, asks) => {
        const us = specs.map((s, i) => unit(`u${i}`, 'red', s.at, s.status));
        const ignore = us.length ? [us[0].id] : [];
        const now = occupiedBy(us, ignore);
        const then = byKeys(us, ignore);
        for (const c of asks) expect(now(c)).toBe(then(c));
      }),
      { numRuns: 2000 },
    );
  });
});
