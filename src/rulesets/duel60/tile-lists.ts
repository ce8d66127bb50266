/**
 * Lists of tiles that are kept and never changed — a move search's tiles (move.ts MoveSearch), shared by every
 * fight asking that search — so a question asked of the same list again may keep what it read of it
 * (`coordsOf`: the tiles' numbers and a grid of their places, for best-strike.ts). A list not named here is
 * read afresh.
 */
import type { Cell } from '../../engine/index.ts';

const kept = new WeakSet<Cell[]>();

/** Name `tiles` as kept: nobody changes it from here on. */
export function keepTiles(tiles: Cell[]): Cell[] {
  kept.add(tiles);
  return tiles;
}

/** Whether `tiles` was named kept. */
export const isKept = (tiles: Cell[]): boolean => kept.has(tiles);

/**
 * Tiles as numbers: a kept list (a move search's tiles, move.ts MoveSearch: shared, never changed) read
 * once and kept with it; the list asked last is kept too (the policy asks of one list several times a
 * decision); any other is read into a working array — nothing made per question.
 */
export interface Coords {
  /** x, y by turns (plain arrays of small integers: made on the heap, no buffer of their own). */
  xy: number[];
  /** The tiles' bounds: least x, least y, most x, most y. */
  box: number[];
  /**
   * For a kept list of distinct whole tiles: each tile's place + 1 by cell within the bounds
   * ((y − least y) · bounds' width + x − least x), 0 where no tile is; else null.
   */
  grid: number[] | null;
}

const keptCoords = new WeakMap<Cell[], Coords>();
let lastCells: Cell[] | undefined;
let lastLength = -1;
const working: Coords = { xy: [], box: [0, 0, 0, 0], grid: null };
let lastCoords: Coords = working;

export function coordsOf(cells: Cell[]): Coords {
  const n = cells.length;
  if (cells === lastCells && n === lastLength) return lastCoords;
  let c: Coords | undefined;
  if (isKept(cells)) {
    c = keptCoords.get(cells);
    if (!c) keptCoords.set(cells, (c = gridOf(cells, readCoords(cells, { xy: [], box: [0, 0, 0, 0], grid: null }))));
  } else {
    c = readCoords(cells, working);
  }
  lastCells = cells;
  lastLength = n;
  lastCoords = c;
  return c;
}

/** A kept list's grid of places (Coords.grid): none when a tile is off the whole numbers or two are one cell. */
function gridOf(cells: Cell[], c: Coords): Coords {
  const { box } = c;
  if (!cells.length || !Number.isInteger(box[0]) || !Number.isInteger(box[1]) || !Number.isInteger(box[2]) || !Number.isInteger(box[3])) return c;
  const bw = box[2] - box[0] + 1;
  const grid: number[] = new Array(bw * (box[3] - box[1] + 1)).fill(0);
  for (let k = 0; k < cells.length; k++) {
    const x = cells[k].x;
    const y = cells[k].y;
    if (!Number.isInteger(x) || !Number.isInteger(y)) return c;
    const i = (y - box[1]) * bw + (x - box[0]);
    if (grid[i] !== 0) return c;
    grid[i] = k + 1;
  }
  c.grid = grid;
  return c;
}

function readCoords(cells: Cell[], into: Coords): Coords {
  const { xy, box } = into;
  box[0] = box[1] = Infinity;
  box[2] = box[3] = -Infinity;
  for (let k = 0; k < cells.length; k++) {
    const x = cells[k].x;
    const y = cells[k].y;
    xy[2 * k] = x;
    xy[2 * k + 1] = y;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return into;
}
