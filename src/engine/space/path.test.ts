import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Cell, GridMap, Terrain } from '../types.ts';
import {
  cellKey, defaultStepCost, destinations, distance, findPath, hasTag, neighbours, parseCellKey, pathCost, pathTo, reachable,
  sameCell, stepCost, type MoveRules,
} from './index.ts';

const grid = (cells: Record<string, Terrain> = {}, w = 5, h = w): GridMap => ({ kind: 'grid', width: w, height: h, cells });
const costs = (reach: Map<string, { cost: number }>) =>
  Object.fromEntries([...reach].map(([k, r]) => [k, r.cost]).sort(([a], [b]) => String(a).localeCompare(String(b))));
const sorted = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

const wall: Terrain = { blocksMove: true };
const difficult: Terrain = { cost: 2, tags: ['difficult'] };

describe('worked example: 5×5, difficult (1,1) costs 2, wall at (2,2), start (0,0)', () => {
  const map = grid({ '1,1': difficult, '2,2': wall });
  const start = { x: 0, y: 0 };

  it('budget 2', () => {
    expect(costs(reachable(map, start, 2))).toEqual(sorted({
      '0,0': 0, '1,0': 1, '0,1': 1, '1,1': 2, '2,0': 2, '2,1': 2, '0,2': 2, '1,2': 2,
    }));
  });

  it('budget 3 (diagonals past the wall corner are allowed by default)', () => {
    expect(costs(reachable(map, start, 3))).toEqual(sorted({
      '0,0': 0, '1,0': 1, '0,1': 1, '1,1': 2, '2,0': 2, '2,1': 2, '0,2': 2, '1,2': 2,
      '3,0': 3, '3,1': 3, '3,2': 3, '0,3': 3, '1,3': 3, '2,3': 3,
    }));
  });

  it("budget 3 with corners: 'noCut' loses the two cells reached by cutting past the wall", () => {
    const reach = reachable(map, start, 3, { corners: 'noCut' });
    expect(reach.has('3,2')).toBe(false);
    expect(reach.has('2,3')).toBe(false);
    expect(reach.size).toBe(12);
  });

  it('paths and their costs', () => {
    const reach = reachable(map, start, 10);
    const path = pathTo(reach, { x: 3, y: 3 });
    expect(path[0]).toEqual(start);
    expect(path[path.length - 1]).toEqual({ x: 3, y: 3 });
    expect(pathCost(map, path)).toBe(reach.get('3,3')!.cost);
    expect(reach.get('3,3')!.cost).toBe(4);
    expect(pathTo(reach, start)).toEqual([start]);
    expect(pathTo(reach, { x: 2, y: 2 })).toEqual([]); // the wall
    // each path's cells are its own: changing one changes no other path (the parsed cells are shared inside)
    path[path.length - 1].x = 99;
    expect(pathTo(reach, { x: 3, y: 3 }).at(-1)).toEqual({ x: 3, y: 3 });
    expect(findPath(map, start, { x: 4, y: 4 })).toHaveLength(6);
    expect(pathCost(map, findPath(map, start, { x: 4, y: 4 }))).toBe(5);
    expect(pathCost(map, [start, { x: 1, y: 1 }, { x: 2, y: 2 }])).toBeNull(); // into the wall
    expect(pathCost(map, [start, { x: 2, y: 0 }])).toBeNull(); // not a step
    expect(pathCost(map, [start, { x: 1, y: 1 }, { x: 2, y: 1 }])).toBe(3); // not the cheapest, still legal
  });
});

describe('movement rules', () => {
  it('no squeezing diagonally between two walls (default); free allows it', () => {
    const map = grid({ '1,0': wall, '0,1': wall });
    expect(reachable(map, { x: 0, y: 0 }, 5).size).toBe(1);
    expect(reachable(map, { x: 0, y: 0 }, 1, { corners: 'free' }).has('1,1')).toBe(true);
  });

  it('swimming: diagonals cost 1.5, exactly', () => {
    const reach = reachable(grid({}, 7), { x: 3, y: 3 }, 3, { diagonalCost: 1.5 });
    expect(reach.get('5,5')!.cost).toBe(3);
    expect(reach.get('5,4')!.cost).toBe(2.5);
    expect(reach.get('6,3')!.cost).toBe(3);
    expect(reach.has('6,6')).toBe(false); // 4.5
    expect(reach.has('6,4')).toBe(false); // 3.5
    expect(reach.get('1,2')!.cost).toBe(2.5); // 1 diagonal + 1 straight
    expect(reach.has('0,1')).toBe(false); // 2 diagonals + 1 straight = 4
  });

  it('difficult terrain halving Movement: double its cost through costOf, or halve the budget', () => {
    const map = grid({ '1,0': { tags: ['difficult'] }, '2,0': { tags: ['difficult'] }, '3,0': { tags: ['difficult'] } }, 6, 1);
    const doubled: MoveRules = {
      costOf: (m, from, to) => {
        const c = defaultStepCost(m, from, to);
        return c === null ? null : hasTag(m, to, 'difficult') ? 2 * c : c;
      },
    };
    expect(costs(reachable(map, { x: 0, y: 0 }, 5, doubled))).toEqual(sorted({ '0,0': 0, '1,0': 2, '2,0': 4 }));
    // halving a budget of 5 gives 2.5: exact fractional budget
    expect(reachable(grid({}, 6, 1), { x: 0, y: 0 }, 5 / 2).size).toBe(3);
  });

  it('occupied cells cannot be entered; pass-only cells can be crossed but not ended on', () => {
    const map = grid({}, 5, 1);
    const blocked = reachable(map, { x: 0, y: 0 }, 4, { occupied: (c) => c.x === 2 });
    expect([...blocked.keys()]).toEqual(['0,0', '1,0']);
    const ally = reachable(map, { x: 0, y: 0 }, 4, { passOnly: (c) => c.x === 2 });
    expect(ally.get('2,0')).toEqual({ cost: 2, prev: '1,0', canStop: false });
    expect(ally.get('3,0')!.cost).toBe(3);
    expect(destinations(ally).map(cellKey)).toEqual(['0,0', '1,0', '3,0', '4,0']);
    expect(findPath(map, { x: 0, y: 0 }, { x: 2, y: 0 }, { passOnly: (c) => c.x === 2 })).toEqual([]);
    expect(pathCost(map, [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }], { passOnly: (c) => c.x === 2 })).toBeNull();
    // the mover's own cell is never tested as occupied
    expect(reachable(map, { x: 0, y: 0 }, 1, { occupied: (c) => c.x === 0 }).size).toBe(2);
  });

  it('stepCost: only single steps onto the map', () => {
    const map = grid();
    expect(stepCost(map, { x: 0, y: 0 }, { x: -1, y: 0 })).toBeNull();
    expect(stepCost(map, { x: 0, y: 0 }, { x: 0, y: 0 })).toBeNull();
    expect(stepCost(map, { x: 0, y: 0 }, { x: 1, y: 1 }, { diagonalCost: 1.5 })).toBe(1.5);
  });

  it('is fast enough on 50×50', () => {
    const cells: Record<string, Terrain> = {};
    for (let i = 0; i < 50; i++) for (let j = 0; j < 50; j++) if ((i * 7 + j * 13) % 11 === 0) cells[`${i},${j}`] = { cost: 2 };
    const map = grid(cells, 50);
    const t0 = performance.now();
    for (let k = 0; k < 10; k++) reachable(map, { x: 25, y: 25 }, Infinity, { diagonalCost: 1.5 });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(reachable(map, { x: 0, y: 0 }, Infinity).size).toBe(2500);
  });
});

/** Random small maps with walls and assorted costs (including fractions). */
const smallMap = fc
  .record({
    w: fc.integer({ min: 1, max: 7 }),
    h: fc.integer({ min: 1, max: 7 }),
    terrain: fc.array(
      fc.record({
        x: fc.integer({ min: 0, max: 6 }),
        y: fc.integer({ min: 0, max: 6 }),
        t: fc.constantFrom<Terrain>(wall, { cost: 2 }, { cost: 0.5 }, { cost: 1.5 }, { cost: 3 }, {}),
      }),
      { maxLength: 20 },
    ),
  })
  .map(({ w, h, terrain }) => grid(Object.fromEntries(terrain.map(({ x, y, t }) => [`${x},${y}`, t])), w, h));
const startIn = (map: GridMap) => fc.record({ x: fc.integer({ min: 0, max: map.width - 1 }), y: fc.integer({ min: 0, max: map.height - 1 }) });

/** Bellman-Ford over all cells: the reference answer. */
function reference(map: GridMap, from: Cell, rules: MoveRules): Map<string, number> {
  const dist = new Map<string, number>([[cellKey(from), 0]]);
  for (let changed = true; changed;) {
    changed = false;
    for (const [k, d] of [...dist]) {
      const here = parseCellKey(k);
      for (const n of neighbours(here, map)) {
        const s = stepCost(map, here, n, rules);
        if (s === null) continue;
        const nd = Math.round((d + s) * 1e9) / 1e9;
        if (nd < (dist.get(cellKey(n)) ?? Infinity)) {
          dist.set(cellKey(n), nd);
          changed = true;
        }
      }
    }
  }
  return dist;
}

describe('properties', () => {
  const diag = fc.constantFrom(1, 1.5, 2);

  it('matches a brute-force reference; never exceeds the budget; paths cost what reachable says', () => {
    fc.assert(fc.property(smallMap.chain((m) => fc.tuple(fc.constant(m), startIn(m))), diag, fc.double({ min: 0, max: 12, noNaN: true }),
      ([map, from], diagonalCost, budget) => {
        fc.pre(!map.cells[cellKey(from)]?.blocksMove);
        const rules = { diagonalCost };
        const reach = reachable(map, from, budget, rules);
        const ref = reference(map, from, rules);
        for (const [k, d] of ref) {
          if (d <= budget) expect(reach.get(k)?.cost, k).toBe(d);
          else expect(reach.has(k)).toBe(false);
        }
        for (const [k, r] of reach) {
          expect(r.cost).toBeLessThanOrEqual(budget);
          const path = pathTo(reach, parseCellKey(k));
          expect(sameCell(path[0], from)).toBe(true);
          expect(pathCost(map, path, rules)).toBe(r.cost);
        }
      }));
  });

  it('uniform cost 1: path cost ≥ Chebyshev distance, and equal on an open map', () => {
    fc.assert(fc.property(smallMap.chain((m) => fc.tuple(fc.constant(m), startIn(m), startIn(m))), ([map, from, to]) => {
      const uniform: GridMap = { ...map, cells: Object.fromEntries(Object.entries(map.cells).filter(([, t]) => t.blocksMove)) };
      fc.pre(!uniform.cells[cellKey(from)]);
      const reach = reachable(uniform, from, Infinity);
      const r = reach.get(cellKey(to));
      if (r) expect(r.cost).toBeGreaterThanOrEqual(distance(from, to));
      expect(reachable(grid({}, map.width, map.height), from, Infinity).get(cellKey(to))!.cost).toBe(distance(from, to));
    }));
  });
});

describe('costAt and occupiedAt: the cells as numbers', () => {
  const map = grid({ '1,1': difficult, '2,2': wall, '3,1': { cost: 1.5 } }, 6, 5);
  const taken = new Set(['2,1', '4,3']);
  const price = (x: number, y: number, tx: number, ty: number): number | null => (tx === 0 && ty === 4 ? null : (defaultStepCost(map, { x, y }, { x: tx, y: ty }) ?? NaN) * (x !== tx && y !== ty ? 1.5 : 1));
  const byCells: MoveRules = { occupied: (c) => taken.has(cellKey(c)), costOf: (_m, f, t) => price(f.x, f.y, t.x, t.y) };

  it('answer as costOf and occupied do, and are asked instead of them', () => {
    let asked = 0;
    const byNumbers: MoveRules = {
      occupied: () => { throw new Error('occupied asked'); },
      costOf: () => { throw new Error('costOf asked'); },
      occupiedAt: (x, y) => taken.has(cellKey({ x, y })),
      costAt: (_m, x, y, tx, ty) => (asked++, price(x, y, tx, ty)),
    };
    for (const budget of [1, 2.5, 4, Infinity]) {
      expect([...reachable(map, { x: 0, y: 0 }, budget, byNumbers)]).toEqual([...reachable(map, { x: 0, y: 0 }, budget, byCells)]);
    }
    expect(asked).toBeGreaterThan(0);
  });

  it('with passOnly, occupiedAt is asked and passOnly still marks the cells', () => {
    const pass = (c: Cell) => c.x === 1 && c.y === 0;
    const a = reachable(map, { x: 0, y: 0 }, 3, { ...byCells, passOnly: pass });
    const b = reachable(map, { x: 0, y: 0 }, 3, { costOf: byCells.costOf, occupied: () => { throw new Error('occupied asked'); }, occupiedAt: (x, y) => taken.has(cellKey({ x, y })), costAt: (_m, x, y, tx, ty) => price(x, y, tx, ty), passOnly: pass });
    expect([...b]).toEqual([...a]);
    expect(b.get('1,0')?.canStop).toBe(false);
  });
});
