/**
 * A turn (P20-TURN-1): the Action Phase, then the Preparation Phase, which lasts until the unit's next
 * turn and allows one Preparation move (P20-PREP-1): announced once, unchangeable, not necessarily at once.
 */
import { fail, type Command, type Resolution, type UnitId } from '../../engine/index.ts';
import { dataOf } from './model.ts';

/** Set a per-turn pool to its budget (no event when it is there already). */
function refill(ctx: Resolution, id: UnitId, pool: string, value: number): void {
  const p = ctx.unit(id).pools[pool];
  if (p.value !== value) ctx.changePool(id, pool, value - p.value, 'set', { rule: 'P20-ACT-1' });
}

/**
 * Start of a turn: fresh actions and movement; last turn's Preparation is over. (Brace is an effect
 * that ran out on this turn's clock, after start-of-turn damage: P20-GEN-3.)
 */
export function startTurn(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  const d = dataOf(u);
  ctx.emit({ type: 'turn.phase', unit: id, phase: 'action' });
  refill(ctx, id, 'actions', d.actionBudget.default);
  refill(ctx, id, 'attackActions', d.actionBudget.attack);
  refill(ctx, id, 'spellActions', d.actionBudget.spell);
  // Sprint+ in its last turn leaves no movement in this one (P20-GEN-2)
  refill(ctx, id, 'movement', d.exhausted ? 0 : d.speed);
  if (d.exhausted) {
    ctx.note(`${u.name} sprinted all-out (Sprint+) in its last turn: no movement this turn [P20-GEN-2]`);
    ctx.setData(id, 'exhausted', false);
    ctx.setData(id, 'immobile', true);
  } else if (d.immobile) {
    ctx.setData(id, 'immobile', undefined);
  }
  if (d.prep.state !== 'none') ctx.setData(id, 'prep', { state: 'none' });
  if (d.noMoreAttacks) ctx.setData(id, 'noMoreAttacks', false);
  if (d.followUpsLeft.length) ctx.setData(id, 'followUpsLeft', []);
  if (d.followUpsUsed) ctx.setData(id, 'followUpsUsed', undefined);
  if (d.sprinted) ctx.setData(id, 'sprinted', undefined);
  // left over when the turn ended without its Preparation Phase (it fainted while acting)
  if (d.braceBlocksPrep) ctx.setData(id, 'braceBlocksPrep', undefined);
}

/** Ending the Action Phase enters the Preparation Phase, which ends the turn. */
export function endActionPhase(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const d = dataOf(u);
  ctx.emit({ type: 'turn.phase', unit: u.id, phase: 'preparation' });
  if (d.braceBlocksPrep) {
    ctx.setData(u.id, 'prep', { state: 'spent', why: 'braced' });
    ctx.setData(u.id, 'braceBlocksPrep', undefined);
    ctx.note(`${u.name} braced: no Preparation this phase [P20-GEN-3]`);
  } else {
    ctx.setData(u.id, 'prep', { state: 'open' });
  }
  ctx.endTurn();
}

/** Announce the Preparation: allowed any time during the unit's Preparation Phase, once (P20-PREP-1). */
export function prepareCommand(ctx: Resolution, cmd: Command): void {
  if (typeof cmd.actor !== 'string') fail('command/no_actor', '"prepare" needs an "actor"', 'actor');
  const u = ctx.unit(cmd.actor);
  const d = dataOf(u);
  if (u.status !== 'active') fail('action/unable', `${u.name} is ${u.status}`);
  if (d.prep.state === 'announced') fail('prep/already_announced', `${u.name} already announced ${d.prep.kind}; it cannot change [P20-PREP-1]`);
  if (d.prep.state !== 'open') fail('prep/not_in_phase', `${u.name} has no Preparation to announce now [P20-PREP-1]`);
  if (cmd.kind !== 'ready_attack') fail('prep/unknown', `unknown Preparation "${String(cmd.kind)}"; known: ready_attack`, 'kind');
  ctx.setData(u.id, 'prep', { state: 'announced', kind: 'ready_attack' });
  ctx.note(`${u.name} readies an attack [P20-PREP-1]`);
}
