/**
 * Movement (OUT-TURN-1, OUT-TER-1..3): up to the unit's Movement in cells per turn, in any number of
 * steps, around walls and other units. Step costs go through STEP_COSTS (terrain.ts prices difficult
 * ground, water, mountains, open air and space); the engine's path search finds the cheapest route.
 * A mounted rider moves with its mount (OUT-MNT-1); every jump on a mountain rolls a d10 (jumps.ts), but wings
 * fly up and down without one (ruling OUT-TER-3).
 */
import { cellKey, cellKeyOf, distance, inBounds } from '../../engine/space/grid.ts';
import { defaultStepCost, reachCells, reachCellsUntil, type MoveRules, type Reach, type Reached } from '../../engine/space/path.ts';
import { moveSearches, type SearchKey } from '../../engine/space/searches.ts';
import { nearestPlace } from '../../engine/space/stops.ts';
import { fail, type Cell, type Command, type EncounterState, type GridMap, type Resolution, type Unit } from '../../engine/index.ts';
import { mountainJump } from './jumps.ts';
import { dataOf } from './model.ts';
import { baseJumpOf, heldUnder, moverOf, riddenMount, riderOf } from './mount-model.ts';
import { nearestPlaceOf, placeOf, wayTo } from './reached.ts';
import { shipList } from './ship-model.ts';
import { cellInfo, jumpFor, stepPricerAt, surroundings, terrainStep } from './terrain.ts';

/** Adjusts the cost of one step (null: cannot); called in order after the default cost. */
export type StepCost = (state: EncounterState, unit: Unit, from: Cell, to: Cell, cost: number) => number | null;

export const STEP_COSTS: StepCost[] = [terrainStep];

/** Cells other units hold (a rider and its mount share one cell and do not block each other). */
export function takenCells(state: EncounterState, u: Unit): Set<string> {
  const mate = riddenMount(state, u)?.id ?? riderOf(state, u)?.id;
  const taken = new Set<string>();
  for (const id of state.unitOrder) {
    const o = state.units[id];
    if (o.id !== u.id && o.id !== mate && o.position && (o.status === 'active' || o.status === 'down')) taken.add(cellKey(o.position));
  }
  return taken;
}

/**
 * Whether another unit holds the whole cell (x, y) — takenCells' answer for a whole cell, read off the units'
 * places as numbers (a search asks it of every cell it reaches: no key made per cell).
 */
function heldAt(state: EncounterState, u: Unit): (x: number, y: number) => boolean {
  const mate = riddenMount(state, u)?.id ?? riderOf(state, u)?.id;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const id of state.unitOrder) {
    const o = state.units[id];
    if (o.id !== u.id && o.id !== mate && o.position && (o.status === 'active' || o.status === 'down')) {
      xs.push(o.position.x);
      ys.push(o.position.y);
    }
  }
  return (x, y) => {
    for (let i = 0; i < xs.length; i++) if (xs[i] === x && ys[i] === y) return true;
    return false;
  };
}

/** The rules of `u`'s moves now (the cells others hold as takenCells has them: that Set made only if a cell is asked by its key). */
function rulesWith(state: EncounterState, u: Unit): MoveRules {
  let taken: Set<string> | undefined;
  const occupied = (c: Cell) => (taken ??= takenCells(state, u)).has(cellKey(c));
  // terrainStep alone (as shipped): its fast form, everything it reads taken once (the rules are used at once)
  // (costAt and occupiedAt: the same answers with the cells as numbers, for the search to ask without making cells)
  if (STEP_COSTS.length === 1 && STEP_COSTS[0] === terrainStep) {
    const at = stepPricerAt(state, u);
    const held = heldAt(state, u);
    // a whole cell is held as takenCells has it; any other asked by its key
    const occupiedAt = (x: number, y: number) => (Number.isInteger(x) && Number.isInteger(y) ? held(x, y) : (taken ??= takenCells(state, u)).has(cellKeyOf(x, y)));
    return { occupied, occupiedAt, costOf: (map, from, to) => at(map, from.x, from.y, to.x, to.y), costAt: at };
  }
  return {
    occupied,
    costOf(map, from, to) {
      let cost = defaultStepCost(map, from, to);
      for (const f of STEP_COSTS) {
        if (cost === null) return null;
        cost = f(state, u, from, to, cost);
      }
      return cost;
    },
  };
}

/** The rules of `u`'s moves in the state as it is now (a snapshot: use them at once). */
export function moveRules(state: EncounterState, u: Unit): MoveRules {
  return rulesWith(state, u);
}

/**
 * Everything a search of `u`'s moves reads besides the map object (terrain, tags, heights: a map never
 * changes in place, `map.set` puts a new one in): where it starts, the budget, the cells others hold, and
 * all terrainStep asks of the unit and the encounter — the wings, swimming and Jump of the body that moves
 * (its own, or its mount's while riding: moverOf, baseJumpOf), the surroundings (sky, space), and every ship's deck (place, size, wrecked:
 * open air, water and difficult ground under a deck) and gravity reach (fields in space). Undefined when the
 * step costs are not terrainStep's alone: an added rule may read anything, so nothing is kept then.
 * Only the cells others hold within reach count: terrainStep never prices a step below the map's cheapest
 * cell (its factors are all ≥ 1), so with every step costing at least m > 0 no cell more than ⌊budget / m⌋ + 1
 * steps away is ever entered, whoever holds it.
 */
function searchKey(state: EncounterState, u: Unit, budget: number): SearchKey | undefined {
  if (STEP_COSTS.length !== 1 || STEP_COSTS[0] !== terrainStep) return undefined;
  const d = dataOf(moverOf(state, u));
  const map = state.map as GridMap;
  const at = u.position!;
  const whole = Number.isInteger(at.x) && Number.isInteger(at.y) && inBounds(map, at);
  const m = whole ? cellInfo(map).minCost : 0;
  const radius = m >= 1e-3 ? Math.floor(budget / m) + 1 : Infinity;
  // numbers, no text built: the lists' counts before them (the walk's question is added after: walkToward)
  const key = searches.key(map).add(at.x).add(at.y).add(budget).add((d.wings ? 1 : 0) + (d.swims ? 2 : 0)).add(baseJumpOf(state, u)).addText(surroundings(state));
  const ships = shipList(state);
  key.add(ships.length);
  for (const s of ships) key.addText(s.id).add(s.at.x).add(s.at.y).add(s.size.w).add(s.size.h).add(s.wrecked ? 1 : 0).add(s.gravity);
  const mate = riddenMount(state, u)?.id ?? riderOf(state, u)?.id;
  const count = key.length;
  key.add(0);
  let near = 0;
  for (const id of state.unitOrder) {
    const o = state.units[id];
    // takenCells' units, those within reach
    if (o.id !== u.id && o.id !== mate && o.position && (o.status === 'active' || o.status === 'down') && distance(o.position, at) <= radius) {
      key.add(o.position.x).add(o.position.y);
      near++;
    }
  }
  key.set(count, near);
  return key;
}

/**
 * Searches already made, kept in the engine's shared store (searches.ts) by searchKey: the same ones recur
 * (listing the moves and then making one asks twice, and every fight forks one initial state). The store
 * tells maps apart by content: a fight that burns a wooden cover (OUT-COV-4) puts in a new map, and every
 * fight burning the same fence one of the same content (ridge-cover: 4× the searches without it).
 */
const searches = moveSearches.numbers<Reached>('outerah');

/**
 * `u`'s search with `budget` (default: the Movement it has left), as arrays of numbers (Reached: the cells in
 * the search's order, their costs, the way back) — what the policy's walk toward a foe and a move command
 * read, with no key, Map entry or cell object per reachable cell; the listing asks for the Map
 * (reachableCells), made once from these and kept with them.
 */
export function reachedOf(state: EncounterState, u: Unit, budget = u.pools.movement.value): Reached {
  // a mount that cannot move this turn carries its rider nowhere (ruling OUT-MNT-1): it may only get down
  budget = budgetOf(state, u, budget);
  const map = state.map as GridMap;
  const key = searchKey(state, u, budget);
  if (key === undefined) return reachCells(map, u.position!, budget, rulesWith(state, u));
  return searches.get(key, () => reachCells(map, u.position!, budget, rulesWith(state, u)));
}

/** The budget a search of `u`'s moves has: `budget`, none on a mount that cannot move this turn (ruling OUT-MNT-1). */
const budgetOf = (state: EncounterState, u: Unit, budget: number): number => (budget > 0 && heldUnder(state, u) ? 0 : budget);

/**
 * Searches the walk toward a foe stopped early (walkToward), the last few by their key: the move command that
 * follows reads the way to the chosen cell off one. They hold only settled cells (final costs and ways back):
 * a cell not in one is asked of the whole search.
 */
const STOPPED = 4;
const stoppedEarly: { map: GridMap | undefined; key: number[]; reach: Reached | undefined }[] = Array.from({ length: STOPPED }, () => ({ map: undefined, key: [], reach: undefined }));
let nextStopped = 0;

/**
 * The search a move of `u` to (x, y) reads: the whole one kept, else one the walk toward a foe stopped early
 * at that cell (or past it), else the whole one, made and kept.
 */
export function reachedTo(state: EncounterState, u: Unit, x: number, y: number, budget = u.pools.movement.value): Reached {
  budget = budgetOf(state, u, budget);
  // the walk just weighed for this very unit on this state, unchanged since: its search, no key spelt again
  const walked = lastWalkOf(state, u, budget, x, y);
  if (walked) return walked;
  const map = state.map as GridMap;
  const key = searchKey(state, u, budget);
  if (key === undefined) return reachCells(map, u.position!, budget, rulesWith(state, u));
  const whole = searches.find(key);
  if (whole) return whole;
  for (const s of stoppedEarly) if (s.map === map && key.is(s.key) && placeOf(s.reach!, x, y) >= 0) return s.reach!;
  return searches.get(key, () => reachCells(map, u.position!, budget, rulesWith(state, u)));
}

/**
 * What the walk toward `toward` weighs (moveToward, a pet's Move Order): `u`'s search with `budget` and the place in it of the first stop nearer
 * the nearest of `toward` than `toBeat` and every stop before it, and its distance (nearestPlace; −1: none). The search stops
 * early at the first cell it reaches as near as any can be — next to a foe, when every cell of `toward` is
 * held by another unit (none can be entered), else on one — once that cell is settled: no stop found later
 * can beat it, and the ones before it are all there (reachCellsUntil). Kept with its question; a search that
 * ran to its end is kept as the whole one.
 */
export function walkToward(state: EncounterState, u: Unit, toward: readonly Cell[], toBeat: number, budget = u.pools.movement.value): { reach: Reached; index: number; d: number } {
  budget = budgetOf(state, u, budget);
  const map = state.map as GridMap;
  const key = searchKey(state, u, budget);
  let reach = key === undefined ? reachCells(map, u.position!, budget, rulesWith(state, u)) : searches.find(key);
  // a search asked to stop next to a foe: when it stopped early it holds a stop nearer than `toBeat`, so no box is asked
  let stopping = false;
  if (!reach) {
    const rules = rulesWith(state, u);
    // the nearest any reachable cell can be (−1: not known, so no early stop): whole cells held by others are never entered
    let floor = toward.length ? 1 : -1;
    for (const c of toward) {
      if (!Number.isInteger(c.x) || !Number.isInteger(c.y)) floor = -1;
      else if (floor === 1 && !(rules.occupiedAt ? rules.occupiedAt(c.x, c.y) : rules.occupied!(c))) floor = 0;
    }
    if (floor < 0 || floor >= toBeat) searches.put(key!, (reach = reachCells(map, u.position!, budget, rules)));
    else {
      // kept by its question too: the same walk from the same place recurs from fight to fight (the key, then the question)
      const asked = key!;
      const length = asked.length;
      asked.add(floor).add(toward.length);
      for (const c of toward) asked.add(c.x).add(c.y);
      reach = searches.find(asked);
      if (!reach) {
        const until = (x: number, y: number): boolean => {
          for (let i = 0; i < toward.length; i++) if (Math.max(Math.abs(x - toward[i].x), Math.abs(y - toward[i].y)) <= floor) return true;
          return false;
        };
        const { reached, whole } = reachCellsUntil(map, u.position!, budget, rules, until);
        if (whole) asked.truncate(length);
        searches.put(asked, reached);
        reach = reached;
      }
      stopping = true;
      const slot = stoppedEarly[nextStopped];
      nextStopped = (nextStopped + 1) % STOPPED;
      slot.map = map;
      slot.key = asked.copy(length);
      slot.reach = reach;
    }
  }
  // a whole search's stops weighed only when the box around them could hold a nearer one (nearestPlaceOf)
  const best = stopping ? nearestPlace(reach, toward, toBeat) : nearestPlaceOf(reach, toward, toBeat);
  if (key !== undefined) keepWalk(state, u, budget, reach);
  return { reach, index: best.index, d: best.d };
}

/**
 * The last walk weighed (walkToward): the state it was asked of at its version, the unit, where it stood, the
 * budget, and its search. The move command that follows — the policy's choice decided on the same state — reads
 * its way off that search instead of spelling the key and asking the store again (issue 40, point 3: the move
 * answered from the search the walk already made). The same state object at the same version is the same state:
 * every change, logged or not, steps the version; a search stopped early answers only for the cells it holds
 * (settled: their costs and ways are the whole search's).
 */
const lastWalk: { state: EncounterState | undefined; version: number; unit: string; x: number; y: number; budget: number; reach: Reached | undefined } = {
  state: undefined, version: -1, unit: '', x: NaN, y: NaN, budget: NaN, reach: undefined,
};

function keepWalk(state: EncounterState, u: Unit, budget: number, reach: Reached): void {
  lastWalk.state = state;
  lastWalk.version = state.version;
  lastWalk.unit = u.id;
  lastWalk.x = u.position!.x;
  lastWalk.y = u.position!.y;
  lastWalk.budget = budget;
  lastWalk.reach = reach;
}

/** The last walk's search, when it was asked of `state` as it is now, for `u` where it stands with `budget`, and holds (x, y). */
function lastWalkOf(state: EncounterState, u: Unit, budget: number, x: number, y: number): Reached | undefined {
  const w = lastWalk;
  if (w.state !== state || w.version !== state.version || w.unit !== u.id || w.budget !== budget || w.x !== u.position!.x || w.y !== u.position!.y) return undefined;
  return placeOf(w.reach!, x, y) >= 0 ? w.reach : undefined;
}

/** Every cell `u` can reach with `budget`, keyed by cell, with its cost and the way back (reachedOf's Map). */
export function reachableCells(state: EncounterState, u: Unit, budget = u.pools.movement.value): Map<string, Reach> {
  return reachedOf(state, u, budget).map();
}

/** How many steps of `u`'s path are mountain jumps (each rolls a d10; wings make none: jumpFor). */
export function jumpsOn(state: EncounterState, u: Unit, path: Cell[]): number {
  let n = 0;
  for (let i = 1; i < path.length; i++) if (jumpFor(state, u, path[i - 1], path[i])) n++;
  return n;
}

/** Move a unit (and the mount under it) along a path it has paid for (`costs`: reaching each of its cells), rolling each mountain jump. */
export function walk(ctx: Resolution, u: Unit, path: Cell[], costs: readonly number[], pool = 'movement'): Cell {
  const mount = riddenMount(ctx.state, u);
  const taken = takenCells(ctx.state, u);
  let stop = path.length - 1;
  let failed = false;
  for (let i = 1; i < path.length; i++) {
    if (!jumpFor(ctx.state, u, path[i - 1], path[i])) continue;
    if (mountainJump(ctx, u, path[i - 1], path[i], taken) !== 'made') {
      stop = i - 1;
      failed = true;
      break;
    }
  }
  const now = ctx.unit(u.id);
  const end = path[stop];
  const cost = costs[stop] ?? 0;
  if (cost > 0) ctx.changePool(u.id, pool, -cost, 'spend', { rule: 'OUT-TURN-1' });
  const fellAway = now.position!.x !== path[0].x || now.position!.y !== path[0].y;
  if (stop > 0 && !fellAway) {
    ctx.emit({ type: 'unit.moved', unit: u.id, from: path[0], to: end, path: path.slice(0, stop + 1), cost });
    // the pair moves on the mount's legs, but the Movement spent is the rider's pool: the mount's line has no cost
    if (mount) ctx.emit({ type: 'unit.moved', unit: mount.id, from: path[0], to: end, path: path.slice(0, stop + 1), forced: `carried along under ${u.name} (no cost of its own)` });
  }
  // a failed jump spends the rest of the Movement (a riding pair that fell slid down together: mountainJump)
  if (failed) {
    const left = ctx.unit(u.id).pools[pool]?.value ?? 0;
    if (left > 0) ctx.changePool(u.id, pool, -left, 'spend', { rule: 'OUT-TER-3' });
  }
  return ctx.unit(u.id).position!;
}

export function parseCell(cmd: Command, field = 'to'): Cell {
  const to = cmd[field];
  if (!Array.isArray(to) || to.length !== 2 || !to.every((n) => Number.isInteger(n))) fail('command/bad_cell', `"${field}" must be a cell [x, y]`, field);
  return { x: to[0] as number, y: to[1] as number };
}

export function moveCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const cell = parseCell(cmd);
  if (!inBounds(ctx.state.map as GridMap, cell)) fail('action/out_of_bounds', `(${cell.x}, ${cell.y}) is off the map`, 'to');
  const held = heldUnder(ctx.state, u);
  if (held) fail('action/mount_held', `${held.why}: it carries ${u.name} nowhere this turn; dismount to go on foot [OUT-MNT-1]`, 'to');
  // read off the search's numbers: the cell's place, its cost and the way there
  const reach = reachedTo(ctx.state, u, cell.x, cell.y);
  const k = placeOf(reach, cell.x, cell.y);
  if (k < 0 || reach.cost[k] === 0) fail('action/out_of_range', `${u.name} cannot reach (${cell.x}, ${cell.y}) with ${u.pools.movement.value} Movement left [OUT-TURN-1, OUT-TER-1]`, 'to');
  const { path, costs } = wayTo(reach, k);
  walk(ctx, u, path, costs);
}

/** What a move will cost and where it goes, before it is made (preview notes). */
export function movePreview(state: EncounterState, u: Unit, to: Cell): { chance?: number; why?: string; notes: string[] } {
  const held = heldUnder(state, u);
  if (held) return { notes: [`${held.why}: it carries ${u.name} nowhere this turn [OUT-MNT-1]`] };
  const reach = reachedOf(state, u);
  const k = placeOf(reach, to.x, to.y);
  if (k < 0) return { notes: [`(${to.x}, ${to.y}) is out of reach with ${u.pools.movement.value} Movement`] };
  const spot = { cost: reach.cost[k] };
  const path = reach.path(k);
  const jumps = jumpsOn(state, u, path);
  const notes = [`path: ${path.map((c) => `(${c.x}, ${c.y})`).join(' → ')}`, `cost: ${spot.cost} Movement of ${u.pools.movement.value}`];
  if (jumps) notes.push(`${jumps} mountain jump${jumps > 1 ? 's' : ''}: each d10 7–0 made, 3–6 Topple, 1–2 fall [OUT-TER-3]`);
  return { ...(jumps ? { chance: 0.4 ** jumps, why: `every one of the ${jumps} jump${jumps > 1 ? 's' : ''} must make its d10 (7–0: 4 in 10)` } : {}), notes };
}
