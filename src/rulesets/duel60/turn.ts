/**
 * The start of a unit's turn: one action and one movement (D60-TURN-1), minus an action a reaction
 * already took (D60-PRJ-2); the block stance ends; a unit at 0 stamina cannot act (D60-STA-1) but may
 * move or rest; a Delayed action made last turn resolves now.
 */
import { RuleError, type Command, type Resolution, type Unit, type UnitId } from '../../engine/index.ts';
import { planAttack, resolveAttack } from './attack.ts';
import { planCast, resolveCast } from './magic.ts';
import { dataOf } from './model.ts';
import { planThrow, resolveThrow } from './throw.ts';

export function startTurn(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  const d = dataOf(u);
  const set = (pool: string, value: number) => {
    const p = ctx.unit(id).pools[pool];
    if (p.value !== value) ctx.changePool(id, pool, value - p.value, 'set', { rule: 'D60-TURN-1' });
  };
  set('action', d.owesAction ? 0 : d.perTurn.actions);
  if (d.owesAction) {
    ctx.setData(id, 'owesAction', false);
    ctx.note(() => `${u.name}'s reaction took this turn's action [D60-PRJ-2]`);
  }
  set('movement', d.perTurn.movements);
  if (d.blocking) ctx.setData(id, 'blocking', null);
  if (d.instantUsed) ctx.setData(id, 'instantUsed', false);
  // at 0 stamina it cannot act, but may move, block or rest: its choice ("they may recover", D60-STA-1)
  if (u.pools.stamina.value <= 0) ctx.note(() => `${u.name} has no stamina: it cannot act or dodge this turn, but may move, block or rest [D60-STA-1]`);
  const delayed = d.delayed;
  if (delayed) {
    ctx.setData(id, 'delayed', null);
    if (u.pools.stamina.value <= 0) ctx.note(() => `${u.name}'s delayed ${delayed.type} fizzles: with no stamina it cannot act [D60-STA-1, D60-EFF-1]`);
    else resumeDelayed(ctx, ctx.unit(id), delayed);
  }
}

function resumeDelayed(ctx: Resolution, u: Unit, cmd: Command): void {
  ctx.note(() => `${u.name}'s delayed ${cmd.type} happens now [D60-EFF-1]`);
  try {
    if (cmd.type === 'attack') resolveAttack(ctx, u, planAttack(ctx.state, u, cmd));
    else if (cmd.type === 'throw') resolveThrow(ctx, u, planThrow(ctx.state, u, cmd));
    else if (cmd.type === 'cast') resolveCast(ctx, u, planCast(ctx.state, u, cmd));
  } catch (err) {
    // the plan is checked before anything changes: a target gone or out of reach makes it fizzle
    if (!(err instanceof RuleError)) throw err;
    ctx.note(() => `${u.name}'s delayed ${cmd.type} fizzles: ${err.rejection.message} [D60-EFF-1]`);
  }
}
