/**
 * Straight lines on the grid: the cells a shot or a look passes through, line of sight, the cells further
 * along a line (piercing pass-through, projectile flight) and cover.
 *
 * The line algorithm (one cell per step of the longer axis, Bresenham-like, 8-connected): for a line from a
 * to b with n = max(|dx|,|dy|) steps, step i (1..n) is the cell nearest the exact point a + (b−a)·i/n, the
 * shorter axis rounded half up (toward +x / +y). Integer arithmetic only. Because rounding depends only on the
 * exact point, the line from b to a is the same set of cells (the lines are symmetric). Consecutive cells are
 * always neighbours (edge or corner).
 *
 * A "tie" is a step where the exact point falls on the border between two cells (e.g. from (0,0) to (2,1),
 * step 1 is (1, 0.5)): the line passes exactly along their shared edge. The rounded-up cell is the one in
 * lineCells; the other is reported as `alt` by lineSteps. lineOfSight lets sight through such a gap when
 * either of the two cells is clear; coverBetween gives the defender the better of the two.
 */
import type { Cell, GridMap, Terrain } from '../types.ts';
import { distance, inBounds, neighbours, sameCell, terrainAt } from './grid.ts';
import { facingToward, isInFront } from './facing.ts';

export interface LineStep {
  cell: Cell;
  /** The other cell when the line runs exactly between two cells at this step. */
  alt?: Cell;
}

/** floor(p / q) for integers, q > 0, exact. */
const fdiv = (p: number, q: number): number => Math.floor(p / q);

/** Step i of the line through a and b (any i ≥ 0, also past b). */
function stepAt(a: Cell, dx: number, dy: number, n: number, i: number): LineStep {
  // coordinate = a + round_half_up(d·i/n) = a + floor((2·d·i + n) / 2n)
  const rx = 2 * dx * i + n;
  const ry = 2 * dy * i + n;
  const cell = { x: a.x + fdiv(rx, 2 * n), y: a.y + fdiv(ry, 2 * n) };
  if (rx % (2 * n) === 0 && Math.abs(dx) !== n) return { cell, alt: { x: cell.x - 1, y: cell.y } };
  if (ry % (2 * n) === 0 && Math.abs(dy) !== n) return { cell, alt: { x: cell.x, y: cell.y - 1 } };
  return { cell };
}

/** The steps of the line from a to b: excluding a, including b (empty when a = b). */
export function lineSteps(a: Cell, b: Cell): LineStep[] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  const out: LineStep[] = [];
  for (let i = 1; i <= n; i++) out.push(stepAt(a, dx, dy, n, i));
  return out;
}

/** The cells of the line from a to b, EXCLUDING a and INCLUDING b (empty when a = b). */
export function lineCells(a: Cell, b: Cell): Cell[] {
  return lineSteps(a, b).map((s) => s.cell);
}

/**
 * The `count` cells after b on the line from a through b (the next targets in line for a piercing shot).
 * Stops early at the map edge when a map is given. Empty when a = b.
 */
export function extendLine(a: Cell, b: Cell, count: number, map?: GridMap): Cell[] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  const out: Cell[] = [];
  if (n === 0) return out;
  for (let i = n + 1; i <= n + count; i++) {
    const { cell } = stepAt(a, dx, dy, n, i);
    if (map && !inBounds(map, cell)) break;
    out.push(cell);
  }
  return out;
}

/**
 * The first `length` cells of the line starting at a and passing through `through`, going past it if needed
 * (a projectile's flight, a weapon's reach along a line). Excludes a. Stops at the map edge when a map is given.
 */
export function ray(a: Cell, through: Cell, length: number, map?: GridMap): Cell[] {
  const line = lineCells(a, through).slice(0, length);
  if (map) {
    const edge = line.findIndex((c) => !inBounds(map, c));
    if (edge >= 0) return line.slice(0, edge);
  }
  return line.length < length ? [...line, ...extendLine(a, through, length - line.length, map)] : line;
}

export interface BlockingOptions {
  /** Check b itself too (default true: a projectile stops at whatever is in the target cell). */
  includeEnd?: boolean;
  /** At a tie, block only when both cells block (default false: only the lineCells cell counts). */
  lenientTies?: boolean;
}

/**
 * The first cell after a on the line to b for which `blocks` is true, or undefined when none does.
 * Cells off the map always block.
 */
export function firstBlocking(
  map: GridMap,
  a: Cell,
  b: Cell,
  blocks: (c: Cell) => boolean,
  options: BlockingOptions = {},
): Cell | undefined {
  const { includeEnd = true, lenientTies = false } = options;
  const isBlocked = (c: Cell) => !inBounds(map, c) || blocks(c);
  const steps = lineSteps(a, b);
  const last = includeEnd ? steps.length : steps.length - 1;
  for (let i = 0; i < last; i++) {
    const { cell, alt } = steps[i];
    if (!isBlocked(cell)) continue;
    if (lenientTies && alt && !isBlocked(alt)) continue;
    return cell;
  }
  return undefined;
}

/**
 * True when a can see b: no cell strictly between them has Terrain.blocksSight (their own cells never block).
 * A line running exactly between two cells gets through when either of them is clear. Symmetric.
 */
export function lineOfSight(map: GridMap, a: Cell, b: Cell): boolean {
  const blocks = (c: Cell) => terrainAt(map, c).blocksSight === true;
  return firstBlocking(map, a, b, blocks, { includeEnd: false, lenientTies: true }) === undefined;
}

export type CoverLevel = 'none' | 'half' | 'full';

const RANK: Record<CoverLevel, number> = { none: 0, half: 1, full: 2 };

/** The better of two cover levels. */
export const betterCover = (a: CoverLevel, b: CoverLevel): CoverLevel => (RANK[a] >= RANK[b] ? a : b);

export interface CoverSource {
  level: CoverLevel;
  /** The cell giving the cover (absent when none): its terrain has the material (OUT-COV-4). */
  cell?: Cell;
  terrain?: Terrain;
}

function best(map: GridMap, cells: Cell[]): CoverSource {
  let out: CoverSource = { level: 'none' };
  for (const cell of cells) {
    const terrain = terrainAt(map, cell);
    const level = terrain.cover ?? 'none';
    if (RANK[level] > RANK[out.level]) out = { level, cell, terrain };
  }
  return out;
}

/**
 * Line model: the best cover among the cells next to the defender that the line from the attacker crosses
 * (both cells at a tie). An attacker next to the defender gets no cover in the way. With details.
 */
export function coverSourceBetween(map: GridMap, attacker: Cell, defender: Cell): CoverSource {
  const candidates: Cell[] = [];
  for (const { cell, alt } of lineSteps(attacker, defender)) {
    for (const c of alt ? [cell, alt] : [cell]) {
      if (distance(c, defender) === 1 && !sameCell(c, attacker) && inBounds(map, c)) candidates.push(c);
    }
  }
  return best(map, candidates);
}

/** Line model, level only: see coverSourceBetween. */
export function coverBetween(map: GridMap, attacker: Cell, defender: Cell): CoverLevel {
  return coverSourceBetween(map, attacker, defender).level;
}

/**
 * Front-arc model (OUT-COV-3 "no hit from the front"): every cover cell next to the defender protects it
 * against an attacker standing in front of that cover, i.e. in the 3 facings centred on the direction from
 * the defender to the cover, seen from the cover cell (so the cover is between them). Attacks from beside or
 * behind the cover ignore it. More generous than the line model: a shot at a shallow angle that misses the
 * cover cell on the grid is still stopped. An attacker next to the defender is never in front of its cover.
 */
export function coverSourceFromFront(map: GridMap, attacker: Cell, defender: Cell): CoverSource {
  const candidates = neighbours(defender, map).filter(
    (c) => !sameCell(c, attacker) && isInFront(c, facingToward(defender, c), attacker),
  );
  return best(map, candidates);
}

/** Front-arc model, level only: see coverSourceFromFront. */
export function coverFromFront(map: GridMap, attacker: Cell, defender: Cell): CoverLevel {
  return coverSourceFromFront(map, attacker, defender).level;
}
