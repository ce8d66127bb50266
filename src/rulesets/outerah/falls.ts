/**
 * Falling (rulings OUT-TER-3, OUT-SHIP-1, OUT-SHIP-2): the text calls a mountain fall "considerable, or
 * most likely deadly" and makes catapulted units and a downed airship's crew take fall damage, never
 * saying how much. Ruling: 1d6 per level fallen (at least 1, at most 20d6), true damage (no reduction,
 * no resistance). Units with wings glide down unhurt, if they are up to spread them. A unit already down (0 HP)
 * rolls nothing: hit points stop at 0 and the text kills no one by damage (only a mount's Spirit Release does,
 * and that runs on whatever the fall does), so the dice could change nothing (ruling OUT-SHIP-1).
 */
import type { Resolution, Unit } from '../../engine/index.ts';
import { dealDamage } from './damage.ts';
import { flies } from './model.ts';

export const MAX_FALL_DICE = 20;

export function fallDice(levels: number): number {
  return Math.max(1, Math.min(MAX_FALL_DICE, levels));
}

/**
 * Roll and deal fall damage for `levels` levels; returns the damage dealt. Wings break the fall only of a unit
 * that is up to spread them (`flies`): one that falls senseless — a winged unit gone down in open air (ruling
 * OUT-SPACE-1) — takes the damage like any other, and so does one with no room to spread them (`pinned` says
 * why: below deck in a falling airship, ruling OUT-SHIP-1).
 */
export function fallDamage(ctx: Resolution, u: Unit, levels: number, rule: string, why: string, pinned?: string): number {
  if (u.status === 'down') {
    ctx.note(() => `${u.name} is already down at 0 HP: the fall can take nothing more from it, so no dice are rolled [${rule}]`);
    return 0;
  }
  if (pinned && flies(u)) ctx.note(() => `${u.name} has no room to spread its wings: ${pinned} [${rule}]`);
  else if (flies(u)) {
    ctx.note(() => `${u.name} spreads its wings and glides down unhurt [${rule}]`);
    return 0;
  }
  const n = fallDice(levels);
  const r = ctx.rollNotation(`${n}d6`, 'fall damage');
  ctx.check(() => ({ label: `fall damage (${why})`, terms: [r.term, { kind: 'note', text: `${levels} level${levels === 1 ? '' : 's'}: 1d6 each` }], total: r.total, outcome: `${r.total} damage`, rules: [rule] }), u.id);
  return dealDamage(ctx, u.id, r.total, undefined, rule);
}
