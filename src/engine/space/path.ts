/**
 * Movement: what a step costs, every cell reachable within a budget (Dijkstra on a binary heap), the
 * cheapest path there, and the cost of a path someone drew.
 *
 * Default step cost: entering a cell costs its Terrain.cost ?? 1, times `diagonalCost` for a diagonal step
 * (default 1). Terrain.blocksMove cells and `occupied` cells cannot be entered. A diagonal step may not squeeze
 * between two blocksMove cells (both orthogonal neighbours walls); set `corners` to change that.
 *
 * Rules the rulesets model through `costOf` (wrap defaultStepCost):
 *  - difficult terrain halving Movement: double the cost of entering such cells, or halve the budget;
 *  - swimming 1.5 per diagonal: diagonalCost 1.5 (or a costOf that multiplies only in water).
 * Costs are summed in floating point and rounded to 1e-9, so halves and quarters (1.5, 2.5, 0.25...) are
 * exact and a total within 1e-9 of the budget counts as within it.
 */
import type { Cell, GridMap, Terrain } from '../types.ts';
import { CellHeap, Heap } from './heap.ts';
import { cellKey, cellKeyOf, inBounds, isDiagonalStep, isNeighbour, neighbours, parseCellKey, sameCell, terrainAt } from './grid.ts';

export interface MoveRules {
  /** Full cost of the step from → to (a neighbour); null = cannot. Replaces the default cost. */
  costOf?(map: GridMap, from: Cell, to: Cell): number | null;
  /** Multiplier for diagonal steps in the default cost (default 1). Ignored when costOf is given. */
  diagonalCost?: number;
  /** Cells that cannot be entered (other units). The start cell is never tested. */
  occupied?: (c: Cell) => boolean;
  /** Cells that can be crossed but not ended on (e.g. allies); reported with canStop: false. */
  passOnly?: (c: Cell) => boolean;
  /**
   * Diagonal steps past walls (blocksMove terrain): 'free' always allowed; 'noSqueeze' (default) not between
   * two walls; 'noCut' not past any wall at all.
   */
  corners?: 'free' | 'noSqueeze' | 'noCut';
}

export interface Reach {
  /** Total cost from the start. */
  cost: number;
  /** Key of the previous cell on the cheapest path (absent for the start). */
  prev?: string;
  /** false when the cell can be crossed but not ended on (MoveRules.passOnly). */
  canStop?: false;
}

const EPS = 1e-9;
const tidy = (x: number): number => Math.round(x * 1e9) / 1e9;

const wall = (map: GridMap, c: Cell): boolean => !inBounds(map, c) || terrainAt(map, c).blocksMove === true;

/** Whether the corner rule forbids the diagonal step from → to. */
export function cornerBlocked(map: GridMap, from: Cell, to: Cell, corners: MoveRules['corners'] = 'noSqueeze'): boolean {
  if (corners === 'free' || !isDiagonalStep(from, to)) return false;
  const a = wall(map, { x: to.x, y: from.y });
  const b = wall(map, { x: from.x, y: to.y });
  return corners === 'noCut' ? a || b : a && b;
}

/** The default cost of stepping from → to: Terrain.cost ?? 1, × diagonalCost on diagonals; null into walls/off the map. */
export function defaultStepCost(map: GridMap, from: Cell, to: Cell, diagonalCost = 1): number | null {
  if (!inBounds(map, to)) return null;
  const t = terrainAt(map, to);
  if (t.blocksMove) return null;
  const base = t.cost ?? 1;
  return isDiagonalStep(from, to) ? base * diagonalCost : base;
}

/** The cost of one step under the rules (null when it cannot be taken), occupancy and corners included. */
export function stepCost(map: GridMap, from: Cell, to: Cell, rules: MoveRules = {}): number | null {
  if (!inBounds(map, to) || !isNeighbour(from, to)) return null;
  if (rules.occupied?.(to)) return null;
  if (cornerBlocked(map, from, to, rules.corners)) return null;
  const c = rules.costOf ? rules.costOf(map, from, to) : defaultStepCost(map, from, to, rules.diagonalCost ?? 1);
  if (c === null || !Number.isFinite(c) || c < 0) return null;
  return c;
}

const openGround: Terrain = {};

/**
 * A map's terrain by cell index (y·width + x), built once per map: a search looks a cell's terrain up
 * for every neighbour it scans, and the map never changes in place (`map.set` puts a new map in).
 */
const terrainGrids = new WeakMap<GridMap, (Terrain | undefined)[]>();

function terrainGrid(map: GridMap): (Terrain | undefined)[] {
  let grid = terrainGrids.get(map);
  if (!grid) {
    grid = new Array(map.width * map.height).fill(undefined);
    for (const key in map.cells) {
      const c = parseCellKey(key);
      if (inBounds(map, c) && Number.isInteger(c.x) && Number.isInteger(c.y)) grid[c.y * map.width + c.x] = map.cells[key];
    }
    terrainGrids.set(map, grid);
  }
  return grid;
}

/** A search's working arrays, kept from one search to the next (a callback that searches again gets fresh ones). */
interface Scratch {
  busy: boolean;
  done: Uint8Array;
  known: Uint8Array;
  bestCost: Float64Array;
  heap: CellHeap;
}

let scratch: Scratch | undefined;

function takeScratch(cells: number): Scratch {
  let s = scratch;
  if (!s || s.busy || s.done.length < cells) {
    s = { busy: false, done: new Uint8Array(cells), known: new Uint8Array(cells), bestCost: new Float64Array(cells), heap: new CellHeap() };
    if (!scratch?.busy) scratch = s;
  }
  s.busy = true;
  s.done.fill(0, 0, cells);
  s.known.fill(0, 0, cells);
  s.bestCost.fill(Infinity, 0, cells);
  s.heap.clear();
  return s;
}

/** What a search has learnt of a cell from the rules' callbacks (each asked once per cell, not per neighbour). */
const UNKNOWN = 0;
const FREE = 1;
const OCCUPIED = 2;
const PASS_ONLY = 3;

/**
 * Dijkstra over cell indices (y·width + x) with typed arrays for settled cells and best costs: it runs
 * for every unit's every legal-action listing, so it avoids string keys except for the result Map.
 * Same checks in the same order as stepCost, same result and insertion order as a string-keyed search.
 */
function search(map: GridMap, from: Cell, budget: number, rules: MoveRules, goal?: Cell): Map<string, Reach> {
  const width = map.width;
  const height = map.height;
  if (!Number.isInteger(from.x) || !Number.isInteger(from.y) || !inBounds(map, from)) return searchByKey(map, from, budget, rules, goal);
  const best = new Map<string, Reach>();
  const terrain = terrainGrid(map);
  const s = takeScratch(width * height);
  const { done, known, bestCost, heap } = s;
  const { occupied, passOnly, costOf } = rules;
  const corners = rules.corners ?? 'noSqueeze';
  const diagonalCost = rules.diagonalCost ?? 1;
  const wallAt = (x: number, y: number) => x < 0 || y < 0 || x >= width || y >= height || terrain[y * width + x]?.blocksMove === true;
  try {
    best.set(cellKey(from), { cost: 0 });
    bestCost[from.y * width + from.x] = 0;
    heap.push(0, from.y * width + from.x);
    while (heap.size > 0) {
      const cell = heap.pop();
      if (done[cell]) continue;
      done[cell] = 1;
      const cost = heap.lastCost;
      const hx = cell % width;
      const hy = (cell - hx) / width;
      if (goal && hx === goal.x && hy === goal.y) break;
      const here: Cell = { x: hx, y: hy };
      const key = cellKeyOf(hx, hy);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          const nx = hx + dx;
          const ny = hy + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const ni = ny * width + nx;
          if (done[ni]) continue;
          let what = known[ni];
          let next: Cell | undefined;
          if (what === UNKNOWN) {
            next = { x: nx, y: ny };
            what = occupied?.(next) ? OCCUPIED : passOnly?.(next) ? PASS_ONLY : FREE;
            known[ni] = what;
          }
          if (what === OCCUPIED) continue;
          const diagonal = dx !== 0 && dy !== 0;
          if (diagonal && corners !== 'free') {
            const a = wallAt(nx, hy);
            const b = wallAt(hx, ny);
            if (corners === 'noCut' ? a || b : a && b) continue;
          }
          let step: number | null;
          if (costOf) step = costOf(map, here, next ?? { x: nx, y: ny });
          else {
            const t = terrain[ni] ?? openGround;
            step = t.blocksMove ? null : diagonal ? (t.cost ?? 1) * diagonalCost : t.cost ?? 1;
          }
          if (step === null || !Number.isFinite(step) || step < 0) continue;
          const total = tidy(cost + step);
          if (total > budget + EPS) continue;
          if (bestCost[ni] <= total) continue;
          const entry: Reach = { cost: total, prev: key };
          if (what === PASS_ONLY) entry.canStop = false;
          best.set(cellKeyOf(nx, ny), entry);
          bestCost[ni] = total;
          heap.push(total, ni);
        }
      }
    }
  } finally {
    s.busy = false;
  }
  return best;
}

/** The plain string-keyed search, for a start that is not a whole cell on the map (kept for exactness; the tests hold the fast search to it). */
export function searchByKey(map: GridMap, from: Cell, budget: number, rules: MoveRules, goal?: Cell): Map<string, Reach> {
  const best = new Map<string, Reach>();
  const done = new Set<string>();
  const heap = new Heap<string>();
  const startKey = cellKey(from);
  best.set(startKey, { cost: 0 });
  heap.push(0, startKey);
  while (heap.size > 0) {
    const { cost, cell: key } = heap.pop()!;
    if (done.has(key)) continue;
    done.add(key);
    const here = parseCellKey(key);
    if (goal && sameCell(here, goal)) break;
    for (const next of neighbours(here, map)) {
      const nk = cellKey(next);
      if (done.has(nk)) continue;
      const step = stepCost(map, here, next, rules);
      if (step === null) continue;
      const total = tidy(cost + step);
      if (total > budget + EPS) continue;
      const old = best.get(nk);
      if (old && old.cost <= total) continue;
      const entry: Reach = { cost: total, prev: key };
      if (rules.passOnly?.(next)) entry.canStop = false;
      best.set(nk, entry);
      heap.push(total, nk);
    }
  }
  return best;
}

/**
 * Every cell reachable from `from` spending at most `budget`, keyed by cellKey, with its cheapest cost and
 * the previous cell of one cheapest path (ties: the neighbour settled first; neighbours are scanned row by
 * row from the north-west). Includes the start at cost 0. Cells with canStop: false can only be crossed.
 */
export function reachable(map: GridMap, from: Cell, budget: number, rules: MoveRules = {}): Map<string, Reach> {
  return search(map, from, budget, rules);
}

/**
 * The cheapest path to `to` recorded in a reachable() result: from the start to `to`, BOTH INCLUDED
 * ([start] when `to` is the start, [] when `to` was not reached).
 */
export function pathTo(reach: Map<string, Reach>, to: Cell): Cell[] {
  let key: string | undefined = cellKey(to);
  if (!reach.has(key)) return [];
  const out: Cell[] = [];
  while (key !== undefined) {
    out.push(parseCellKey(key));
    key = reach.get(key)?.prev;
  }
  return out.reverse();
}

/** One cheapest path from → to (both included), or [] when there is none (within `budget`, default unlimited). */
export function findPath(map: GridMap, from: Cell, to: Cell, rules: MoveRules = {}, budget = Infinity): Cell[] {
  const reach = search(map, from, budget, rules, to);
  const entry = reach.get(cellKey(to));
  if (!entry || entry.canStop === false) return [];
  return pathTo(reach, to);
}

/**
 * The cost of walking a given path (start first, as pathTo returns it), or null when a step is not a legal
 * single step (not neighbours, a wall, occupied, a squeezed corner) or it ends on a pass-only cell.
 * Use it to check a path a player drew; it need not be the cheapest.
 */
export function pathCost(map: GridMap, path: Cell[], rules: MoveRules = {}): number | null {
  let total = 0;
  for (let i = 1; i < path.length; i++) {
    const step = stepCost(map, path[i - 1], path[i], rules);
    if (step === null) return null;
    total = tidy(total + step);
  }
  if (path.length > 1 && rules.passOnly?.(path[path.length - 1])) return null;
  return total;
}

/** The cells of a reachable() result one can end a move on (pass-only cells left out), start included. */
export function destinations(reach: Map<string, Reach>): Cell[] {
  const out: Cell[] = [];
  for (const [key, r] of reach) if (r.canStop !== false) out.push(parseCellKey(key));
  return out;
}
