/**
 * Moving during the Action Phase (P20-ACT-2): freely, up to the walking speed left this turn, along a
 * path around walls and other units; terrain may cost more. An enemy that ends its move within reach of
 * a unit with a readied attack is struck (the Preparation, P20-PREP-1).
 */
import { cellKey, inBounds } from '../../engine/space/grid.ts';
import { reachCells, type MoveRules, type Reached } from '../../engine/space/path.ts';
import { moveSearches, type SearchKey } from '../../engine/space/searches.ts';
import { fail, type Cell, type Command, type EncounterState, type GridMap, type Resolution, type Unit } from '../../engine/index.ts';
import { inActionPhase } from './actions.ts';
import { inReach, resolveAttack } from './attack.ts';
import { dataOf } from './model.ts';
import { readiedWeapon } from './turn.ts';

/**
 * Enemies block movement; allies and fainted bodies can be passed through but not stood on
 * (ruling P20-ACT-2: "move around freely"). Also gives a key naming everything the search depends on
 * besides the map: the blocked and pass-only cells (the same cells give the same key; the search's
 * own cache is all it is used for).
 */
function moveRules(state: EncounterState, mover: Unit, key: SearchKey) {
  // numbers, one a unit on a whole cell of the map: its index when pass-only, −1 − its index when blocked; any
  // other place three: 0.5 (blocked) or 1.5 (pass-only), then x and y (never a whole number first: no two lists alike)
  const map = state.map as GridMap;
  const w = map.width;
  for (const id of state.unitOrder) {
    const o = state.units[id];
    if (o.id === mover.id || !o.position || (o.status !== 'active' && o.status !== 'down')) continue;
    const blocks = o.status === 'active' && o.side !== mover.side;
    const { x, y } = o.position;
    if ((x | 0) === x && (y | 0) === y && x >= 0 && y >= 0 && x < w && y < map.height) key.add(blocks ? -1 - (y * w + x) : y * w + x);
    else key.add(blocks ? 0.5 : 1.5).add(x).add(y);
  }
  // built only when the search runs (a cache miss): what stands on each cell, 1 blocked, 2 pass-only —
  // by cell index on the map (the search asks of every cell it meets), by key off it
  const rules = (): MoveRules => {
    const width = w;
    const onMap = (c: Cell) => Number.isInteger(c.x) && Number.isInteger(c.y) && inBounds(map, c);
    const grid = new Uint8Array(width * map.height);
    const off = new Map<string, number>();
    const kindAt = (c: Cell): number => (onMap(c) ? grid[c.y * width + c.x] : off.get(cellKey(c)) ?? 0);
    for (const id of state.unitOrder) {
      const o = state.units[id];
      if (o.id === mover.id || !o.position || (o.status !== 'active' && o.status !== 'down')) continue;
      // a cell both blocked and pass-only (a body under an enemy) is blocked: the search asks occupied first
      const kind = o.status === 'active' && o.side !== mover.side ? 1 : kindAt(o.position) === 1 ? 1 : 2;
      if (onMap(o.position)) grid[o.position.y * width + o.position.x] = kind;
      else off.set(cellKey(o.position), kind);
    }
    return { occupied: (c: Cell) => kindAt(c) === 1, passOnly: (c: Cell) => kindAt(c) === 2 };
  };
  return { rules };
}

/**
 * Searches already made, in the engine's shared store (space/searches.ts), by start, movement left and
 * the cells units block or may only pass: a search depends on nothing else, and the same ones recur —
 * listing the moves and then making one asks twice, and simulated fights of one encounter start from
 * the same places. Results are shared: nobody changes them.
 */
const searches = moveSearches.numbers<Reached>('phase20');

/**
 * The unit's search with the movement it has left, as arrays of numbers (Reached: cells in the search's
 * order, costs, the way back, where it may stop) — what the policy's walk toward a foe and a move command
 * read, with no Map or key per cell; the listing asks for the Map (reachableCells), made once from these.
 */
export function reachedOf(state: EncounterState, u: Unit): Reached {
  const map = state.map as GridMap;
  const key = searches.key(map).add(u.position!.x).add(u.position!.y).add(u.pools.movement.value);
  const { rules } = moveRules(state, u, key);
  return searches.get(key, () => reachCells(map, u.position!, u.pools.movement.value, rules()));
}

/** Every cell the unit can reach with the movement it has left, with its cost (cells it may only pass have canStop: false). */
export function reachableCells(state: EncounterState, u: Unit) {
  return reachedOf(state, u).map();
}

/** Cell (x, y)'s place in a search's answer, −1 when it was not reached (a search holds at most a few hundred cells). */
function placeOf(r: Reached, x: number, y: number): number {
  for (let k = 0; k < r.count; k++) if (r.x[k] === x && r.y[k] === y) return k;
  return -1;
}

export function moveCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  if (!inActionPhase(ctx.state)) fail('turn/wrong_phase', `${u.name} is in the Preparation Phase and cannot move`);
  const to = cmd.to;
  if (!Array.isArray(to) || to.length !== 2 || !to.every((n) => Number.isInteger(n))) fail('command/bad_cell', '"to" must be a cell [x, y]', 'to');
  const cell = { x: to[0] as number, y: to[1] as number };
  const map = ctx.state.map as GridMap;
  if (!inBounds(map, cell)) fail('action/out_of_bounds', `(${cell.x}, ${cell.y}) is off the map`, 'to');
  // read off the search's numbers: the cell's place, its cost and the way there (the start first)
  const reach = reachedOf(ctx.state, u);
  const k = placeOf(reach, cell.x, cell.y);
  if (k < 0 || reach.stop[k] === 0 || (cell.x === u.position!.x && cell.y === u.position!.y)) {
    fail('action/out_of_range', `${u.name} cannot reach (${cell.x}, ${cell.y}) with ${u.pools.movement.value} movement left [P20-ACT-2]`, 'to');
  }
  const cost = reach.cost[k];
  const path = reach.path(k);
  ctx.changePool(u.id, 'movement', -cost, 'spend', { rule: 'P20-ACT-2' });
  ctx.emit({ type: 'unit.moved', unit: u.id, from: u.position, to: cell, path, cost });
  triggerReadiedAttacks(ctx, ctx.unit(u.id));
}

/**
 * Ready Attack (ruling P20-PREP-1): an enemy that ends a move within reach of the readied weapon — the
 * unit's first physical weapon — is struck once. A mover knocked out by it faints, and its turn ends there.
 */
function triggerReadiedAttacks(ctx: Resolution, mover: Unit): void {
  for (const id of ctx.state.unitOrder) {
    const w = ctx.state.units[id];
    const d = dataOf(w);
    if (w.side === mover.side || w.status !== 'active' || d.prep.state !== 'announced') continue;
    const weapon = readiedWeapon(w);
    const target = ctx.unit(mover.id);
    if (!weapon || !inReach(ctx.state, w, target, weapon)) continue;
    if (target.status !== 'active') return;
    ctx.setData(w.id, 'prep', { state: 'spent', why: 'used' });
    ctx.note(() => `${w.name}'s readied attack (${weapon.name}) triggers: ${mover.name} ends a move within reach [P20-PREP-1]`);
    resolveAttack(ctx, w, target, weapon, 'readied');
  }
}
