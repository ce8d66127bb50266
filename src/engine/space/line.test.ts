import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Cell, GridMap, Terrain } from '../types.ts';
import {
  cellKey, coverBetween, coverFromFront, coverSourceBetween, distance, extendLine, firstBlocking, lineCells, lineOfSight,
  lineSteps, ray, sameCell,
} from './index.ts';

const coord = fc.integer({ min: -20, max: 20 });
const cell = fc.record({ x: coord, y: coord });
const grid = (cells: Record<string, Terrain> = {}, size = 10): GridMap => ({ kind: 'grid', width: size, height: size, cells });
const keys = (cs: Cell[]) => cs.map(cellKey);

describe('lineCells', () => {
  it('excludes a, includes b', () => {
    expect(keys(lineCells({ x: 0, y: 0 }, { x: 3, y: 0 }))).toEqual(['1,0', '2,0', '3,0']);
    expect(keys(lineCells({ x: 0, y: 0 }, { x: 3, y: 3 }))).toEqual(['1,1', '2,2', '3,3']);
    expect(keys(lineCells({ x: 0, y: 0 }, { x: 4, y: 2 }))).toEqual(['1,1', '2,1', '3,2', '4,2']);
    expect(lineCells({ x: 2, y: 2 }, { x: 2, y: 2 })).toEqual([]);
  });

  it('reports ties (the line runs exactly between two cells)', () => {
    expect(lineSteps({ x: 0, y: 0 }, { x: 2, y: 1 })).toEqual([
      { cell: { x: 1, y: 1 }, alt: { x: 1, y: 0 } },
      { cell: { x: 2, y: 1 } },
    ]);
  });

  it('is contiguous, ends at b, and has max(|dx|,|dy|) cells', () => {
    fc.assert(fc.property(cell, cell, (a, b) => {
      const line = lineCells(a, b);
      expect(line.length).toBe(distance(a, b));
      let prev = a;
      for (const c of line) {
        expect(distance(prev, c)).toBe(1);
        prev = c;
      }
      expect(sameCell(prev, b)).toBe(true);
    }));
  });

  it('is symmetric: the same cells from either end', () => {
    fc.assert(fc.property(cell, cell, (a, b) => {
      const ab = new Set([cellKey(a), ...keys(lineCells(a, b))]);
      const ba = new Set([cellKey(b), ...keys(lineCells(b, a))]);
      expect([...ab].sort()).toEqual([...ba].sort());
    }));
  });

  it('extendLine and ray continue the same line', () => {
    expect(keys(extendLine({ x: 0, y: 0 }, { x: 2, y: 1 }, 2))).toEqual(['3,2', '4,2']);
    expect(keys(extendLine({ x: 5, y: 5 }, { x: 5, y: 4 }, 3))).toEqual(['5,3', '5,2', '5,1']);
    expect(extendLine({ x: 1, y: 1 }, { x: 1, y: 1 }, 3)).toEqual([]);
    expect(keys(extendLine({ x: 5, y: 2 }, { x: 5, y: 1 }, 3, grid()))).toEqual(['5,0']); // map edge
    expect(keys(ray({ x: 0, y: 0 }, { x: 2, y: 1 }, 4))).toEqual(['1,1', '2,1', '3,2', '4,2']);
    expect(keys(ray({ x: 0, y: 0 }, { x: 4, y: 2 }, 2))).toEqual(['1,1', '2,1']);
    fc.assert(fc.property(cell, cell, fc.integer({ min: 0, max: 10 }), (a, b, k) => {
      fc.pre(!sameCell(a, b));
      const r = ray(a, b, distance(a, b) + k);
      expect(r).toEqual([...lineCells(a, b), ...extendLine(a, b, k)]);
      let prev = a;
      for (const c of r) {
        expect(distance(prev, c)).toBe(1);
        prev = c;
      }
    }));
  });
});

describe('blocking and sight', () => {
  const wall: Terrain = { blocksMove: true, blocksSight: true, cover: 'full' };

  it('firstBlocking finds the first blocked cell; the end counts unless told not to', () => {
    const map = grid({ '3,0': wall, '5,0': wall });
    const blocks = (c: Cell) => map.cells[cellKey(c)]?.blocksSight === true;
    expect(firstBlocking(map, { x: 0, y: 0 }, { x: 6, y: 0 }, blocks)).toEqual({ x: 3, y: 0 });
    expect(firstBlocking(map, { x: 0, y: 0 }, { x: 2, y: 0 }, blocks)).toBeUndefined();
    expect(firstBlocking(map, { x: 0, y: 0 }, { x: 3, y: 0 }, blocks)).toEqual({ x: 3, y: 0 });
    expect(firstBlocking(map, { x: 0, y: 0 }, { x: 3, y: 0 }, blocks, { includeEnd: false })).toBeUndefined();
    // a unit in the way of a projectile
    const occupied = (c: Cell) => sameCell(c, { x: 2, y: 1 });
    expect(firstBlocking(map, { x: 0, y: 0 }, { x: 4, y: 2 }, occupied)).toEqual({ x: 2, y: 1 });
  });

  it('lineOfSight: walls block, own cells do not, corner gaps let sight through when one side is clear', () => {
    const map = grid({ '2,2': wall });
    expect(lineOfSight(map, { x: 0, y: 2 }, { x: 4, y: 2 })).toBe(false);
    expect(lineOfSight(map, { x: 0, y: 2 }, { x: 2, y: 2 })).toBe(true);
    expect(lineOfSight(map, { x: 0, y: 0 }, { x: 4, y: 4 })).toBe(false);
    expect(lineOfSight(map, { x: 0, y: 0 }, { x: 4, y: 0 })).toBe(true);
    // (1,1)→(3,2): the step at x=2 runs between (2,1) and (2,2); (2,1) is clear
    expect(lineOfSight(map, { x: 1, y: 1 }, { x: 3, y: 2 })).toBe(true);
    const both = grid({ '2,1': wall, '2,2': wall });
    expect(lineOfSight(both, { x: 1, y: 1 }, { x: 3, y: 2 })).toBe(false);
  });

  it('lineOfSight is symmetric on random maps', () => {
    const small = fc.record({ x: fc.integer({ min: 0, max: 7 }), y: fc.integer({ min: 0, max: 7 }) });
    fc.assert(fc.property(fc.array(small, { maxLength: 15 }), small, small, (walls, a, b) => {
      const map = grid(Object.fromEntries(walls.map((w) => [cellKey(w), wall])), 8);
      expect(lineOfSight(map, a, b)).toBe(lineOfSight(map, b, a));
    }));
  });
});

describe('cover', () => {
  const full: Terrain = { cover: 'full', blocksMove: true, material: 'brick' };
  const half: Terrain = { cover: 'half', material: 'sandbags' };
  const d = { x: 5, y: 5 };

  it('line model: only cover next to the defender, on the line from the attacker', () => {
    const map = grid({ '5,4': full, '4,5': half });
    expect(coverBetween(map, { x: 5, y: 0 }, d)).toBe('full'); // wall between
    expect(coverBetween(map, { x: 5, y: 9 }, d)).toBe('none'); // from behind
    expect(coverBetween(map, { x: 0, y: 5 }, d)).toBe('half'); // sandbags to the west
    expect(coverBetween(map, { x: 9, y: 5 }, d)).toBe('none');
    expect(coverBetween(map, { x: 5, y: 4 }, d)).toBe('none'); // attacker on the cover cell
    expect(coverBetween(map, { x: 4, y: 4 }, d)).toBe('none'); // adjacent attacker
    expect(coverBetween(map, { x: 8, y: 1 }, d)).toBe('none'); // shallow angle: the line misses (5,4)
    expect(coverSourceBetween(map, { x: 5, y: 0 }, d)).toEqual({ level: 'full', cell: { x: 5, y: 4 }, terrain: full });
    // far cover (not next to the defender) does not count
    expect(coverBetween(grid({ '5,2': full }), { x: 5, y: 0 }, d)).toBe('none');
  });

  it('line model at a tie gives the better of the two cells', () => {
    // (1,3)→(5,5): the step at x=4 is (4, 4.5), between (4,5) (in lineCells) and (4,4) (the alt)
    expect(coverBetween(grid({ '4,4': half }), { x: 1, y: 3 }, d)).toBe('half');
    expect(coverBetween(grid({ '4,5': half }), { x: 1, y: 3 }, d)).toBe('half');
  });

  it('front-arc model: full cover protects from anywhere in front of it', () => {
    const map = grid({ '5,4': full });
    expect(coverFromFront(map, { x: 5, y: 0 }, d)).toBe('full');
    expect(coverFromFront(map, { x: 8, y: 1 }, d)).toBe('full'); // shallow angle still in front of the wall
    expect(coverFromFront(map, { x: 9, y: 4 }, d)).toBe('none'); // beside the wall
    expect(coverFromFront(map, { x: 5, y: 9 }, d)).toBe('none'); // behind the defender
    expect(coverFromFront(map, { x: 6, y: 4 }, d)).toBe('none'); // adjacent attacker, beside the wall
  });

  it('whatever the line model finds, the front-arc model finds at least as much', () => {
    const rank = { none: 0, half: 1, full: 2 };
    const small = fc.record({ x: fc.integer({ min: 0, max: 9 }), y: fc.integer({ min: 0, max: 9 }) });
    fc.assert(fc.property(fc.array(small, { maxLength: 8 }), small, (covers, a) => {
      const map = grid(Object.fromEntries(covers.map((w) => [cellKey(w), full])));
      expect(rank[coverFromFront(map, a, d)]).toBeGreaterThanOrEqual(rank[coverBetween(map, a, d)]);
    }));
  });
});
