/**
 * Closing in (the aggressive policy's move when it has nothing to strike this turn): toward the enemy it
 * can strike soonest — in moves, walking around walls — the weakest among equals, to the listed tile
 * that leaves the fewest steps to go.
 */
import { cellKey, cellOfKey, distance, inBounds } from '../../engine/space/grid.ts';
import { reachable } from '../../engine/space/path.ts';
import type { Cell, EncounterState, GridMap, Unit } from '../../engine/index.ts';
import { baseTiles, enemiesOf, projectilesOf } from './model.ts';
import { canEvade, strikesOf } from './strikes.ts';
import { tilesPerTurn } from './projectile.ts';

/**
 * Steps from a tile to every other around the walls, per map object and start tile. Units are left out:
 * they move every turn, the walls do not — and a map is never changed in place (a `map.set` event puts a
 * new one in), so a kept field is never stale. Bounded by the map's tiles.
 */
const fields = new WeakMap<GridMap, Map<string, Float64Array>>();

/** Steps from `from` to each tile (index y·width + x), Infinity where no way leads; kept per map and start. */
export function stepsFrom(map: GridMap, from: Cell): Float64Array {
  let byStart = fields.get(map);
  if (!byStart) fields.set(map, (byStart = new Map()));
  const key = cellKey(from);
  let field = byStart.get(key);
  if (!field) {
    // read once into an array: the policy asks it of every tile it could move to, a string key each
    field = new Float64Array(map.width * map.height).fill(Infinity);
    for (const [k, r] of reachable(map, from, map.width * map.height)) {
      const c = cellOfKey(k);
      if (inBounds(map, c)) field[c.y * map.width + c.x] = r.cost;
    }
    byStart.set(key, field);
  }
  return field;
}

const steps = (map: GridMap, field: Float64Array, c: Cell): number => (inBounds(map, c) ? field[c.y * map.width + c.x] : Infinity);

/** How far `u` can strike `t` from: its longest reach, a projectile only as far as it flies in a turn and only if `t` cannot Evade it. */
export function reachAgainst(state: EncounterState, u: Unit, t: Unit): number {
  let reach = 0;
  for (const s of strikesOf(state, u, u.pools.stamina.max)) {
    const r = s.flight ? (s.flight.reactable && canEvade(state, t, s.flight.speed) ? 0 : Math.min(s.reach, tilesPerTurn(s.flight.speed))) : s.reach;
    reach = Math.max(reach, r);
  }
  return reach;
}

/** The move (of the tiles listed) that closes in on the enemy `u` can strike soonest (undefined: no move gets closer to any). */
export function approachMove<C extends Cell>(state: EncounterState, u: Unit, moves: C[]): C | undefined {
  const map = state.map as GridMap;
  const here = u.position!;
  let goal: { t: Unit; field: Float64Array; reach: number; turns: number } | undefined;
  for (const t of enemiesOf(state, u)) {
    const field = stepsFrom(map, t.position!);
    const reach = Math.max(1, reachAgainst(state, u, t));
    const left = steps(map, field, here) - reach;
    if (left <= 0 || left === Infinity) continue;
    const turns = Math.ceil(left / baseTiles(u));
    if (!goal || turns < goal.turns || (turns === goal.turns && t.pools.hp.value < goal.t.pools.hp.value)) goal = { t, field, reach, turns };
  }
  if (!goal) return undefined;
  // tiles another unit's projectile will still fly through: not where to stop
  const flying = projectilesOf(state).filter((p) => state.units[p.owner]?.side !== u.side);
  const crossed = flying.length ? new Set(flying.flatMap((p) => p.path.slice(p.progress).map((c) => cellKey(c)))) : undefined;
  const at = goal.t.position!;
  let best: C | undefined;
  // steps still to go (none once in reach), then off projectile lines, then standing off at the edge of reach
  let toGo = steps(map, goal.field, here) - goal.reach;
  let onLine = 0;
  let near = 0;
  for (const c of moves) {
    const a = Math.max(0, steps(map, goal.field, c) - goal.reach);
    const b = crossed?.has(cellKey(c)) ? 1 : 0;
    const d = -distance(c, at);
    if (a < toGo || (a === toGo && best && (b < onLine || (b === onLine && d < near)))) {
      best = c;
      toGo = a;
      onLine = b;
      near = d;
    }
  }
  return best;
}
