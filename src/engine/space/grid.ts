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

/**
 * Each map's terrain by cell index (y·width + x), every entry the very object `map.cells` holds for that
 * cell's key (or the shared open ground), filled as cells are asked: rules ask a cell's terrain and height
 * over and over, and a map is never changed in place (a `map.set` event puts a new one in), so each cell is
 * looked up by its key once per map. Every fork of a fight shares its map object, and so this. Maps past
 * MAX_INDEXED cells, or of a size that is not whole, are asked by key each time.
 */
const terrainByIndex = new WeakMap<GridMap, (Terrain | undefined)[]>();
const MAX_INDEXED = 1 << 16;
/** The map asked last and its cells (rules ask of one map many times in a row). */
let lastMap: GridMap | undefined;
let lastCells: (Terrain | undefined)[] = [];

/** `map`'s terrain by index (filled as asked), or undefined when the map is too big or not whole to index. */
function cellsOf(map: GridMap): (Terrain | undefined)[] | undefined {
  if (map === lastMap) return lastCells;
  let cells = terrainByIndex.get(map);
  if (cells === undefined) {
    const { width, height } = map;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || width * height > MAX_INDEXED) return undefined;
    terrainByIndex.set(map, (cells = new Array(width * height)));
  }
  lastMap = map;
  lastCells = cells;
  return cells;
}

/** The terrain of cell (x, y): `map.cells` by its key, or open ground. */
export function terrainOf(map: GridMap, x: number, y: number): Terrain {
  if ((x | 0) === x && (y | 0) === y && x >= 0 && y >= 0 && x < map.width && y < map.height) {
    const cells = cellsOf(map);
    if (cells !== undefined) {
      const i = y * map.width + x;
      return cells[i] ?? (cells[i] = map.cells[cellKeyOf(x, y)] ?? open);
    }
  }
  return map.cells[cellKeyOf(x, y)] ?? open;
}

export function terrainAt(map: GridMap, c: Cell): Terrain {
  return terrainOf(map, c.x, c.y);
}

export function hasTag(map: GridMap, c: Cell, tag: string): boolean {
  return terrainOf(map, c.x, c.y).tags?.includes(tag) ?? false;
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
  return terrainOf(map, c.x, c.y).elevation ?? 0;
}

/** True when a and b are distinct cells touching by an edge or a corner. */
export function isNeighbour(a: Cell, b: Cell): boolean {
  return distance(a, b) === 1;
}

/** True for a one-cell step that changes both x and y. */
export function isDiagonalStep(a: Cell, b: Cell): boolean {
  return a.x !== b.x && a.y !== b.y;
}
