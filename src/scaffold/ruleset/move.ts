/**
 * Moving (SKEL-MOVE-1): up to the unit's speed in squares a turn, one square per step (diagonals too),
 * around walls and other units; the squares it has not used are lost at the end of its turn.
 */
import { cellKey, inBounds } from '../../engine/space/grid.ts';
import { pathTo, reachable, type Reach } from '../../engine/space/path.ts';
import { fail, type Cell, type Command, type EncounterState, type GridMap, type Resolution, type Unit } from '../../engine/index.ts';

/** Every square the unit can reach with the movement it has left, with what it costs. */
export function reachableCells(state: EncounterState, u: Unit): Map<string, Reach> {
  const taken = new Set(state.unitOrder.map((id) => state.units[id]).filter((o) => o.id !== u.id && o.position && (o.status === 'active' || o.status === 'down')).map((o) => cellKey(o.position!)));
  return reachable(state.map as GridMap, u.position!, u.pools.movement.value, { occupied: (c: Cell) => taken.has(cellKey(c)) });
}

export function moveCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const to = cmd.to;
  if (!Array.isArray(to) || to.length !== 2 || !to.every((n) => Number.isInteger(n))) fail('command/bad_cell', '"to" must be a square [x, y]', 'to');
  const cell = { x: to[0] as number, y: to[1] as number };
  if (!inBounds(ctx.state.map as GridMap, cell)) fail('action/out_of_bounds', `(${cell.x}, ${cell.y}) is off the map`, 'to');
  const reach = reachableCells(ctx.state, u);
  const spot = reach.get(cellKey(cell));
  if (!spot || (cell.x === u.position!.x && cell.y === u.position!.y)) {
    fail('action/out_of_range', `${u.name} cannot reach (${cell.x}, ${cell.y}) with ${u.pools.movement.value} movement left [SKEL-MOVE-1]`, 'to');
  }
  ctx.changePool(u.id, 'movement', -spot.cost, 'spend', { rule: 'SKEL-MOVE-1' });
  ctx.emit({ type: 'unit.moved', unit: u.id, from: u.position, to: cell, path: pathTo(reach, cell), cost: spot.cost });
}
