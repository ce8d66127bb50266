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
import { distance } from '../../engine/space/grid.ts';
import { occupies } from '../../engine/space/occupancy.ts';

export interface FightView {
  version: number;
  /** The units in the encounter's order: a unit's place is its index here. */
  units: Unit[];
  /** The place of each unit by id. */
  place: Map<UnitId, number>;
  width: number;
  height: number;
  /** How many occupying units stand on each cell of the map (y·width + x); made when first asked. */
  count: Uint8Array | undefined;
  /** Able enemies (enemiesOf's default answer) by the side they are enemies of; made per side when asked. */
  enemies: Map<string, Unit[]>;
  /** By place: 1 in close quarters, 2 not, 0 not asked yet. */
  cqc: Int8Array;
}

const views = new WeakMap<EncounterState, FightView>();

/** The view of `state` as it stands (the kept one while the version has not moved). */
export function viewOf(state: EncounterState): FightView {
  const kept = views.get(state);
  if (kept && kept.version === state.version) return kept;
  const units: Unit[] = [];
  const place = new Map<UnitId, number>();
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (!u) continue;
    place.set(id, units.length);
    units.push(u);
  }
  const map = state.map as GridMap;
  const view: FightView = { version: state.version, units, place, width: map.width, height: map.height, count: undefined, enemies: new Map(), cqc: new Int8Array(units.length) };
  views.set(state, view);
  return view;
}

/** The occupancy grid of the view (occupies(): the active and the fallen, with a position on the map). */
function countOf(view: FightView): Uint8Array {
  let count = view.count;
  if (!count) {
    count = view.count = new Uint8Array(view.width * view.height);
    for (const u of view.units) {
      if (!occupies(u)) continue;
      const p = u.position!;
      if (p.x < 0 || p.y < 0 || p.x >= view.width || p.y >= view.height || !Number.isInteger(p.x) || !Number.isInteger(p.y)) continue;
      count[p.y * view.width + p.x]++;
    }
  }
  return count;
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
export function enemiesOfSide(state: EncounterState, side: string): Unit[] {
  const view = viewOf(state);
  let out = view.enemies.get(side);
  if (!out) {
    out = [];
    for (const o of view.units) if (o.side !== side && o.status === 'active' && o.position) out.push(o);
    view.enemies.set(side, out);
  }
  return out;
}

/** Close quarters (D60-CQC-1) of a unit of the state: an able enemy within 1 tile, asked once a version. */
export function closeQuartersOf(state: EncounterState, u: Unit): boolean {
  const view = viewOf(state);
  const i = view.place.get(u.id);
  // a unit not in the state as such (a copy with other data): looked at afresh
  if (i === undefined || view.units[i] !== u) return nearEnemy(state, u);
  let known = view.cqc[i];
  if (known === 0) known = view.cqc[i] = nearEnemy(state, u) ? 1 : 2;
  return known === 1;
}

function nearEnemy(state: EncounterState, u: Unit): boolean {
  for (const o of enemiesOfSide(state, u.side)) if (distance(o.position!, u.position!) <= 1) return true;
  return false;
}
