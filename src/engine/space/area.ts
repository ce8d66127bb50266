/**
 * Areas: cells within a radius, squares, cones, the cells a stray projectile may land in, and knock back.
 * Every list comes in a fixed order (row by row from the north-west unless said otherwise), so the same
 * state always gives the same answer.
 */
import type { Cell, GridMap } from '../types.ts';
import { distance, inBounds, sameCell, terrainOf, type Metric } from './grid.ts';
import { facingStep, facingToward, facingVector } from './facing.ts';
import { extendLine, lineCells } from './line.ts';
import { cornerBlocked } from './path.ts';

/** Cells at distance ≤ r from c (c included), row by row; only those on the map when one is given. */
export function cellsInRadius(c: Cell, r: number, metric: Metric = 'chebyshev', map?: GridMap): Cell[] {
  const out: Cell[] = [];
  const R = Math.floor(r);
  for (let y = c.y - R; y <= c.y + R; y++) {
    for (let x = c.x - R; x <= c.x + R; x++) {
      const cell = { x, y };
      if (distance(c, cell, metric) <= r && (!map || inBounds(map, cell))) out.push(cell);
    }
  }
  return out;
}

/**
 * The top-left cell of a size×size square centred on `center`. An odd size is centred exactly; an even size
 * cannot be, and puts the centre cell at position size/2 (1-based) of each row and column: a 10×10 square
 * spans center−4 .. center+5 on both axes (one more row/column to the east and south).
 */
export function squareOrigin(center: Cell, size: number): Cell {
  const before = Math.floor((size - 1) / 2);
  return { x: center.x - before, y: center.y - before };
}

/** The cells of a size×size square centred on `center` (see squareOrigin), row by row; clipped to the map if given. */
export function square(center: Cell, size: number, map?: GridMap): Cell[] {
  const o = squareOrigin(center, size);
  const out: Cell[] = [];
  for (let y = o.y; y < o.y + size; y++) {
    for (let x = o.x; x < o.x + size; x++) {
      const cell = { x, y };
      if (!map || inBounds(map, cell)) out.push(cell);
    }
  }
  return out;
}

/**
 * The cell of a size×size square (see squareOrigin) picked by two dice: `col` counts 1..size from the west,
 * `row` 1..size from the north (reflected magic, OUT-MISS-3: 2d10 in a 10×10 area, first die the column).
 * It may be off the map: the ruleset decides (reroll, clamp with clampToMap, or lose the effect).
 */
export function squareCell(center: Cell, size: number, col: number, row: number): Cell {
  const o = squareOrigin(center, size);
  return { x: o.x + col - 1, y: o.y + row - 1 };
}

/** The nearest cell on the map. */
export function clampToMap(map: GridMap, c: Cell): Cell {
  return { x: Math.min(map.width - 1, Math.max(0, c.x)), y: Math.min(map.height - 1, Math.max(0, c.y)) };
}

/** True when the vector v is within 45° of the axis (inclusive), exactly: dot ≥ 0 and 2·dot² ≥ |v|²·|axis|². */
function within45(axis: Cell, v: Cell): boolean {
  const dot = axis.x * v.x + axis.y * v.y;
  if (dot <= 0) return false;
  return 2 * dot * dot >= (v.x * v.x + v.y * v.y) * (axis.x * axis.x + axis.y * axis.y);
}

/**
 * A 90° cone: the cells (origin excluded) within `length` (Chebyshev) of `from` whose direction is within 45°
 * either side of the exact direction from → toward (edges included). Row by row; clipped to the map if given.
 * Empty when toward = from.
 */
export function cone(from: Cell, toward: Cell, length: number, map?: GridMap): Cell[] {
  const axis = { x: toward.x - from.x, y: toward.y - from.y };
  if (axis.x === 0 && axis.y === 0) return [];
  return cellsInRadius(from, length, 'chebyshev', map).filter(
    (c) => !sameCell(c, from) && within45(axis, { x: c.x - from.x, y: c.y - from.y }),
  );
}

/**
 * Where a missed projectile may stray (OUT-MISS-2): the neighbours of the target inside the 90° cone from the
 * attacker through the target, except the two on the shot's own line (the cell it came through and the cell
 * straight behind the target: those are the line's business, see extendLine) and the attacker's cell.
 * From two or more cells away that is exactly 6 cells; fewer when adjacent or at the map edge.
 *
 * Fixed order, numbered 1..n for a d6, as the attacker sees it: starting next to the line on the attacker's
 * left-near side and going clockwise around the target: 1 near-left, 2 left, 3 far-left, 4 far-right,
 * 5 right, 6 near-right (precisely: by clockwise angle around the target starting from the direction
 * back toward the attacker). Off-map cells are dropped and the rest renumbered; when a roll exceeds the
 * list length the ruleset decides (reroll, or the GM picks).
 */
export function adjacentInCone(attacker: Cell, target: Cell, map?: GridMap): Cell[] {
  if (sameCell(attacker, target)) return [];
  const axis = { x: target.x - attacker.x, y: target.y - attacker.y };
  const line = lineCells(attacker, target);
  const before = line.length >= 2 ? line[line.length - 2] : attacker;
  const after = extendLine(attacker, target, 1)[0];
  const back = Math.atan2(attacker.y - target.y, attacker.x - target.x);
  const picked: { cell: Cell; angle: number }[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const cell = { x: target.x + dx, y: target.y + dy };
      if (sameCell(cell, attacker) || sameCell(cell, before) || sameCell(cell, after)) continue;
      if (map && !inBounds(map, cell)) continue;
      if (!within45(axis, { x: cell.x - attacker.x, y: cell.y - attacker.y })) continue;
      // clockwise on screen (y grows south) = increasing atan2 angle
      let angle = Math.atan2(dy, dx) - back;
      while (angle <= 0) angle += 2 * Math.PI;
      picked.push({ cell, angle });
    }
  }
  return picked.sort((p, q) => p.angle - q.angle).map((p) => p.cell);
}

export interface Knockback {
  /** The cells moved through, in order; the last one is where the unit ends ([] = did not move). */
  cells: Cell[];
  /** The cell that stopped it early (a wall, an occupied cell, or off the map), when it moved fewer than asked. */
  stoppedBy?: Cell;
}

/**
 * Push the unit at `unitCell` up to `tiles` cells straight away from `from` (the pusher), along the nearest of
 * the 8 compass directions from pusher to unit. It stops before a cell off the map, with Terrain.blocksMove, for
 * which `blocked` is true (other units), or a diagonal squeeze between two walls. Nothing happens when from =
 * unitCell. Whether hitting an obstacle hurts is the ruleset's call (stoppedBy tells it what was hit).
 */
export function knockback(
  map: GridMap,
  from: Cell,
  unitCell: Cell,
  tiles: number,
  blocked: (c: Cell) => boolean = () => false,
): Knockback {
  if (sameCell(from, unitCell)) return { cells: [] };
  const v = facingVector(facingToward(from, unitCell));
  const cells: Cell[] = [];
  let here = unitCell;
  for (let i = 0; i < tiles; i++) {
    const next = { x: here.x + v.x, y: here.y + v.y };
    if (stepStopped(map, here, next, blocked)) return { cells, stoppedBy: next };
    cells.push(next);
    here = next;
  }
  return { cells };
}

/**
 * Whether a knock back of at least one cell moves the unit at all (knockback's cells not empty): its first
 * step alone, nothing built — asked for every tile a flurry could come from.
 */
export function knockbackMoves(map: GridMap, from: Cell, unitCell: Cell, blocked: (c: Cell) => boolean = () => false): boolean {
  if (sameCell(from, unitCell)) return false;
  const v = facingStep(facingToward(from, unitCell));
  return !stepStopped(map, unitCell, { x: unitCell.x + v.x, y: unitCell.y + v.y }, blocked);
}

/** A knock back's step here → next stops before `next`: off the map, a wall, `blocked`, or a squeeze between two walls. */
function stepStopped(map: GridMap, here: Cell, next: Cell, blocked: (c: Cell) => boolean): boolean {
  return !inBounds(map, next) || terrainOf(map, next.x, next.y).blocksMove || blocked(next) || cornerBlocked(map, here, next);
}
