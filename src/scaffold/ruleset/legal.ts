/**
 * Everything a unit may do now, as complete commands: the web page's buttons, the simulator's policies
 * and the contract's checks all read this list, and the commands' own checks accept every option in it.
 * Attacks come first, then moves, then ending the turn.
 */
import { distance, parseCellKey } from '../../engine/space/grid.ts';
import { currentUnit, type ActionOption, type EncounterState, type UnitId } from '../../engine/index.ts';
import { enemiesOf } from './model.ts';
import { reachableCells } from './move.ts';

export function legalActions(state: EncounterState, id: UnitId): ActionOption[] {
  const u = state.units[id];
  if (!u || currentUnit(state) !== id || u.status !== 'active') return [];
  const out: ActionOption[] = [];
  for (const t of enemiesOf(state, u)) {
    if (distance(u.position!, t.position!) === 1) out.push({ command: { type: 'attack', actor: id, target: t.id }, label: `Attack ${t.name}`, group: 'attack', range: 1, targets: [t.id] });
  }
  if (u.pools.movement.value > 0) {
    for (const [key, spot] of reachableCells(state, u)) {
      const c = parseCellKey(key);
      if (c.x === u.position!.x && c.y === u.position!.y) continue;
      out.push({ command: { type: 'move', actor: id, to: [c.x, c.y] }, label: `Move to (${c.x}, ${c.y}) — ${spot.cost} movement`, group: 'move', move: { to: c, cost: spot.cost } });
    }
  }
  out.push({ command: { type: 'end_turn', actor: id }, label: 'End turn', group: 'turn' });
  return out;
}
