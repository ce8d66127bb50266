/**
 * A turn (P20-TURN-1): the Action Phase, then the Preparation Phase, which lasts until the unit's next
 * turn and allows one Preparation move (P20-PREP-1): announced once, unchangeable, not necessarily at once.
 */
import { currentUnit, fail, lastSideStanding, type Command, type Resolution, type Unit, type UnitId } from '../../engine/index.ts';
import { actionsUsedUp, inActionPhase } from './actions.ts';
import { dataOf } from './model.ts';
import { profileOf } from './profile.ts';
import type { Weapon } from './schema.ts';

/** What a refill's event carries besides the change (copied into the event: one object for every refill). */
const REFILL = Object.freeze({ rule: 'P20-ACT-1' });

/**
 * Start of a turn: fresh actions and movement; last turn's Preparation is over. (Brace is an effect
 * that ran out on this turn's clock, after start-of-turn damage: P20-GEN-3.)
 */
export function startTurn(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  const d = dataOf(u);
  const p = profileOf(u);
  // each pool set to its budget (no change when it is there already); the four read before any is
  // written — a refill changes only its own pool
  const pools = u.pools;
  const actions = pools.actions.value;
  const attacks = pools.attackActions.value;
  const spells = pools.spellActions.value;
  const movement = pools.movement.value;
  // Sprint+ in its last turn leaves no movement in this one (P20-GEN-2)
  const steps = d.exhausted ? 0 : p.speed;
  ctx.setPhase(id, 'action');
  if (actions !== p.budgetDefault) ctx.changePool(id, 'actions', p.budgetDefault - actions, 'set', REFILL);
  if (attacks !== p.budgetAttack) ctx.changePool(id, 'attackActions', p.budgetAttack - attacks, 'set', REFILL);
  if (spells !== p.budgetSpell) ctx.changePool(id, 'spellActions', p.budgetSpell - spells, 'set', REFILL);
  if (movement !== steps) ctx.changePool(id, 'movement', steps - movement, 'set', REFILL);
  if (d.exhausted) {
    ctx.note(() => `${u.name} sprinted all-out (Sprint+) in its last turn: no movement this turn [P20-GEN-2]`);
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
  if (d.sprinting) ctx.setData(id, 'sprinting', undefined);
  // left over when the turn ended without its Preparation Phase (it fainted while acting)
  if (d.braceBlocksPrep) ctx.setData(id, 'braceBlocksPrep', undefined);
}

/** The weapon a Ready Attack strikes with: the unit's first physical weapon (ruling P20-PREP-1). */
export function readiedWeapon(u: Unit): Weapon | undefined {
  return profileOf(u).readied;
}

/** Whether the unit has a Preparation it could announce now (open, and a weapon to ready). */
export function canPrepare(u: Unit): boolean {
  return u.status === 'active' && dataOf(u).prep.state === 'open' && profileOf(u).readied !== undefined;
}

/**
 * The unit enters its Preparation Phase (P20-TURN-1): no more actions, no more movement — movement
 * belongs to the Action Phase (P20-ACT-2). Brace took this phase's Preparation away (P20-GEN-3).
 */
function enterPreparation(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  ctx.setPhase(id, 'preparation');
  if (dataOf(u).sprinting) ctx.setData(id, 'sprinting', undefined);
  if (dataOf(u).braceBlocksPrep) {
    ctx.setData(id, 'prep', { state: 'spent', why: 'braced' });
    ctx.setData(id, 'braceBlocksPrep', undefined);
    ctx.note(() => `${u.name} braced: no Preparation this phase [P20-GEN-3]`);
  } else {
    ctx.setData(id, 'prep', { state: 'open' });
  }
}

/**
 * After each action (and after each step of a Sprint that was the last action): once every Action is
 * used up, the unit enters the Preparation Phase at once (P20-PREP-1). It keeps the table for the moment
 * it takes to say whether it announces its Preparation now, when it has one to announce; otherwise the
 * turn passes on. A Sprint that was the last Action lasts while the unit walks it (ruling P20-PREP-1).
 */
export function afterAction(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  if (u.status !== 'active' || ctx.turnOver || currentUnit(ctx.state) !== id || !inActionPhase(ctx.state)) return;
  if (lastSideStanding(ctx.state)) return; // the blow ended the fight: no Preparation Phase to begin
  if (!actionsUsedUp(u)) return;
  const d = dataOf(u);
  if (d.sprinting && u.pools.movement.value > 0) return;
  ctx.note(() => (d.sprinting ? `${u.name} has walked all of its Sprint, its last Action: the Preparation Phase begins [P20-PREP-1]` : `${u.name} has used its last Action: the Preparation Phase begins [P20-PREP-1]`));
  enterPreparation(ctx, id);
  if (!canPrepare(ctx.unit(id))) ctx.endTurn();
}

/**
 * `end_turn`: in the Action Phase the unit "decides not to take any further Actions" and enters the
 * Preparation Phase, which ends its turn; its Preparation may still be announced later. In the
 * Preparation Phase (its last Action used) it lets the turn pass without announcing yet.
 */
export function endActionPhase(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  if (inActionPhase(ctx.state)) enterPreparation(ctx, u.id);
  ctx.endTurn();
}

/**
 * Announce the Preparation (P20-PREP-1): once, any time in the unit's Preparation Phase — in its own
 * turn (from the Action Phase this ends the phase: it takes no further Actions), or during others' turns.
 */
export function prepareCommand(ctx: Resolution, cmd: Command): void {
  if (typeof cmd.actor !== 'string') fail('command/no_actor', '"prepare" needs an "actor"', 'actor');
  const u = ctx.unit(cmd.actor);
  if (u.status !== 'active') fail('action/unable', `${u.name} is ${u.status}`);
  if (cmd.kind !== 'ready_attack') fail('prep/unknown', `unknown Preparation "${String(cmd.kind)}"; known: ready_attack`, 'kind');
  const own = currentUnit(ctx.state) === u.id && !ctx.turnOver;
  if (own && inActionPhase(ctx.state)) {
    if (dataOf(u).braceBlocksPrep) fail('prep/braced', `${u.name} braced this turn: no Preparation in this Preparation Phase [P20-GEN-3]`);
    enterPreparation(ctx, u.id);
  }
  const d = dataOf(ctx.unit(u.id));
  if (d.prep.state === 'announced') fail('prep/already_announced', `${u.name} already announced ${d.prep.kind}; it cannot change [P20-PREP-1]`);
  if (d.prep.state !== 'open') fail('prep/not_in_phase', `${u.name} has no Preparation to announce now [P20-PREP-1]`);
  const weapon = readiedWeapon(u);
  if (!weapon) fail('action/no_weapon', `${u.name} has no physical weapon to ready [P20-PREP-1]`);
  ctx.setData(u.id, 'prep', { state: 'announced', kind: 'ready_attack' });
  ctx.note(() => `${u.name} readies an attack with ${weapon.name}: it strikes the first enemy that ends a move within reach, until ${u.name}'s next turn [P20-PREP-1]`);
  if (own) ctx.endTurn();
}
