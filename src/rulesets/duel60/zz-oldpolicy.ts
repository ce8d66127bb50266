/**
 * How a duel60 unit fights when no one steers it. 'aggressive': answer reactions by evading, else
 * blocking; take a killing blow when offered; rest when stamina is low; strike the weakest reachable
 * enemy with the best expected damage by preview (keeping 1 stamina so it can still dodge); otherwise
 * close in on the nearest enemy; else end the turn.
 */
import { distance } from '../../engine/space/grid.ts';
import { isRejection, type ActionOption, type Cell, type EncounterState, type Policy, type UnitId } from '../../engine/index.ts';
import { enemiesOf } from './model.ts';
import { preview } from './preview.ts';

/** Stamina below this: rest instead of attacking. */
export const LOW_STAMINA = 3;

function nearestEnemy(state: EncounterState, id: UnitId, at: Cell): number {
  return Math.min(Infinity, ...enemiesOf(state, state.units[id]).map((o) => distance(at, o.position!)));
}

function answer(options: ActionOption[]): ActionOption {
  const choice = (o: ActionOption) => o.command.choice as { reaction?: string } | string;
  const pick = (want: string) => options.find((o) => { const c = choice(o); return typeof c === 'string' ? c === want : c.reaction === want; });
  return pick('bleed') ?? pick('evade') ?? pick('block') ?? pick('none') ?? options[0];
}

export const aggressive: Policy = (state, id, options) => {
  const answers = options.filter((o) => o.group === 'answer');
  if (answers.length) return answer(answers);
  const u = state.units[id];
  const kill = options.find((o) => o.command.type === 'kill');
  if (kill) return kill;
  const rest = options.find((o) => o.command.type === 'rest');
  if (rest && u.pools.stamina.value < LOW_STAMINA) return rest;
  const targetOf = (o: ActionOption) => state.units[o.command.target as string];
  let strikes = options.filter((o) => (o.command.type === 'attack' || o.command.type === 'throw' || o.command.type === 'cast') && targetOf(o)?.side !== u.side && targetOf(o)?.status === 'active');
  // keep one stamina back: at 0 a fighter can neither act nor dodge (D60-STA-1)
  const spare = strikes.filter((o) => !Array.isArray(o.command.limbs) || o.command.limbs.length < u.pools.stamina.value);
  if (spare.length) strikes = spare;
  if (strikes.length) {
    const weakest = Math.min(...strikes.map((o) => targetOf(o).pools.hp.value));
    let best: ActionOption | undefined;
    let bestValue = 0;
    for (const o of strikes.filter((s) => targetOf(s).pools.hp.value === weakest)) {
      const p = preview(state, o.command);
      const value = isRejection(p) ? 0 : p.expectedDamage ?? 0;
      if (value > bestValue) [best, bestValue] = [o, value];
    }
    if (best) return best;
  }
  const here = nearestEnemy(state, id, u.position!);
  if (here > 1) {
    let best: ActionOption | undefined;
    let bestDist = here;
    for (const m of options.filter((o) => o.command.type === 'move')) {
      const [x, y] = m.command.to as number[];
      const d = nearestEnemy(state, id, { x, y });
      if (d < bestDist) [best, bestDist] = [m, d];
    }
    if (best) return best;
  }
  if (rest && u.pools.stamina.value < u.pools.stamina.max) return rest;
  return options.find((o) => o.command.type === 'end_turn') ?? options[0];
};
