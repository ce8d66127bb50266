/**
 * Hidden and Openers (OUT-OPEN-1, OUT-OPEN-2). A unit starting Hidden is unknown to the enemy: its first
 * attack is an Opener (Super Charge). Mid-fight a unit may hide (Secondary action) when no enemy is in
 * the 3×3 area around it; an enemy ending a round in that area finds it; unseen for 3 rounds it is out of
 * combat and the enemy unaware again, so its next attack is an Opener. Hidden units cannot be targeted.
 */
import { distance } from '../../engine/space/grid.ts';
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { enemiesOf, hasEffect } from './model.ts';
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
  for (const fx of ctx.state.effects.filter((f) => f.name === 'Hidden')) {
    const u = ctx.unit(fx.target);
    const finder = enemiesOf(ctx.state, u).find((e) => distance(e.position!, u.position!) <= 1);
    if (finder) {
      ctx.removeEffect(fx.id, 'ended');
      ctx.note(`${finder.name} finds ${u.name} [OUT-OPEN-2]`);
      continue;
    }
    if (fx.data?.unaware) continue;
    const unseen = Number(fx.data?.unseen ?? 0) + 1;
    ctx.emit({ type: 'effect.changed', id: fx.id, data: { unseen, ...(unseen >= UNSEEN_ROUNDS ? { unaware: true } : {}) } });
    if (unseen >= UNSEEN_ROUNDS) ctx.note(`${u.name} has stayed unseen ${unseen} rounds: out of combat, the enemy unaware; its next attack is an Opener [OUT-OPEN-2]`);
  }
}
