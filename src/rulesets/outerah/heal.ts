/**
 * Healing (OUT-HEAL-1, OUT-RES-3): the amount is scaled by the target's resistance to the healing's
 * element (ruling: full at 100 %, lower either side — 50 % heals half, 200 % heals half), none when
 * immune, half for the unit's boon element. A healing skill or item also patches up Wounds, Bleeding,
 * Black&Blue and Bruising (OUT-WPN-2, OUT-WPN-6).
 */
import type { Resolution, Term, Unit } from '../../engine/index.ts';
import { elementName, healFactor, resistanceOf, type Element } from './elements.ts';
import { restore } from './damage.ts';
import { dataOf } from './model.ts';
import { patchUp } from './weapon-traits.ts';

export function healAmount(target: Unit, element: Element, rolled: number): { amount: number; terms: Term[] } {
  const d = dataOf(target);
  const r = resistanceOf(d.resist, element);
  const { factor, why } = healFactor(r, d.boon === element);
  const terms: Term[] = [];
  if (factor !== 1) terms.push({ kind: 'mult', name: `${elementName(element)} healing, ${why}`, factor });
  const amount = Math.floor(rolled * factor);
  if (!Number.isInteger(rolled * factor)) terms.push({ kind: 'step', name: 'rounded down', value: amount });
  return { amount, terms };
}

/** Roll and give healing from a skill or item; returns the hit points restored. */
export function healWith(ctx: Resolution, healer: Unit, target: Unit, dice: string, element: Element, what: string): number {
  const roll = ctx.rollNotation(dice, `${what} healing`);
  const { amount, terms } = healAmount(target, element, roll.total);
  const first = roll.term.kind === 'dice' && roll.term.faces.length === 0 ? { kind: 'mod' as const, name: what, value: roll.total } : roll.term;
  ctx.check({ label: `${what} healing`, terms: [first, ...terms], total: amount, outcome: amount ? `${target.name} heals ${amount}` : `${target.name} gets no healing`, rules: ['OUT-HEAL-1', ...(amount === 0 ? ['OUT-RES-3'] : [])] }, healer.id, target.id);
  const healed = amount > 0 ? restore(ctx, target.id, amount, healer.id, 'OUT-HEAL-1') : 0;
  if (amount > 0) patchUp(ctx, target.id, what);
  return healed;
}
