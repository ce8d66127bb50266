/**
 * Movement (D60-MOV-1): one move a turn, 3 tiles + 1 per full 10 Speed, around walls and units.
 * Close quarters (D60-CQC-1): −3 tiles, at least 1, while an able enemy is within 1 tile. Slow takes
 * tiles away (at least 1); Root and Drowning forbid moving (D60-EFF-1). A move leaves the unit facing
 * from where it started toward where it ended (or the facing asked); a back-pedal (D60-MOV-2) keeps its facing and must end out of
 * close quarters.
 */
import { distance, inBounds } from '../../engine/space/grid.ts';
import { facingToward, FACINGS } from '../../engine/space/facing.ts';
import { occupies } from '../../engine/space/occupancy.ts';
import { reachCells, Reached } from '../../engine/space/path.ts';
import { moveSearches } from '../../engine/space/searches.ts';
import { fail, type Cell, type Command, type EncounterState, type Facing, type GridMap, type Resolution, type Unit } from '../../engine/index.ts';
import { requireMovement, spendMovement } from './actions.ts';
import { currentView } from './fight-view.ts';
import { keepTiles } from './tile-lists.ts';
import { baseTiles, effectOn, enemiesOf, inCloseQuarters } from './model.ts';

export interface Tiles {
  tiles: number;
  why: string[];
}

/** The tiles this unit may move now; `words`: say why (a refusal does; a search needs only the number). */
export function movementTiles(state: EncounterState, u: Unit, words = true): Tiles {
  let tiles = baseTiles(u);
  const why = words ? [`3 + Speed ${u.stats.speed ?? 0}/10 = ${tiles} [D60-MOV-1]`] : [];
  const slow = effectOn(state, u.id, 'Slow');
  if (slow) {
    tiles = Math.max(1, tiles - Number(slow.data?.tiles ?? 2));
    if (words) why.push(`Slow −${Number(slow.data?.tiles ?? 2)}, at least 1: ${tiles} [D60-EFF-1]`);
  }
  if (inCloseQuarters(state, u)) {
    tiles = Math.max(1, tiles - 3);
    if (words) why.push(`close quarters −3, at least 1: ${tiles} [D60-CQC-1]`);
  }
  return { tiles, why };
}

/**
 * A move search by number (issue 40): the engine's answer as arrays (Reached: the cells in the order first
 * reached, their costs, the way back), and, made once with it, what duel60's readers ask of it — the tiles
 * a move may end on in that order (the listing's), their costs, and each cell's place — so
 * a listing, a policy weighing tiles and a move command read numbers by index, no Map, no key per cell.
 * Shared by every fight that asks the same search: nobody changes it.
 */
export class MoveSearch extends Reached {
  /** The tiles a move may end on (every cell reached at a cost), in the search's order: the map's shared cells (nobody changes one). */
  readonly tiles: Cell[];
  /** Each one's cost. */
  readonly tileCost: number[];

  constructor(r: Reached, map: GridMap) {
    super(r.count, r.x, r.y, r.cost, r.from, r.stop, r.key);
    const tiles: Cell[] = [];
    const costs: number[] = [];
    const shared = cellsOf(map);
    for (let k = 0; k < r.count; k++) {
      // the Map's entries with a cost (every one but the start), as the listing offered them
      if (r.cost[k] === 0) continue;
      const x = r.x[k];
      const y = r.y[k];
      tiles.push(Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < map.width && y < map.height ? shared[y * map.width + x] : { x, y });
      costs.push(r.cost[k]);
    }
    // kept: shared by every fight asking this search (best-strike.ts keeps its numbers with it)
    this.tiles = keepTiles(tiles);
    this.tileCost = costs;
  }

  /** The place of the cell (x, y) in the answer, −1 where the search did not reach (a look along it: asked once or twice a move). */
  placeOf(x: number, y: number): number {
    for (let k = 0; k < this.count; k++) if (this.x[k] === x && this.y[k] === y) return k;
    return -1;
  }
}

/** Each cell of a map as one shared object (y·width + x), made once per map object: nobody changes one. */
const mapCells = new WeakMap<GridMap, Cell[]>();
function cellsOf(map: GridMap): Cell[] {
  let cells = mapCells.get(map);
  if (!cells) {
    cells = [];
    for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) cells.push({ x, y });
    mapCells.set(map, cells);
  }
  return cells;
}

/**
 * Searches already made, in the engine's shared store (space/searches.ts), keyed by all a search reads
 * besides the map: the start, the tiles and the cells other units take that it could meet (those farther
 * than it can walk, plus the ring it looks into, cannot change it). The same ones recur (listing the
 * moves, then making one; each listing after an attack; the first turns of every simulated fight).
 * Results are shared: nobody changes them (a MoveSearch is a Reached: the store weighs it by its cells).
 */
const searches = moveSearches.numbers<MoveSearch>('duel60');

/** The cheapest step on the map (the least a tile can cost to enter), once per map. */
const cheapest = new WeakMap<GridMap, number>();
function cheapestStep(map: GridMap): number {
  let least = cheapest.get(map);
  if (least === undefined) {
    least = 1;
    for (const key in map.cells) {
      const c = map.cells[key]?.cost;
      if (c !== undefined && c < least) least = c;
    }
    cheapest.set(map, least);
  }
  return least;
}

export function reachableCells(state: EncounterState, u: Unit): MoveSearch {
  const map = state.map as GridMap;
  const tiles = movementTiles(state, u, false).tiles;
  const at = u.position!;
  // how far a search can look: every tile it reaches and the ring around them (all of it, if a step may be free)
  const least = cheapestStep(map);
  const near = least > 0 ? Math.floor((tiles + 1e-6) / least) + 1 : Infinity;
  // the cells others take, as occupiedBy counts them (the active and the fallen): those in sight, by index, in the units' order
  let n = 0;
  for (const id in state.units) {
    const o = state.units[id];
    if (o.id === u.id || !occupies(o)) continue;
    const p = o.position!;
    if (distance(p, at) > near || !inBounds(map, p)) continue;
    const i = p.y * map.width + p.x;
    if (takenIn(taken, n, i)) continue;
    if (n === taken.length) taken = growTo(taken, n * 2);
    taken[n++] = i;
  }
  // a search asked lately (a listing, the move it offered, the units taking turns in a round): found by
  // its numbers, no key built and hashed — the shared store is asked only past these
  for (let r = 0; r < recent.length; r++) {
    const was = recent[r];
    if (was.map === map && was.x === at.x && was.y === at.y && was.tiles === tiles && sameTaken(was.taken, n)) return was.result;
  }
  const key = searches.key(map).add(at.x).add(at.y).add(tiles).add(n);
  for (let k = 0; k < n; k++) key.add(taken[k]);
  const around: number[] = [];
  for (let k = 0; k < n; k++) around.push(taken[k]);
  const result = searches.get(key, () => new MoveSearch(reachCells(map, at, tiles, { occupied: (c) => around.includes(c.y * map.width + c.x), occupiedAt: (x, y) => around.includes(y * map.width + x) }), map));
  const entry = { map, x: at.x, y: at.y, tiles, taken: around, result };
  if (recent.length < RECENT) recent.push(entry);
  else recent[next] = entry;
  next = (next + 1) % RECENT;
  return result;
}

/**
 * reachableCells, kept by the fight's current view (fight-view.ts) for its version: the policy's question
 * lists the moves, weighs them, builds the one it takes, and the move command reads it again — one search
 * looked up, not four. Without a current view (inside `decide`, whose changes move the version), as asked.
 */
export function reachFor(state: EncounterState, u: Unit): MoveSearch {
  const view = currentView(state);
  if (!view) return reachableCells(state, u);
  if (view.reachUnit === u) return view.reach!;
  const r = reachableCells(state, u);
  view.reachUnit = u;
  view.reach = r;
  return r;
}

/** Searches answered lately, with what each was asked (results are shared: nobody changes them); the oldest goes first. */
interface Asked {
  map: GridMap;
  x: number;
  y: number;
  tiles: number;
  taken: number[];
  result: MoveSearch;
}
const RECENT = 8;
const recent: Asked[] = [];
let next = 0;
let taken: Int32Array = new Int32Array(16);
const sameTaken = (was: number[], n: number): boolean => {
  if (was.length !== n) return false;
  for (let k = 0; k < n; k++) if (was[k] !== taken[k]) return false;
  return true;
};
const takenIn = (a: Int32Array, n: number, i: number): boolean => {
  for (let k = 0; k < n; k++) if (a[k] === i) return true;
  return false;
};
const growTo = (a: Int32Array, size: number): Int32Array => {
  const b = new Int32Array(size);
  b.set(a);
  return b;
};

/** Would standing on `c` put the unit within 1 tile of an able enemy? */
export function closeToEnemy(state: EncounterState, u: Unit, c: Cell): boolean {
  return enemiesOf(state, u).some((o) => distance(o.position!, c) <= 1);
}

/** Cells a back-pedal may end on: reachable and out of close quarters. */
export function backpedalCells(state: EncounterState, u: Unit): Cell[] {
  if (!inCloseQuarters(state, u)) return [];
  // cells of their own: an option holds the one it moves to
  return reachFor(state, u).tiles.filter((c) => !closeToEnemy(state, u, c)).map((c) => ({ x: c.x, y: c.y }));
}

function targetCell(state: EncounterState, u: Unit, cmd: Command): { cell: Cell; path: Cell[]; cost: number } {
  const to = cmd.to;
  if (!Array.isArray(to) || to.length !== 2 || !to.every((n) => Number.isInteger(n))) fail('command/bad_cell', '"to" must be a tile [x, y]', 'to');
  const cell = { x: to[0] as number, y: to[1] as number };
  if (!inBounds(state.map as GridMap, cell)) fail('action/out_of_bounds', `(${cell.x}, ${cell.y}) is off the map`, 'to');
  const reach = reachFor(state, u);
  const k = reach.placeOf(cell.x, cell.y);
  if (k < 0 || reach.cost[k] === 0) {
    fail('action/out_of_range', `${u.name} cannot reach (${cell.x}, ${cell.y}): ${movementTiles(state, u).why.join('; ')}`, 'to');
  }
  return { cell, path: reach.path(k), cost: reach.cost[k] };
}

export function planMove(state: EncounterState, u: Unit, cmd: Command) {
  const dest = targetCell(state, u, cmd);
  if (cmd.facing !== undefined && !FACINGS.includes(cmd.facing as Facing)) fail('command/bad_facing', `facing is one of ${FACINGS.join(', ')}`, 'facing');
  return dest;
}

export function moveCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  requireMovement(ctx.state, u);
  const { cell, path, cost } = planMove(ctx.state, u, cmd);
  const from = { ...u.position! };
  const before = u.facing;
  spendMovement(ctx, u);
  ctx.emit({ type: 'unit.moved', unit: u.id, from, to: cell, path, cost });
  // ruling: the unit faces its overall heading (start → end), not the last zig-zag step of the path
  const facing = (cmd.facing as Facing | undefined) ?? facingToward(from, cell);
  if (facing !== before) ctx.emit({ type: 'unit.faced', unit: u.id, facing });
}

export function planBackpedal(state: EncounterState, u: Unit, cmd: Command) {
  if (!inCloseQuarters(state, u)) fail('action/not_in_close_quarters', `${u.name} is not in close quarters: just move [D60-MOV-2]`);
  const dest = targetCell(state, u, cmd);
  if (closeToEnemy(state, u, dest.cell)) fail('action/still_in_close_quarters', `a back-pedal must end out of close quarters [D60-MOV-2]`, 'to');
  return dest;
}

export function backpedalCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  requireMovement(ctx.state, u);
  const { cell, path, cost } = planBackpedal(ctx.state, u, cmd);
  spendMovement(ctx, u);
  // backing away: the unit keeps its guard toward the enemy
  ctx.emit({ type: 'unit.moved', unit: u.id, from: { ...u.position! }, to: cell, path, cost });
  ctx.note(() => `${u.name} back-pedals out of close quarters, still facing ${u.facing} [D60-MOV-2]`);
}
