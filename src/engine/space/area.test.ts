import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Cell, GridMap, Terrain } from '../types.ts';
import {
  adjacentInCone, cellKey, cellsInRadius, clampToMap, cone, distance, extendLine, knockback, knockbackMoves, lineCells, sameCell, square,
  squareCell, squareOrigin,
} from './index.ts';

const grid = (cells: Record<string, Terrain> = {}, size = 10): GridMap => ({ kind: 'grid', width: size, height: size, cells });
const keys = (cs: Cell[]) => cs.map(cellKey);
const coord = fc.integer({ min: -20, max: 20 });
const cell = fc.record({ x: coord, y: coord });

describe('radius and squares', () => {
  it('cellsInRadius by metric, clipped to the map', () => {
    const c = { x: 5, y: 5 };
    expect(cellsInRadius(c, 1)).toHaveLength(9);
    expect(cellsInRadius(c, 1, 'manhattan')).toHaveLength(5);
    expect(cellsInRadius(c, 2, 'manhattan')).toHaveLength(13);
    expect(cellsInRadius(c, 1.5, 'euclidean')).toHaveLength(9);
    expect(cellsInRadius(c, 2, 'chebyshev')).toHaveLength(25);
    expect(keys(cellsInRadius({ x: 0, y: 0 }, 1, 'chebyshev', grid()))).toEqual(['0,0', '1,0', '0,1', '1,1']);
    expect(cellsInRadius(c, 0)).toEqual([c]);
  });

  it('an odd square is centred; a 10×10 spans centre−4 .. centre+5', () => {
    expect(keys(square({ x: 5, y: 5 }, 3))).toEqual(['4,4', '5,4', '6,4', '4,5', '5,5', '6,5', '4,6', '5,6', '6,6']);
    const c = { x: 20, y: 20 };
    const sq = square(c, 10);
    expect(sq).toHaveLength(100);
    expect(squareOrigin(c, 10)).toEqual({ x: 16, y: 16 });
    expect(sq[99]).toEqual({ x: 25, y: 25 });
    expect(squareCell(c, 10, 1, 1)).toEqual({ x: 16, y: 16 });
    expect(squareCell(c, 10, 5, 5)).toEqual(c); // the centre is column 5, row 5
    expect(squareCell(c, 10, 10, 3)).toEqual({ x: 25, y: 18 });
    expect(square({ x: 0, y: 0 }, 10, grid())).toHaveLength(36); // 0..5 × 0..5 on the map
    expect(clampToMap(grid(), { x: -3, y: 12 })).toEqual({ x: 0, y: 9 });
  });

  it('every 2d10 roll lands in the 10×10 square', () => {
    fc.assert(fc.property(cell, fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), (c, a, b) => {
      expect(keys(square(c, 10))).toContain(cellKey(squareCell(c, 10, a, b)));
    }));
  });
});

describe('cone', () => {
  it('a 90° cone north, length 2', () => {
    expect(keys(cone({ x: 5, y: 5 }, { x: 5, y: 4 }, 2))).toEqual(['3,3', '4,3', '5,3', '6,3', '7,3', '4,4', '5,4', '6,4']);
    expect(cone({ x: 5, y: 5 }, { x: 5, y: 5 }, 3)).toEqual([]);
  });

  it('a diagonal cone', () => {
    expect(keys(cone({ x: 0, y: 0 }, { x: 3, y: 3 }, 1))).toEqual(['1,0', '0,1', '1,1']);
  });

  it('contains the line toward its target, within its length', () => {
    fc.assert(fc.property(cell, cell, fc.integer({ min: 1, max: 8 }), (a, b, len) => {
      fc.pre(!sameCell(a, b));
      const inCone = new Set(keys(cone(a, b, len)));
      for (const c of lineCells(a, b)) if (distance(a, c) <= len) expect(inCone.has(cellKey(c))).toBe(true);
      for (const k of inCone) expect(k).not.toBe(cellKey(a));
    }));
  });
});

describe('stray projectiles: adjacentInCone', () => {
  const t = { x: 5, y: 5 };

  it('shot from the south: 1 near-left .. 6 near-right, clockwise', () => {
    expect(keys(adjacentInCone({ x: 5, y: 9 }, t, grid()))).toEqual(['4,6', '4,5', '4,4', '6,4', '6,5', '6,6']);
  });

  it('shot from the south-west, adjacent', () => {
    expect(keys(adjacentInCone({ x: 4, y: 6 }, t))).toEqual(['4,5', '4,4', '5,4', '6,5', '6,6', '5,6']);
  });

  it('adjacent orthogonal attacker: only 4', () => {
    expect(keys(adjacentInCone({ x: 5, y: 6 }, t))).toEqual(['4,5', '4,4', '6,4', '6,5']);
  });

  it('the map edge drops cells', () => {
    expect(keys(adjacentInCone({ x: 5, y: 5 }, { x: 0, y: 5 }, grid()))).toEqual(['1,6', '0,6', '0,4', '1,4']);
  });

  it('from two or more cells away: exactly 6 distinct neighbours, none on the shot line', () => {
    fc.assert(fc.property(cell, cell, (a, b) => {
      fc.pre(distance(a, b) >= 2);
      const out = adjacentInCone(a, b);
      expect(out).toHaveLength(6);
      expect(new Set(keys(out)).size).toBe(6);
      const line = new Set(keys([...lineCells(a, b), ...extendLine(a, b, 1)]));
      for (const c of out) {
        expect(distance(c, b)).toBe(1);
        expect(line.has(cellKey(c))).toBe(false);
      }
    }));
  });
});

describe('knockback', () => {
  const wall: Terrain = { blocksMove: true };

  it('straight away from the pusher', () => {
    expect(knockback(grid(), { x: 2, y: 2 }, { x: 3, y: 2 }, 2)).toEqual({ cells: [{ x: 4, y: 2 }, { x: 5, y: 2 }] });
    expect(knockback(grid(), { x: 2, y: 2 }, { x: 3, y: 3 }, 2)).toEqual({ cells: [{ x: 4, y: 4 }, { x: 5, y: 5 }] });
    expect(knockback(grid(), { x: 0, y: 0 }, { x: 4, y: 2 }, 1)).toEqual({ cells: [{ x: 5, y: 3 }] }); // SE by angle
  });

  it('stops before walls, units and the edge', () => {
    expect(knockback(grid({ '5,2': wall }), { x: 2, y: 2 }, { x: 3, y: 2 }, 2)).toEqual({
      cells: [{ x: 4, y: 2 }], stoppedBy: { x: 5, y: 2 },
    });
    expect(knockback(grid(), { x: 2, y: 2 }, { x: 3, y: 2 }, 2, (c) => c.x === 4)).toEqual({ cells: [], stoppedBy: { x: 4, y: 2 } });
    expect(knockback(grid(), { x: 7, y: 2 }, { x: 8, y: 2 }, 3)).toEqual({ cells: [{ x: 9, y: 2 }], stoppedBy: { x: 10, y: 2 } });
    expect(knockback(grid(), { x: 2, y: 2 }, { x: 2, y: 2 }, 2)).toEqual({ cells: [] });
  });

  it('moves at most `tiles`, one step at a time, always further from the pusher', () => {
    const small = fc.record({ x: fc.integer({ min: 0, max: 9 }), y: fc.integer({ min: 0, max: 9 }) });
    fc.assert(fc.property(small, small, fc.integer({ min: 0, max: 5 }), fc.array(small, { maxLength: 10 }), (p, u, n, walls) => {
      fc.pre(!sameCell(p, u));
      const map = grid(Object.fromEntries(walls.map((w) => [cellKey(w), wall])));
      const { cells, stoppedBy } = knockback(map, p, u, n);
      expect(cells.length).toBeLessThanOrEqual(n);
      expect(stoppedBy === undefined).toBe(cells.length === n);
      let prev = u;
      for (const c of cells) {
        expect(distance(prev, c)).toBe(1);
        expect(distance(p, c)).toBeGreaterThan(distance(p, prev));
        expect(map.cells[cellKey(c)]).toBeUndefined();
        prev = c;
      }
    }));
  });

  it('knockbackMoves: whether a knock back of any length moves the unit, as knockback answers it', () => {
    const small = fc.record({ x: fc.integer({ min: 0, max: 9 }), y: fc.integer({ min: 0, max: 9 }) });
    fc.assert(fc.property(small, small, fc.integer({ min: 1, max: 3 }), fc.array(small, { maxLength: 20 }), fc.array(small, { maxLength: 5 }), (p, u, n, walls, units) => {
      const map = grid(Object.fromEntries(walls.map((w) => [cellKey(w), wall])));
      const taken = (c: Cell) => units.some((o) => sameCell(o, c));
      expect(knockbackMoves(map, p, u, taken)).toBe(knockback(map, p, u, n, taken).cells.length > 0);
    }));
    // by hand: pushed east from (2, 2) off (3, 2) — free, a wall at (4, 2), a unit there, the map's edge
    expect(knockbackMoves(grid(), { x: 2, y: 2 }, { x: 3, y: 2 })).toBe(true);
    expect(knockbackMoves(grid({ '4,2': wall }), { x: 2, y: 2 }, { x: 3, y: 2 })).toBe(false);
    expect(knockbackMoves(grid(), { x: 2, y: 2 }, { x: 3, y: 2 }, (c) => c.x === 4 && c.y === 2)).toBe(false);
    expect(knockbackMoves(grid(), { x: 8, y: 2 }, { x: 9, y: 2 })).toBe(false);
    expect(knockbackMoves(grid(), { x: 2, y: 2 }, { x: 2, y: 2 })).toBe(false);
  });
});
