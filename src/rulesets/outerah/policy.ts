/**
 * How an outerah unit fights when no one steers it. 'aggressive': heal an ally (or itself) below half,
 * cast a buff or debuff not yet on its target, strike the weakest enemy with the best expected damage,
 * else walk toward the nearest enemy it can find, else end the turn facing that enemy.
 */
import { facingToward } from '../../engine/space/facing.ts';
import { distance } from '../../engine/space/grid.ts';
import { isRejection, type ActionOption, type Cell, type EncounterState, type Policy, type UnitId } from '../../engine/index.ts';
import { effectRow } from './effect-table.ts';
import { canBeTargeted, dataOf, enemiesOf } from './model.ts';
import { preview } from './preview.ts';
import { effectOrderOf } from './skill-effects.ts';
import { partTwoChoice } from './policy-extras.ts';

function nearestEnemy(state: EncounterState, id: UnitId, at: Cell): { d: number; cell?: Cell } {
  const u = state.units[id];
  let best: { d: number; cell?: Cell } = { d: Infinity };
  for (const e of enemiesOf(state, u)) {
    if (!canBeTargeted(state, u, e)) continue;
    const d = distance(at, e.position!);
    if (d < best.d) best = { d, cell: e.position! };
  }
  return best;
}

const skillOf = (state: EncounterState, o: ActionOption) => dataOf(state.units[o.command.actor!]).skills.find((k) => k.id === o.command.skill);

export const aggressive: Policy = (state, id, options) => {
  const special = partTwoChoice(state, state.units[id], options);
  if (special) return special;
  const hurt = (o: ActionOption) => {
    const t = state.units[o.command.target as string];
    return t.pools.hp.value < t.pools.hp.max / 2;
  };
  const heal = options.find((o) => (o.command.type === 'use_item' || (o.command.type === 'cast' && skillOf(state, o)?.kind === 'heal')) && hurt(o));
  if (heal) return heal;
  const effectCast = options.find((o) => {
    if (o.command.type !== 'cast') return false;
    const k = skillOf(state, o);
    if (!k || (k.kind !== 'buff' && k.kind !== 'debuff')) return false;
    const name = effectOrderOf(k)?.name;
    const t = state.units[o.command.target as string];
    if (k.kind === 'buff' && (dataOf(t).resist[k.element] ?? 100) === 0) return false; // it cannot land (OUT-RES-3)
    if (effectRow(name ?? '')?.timing === 'inspiration') return true;
    return !state.effects.some((f) => f.target === o.command.target && f.name === name);
  });
  if (effectCast) return effectCast;
  const strikes = options.filter((o) => o.command.type === 'attack' || (o.command.type === 'cast' && skillOf(state, o)?.kind === 'attack'));
  if (strikes.length) {
    const hpOf = (o: ActionOption) => state.units[o.command.target as string].pools.hp.value;
    const weakest = Math.min(...strikes.map(hpOf));
    let best = strikes[0];
    let bestValue = -1;
    for (const o of strikes.filter((s) => hpOf(s) === weakest)) {
      const p = preview(state, o.command);
      const value = isRejection(p) ? 0 : p.expectedDamage ?? p.chance ?? 0;
      if (value > bestValue) [best, bestValue] = [o, value];
    }
    return best;
  }
  const here = nearestEnemy(state, id, state.units[id].position!);
  let move: ActionOption | undefined;
  let bestDist = here.d;
  for (const m of options.filter((o) => o.command.type === 'move')) {
    const [x, y] = m.command.to as number[];
    const d = nearestEnemy(state, id, { x, y }).d;
    if (d < bestDist) [move, bestDist] = [m, d];
  }
  if (move) return move;
  const face = here.cell ? facingToward(state.units[id].position!, here.cell) : undefined;
  return options.find((o) => o.command.type === 'end_turn' && (o.command.facing ?? state.units[id].facing) === face) ?? options.find((o) => o.command.type === 'end_turn') ?? options[0];
};
