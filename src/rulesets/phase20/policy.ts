/**
 * How a phase20 unit fights when no one steers it. 'aggressive': help a fainted ally up if next to one,
 * else strike the weakest enemy in reach with the best expected damage (by preview), else walk toward
 * the nearest enemy, else end the turn.
 */
import { distance } from '../../engine/space/grid.ts';
import { isRejection, type ActionOption, type EncounterState, type Policy, type UnitId } from '../../engine/index.ts';
import { preview } from './preview.ts';

function nearestEnemyDistance(state: EncounterState, id: UnitId, at: { x: number; y: number }): number {
  const u = state.units[id];
  let best = Infinity;
  for (const oid of state.unitOrder) {
    const o = state.units[oid];
    if (o.side !== u.side && o.status === 'active' && o.position) best = Math.min(best, distance(at, o.position));
  }
  return best;
}

export const aggressive: Policy = (state, id, options) => {
  const help = options.find((o) => o.command.type === 'help');
  if (help) return help;
  const strikes = options.filter((o) => o.command.type === 'attack' || (o.command.type === 'cast' && state.units[o.command.target as string]?.side !== state.units[id].side));
  if (strikes.length) {
    const hpOf = (o: ActionOption) => state.units[o.command.target as string].pools.hp.value;
    const weakest = Math.min(...strikes.map(hpOf));
    let best = strikes[0];
    let bestValue = -1;
    for (const o of strikes.filter((s) => hpOf(s) === weakest)) {
      const p = preview(state, o.command);
      const value = isRejection(p) ? 0 : p.expectedDamage ?? (p.chance ?? 0);
      if (value > bestValue) [best, bestValue] = [o, value];
    }
    return best;
  }
  const moves = options.filter((o) => o.command.type === 'move');
  if (moves.length) {
    const here = nearestEnemyDistance(state, id, state.units[id].position!);
    let best: ActionOption | undefined;
    let bestDist = here;
    for (const m of moves) {
      const [x, y] = m.command.to as number[];
      const d = nearestEnemyDistance(state, id, { x, y });
      if (d < bestDist) [best, bestDist] = [m, d];
    }
    if (best) return best;
  }
  return options.find((o) => o.command.type === 'end_turn') ?? options[0];
};
