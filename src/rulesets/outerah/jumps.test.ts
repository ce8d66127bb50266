// The foot of the mountain (OUT-TER-3, ruling in jumps.ts): footOf searches ring by ring outward and must
// find what reading the whole map finds — the nearest free cell off the mountain, then the lowest, then
// the first by rows — on any map, from any cell, with any cells taken.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellKey, distance, elevationAt } from '../../engine/space/grid.ts';
import type { Cell, GridMap, Resolution, Terrain } from '../../engine/index.ts';
import { footOf } from './jumps.ts';

/** The rule read plainly: every cell of the map, kept when nearer, or as near and lower. */
function wholeMapFoot(map: GridMap, from: Cell, taken: Set<string>): Cell | undefined {
  let best: { c: Cell; d: number; h: number } | undefined;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const c = { x, y };
      const t = map.cells[cellKey(c)];
      if (t?.tags?.includes('mountain') || t?.blocksMove || taken.has(cellKey(c))) continue;
      const d = distance(from, c);
      const h = elevationAt(map, c);
      if (!best || d < best.d || (d === best.d && h < best.h)) best = { c, d, h };
    }
  }
  return best?.c;
}

// a cell: open, open and raised, mountain, or wall
const kind = fc.constantFrom<Terrain | undefined>(undefined, { elevation: 1 }, { elevation: 2 }, { tags: ['mountain'], elevation: 3 }, { blocksMove: true });

const setting = fc
  .record({ width: fc.integer({ min: 1, max: 9 }), height: fc.integer({ min: 1, max: 9 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      cells: fc.array(kind, { minLength: width * height, maxLength: width * height }),
      taken: fc.array(fc.boolean(), { minLength: width * height, maxLength: width * height }),
      from: fc.record({ x: fc.integer({ min: 0, max: width - 1 }), y: fc.integer({ min: 0, max: height - 1 }) }),
    }),
  );

describe('footOf (OUT-TER-3)', () => {
  it('finds what reading the whole map finds', () => {
    fc.assert(
      fc.property(setting, ({ width, height, cells, taken, from }) => {
        const map: GridMap = { kind: 'grid', width, height, cells: {} };
        const held = new Set<string>();
        cells.forEach((t, i) => {
          const c = { x: i % width, y: Math.floor(i / width) };
          if (t) map.cells[cellKey(c)] = t;
          if (taken[i]) held.add(cellKey(c));
        });
        const ctx = { state: { map, data: {} } } as unknown as Resolution;
        expect(footOf(ctx, from, held)).toEqual(wholeMapFoot(map, from, held));
      }),
      { numRuns: 500 },
    );
  });

  it('takes the lowest of the nearest, then the first by rows', () => {
    // a 5×3 map, the fall from (2, 1) on a mountain ringed by cells one step away
    const map: GridMap = { kind: 'grid', width: 5, height: 3, cells: {} };
    for (let x = 0; x < 5; x++) for (let y = 0; y < 3; y++) map.cells[cellKey({ x, y })] = { elevation: 2 };
    map.cells['2,1'] = { tags: ['mountain'], elevation: 4 };
    map.cells['1,2'] = { elevation: 1 }; // one step away and lower than the rest of the ring
    map.cells['3,2'] = { elevation: 1 }; // as low, as near, later by rows
    map.cells['0,0'] = { elevation: 0 }; // lowest of all, but two steps away
    const ctx = { state: { map, data: {} } } as unknown as Resolution;
    expect(footOf(ctx, { x: 2, y: 1 }, new Set())).toEqual({ x: 1, y: 2 });
    // that cell taken: the other low one
    expect(footOf(ctx, { x: 2, y: 1 }, new Set(['1,2']))).toEqual({ x: 3, y: 2 });
    // the whole ring taken or mountain: the next ring's lowest
    const ring = ['1,0', '2,0', '3,0', '1,1', '3,1', '1,2', '2,2', '3,2'];
    expect(footOf(ctx, { x: 2, y: 1 }, new Set(ring))).toEqual({ x: 0, y: 0 });
  });
});
