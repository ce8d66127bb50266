/**
 * The turn's other choices: Block (D60-BLK-1, consumes movement), Rest (D60-REST-1, +2 stamina,
 * consumes action and movement), and purposely avoiding eye contact (D60-EYE-1, free).
 */
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { actionReason, movementReason, requireMovement, spendAction, spendMovement, type ActionKind, type Reason } from './actions.ts';
import { dataOf, hasPerk, weaponOf } from './model.ts';
import { INDIRECT_FIGHTER } from './schema.ts';

export function planBlock(_state: EncounterState, u: Unit, cmd: Command): string | null {
  if (cmd.weapon === undefined || cmd.weapon === null) return null;
  const w = weaponOf(u, cmd.weapon) ?? fail('action/unknown_weapon', `${u.name} has no weapon "${String(cmd.weapon)}"`, 'weapon');
  return w.id;
}

export function blockCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const weapon = planBlock(ctx.state, u, cmd);
  if (dataOf(u).blocking) fail('action/already_blocking', `${u.name} is already blocking`);
  // a rooted unit still raises its guard: the text has Block itself root the blocker (D60-PRJ-2)
  requireMovement(ctx.state, u, false);
  spendMovement(ctx, u);
  ctx.setData(u.id, 'blocking', { weapon });
  const w = weapon ? weaponOf(u, weapon)! : null;
  ctx.note(() => `${u.name} blocks${w ? ` with ${w.name} (+${w.damage} Endurance)` : ''} until its next turn: frontal damage halved [D60-BLK-1]`);
}

/**
 * Rest needs both the action and the movement, and a turn with nothing done yet: "if a character rests
 * during a turn and performs no actions" (D60-REST-1) — a perk's spare action after an attack is no rest.
 */
export function restRefusal(state: EncounterState, u: Unit) {
  const r = restReason(state, u);
  return r ? { code: r.code, message: r.words(u) } : null;
}

const RESTING: ActionKind = { rest: true };
const ALREADY_ACTED: Reason = { code: 'action/already_acted', words: (u) => `${u.name} has acted this turn: resting needs a turn with nothing else done [D60-REST-1]` };

/** restRefusal's reason, unworded. */
export function restReason(state: EncounterState, u: Unit): Reason | null {
  const refused = actionReason(state, u, RESTING) ?? movementReason(state, u, false);
  if (refused) return refused;
  const { actions, movements } = dataOf(u).perTurn;
  if (u.pools.action.value < actions || u.pools.movement.value < movements) return ALREADY_ACTED;
  return null;
}

export function restCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const refused = restRefusal(ctx.state, u);
  if (refused) fail(refused.code, refused.message);
  spendAction(ctx, u);
  spendMovement(ctx, u);
  const got = ctx.changePool(u.id, 'stamina', 2, 'gain', { rule: 'D60-REST-1' });
  ctx.note(() => `${u.name} rests: +${got} stamina [D60-REST-1]`);
  ctx.endTurn();
}

/** Toggle purposely avoiding eye contact: safe from gazes, −32 Agility without Indirect Fighter (D60-EYE-1). */
export function avertCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const on = cmd.on === undefined ? !dataOf(u).averting : cmd.on === true;
  if (on === dataOf(u).averting) fail('action/no_change', `${u.name} is ${on ? 'already' : 'not'} avoiding eye contact`);
  ctx.setData(u.id, 'averting', on);
  const indirect = hasPerk(u, INDIRECT_FIGHTER);
  ctx.note(() => (on ? `${u.name} avoids eye contact${indirect ? ' (Indirect Fighter: no penalty)' : ': −32 Agility'} [D60-EYE-1]` : `${u.name} meets the enemy's eyes again [D60-EYE-1]`));
}
