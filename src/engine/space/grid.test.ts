// Terrain by cell index (terrainOf, behind terrainAt, hasTag and elevationAt) must answer exactly what the
// map's cells by key answer, for any map and any place asked — whole or not, on the map or off it — and
// each map its own (forks share one map object; another map, even the same size, is another index).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell, GridMap, Terrain } from '../types.ts';
import { cellKey, elevationAt, hasTag, terrainAt, terrainOf } from './grid.ts';
import { FACINGS, facingIndex, facingStep, facingVector } from './facing.ts';
import { cornerBlocked } from './path.ts';

const terrain: fc.Arbitrary<Terrain> = fc.record({ blocksMove: fc.boolean(), elevation: fc.integer({ min: -2, max: 5 }), tags: fc.constantFrom(['mud'], ['mountain', 'water'], []) }, { requiredKeys: [] });

const place = (w: number, h: number): fc.Arbitrary<Cell> =>
  fc.oneof(
    fc.record({ x: fc.integer({ min: -2, max: w + 1 }), y: fc.integer({ min: -2, max: h + 1 }) }),
    fc.record({ x: fc.constantFrom(0.5, -0, 1.25, NaN), y: fc.integer({ min: 0, max: h - 1 }) }),
  );

const world = fc
  .record({ width: fc.integer({ min: 1, max: 8 }), height: fc.integer({ min: 1, max: 8 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      cells: fc.dictionary(fc.tuple(fc.integer({ min: -1, max: width }), fc.integer({ min: -1, max: height })).map(([x, y]) => cellKey({ x, y })), terrain, { maxKeys: width * height }),
      asks: fc.array(place(width, height), { minLength: 1, maxLength: 40 }),
    }),
  );

/** What terrainAt answered before the index: the map's cells by key. */
const byKey = (map: GridMap, c: Cell): Terrain | undefined => map.cells[cellKey(c)];

describe('terrain by cell index', () => {
  it('answers as the cells by key, asked in any order and again', () => {
    fc.assert(
      fc.property(world, ({ width, height, cells, asks }) => {
        const map: GridMap = { kind: 'grid', width, height, cells };
        for (const c of [...asks, ...asks]) {
          const want = byKey(map, c);
          if (want) expect(terrainAt(map, c)).toBe(want);
          else expect(terrainAt(map, c)).toEqual({});
          expect(terrainOf(map, c.x, c.y)).toBe(terrainAt(map, c));
          expect(elevationAt(map, c)).toBe(want?.elevation ?? 0);
          expect(hasTag(map, c, 'mud')).toBe(want?.tags?.includes('mud') ?? false);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps each map apart, the one asked last too', () => {
    const a: GridMap = { kind: 'grid', width: 3, height: 3, cells: { '1,1': { elevation: 2 } } };
    const b: GridMap = { kind: 'grid', width: 3, height: 3, cells: { '1,1': { elevation: 5 } } };
    for (let i = 0; i < 3; i++) {
      expect(elevationAt(a, { x: 1, y: 1 })).toBe(2);
      expect(elevationAt(b, { x: 1, y: 1 })).toBe(5);
      expect(elevationAt(b, { x: 1, y: 1 })).toBe(5);
    }
    // a map too big to index, or of a size that is not whole, is asked by key
    const huge: GridMap = { kind: 'grid', width: 300, height: 300, cells: { '299,299': { elevation: 3 } } };
    expect(elevationAt(huge, { x: 299, y: 299 })).toBe(3);
    const odd: GridMap = { kind: 'grid', width: 2.5, height: 2, cells: { '2,1': { elevation: 4 } } };
    expect(elevationAt(odd, { x: 2, y: 1 })).toBe(4);
  });

  it('corners as the walls by key say (cornerBlocked)', () => {
    fc.assert(
      fc.property(world, fc.constantFrom('free', 'noSqueeze', 'noCut', undefined), ({ width, height, cells, asks }, corners) => {
        const map: GridMap = { kind: 'grid', width, height, cells };
        const wall = (x: number, y: number) => !(x >= 0 && y >= 0 && x < width && y < height) || byKey(map, { x, y })?.blocksMove === true;
        for (const from of asks) {
          for (const [dx, dy] of [[1, 1], [-1, 1], [1, -1], [-1, -1], [1, 0]]) {
            const to = { x: from.x + dx, y: from.y + dy };
            const diagonal = from.x !== to.x && from.y !== to.y;
            const [a, b] = [wall(to.x, from.y), wall(from.x, to.y)];
            const want = corners === 'free' || !diagonal ? false : corners === 'noCut' ? a || b : a && b;
            expect(cornerBlocked(map, from, to, corners)).toBe(want);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('facing by number', () => {
  it('facingIndex is the place in FACINGS (−1 for anything else); facingStep is facingVector', () => {
    FACINGS.forEach((f, i) => {
      expect(facingIndex(f)).toBe(i);
      expect(facingStep(f)).toEqual(facingVector(f));
    });
    for (const other of ['', 'n', 'NNE', 'toString', 'north']) expect(facingIndex(other as never)).toBe(FACINGS.indexOf(other as never));
  });
});
