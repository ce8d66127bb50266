/**
 * Movement (OUT-TURN-1): up to the unit's Movement in cells per turn, in any number of steps, around
 * walls and other units. Step costs go through STEP_COSTS so part 2 can add terrain (difficult ground
 * halves Movement: cost 2; swimming diagonals 1.5...) without touching this file.
 */
import { cellKey, inBounds } from '../../engine/space/grid.ts';
import { defaultStepCost, pathTo, reachable, type MoveRules } from '../../engine/space/path.ts';
import { fail, type Cell, type Command, type EncounterState, type GridMap, type Resolution, type Unit } from '../../engine/index.ts';

/** Adjusts the cost of one step (null: cannot); called in order after the default cost. */
export type StepCost = (state: EncounterState, unit: Unit, from: Cell, to: Cell, cost: number) => number | null;

export const STEP_COSTS: StepCost[] = [];

export function moveRules(state: EncounterState, u: Unit): MoveRules {
  const taken = new Set<string>();
  for (const id of state.unitOrder) {
    const o = state.units[id];
    if (o.id !== u.id && o.position && (o.status === 'active' || o.status === 'down')) taken.add(cellKey(o.position));
  }
  return {
    occupied: (c) => taken.has(cellKey(c)),
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

export function reachableCells(state: EncounterState, u: Unit) {
  return reachable(state.map as GridMap, u.position!, u.pools.movement.value, moveRules(state, u));
}

export function moveCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const to = cmd.to;
  if (!Array.isArray(to) || to.length !== 2 || !to.every((n) => Number.isInteger(n))) fail('command/bad_cell', '"to" must be a cell [x, y]', 'to');
  const cell = { x: to[0] as number, y: to[1] as number };
  if (!inBounds(ctx.state.map as GridMap, cell)) fail('action/out_of_bounds', `(${cell.x}, ${cell.y}) is off the map`, 'to');
  const reach = reachableCells(ctx.state, u);
  const spot = reach.get(cellKey(cell));
  if (!spot || spot.cost === 0) fail('action/out_of_range', `${u.name} cannot reach (${cell.x}, ${cell.y}) with ${u.pools.movement.value} Movement left [OUT-TURN-1]`, 'to');
  ctx.changePool(u.id, 'movement', -spot.cost, 'spend', { rule: 'OUT-TURN-1' });
  ctx.emit({ type: 'unit.moved', unit: u.id, from: u.position, to: cell, path: pathTo(reach, cell), cost: spot.cost });
}
