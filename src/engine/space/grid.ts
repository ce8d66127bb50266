/**
 * The square grid: cells, keys, bounds, terrain lookup and distance.
 * Distance is in cells with diagonals counting 1 (Chebyshev) unless a ruleset asks otherwise.
 */
import type { Cell, GridMap, Terrain } from '../types.ts';

// keys of cells on maps up to 256×256, made once: cellKey runs for every step of every path search
const KEY_SPAN = 256;
const keys: (string | undefined)[] = new Array(KEY_SPAN * KEY_SPAN);

export function cellKey(c: Cell): string {
  return cellKeyOf(c.x, c.y);
}

/** cellKey of (x, y) without a Cell object (the path search asks it for every cell it reaches). */
export function cellKeyOf(x: number, y: number): string {
  if (x >= 0 && y >= 0 && x < KEY_SPAN && y < KEY_SPAN && (x | 0) === x && (y | 0) === y) {
    const i = y * KEY_SPAN + x;
    return keys[i] ?? (keys[i] = `${x},${y}`);
  }
  return `${x},${y}`;
}

export function parseCellKey(key: string): Cell {
  // the same as key.split(',').map(Number) taking the first two, without the arrays (legal moves parse every reachable cell)
  const i = key.indexOf(',');
  if (i < 0) return { x: Number(key), y: undefined as unknown as number };
  const j = key.indexOf(',', i + 1);
  return { x: Number(key.slice(0, i)), y: Number(j < 0 ? key.slice(i + 1) : key.slice(i + 1, j)) };
}

/** Each cell key's cell, parsed once and shared (policies weigh every reachable cell turn after turn): nobody may change one. Bounded. */
const cellsByKey = new Map<string, Cell>();
export function cellOfKey(key: string): Cell {
  let c = cellsByKey.get(key);
  if (!c) {
    if (cellsByKey.size >= 10000) cellsByKey.clear();
    cellsByKey.set(key, (c = parseCellKey(key)));
  }
  return c;
}

export const sameCell = (a: Cell, b: Cell): boolean => a.x === b.x && a.y === b.y;

export function inBounds(map: GridMap, c: Cell): boolean {
  return c.x >= 0 && c.y >= 0 && c.x < map.width && c.y < map.height;
}

const open: Terrain = {};

export function terrainAt(map: GridMap, c: Cell): Terrain {
  return map.cells[cellKey(c)] ?? open;
}

export function hasTag(map: GridMap, c: Cell, tag: string): boolean {
  return terrainAt(map, c).tags?.includes(tag) ?? false;
}

export type Metric = 'chebyshev' | 'manhattan' | 'euclidean';

export function distance(a: Cell, b: Cell, metric: Metric = 'chebyshev'): number {
  const dx = Math.abs(a.x - b.x);
  const dy = Math.abs(a.y - b.y);
  switch (metric) {
    case 'chebyshev': return Math.max(dx, dy);
    case 'manhattan': return dx + dy;
    case 'euclidean': return Math.hypot(dx, dy);
  }
}

/** The eight neighbours of a cell (inside the map when one is given). */
export function neighbours(c: Cell, map?: GridMap): Cell[] {
  const out: Cell[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const n = { x: c.x + dx, y: c.y + dy };
      if (!map || inBounds(map, n)) out.push(n);
    }
  }
  return out;
}

/** Height of the ground in a cell (Terrain.elevation, default 0). A unit's own `elevation` adds to it. */
export function elevationAt(map: GridMap, c: Cell): number {
  return terrainAt(map, c).elevation ?? 0;
}

/** True when a and b are distinct cells touching by an edge or a corner. */
export function isNeighbour(a: Cell, b: Cell): boolean {
  return distance(a, b) === 1;
}

/** True for a one-cell step that changes both x and y. */
export function isDiagonalStep(a: Cell, b: Cell): boolean {
  return a.x !== b.x && a.y !== b.y;
}
