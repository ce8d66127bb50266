/**
 * Movement: what a step costs, every cell reachable within a budget (Dijkstra: on a queue of buckets for
 * whole costs, cell-queue.ts; the string-keyed search on a binary heap), the cheapest path there, and
 * the cost of a path someone drew.
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
import { CellQueue } from './cell-queue.ts';
import { Heap } from './heap.ts';
import { cellKey, cellKeyOf, cellOfKey, inBounds, isDiagonalStep, isNeighbour, neighbours, parseCellKey, sameCell, terrainAt, terrainOf } from './grid.ts';

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
  /**
   * costOf with the two cells as numbers: the very answer of `costOf(map, { x: fx, y: fy }, { x: tx, y: ty })`
   * (a ruleset keeps one written in terms of the other). The search of a whole-cell start asks it, if given,
   * instead of making two cells per settled cell and neighbour.
   */
  costAt?(map: GridMap, fx: number, fy: number, tx: number, ty: number): number | null;
  /** occupied with the cell as numbers: the very answer of `occupied({ x, y })`, asked the same way as costAt. */
  occupiedAt?(x: number, y: number): boolean;
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

/** Cell (x, y) is off the map or blocksMove terrain (asked as numbers: no cell made). */
const wall = (map: GridMap, x: number, y: number): boolean => !(x >= 0 && y >= 0 && x < map.width && y < map.height) || terrainOf(map, x, y).blocksMove === true;

/** Whether the corner rule forbids the diagonal step from → to. */
export function cornerBlocked(map: GridMap, from: Cell, to: Cell, corners: MoveRules['corners'] = 'noSqueeze'): boolean {
  if (corners === 'free' || !isDiagonalStep(from, to)) return false;
  const a = wall(map, to.x, from.y);
  const b = wall(map, from.x, to.y);
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
 * A map's terrain by cell index (y·width + x), built once per map: a search looks a cell up for every
 * neighbour it scans, and the map never changes in place (`map.set` puts a new map in). `wall` marks
 * blocksMove cells and `cost` holds each cell's Terrain.cost ?? 1, so the search reads no terrain object.
 */
interface TerrainGrid {
  wall: Uint8Array;
  cost: Float64Array;
  /** Each cell's key (cellKeyOf), made once per map: a search keys every cell it reaches, and its way back. */
  keys: string[];
}

const terrainGrids = new WeakMap<GridMap, TerrainGrid>();

function terrainGrid(map: GridMap): TerrainGrid {
  let grid = terrainGrids.get(map);
  if (!grid) {
    const keys: string[] = new Array(map.width * map.height);
    for (let y = 0, i = 0; y < map.height; y++) for (let x = 0; x < map.width; x++, i++) keys[i] = cellKeyOf(x, y);
    grid = { wall: new Uint8Array(map.width * map.height), cost: new Float64Array(map.width * map.height).fill(1), keys };
    for (const key in map.cells) {
      const c = parseCellKey(key);
      if (!inBounds(map, c) || !Number.isInteger(c.x) || !Number.isInteger(c.y)) continue;
      const t: Terrain = map.cells[key] ?? openGround;
      const i = c.y * map.width + c.x;
      if (t.blocksMove) grid.wall[i] = 1;
      grid.cost[i] = t.cost ?? 1;
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
  /** The cell each best cost came from (−1: the start). */
  prev: Int32Array;
  /** Cells in the order they were first reached: the result's order. */
  order: Int32Array;
  /** Each reached cell's place in that order (Reached names previous cells by place). */
  place: Int32Array;
  heap: CellQueue;
  /** The cell a search given `until` stopped at once settled (−1: it ran to its end). */
  stopped: number;
}

let scratch: Scratch | undefined;

function takeScratch(cells: number): Scratch {
  let s = scratch;
  if (!s || s.busy || s.done.length < cells) {
    s = { busy: false, done: new Uint8Array(cells), known: new Uint8Array(cells), bestCost: new Float64Array(cells), prev: new Int32Array(cells), order: new Int32Array(cells), place: new Int32Array(cells), heap: new CellQueue(), stopped: -1 };
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
 * Dijkstra over cell indices (y·width + x) with typed arrays for settled cells, best costs and where
 * they came from: it runs for every listing of moves, so nothing is built per step — the result Map is
 * filled once at the end, in the order cells were first reached, with their final costs. Same checks in
 * the same order as stepCost, same result and insertion order as a string-keyed search.
 */
function search(map: GridMap, from: Cell, budget: number, rules: MoveRules, goal?: Cell): Map<string, Reach> {
  if (!Number.isInteger(from.x) || !Number.isInteger(from.y) || !inBounds(map, from)) return searchByKey(map, from, budget, rules, goal);
  return searchInto(map, from, budget, rules, goal, answerAsMap);
}

/** The search's answer made from its working arrays: `reached` cells, in `order`. */
type Answer<T> = (s: Scratch, reached: number, grid: TerrainGrid, width: number) => T;

/** The result Map, in the order cells were first reached, with their final costs. */
const answerAsMap: Answer<Map<string, Reach>> = (s, reached, { keys }) => {
  const { order, prev, bestCost, known } = s;
  const best = new Map<string, Reach>();
  for (let k = 0; k < reached; k++) {
    const i = order[k];
    const p = prev[i];
    if (p < 0) {
      best.set(keys[i], { cost: 0 });
      continue;
    }
    const entry: Reach = { cost: bestCost[i], prev: keys[p] };
    if (known[i] === PASS_ONLY) entry.canStop = false;
    best.set(keys[i], entry);
  }
  return best;
};

/** The same answer as arrays of numbers (Reached), the Map made only if asked for. */
const answerAsArrays: Answer<Reached> = (s, reached, grid, width) => {
  // a search stopped early: only its settled cells, whose costs and ways back are final (in the same order)
  if (s.stopped >= 0) reached = settledFirst(s, reached);
  const { order, prev, bestCost, known } = s;
  // plain arrays, not typed ones: small typed arrays each take a backing store of their own, slower to make
  const x: number[] = new Array(reached);
  const y: number[] = new Array(reached);
  const cost: number[] = new Array(reached);
  const from: number[] = new Array(reached);
  const stop: number[] = new Array(reached);
  // a cell's place in the answer, to name each one's previous cell by place
  const place = s.place;
  for (let k = 0; k < reached; k++) place[order[k]] = k;
  for (let k = 0; k < reached; k++) {
    const i = order[k];
    const hx = i % width;
    x[k] = hx;
    y[k] = (i - hx) / width;
    cost[k] = prev[i] < 0 ? 0 : bestCost[i];
    from[k] = prev[i] < 0 ? -1 : place[prev[i]];
    stop[k] = known[i] === PASS_ONLY ? 0 : 1;
  }
  const keys = grid.keys;
  return new Reached(reached, x, y, cost, from, stop, (k) => keys[y[k] * width + x[k]]);
};

/**
 * `until`: a test of newly reached cells one may stop on (not the start); the first that passes it is the search's
 * goal, and the search stops once that cell is settled (its cost and way back final) — Scratch.stopped says
 * which cell that was (−1: none passed, the search ran to its end).
 */
/** Keeps only the settled cells of `order`'s first `reached`, in order; returns how many. */
function settledFirst(s: Scratch, reached: number): number {
  const { order, done } = s;
  let n = 0;
  for (let k = 0; k < reached; k++) if (done[order[k]]) order[n++] = order[k];
  return n;
}

function searchInto<T>(map: GridMap, from: Cell, budget: number, rules: MoveRules, goal: Cell | undefined, answer: Answer<T>, until?: (x: number, y: number) => boolean): T {
  const width = map.width;
  const height = map.height;
  const grid = terrainGrid(map);
  const { wall, cost: cellCost } = grid;
  const s = takeScratch(width * height);
  const { done, known, bestCost, prev, order, heap } = s;
  const { occupied, passOnly, costOf, costAt, occupiedAt } = rules;
  const corners = rules.corners ?? 'noSqueeze';
  const diagonalCost = rules.diagonalCost ?? 1;
  const limit = budget + EPS;
  let reached = 0;
  let stopAt = -1;
  s.stopped = -1;
  try {
    const start = from.y * width + from.x;
    bestCost[start] = 0;
    prev[start] = -1;
    order[reached++] = start;
    heap.push(0, start);
    while (heap.size > 0) {
      const cell = heap.pop();
      if (done[cell]) continue;
      done[cell] = 1;
      const cost = heap.lastCost;
      const hx = cell % width;
      const hy = (cell - hx) / width;
      if (goal && hx === goal.x && hy === goal.y) break;
      if (cell === stopAt) {
        s.stopped = cell;
        break;
      }
      const here: Cell | undefined = costOf && !costAt ? { x: hx, y: hy } : undefined;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = hy + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          const nx = hx + dx;
          if (nx < 0 || nx >= width) continue;
          const ni = ny * width + nx;
          if (done[ni]) continue;
          let what = known[ni];
          let next: Cell | undefined;
          if (what === UNKNOWN) {
            if (occupiedAt && !passOnly) what = occupiedAt(nx, ny) ? OCCUPIED : FREE;
            else {
              next = { x: nx, y: ny };
              what = (occupiedAt ? occupiedAt(nx, ny) : occupied?.(next)) ? OCCUPIED : passOnly?.(next) ? PASS_ONLY : FREE;
            }
            known[ni] = what;
          }
          if (what === OCCUPIED) continue;
          const diagonal = dx !== 0 && dy !== 0;
          if (diagonal && corners !== 'free') {
            // the two orthogonal neighbours: both on the map here (nx and ny are)
            const a = wall[hy * width + nx] === 1;
            const b = wall[ny * width + hx] === 1;
            if (corners === 'noCut' ? a || b : a && b) continue;
          }
          let step: number | null;
          if (costAt) step = costAt(map, hx, hy, nx, ny);
          else if (costOf) step = costOf(map, here!, next ?? { x: nx, y: ny });
          else step = wall[ni] === 1 ? null : diagonal ? cellCost[ni] * diagonalCost : cellCost[ni];
          if (step === null || !Number.isFinite(step) || step < 0) continue;
          const total = tidy(cost + step);
          if (total > limit) continue;
          const was = bestCost[ni];
          if (was <= total) continue;
          if (was === Infinity) {
            order[reached++] = ni;
            if (until !== undefined && stopAt < 0 && what !== PASS_ONLY && until(nx, ny)) stopAt = ni;
          }
          bestCost[ni] = total;
          prev[ni] = cell;
          heap.push(total, ni);
        }
      }
    }
    return answer(s, reached, grid, width);
  } finally {
    s.busy = false;
  }
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
 * What `reachable` finds, as arrays of numbers in the same order — cell k at (x[k], y[k]), its cost, the
 * place of the cell it is reached from (−1: the start), whether one may stop there — without a Map
 * entry and an object per cell: a listing or a walk that only goes through the cells in order needs
 * none. `map()` gives the very Map `reachable` gives, built on first use.
 */
export class Reached {
  private asMap: Map<string, Reach> | undefined;

  constructor(
    /** Cells reached (the start included, first). */
    readonly count: number,
    /** Where cell k is: whole cells, unless the search started off them (then as searchByKey finds them). */
    readonly x: readonly number[],
    readonly y: readonly number[],
    readonly cost: readonly number[],
    /** The place (index in this answer) of the previous cell on one cheapest path; −1 for the start. */
    readonly from: readonly number[],
    /** 1 where a move may end, 0 on a cell that can only be crossed (MoveRules.passOnly). */
    readonly stop: readonly number[],
    /** Cell k's key (cellKey): the map's own keys, made once per map. */
    readonly key: (k: number) => string,
  ) {}

  /** The cells from the start to cell k, both included. */
  path(k: number): Cell[] {
    const out: Cell[] = [];
    for (let i = k; i >= 0; i = this.from[i]) out.push({ x: this.x[i], y: this.y[i] });
    return out.reverse();
  }

  /** The answer as `reachable` gives it (same entries, same order), made once. */
  map(): Map<string, Reach> {
    if (!this.asMap) {
      const m = new Map<string, Reach>();
      for (let k = 0; k < this.count; k++) {
        const f = this.from[k];
        if (f < 0) {
          m.set(this.key(k), { cost: 0 });
          continue;
        }
        const entry: Reach = { cost: this.cost[k], prev: this.key(f) };
        if (this.stop[k] === 0) entry.canStop = false;
        m.set(this.key(k), entry);
      }
      this.asMap = m;
    }
    return this.asMap;
  }
}

/**
 * `reachable` answered as arrays of numbers (Reached): the same cells, order, costs, previous cells and
 * pass-only marks. A start that is not a whole cell on the map (searched by key) is answered from that
 * search's Map.
 */
export function reachCells(map: GridMap, from: Cell, budget: number, rules: MoveRules = {}): Reached {
  if (Number.isInteger(from.x) && Number.isInteger(from.y) && inBounds(map, from)) return searchInto(map, from, budget, rules, undefined, answerAsArrays);
  const m = searchByKey(map, from, budget, rules);
  const n = m.size;
  const keys = [...m.keys()];
  const [x, y, cost, prev, stop]: number[][] = [[], [], [], [], []];
  const r = new Reached(n, x, y, cost, prev, stop, (k) => keys[k]);
  // a cell's previous one may have been first reached after it (a cheaper way found later): places first
  const place = new Map(keys.map((key, k) => [key, k]));
  let k = 0;
  for (const [key, e] of m) {
    const c = parseCellKey(key);
    x[k] = c.x;
    y[k] = c.y;
    cost[k] = e.cost;
    prev[k] = e.prev === undefined ? -1 : place.get(e.prev)!;
    stop[k] = e.canStop === false ? 0 : 1;
    k++;
  }
  return r;
}

/**
 * A search that stops at the first cell it reaches that passes `until` (in the order cells are first reached,
 * the start and cells one may only pass left out), as soon as that cell is settled. `whole`: none passed,
 * and `reached` is reachCells' very answer. Else it stopped early: `reached` holds only the cells settled by
 * then — in the same order, with the same (final) costs and ways back as reachCells' answer has them — the
 * cell that stopped it among them. A start that is not a whole cell on the map is searched to the end.
 */
export function reachCellsUntil(map: GridMap, from: Cell, budget: number, rules: MoveRules, until: (x: number, y: number) => boolean): { reached: Reached; whole: boolean } {
  if (!(Number.isInteger(from.x) && Number.isInteger(from.y) && inBounds(map, from))) return { reached: reachCells(map, from, budget, rules), whole: true };
  let whole = true;
  const reached = searchInto(map, from, budget, rules, undefined, (s, n, grid, width) => {
    whole = s.stopped < 0;
    return answerAsArrays(s, n, grid, width);
  }, until);
  return { reached, whole };
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
    // each key parsed once and kept (cellOfKey), the path given cells of its own
    const c = cellOfKey(key);
    out.push({ x: c.x, y: c.y });
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
