/**
 * The 'aggressive' policy for the simulator: attack the adjacent enemy with the fewest hit points; else
 * step to the square nearest the nearest enemy; else end the turn.
 */
import { distance } from '../../engine/space/grid.ts';
import type { ActionOption, Cell, Policy } from '../../engine/index.ts';
import { enemiesOf } from './model.ts';

export const aggressive: Policy = (state, unit, options) => {
  const attacks = options.filter((o) => o.group === 'attack');
  if (attacks.length) return attacks.reduce((best, o) => (state.units[o.command.target as string].pools.hp.value < state.units[best.command.target as string].pools.hp.value ? o : best));
  const foes = enemiesOf(state, state.units[unit]);
  const moves = options.filter((o): o is ActionOption & { move: { to: Cell; cost: number } } => o.move !== undefined && typeof o.move.to === 'object');
  if (foes.length && moves.length) {
    const gap = (c: Cell) => Math.min(...foes.map((f) => distance(c, f.position!)));
    const here = gap(state.units[unit].position!);
    const best = moves.reduce((a, b) => (gap(b.move.to) < gap(a.move.to) || (gap(b.move.to) === gap(a.move.to) && b.move.cost < a.move.cost) ? b : a));
    if (gap(best.move.to) < here) return best;
  }
  return options.find((o) => o.command.type === 'end_turn') ?? options[options.length - 1];
};
