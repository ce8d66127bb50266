// The index-based search (typed arrays, terrain by index, each cell's occupancy asked once) must give
// exactly what the plain string-keyed search gives: same cells, costs, previous cells, pass-only marks,
// and the same insertion order, for any map, rules and budget.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GridMap, Terrain } from '../types.ts';
import { cellKey } from './grid.ts';
import { pathTo, reachable, reachCells, reachCellsUntil, searchByKey, type MoveRules } from './path.ts';

const terrain: fc.Arbitrary<Terrain> = fc.oneof(
  fc.constant<Terrain>({ blocksMove: true }),
  fc.record<Terrain>({ cost: fc.constantFrom(0.5, 1, 1.5, 2, 3) }),
  fc.constant<Terrain>({ tags: ['mud'] }),
);

const world = fc
  .record({ width: fc.integer({ min: 1, max: 9 }), height: fc.integer({ min: 1, max: 9 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      cells: fc.dictionary(fc.tuple(fc.nat(width - 1), fc.nat(height - 1)).map(([x, y]) => cellKey({ x, y })), terrain, { maxKeys: width * height }),
      from: fc.tuple(fc.nat(width - 1), fc.nat(height - 1)),
      occupied: fc.array(fc.tuple(fc.nat(width - 1), fc.nat(height - 1)), { maxLength: 6 }),
      passOnly: fc.array(fc.tuple(fc.nat(width - 1), fc.nat(height - 1)), { maxLength: 6 }),
      corners: fc.constantFrom('free', 'noSqueeze', 'noCut', undefined),
      diagonalCost: fc.constantFrom(1, 1.5, 2, undefined),
      budget: fc.constantFrom(0, 1, 2.5, 4, 7, Infinity),
    }),
  );

type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

/** The map and move rules a generated world stands for. */
function mapAndRules(w: World): { map: GridMap; rules: MoveRules } {
  const occ = new Set(w.occupied.map(([x, y]) => cellKey({ x, y })));
  const pass = new Set(w.passOnly.map(([x, y]) => cellKey({ x, y })));
  return {
    map: { kind: 'grid', width: w.width, height: w.height, cells: w.cells },
    rules: {
      occupied: (c) => occ.has(cellKey(c)),
      passOnly: (c) => pass.has(cellKey(c)),
      ...(w.corners ? { corners: w.corners } : {}),
      ...(w.diagonalCost ? { diagonalCost: w.diagonalCost } : {}),
    },
  };
}

describe('reachable', () => {
  it('the fast search equals the string-keyed search entry by entry, in order', () => {
    fc.assert(
      fc.property(world, (w) => {
        const { map, rules } = mapAndRules(w);
        const from = { x: w.from[0], y: w.from[1] };
        expect([...reachable(map, from, w.budget, rules)]).toEqual([...searchByKey(map, from, w.budget, rules)]);
      }),
      { numRuns: 2000 },
    );
  });

  it('reachCells gives the same answer as typed arrays: same cells in order, costs, previous cells, stops and paths', () => {
    fc.assert(
      fc.property(world, fc.boolean(), (w, offGrid) => {
        const { map, rules } = mapAndRules(w);
        // a start that is not a whole cell goes through the string-keyed search
        const from = offGrid ? { x: w.from[0] + 0.5, y: w.from[1] } : { x: w.from[0], y: w.from[1] };
        const expected = offGrid ? searchByKey(map, from, w.budget, rules) : reachable(map, from, w.budget, rules);
        const r = reachCells(map, from, w.budget, rules);
        const entries = [...expected];
        expect(r.count).toBe(entries.length);
        entries.forEach(([key, e], k) => {
          expect(r.key(k)).toBe(key);
          expect(cellKey({ x: r.x[k], y: r.y[k] })).toBe(key);
          expect(r.cost[k]).toBe(e.cost);
          expect(r.from[k] < 0 ? undefined : r.key(r.from[k])).toBe(e.prev);
          expect(r.stop[k] === 0).toBe(e.canStop === false);
          expect(r.path(k)).toEqual(pathTo(expected, { x: r.x[k], y: r.y[k] }));
        });
        expect([...r.map()]).toEqual(entries);
        expect(r.map()).toBe(r.map());
      }),
      { numRuns: 1000 },
    );
  });

  it('reachCellsUntil stops at the first stop reached that passes its test, settled: what it holds is reachCells\' answer for those cells, in order', () => {
    fc.assert(
      fc.property(world, fc.tuple(fc.nat(8), fc.nat(8)), fc.constantFrom(0, 1, 2), (w, [gx, gy], near) => {
        const { map, rules } = mapAndRules(w);
        const from = { x: w.from[0], y: w.from[1] };
        const full = reachCells(map, from, w.budget, rules);
        // the test a walk toward (gx, gy) asks: within `near` of it
        const until = (x: number, y: number) => Math.max(Math.abs(x - gx), Math.abs(y - gy)) <= near;
        const { reached: r, whole } = reachCellsUntil(map, from, w.budget, rules, until);
        // the first cell of the whole search (not the start, one may stop on) that passes
        let first = -1;
        for (let k = 1; k < full.count && first < 0; k++) if (full.stop[k] === 1 && until(full.x[k], full.y[k])) first = k;
        expect(whole).toBe(first < 0);
        if (whole) {
          expect([...r.map()]).toEqual([...full.map()]);
          return;
        }
        // a part of the whole search's cells, in its order, each with its final cost and way back — the first that passes among them
        const at = new Map<string, number>();
        for (let k = 0; k < full.count; k++) at.set(cellKey({ x: full.x[k], y: full.y[k] }), k);
        let last = -1;
        let found = false;
        for (let k = 0; k < r.count; k++) {
          const j = at.get(cellKey({ x: r.x[k], y: r.y[k] }))!;
          expect(j).toBeGreaterThan(last);
          last = j;
          expect(r.cost[k]).toBe(full.cost[j]);
          expect(r.path(k)).toEqual(full.path(j));
          if (j === first) found = true;
        }
        expect(found).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
