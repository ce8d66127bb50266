/**
 * Hidden and Openers (OUT-OPEN-1, OUT-OPEN-2). A unit starting Hidden is unknown to the enemy: its first
 * attack is an Opener (Super Charge). Mid-fight a unit may hide (Secondary action) when no enemy is in
 * the 3×3 area around it; an enemy ending a round in that area finds it; unseen for 3 rounds it is out of
 * combat and the enemy unaware again, so its next attack is an Opener. Hidden units cannot be targeted.
 * "This will 'end combat' … they're not considered to be in combat, so you can restart combat on your terms"
 * (ruling OUT-OPEN-2): when a retreat into hiding leaves every standing unit of a side (mounts aside: they only
 * carry) Hidden and unaware, and at most one side in the open, nobody is fighting anybody — combat has ended
 * (`outOfCombat`): a mount is then summoned or dismissed without an action (OUT-MNT-1). The next attack on a unit,
 * or a hider found, restarts combat: a fresh Speed check for everyone (OUT-INIT-1) orders the rounds from the next
 * one; the hider's Opener is the first blow of the new fight.
 */
import { distance } from '../../engine/space/grid.ts';
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { enemiesOf, hasEffect } from './model.ts';
import { isMount } from './mount-model.ts';
import { askTie, rollSpeed } from './speed.ts';
import { spendSlot } from './turn.ts';

export const UNSEEN_ROUNDS = 3;

export function hideBlocker(state: EncounterState, u: Unit): string | null {
  if (hasEffect(state, u.id, 'Hidden')) return `${u.name} is already Hidden`;
  const near = enemiesOf(state, u).find((e) => distance(e.position!, u.position!) <= 1);
  if (near) return `${near.name} is within the 3×3 area around ${u.name}: it cannot hide [OUT-OPEN-2]`;
  return null;
}

export function hideCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const why = hideBlocker(ctx.state, u);
  if (why) fail('action/seen', why);
  spendSlot(ctx, u, 'secondary');
  ctx.applyEffect({ name: 'Hidden', categories: ['buff'], target: u.id, data: { unaware: false, unseen: 0 } }, () => `${u.name} hides; ${UNSEEN_ROUNDS} rounds unseen and its next attack is an Opener [OUT-OPEN-2]`);
}

/** Round end: Hidden units next to an enemy are found; the others count a round unseen. */
export function hiddenRoundEnd(ctx: Resolution): void {
  let cameUnaware = false;
  for (const fx of ctx.state.effects.filter((f) => f.name === 'Hidden')) {
    const u = ctx.unit(fx.target);
    const finder = enemiesOf(ctx.state, u).find((e) => distance(e.position!, u.position!) <= 1);
    if (finder) {
      ctx.removeEffect(fx.id, 'ended');
      ctx.note(() => `${finder.name} finds ${u.name} [OUT-OPEN-2]`);
      restartCombat(ctx, `${finder.name} has found ${u.name}`);
      continue;
    }
    if (fx.data?.unaware) continue;
    const unseen = Number(fx.data?.unseen ?? 0) + 1;
    ctx.emit({ type: 'effect.changed', id: fx.id, data: { unseen, ...(unseen >= UNSEEN_ROUNDS ? { unaware: true } : {}) } });
    if (unseen >= UNSEEN_ROUNDS) {
      cameUnaware = true;
      ctx.note(() => `${u.name} has stayed unseen ${unseen} rounds: out of combat, the enemy unaware; its next attack is an Opener [OUT-OPEN-2]`);
    }
  }
  // only a retreat into hiding ends a combat: a side that starts hidden (an ambush) has not begun one yet
  const ended = cameUnaware ? sidesGoneToGround(ctx.state) : undefined;
  if (ended && !outOfCombat(ctx.state)) {
    ctx.setEncounterData('outOfCombat', { since: ctx.state.turn.round, sides: ended });
    ctx.note(() => `Every one of ${ended.join(', ')} is hidden and the enemy unaware of them: combat ends. No one is in combat now (a mount comes and goes without an action); the next attack restarts combat on the attacker's terms [OUT-OPEN-2]`);
  }
}

/** Whether combat has ended by hiding (ruling OUT-OPEN-2) and not yet restarted. */
export const outOfCombat = (state: EncounterState): boolean => state.data.outOfCombat !== undefined && state.data.outOfCombat !== null;

/**
 * The sides every standing unit of which (mounts aside) is Hidden and unaware, when that leaves at most one side
 * in the open — nobody left to fight anybody; else undefined.
 */
function sidesGoneToGround(state: EncounterState): string[] | undefined {
  const open = new Set<string>();
  const hidden = new Set<string>();
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (u.status !== 'active' || isMount(state, u)) continue;
    const fx = state.effects.find((f) => f.target === id && f.name === 'Hidden');
    (fx?.data?.unaware ? hidden : open).add(u.side);
  }
  const gone = [...hidden].filter((s) => !open.has(s));
  return gone.length && open.size <= 1 ? gone : undefined;
}

/**
 * Combat starts again (ruling OUT-OPEN-2): `who` attacks, or a hider is found. Everyone rolls a new Speed check
 * (OUT-INIT-1); the new order takes the next round on (this round's turns run out as they stand). Ties are broken as
 * the file says; the GM's answer, asked now, settles the ranks for the next round.
 */
export function restartCombat(ctx: Resolution, why: string): void {
  if (!outOfCombat(ctx.state)) return;
  ctx.setEncounterData('outOfCombat', undefined);
  ctx.note(() => `${why}: combat restarts — everyone rolls a new Speed check, which orders the fight from the next round [OUT-OPEN-2, OUT-INIT-1]`);
  const { gmTies } = rollSpeed(ctx);
  askTie(ctx, gmTies, true);
}
