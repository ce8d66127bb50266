/**
 * One action and one movement a turn (D60-TURN-1), and everything that forbids them: no stamina forbids
 * actions but not moving or resting (D60-STA-1), Paralyze, Stun, Suppressed, Silence, Root, Drowning (D60-EFF-1). Commands and
 * legalActions share these checks, so every option listed is accepted.
 */
import { fail, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { has } from './model.ts';
import { dataOf } from './model.ts';

export interface Refusal {
  code: string;
  message: string;
}

/**
 * Why a unit is refused, worded only when someone reads it: the checks run for every listing and every
 * policy question, and pass or fail far more often than anyone reads why (a refusal's words built each
 * time were a good part of what a simulated fight allocated).
 */
export interface Reason {
  code: string;
  words(u: Unit): string;
}

const reason = (code: string, words: (u: Unit) => string): Reason => ({ code, words });

const UNABLE = reason('action/unable', (u) => `${u.name} is ${u.status === 'down' ? 'defenseless' : u.status} [D60-STA-2]`);
const EXHAUSTED = reason('action/exhausted', (u) => `${u.name} has no stamina and cannot act (it may still move, block or rest) [D60-STA-1]`);
const STUNNED = reason('action/stunned', (u) => `${u.name} is stunned [D60-EFF-1]`);
const SUPPRESSED = reason('action/suppressed', (u) => `${u.name} is suppressed: no action, no movement [D60-EFF-1]`);
const PARALYZED = reason('action/paralyzed', (u) => `${u.name} is paralyzed and cannot act [D60-EFF-1]`);
const SILENCED = reason('action/silenced', (u) => `${u.name} is silenced and cannot cast [D60-EFF-1]`);
const INSTANT_USED = reason('action/instant_used', (u) => `${u.name} already used an Instant-Cast ability this turn [D60-EFF-2]`);
const NO_ACTION = reason('action/no_action_left', (u) => `${u.name} has no action left this turn [D60-TURN-1]`);
const ROOTED = reason('action/rooted', (u) => `${u.name} is rooted and cannot move [D60-EFF-1]`);
const DROWNING = reason('action/rooted', (u) => `${u.name} is drowning (rooted) and cannot move [D60-EFF-1]`);
const NO_MOVEMENT = reason('action/no_movement_left', (u) => `${u.name} has used its movement this turn [D60-TURN-1]`);

const refusalOf = (r: Reason | null, u: Unit): Refusal | null => (r ? { code: r.code, message: r.words(u) } : null);

/** What an action is: `instant` an Instant-Cast ability, `magic` a spell, `rest` resting. */
export interface ActionKind {
  magic?: boolean;
  instant?: boolean;
  rest?: boolean;
}

/** Why the unit may not take an action now (null = it may). `instant`: an Instant-Cast ability; `magic`: a spell. */
export function actionRefusal(state: EncounterState, u: Unit, what?: ActionKind): Refusal | null {
  return refusalOf(actionReason(state, u, what), u);
}

/** actionRefusal's reason, unworded. */
export function actionReason(state: EncounterState, u: Unit, what?: ActionKind): Reason | null {
  if (u.status !== 'active') return UNABLE;
  // resting is how a unit at 0 stamina recovers ("they may recover"): not an act it is incapable of
  if (u.pools.stamina.value <= 0 && !what?.rest) return EXHAUSTED;
  if (has(state, u.id, 'Stun')) return STUNNED;
  if (has(state, u.id, 'Suppressed')) return SUPPRESSED;
  if (has(state, u.id, 'Paralyze')) return PARALYZED;
  if (what?.magic && has(state, u.id, 'Silence')) return SILENCED;
  if (what?.instant) {
    if (dataOf(u).instantUsed) return INSTANT_USED;
  } else if (u.pools.action.value <= 0) {
    return NO_ACTION;
  }
  return null;
}

/**
 * Why the unit may not use its movement now. `moving`: a move or back-pedal; Block and Rest use the
 * movement without going anywhere, so Root and Drowning (which forbid moving) do not stop them.
 */
export function movementRefusal(state: EncounterState, u: Unit, moving = true): Refusal | null {
  return refusalOf(movementReason(state, u, moving), u);
}

/** movementRefusal's reason, unworded. */
export function movementReason(state: EncounterState, u: Unit, moving = true): Reason | null {
  // 0 stamina takes acting and dodging, not moving (ruling D60-STA-1: compare Paralyze and Suppressed)
  if (u.status !== 'active') return UNABLE;
  if (has(state, u.id, 'Stun')) return STUNNED;
  if (has(state, u.id, 'Suppressed')) return SUPPRESSED;
  if (moving && has(state, u.id, 'Root')) return ROOTED;
  if (moving && has(state, u.id, 'Drowning')) return DROWNING;
  if (u.pools.movement.value <= 0) return NO_MOVEMENT;
  return null;
}

export function requireAction(state: EncounterState, u: Unit, what?: ActionKind): void {
  const r = actionRefusal(state, u, what);
  if (r) fail(r.code, r.message);
}

export function requireMovement(state: EncounterState, u: Unit, moving = true): void {
  const r = movementRefusal(state, u, moving);
  if (r) fail(r.code, r.message);
}

/** At 0 stamina (D60-STA-1): one cause, one code, whatever the act would have cost (docs/rulesets/duel60.md). */
const exhausted = (u: Unit): Refusal => refusalOf(EXHAUSTED, u)!;

/**
 * `what`: the act, in words (a thunk where wording it costs: the check passes far more often than not). A unit
 * at 0 stamina is refused as exhausted, as actionRefusal refuses it; one with some, but too little, as short.
 */
export function requireStamina(u: Unit, cost: number, what: string | (() => string)): void {
  if (u.pools.stamina.value <= 0 && u.status === 'active') {
    const r = exhausted(u);
    fail(r.code, r.message);
  }
  if (u.pools.stamina.value < cost) fail('action/not_enough_stamina', `${typeof what === 'string' ? what : what()} costs ${cost} stamina; ${u.name} has ${u.pools.stamina.value}`);
}

export function spendAction(ctx: Resolution, u: Unit, instant = false): void {
  if (instant) ctx.setData(u.id, 'instantUsed', true);
  else ctx.changePool(u.id, 'action', -1, 'spend', { rule: 'D60-TURN-1' });
}

export function spendMovement(ctx: Resolution, u: Unit): void {
  ctx.changePool(u.id, 'movement', -1, 'spend', { rule: 'D60-TURN-1' });
}

export function spendStamina(ctx: Resolution, u: Unit, cost: number, rule: string): void {
  if (cost > 0) ctx.changePool(u.id, 'stamina', -cost, 'spend', { rule });
}
