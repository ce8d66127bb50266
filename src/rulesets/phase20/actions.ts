/**
 * Actions in the Action Phase (P20-ACT-1): the default Action allows anything; extra Attack and Spell
 * actions allow only their kind; class follow-ups grant one more action of a kind after an action.
 * Extra and follow-up actions are spent before the default one, so nothing is wasted.
 */
import { fail, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { dataOf } from './model.ts';

export type ActionKind = 'attack' | 'spell' | 'generic';

/** Where an action is spent from: a follow-up owed, or one of the turn's pools. */
type Spend = 'followUp' | 'attackActions' | 'spellActions' | 'actions';

function chooseSpend(u: Unit, kind: ActionKind): Spend | undefined {
  const d = dataOf(u);
  if (kind !== 'generic' && d.followUpsLeft.includes(kind)) return 'followUp';
  if (kind === 'attack' && u.pools.attackActions.value > 0) return 'attackActions';
  if (kind === 'spell' && u.pools.spellActions.value > 0) return 'spellActions';
  if (u.pools.actions.value > 0) return 'actions';
  return undefined;
}

export function inActionPhase(state: EncounterState): boolean {
  return state.turn.phase !== 'preparation';
}

/**
 * Every Action of the turn spent: none of any kind left and no follow-up owed. Then the Preparation
 * Phase begins (P20-PREP-1: "After every Action has been used up ... he enters the Preparation Phase").
 */
export function actionsUsedUp(u: Unit): boolean {
  return u.pools.actions.value <= 0 && u.pools.attackActions.value <= 0 && u.pools.spellActions.value <= 0 && dataOf(u).followUpsLeft.length === 0;
}

export function canSpend(state: EncounterState, u: Unit, kind: ActionKind): boolean {
  if (!inActionPhase(state)) return false;
  if (kind === 'attack' && dataOf(u).noMoreAttacks) return false;
  return chooseSpend(u, kind) !== undefined;
}

/** What a spent action's event carries besides the change (copied into the event: one object for every spend, none built unlogged). */
const SPENT = Object.freeze({ rule: 'P20-ACT-1' });

export function spendAction(ctx: Resolution, u: Unit, kind: ActionKind): void {
  if (!inActionPhase(ctx.state)) fail('turn/wrong_phase', `${u.name} is in the Preparation Phase: no more actions this turn`);
  if (kind === 'attack' && dataOf(u).noMoreAttacks) fail('action/no_more_attacks', `${u.name} braced this turn and cannot attack any more [P20-GEN-3]`);
  const s = chooseSpend(u, kind);
  if (!s) fail('action/no_actions_left', `${u.name} has no ${kind === 'generic' ? 'default' : kind} action left this turn`);
  if (s === 'followUp') {
    const left = [...dataOf(u).followUpsLeft];
    left.splice(left.indexOf(kind as 'attack' | 'spell'), 1);
    ctx.setData(u.id, 'followUpsLeft', left);
  } else {
    ctx.changePool(u.id, s, -1, 'spend', SPENT);
  }
}

/** After an attack or spell, a class follow-up may grant one more action (once per follow-up per turn). */
export function grantFollowUps(ctx: Resolution, u: Unit, after: 'attack' | 'spell'): void {
  const d = dataOf(ctx.unit(u.id));
  if (!d.followUps.length) return; // most units have none: nothing to look up
  const used = (d.followUpsUsed as string[] | undefined) ?? [];
  const fresh = d.followUps.filter((f) => f.after === after && !used.includes(f.name));
  if (!fresh.length) return;
  ctx.setData(u.id, 'followUpsUsed', [...used, ...fresh.map((f) => f.name)]);
  ctx.setData(u.id, 'followUpsLeft', [...d.followUpsLeft, ...fresh.map((f) => f.grants)]);
  for (const f of fresh) ctx.note(() => `${u.name}'s ${f.name}: a follow-up ${f.grants} action [P20-ACT-1]`);
}
