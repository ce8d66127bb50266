/**
 * A fight's units by number (issue 40, point 2): who stands where as a grid of unit places, each side's
 * able enemies, who is in close quarters — read off the state once per version and asked many times by
 * the policy's questions (every tile it weighs, every strike) instead of walking the units each time.
 *
 * A cache, never a second source of truth: it is kept per state object and rebuilt as soon as the
 * state's version moves (every event, and every change the unlogged decide makes without one, steps it),
 * so what it answers is what the units say now (fight-view.test.ts holds it to them after every command).
 * Parts are made when first asked: a question that needs only the enemies builds no grid.
 */
import type { EncounterState, GridMap, Unit, UnitId } from '../../engine/index.ts';
import { facingOfVector, facingStep } from '../../engine/space/facing.ts';
import { cellKeyOf, distance } from '../../engine/space/grid.ts';
import type { MoveSearch } from './move.ts';
import type { Strike } from './strikes.ts';
import { occupies } from '../../engine/space/occupancy.ts';
import { knockbackMoves } from '../../engine/space/area.ts';
import { standingBut } from './standing.ts';

export interface FightView {
  version: number;
  /** The units in the encounter's order: a unit's place is its index here. */
  units: Unit[];
  width: number;
  height: number;
  /** Able enemies (enemiesOf's default answer) of a side, for the sides asked so far. */
  enemySides: string[];
  enemies: Unit[][];
  /** By place: 1 in close quarters, 2 not, 0 (or absent) not asked yet. */
  cqc: number[];
  /** The move search of the unit asked last (move.ts reachFor): its tiles at this version. */
  reachUnit: Unit | undefined;
  reach: MoveSearch | undefined;
  /** Each unit's strikes by the stamina asked (strikes.ts strikesOf), as asked so far. */
  strikes: { unit: Unit; stamina: number; strikes: Strike[] }[];
  /** Each unit's fixed numbers (odds-table.ts) by place, as asked so far. */
  profiles: unknown[];
  /** What each attacker and target bring to a blow (blow-odds.ts pairingIn), by place × units + place, as asked so far. */
  pairings: unknown[];
}

/**
 * The view of the state asked last: one slot, not a map by state — the questions of one decision all ask
 * of one state, and a lookup in a WeakMap by state (and its entries, short-lived keys) cost more than the
 * view spared. Another state asking makes its own view in the slot.
 */
let lastState: EncounterState | undefined;
let lastView: FightView | undefined;

/**
 * The view of `state` as it stands (the kept one while the version has not moved): the policy makes one
 * at the start of its question; the rules' readers use it when there is a current one (`currentView`), and
 * otherwise look at the units as before — in `decide` the version moves with every change, and a view
 * made for one reading would cost more than it spares.
 */
export function viewOf(state: EncounterState): FightView {
  if (lastState === state && lastView!.version === state.version) return lastView!;
  const units: Unit[] = [];
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (u) units.push(u);
  }
  const map = state.map as GridMap;
  // by place, sized once (written sparsely into an empty array, each grew a backing store of its own)
  const cqc: number[] = new Array(units.length).fill(0);
  const profiles: unknown[] = new Array(units.length).fill(undefined);
  const view: FightView = { version: state.version, units, width: map.width, height: map.height, enemySides: [], enemies: [], cqc, reachUnit: undefined, reach: undefined, strikes: [], profiles, pairings: [] };
  lastState = state;
  lastView = view;
  return view;
}

/** The view of `state` if one was made at its version (else undefined: nobody asked for one). */
export function currentView(state: EncounterState): FightView | undefined {
  return lastState === state && lastView!.version === state.version ? lastView : undefined;
}

/**
 * The occupancy grid — how many occupying units (occupies(): the active and the fallen, with a position
 * on the map) stand on each cell, y·width + x — of the view that asked last: one working grid, refilled
 * when another view asks (a fill of the map's cells), never made per question.
 */
let grid = new Uint8Array(256);
let gridOf: FightView | undefined;

function countOf(view: FightView): Uint8Array {
  if (gridOf === view) return grid;
  const cells = view.width * view.height;
  if (grid.length < cells) grid = new Uint8Array(cells);
  else grid.fill(0, 0, cells);
  for (const u of view.units) {
    if (!occupies(u)) continue;
    const p = u.position!;
    if (p.x < 0 || p.y < 0 || p.x >= view.width || p.y >= view.height || !Number.isInteger(p.x) || !Number.isInteger(p.y)) continue;
    grid[p.y * view.width + p.x]++;
  }
  gridOf = view;
  return grid;
}

const standsOn = (u: Unit | undefined, x: number, y: number): boolean => u !== undefined && occupies(u) && u.position!.x === x && u.position!.y === y;

/**
 * occupiedBy(state.units, [a, b]) as a grid: whether an occupying unit other than `a` and `b` stands on
 * the cell (x, y) of the map.
 */
export function takenBut(state: EncounterState, x: number, y: number, a: UnitId, b: UnitId): boolean {
  const view = viewOf(state);
  if (x < 0 || y < 0 || x >= view.width || y >= view.height || !Number.isInteger(x) || !Number.isInteger(y)) {
    for (const u of view.units) if (u.id !== a && u.id !== b && standsOn(u, x, y)) return true;
    return false;
  }
  let n = countOf(view)[y * view.width + x];
  if (n === 0) return false;
  if (standsOn(state.units[a], x, y)) n--;
  if (b !== a && standsOn(state.units[b], x, y)) n--;
  return n > 0;
}

/** The able enemies of side `side` with a position, in the encounter's order (shared: nobody changes it). */
export function enemiesOfSide(view: FightView, side: string): Unit[] {
  const k = view.enemySides.indexOf(side);
  if (k >= 0) return view.enemies[k];
  const out: Unit[] = [];
  for (const o of view.units) if (o.side !== side && o.status === 'active' && o.position) out.push(o);
  view.enemySides.push(side);
  view.enemies.push(out);
  return out;
}

/** Close quarters (D60-CQC-1) of a unit of the state: an able enemy within 1 tile, asked once a version. */
export function closeQuartersOf(view: FightView, u: Unit): boolean {
  const i = view.units.indexOf(u);
  // a unit not in the state as such (a copy with other data): looked at afresh
  if (i < 0) return nearEnemy(view, u);
  let known = view.cqc[i];
  if (known === undefined || known === 0) known = view.cqc[i] = nearEnemy(view, u) ? 1 : 2;
  return known === 1;
}

function nearEnemy(view: FightView, u: Unit): boolean {
  for (const o of enemiesOfSide(view, u.side)) if (distance(o.position!, u.position!) <= 1) return true;
  return false;
}

/**
 * The map's walls by cell (y·width + x): 1 where its terrain's blocksMove is true, 2 where it is some other
 * truthy value, 0 open — each cell's terrain read once per map object through its key, as terrainAt reads it
 * (a map is never changed in place: `map.set` puts a new one in).
 */
const walls = new WeakMap<GridMap, Uint8Array>();

export function wallsOf(map: GridMap): Uint8Array {
  let w = walls.get(map);
  if (!w) {
    w = new Uint8Array(map.width * map.height);
    for (let y = 0; y < map.height; y++) {
      for (let x = 0; x < map.width; x++) {
        const b = map.cells[cellKeyOf(x, y)]?.blocksMove;
        w[y * map.width + x] = b ? (b === true ? 1 : 2) : 0;
      }
    }
    walls.set(map, w);
  }
  return w;
}

/**
 * knockbackMoves (space/area.ts) for a blow of `u` from (fx, fy) on `t`, the units but the two in the way:
 * whether the first step straight away from the blow — along facingToward's 8-way heading — is free of the
 * map's edge, walls, other units and a squeeze between two walls. The same test on the view's numbers.
 */
export function knockedAwayFrom(state: EncounterState, fx: number, fy: number, u: Unit, t: Unit): boolean {
  const tx = t.position!.x;
  const ty = t.position!.y;
  if (fx === tx && fy === ty) return false;
  // a tile off the whole numbers (never in play): the space module's own test
  if (!Number.isInteger(tx) || !Number.isInteger(ty) || !Number.isInteger(fx) || !Number.isInteger(fy)) return knockbackMoves(state.map as GridMap, { x: fx, y: fy }, t.position!, standingBut(state, t.id, u.id));
  const dx = tx - fx;
  const dy = ty - fy;
  // the step away by table within SPAN (facingStep(facingOfVector) of each), else asked
  let sx: number;
  let sy: number;
  if (dx >= -SPAN && dx <= SPAN && dy >= -SPAN && dy <= SPAN) {
    const i = (dy + SPAN) * (2 * SPAN + 1) + dx + SPAN;
    sx = STEP_X[i];
    sy = STEP_Y[i];
  } else {
    const v = facingStep(facingOfVector(dx, dy));
    sx = v.x;
    sy = v.y;
  }
  const map = state.map as GridMap;
  const nx = tx + sx;
  const ny = ty + sy;
  if (nx < 0 || ny < 0 || nx >= map.width || ny >= map.height) return false;
  const w = wallsOf(map);
  if (w[ny * map.width + nx] !== 0) return false;
  if (takenBut(state, nx, ny, t.id, u.id)) return false;
  // the corner rule (noSqueeze): a diagonal step not between two walls (off the map counts as a wall)
  if (nx !== tx && ny !== ty && wallAt(map, w, nx, ty) && wallAt(map, w, tx, ny)) return false;
  return true;
}

/** The step straight away from a blow coming along (dx, dy), for every step within SPAN tiles: facingStep(facingOfVector(dx, dy)). */
const SPAN = 16;
const STEP_X = new Int8Array((2 * SPAN + 1) * (2 * SPAN + 1));
const STEP_Y = new Int8Array((2 * SPAN + 1) * (2 * SPAN + 1));
for (let dy = -SPAN; dy <= SPAN; dy++) {
  for (let dx = -SPAN; dx <= SPAN; dx++) {
    const v = facingStep(facingOfVector(dx, dy));
    STEP_X[(dy + SPAN) * (2 * SPAN + 1) + dx + SPAN] = v.x;
    STEP_Y[(dy + SPAN) * (2 * SPAN + 1) + dx + SPAN] = v.y;
  }
}

const wallAt = (map: GridMap, w: Uint8Array, x: number, y: number): boolean => x < 0 || y < 0 || x >= map.width || y >= map.height || w[y * map.width + x] === 1;
