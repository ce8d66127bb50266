/**
 * Healing (OUT-HEAL-1, OUT-RES-3). "A healing skill has the Elemental Resistance factored in the effectiveness of the
 * healing output whether it's based on an item or spell": the amount is scaled by the target's resistance to the
 * healing's element (ruling: full at 100 %, lower either side — 50 % heals half, 200 % heals half), none when immune.
 * On top of that, each of the text's halvings multiplies what the unit would otherwise get:
 *  - alignment: a unit aligned with an element (its `boon`) heals the table's percentage from another element —
 *    the text's rows, fire and wind aligned healed by water 50 %, and the file's own (`alignments`);
 *  - a potion of the unit's boon element: "Imbibing a potion infused with your boon element will always cause you to
 *    heal for half of what you would otherwise be healed for". Only a potion: a healing spell of the boon element
 *    heals as its resistance says (ruling OUT-HEAL-1).
 * Rounded down once, at the end. A healing skill or item also patches up Wounds, Bleeding, Black&Blue and Bruising
 * (OUT-WPN-2, OUT-WPN-6).
 */
import type { EncounterState, Resolution, Term, Unit } from '../../engine/index.ts';
import { distributionOf } from '../../dice/index.ts';
import { elementName, healFactor, resistanceOf, type AlignmentTable, type Element } from './elements.ts';
import { restore } from './damage.ts';
import { dataOf } from './model.ts';
import { patchUp } from './weapon-traits.ts';

/** A potion is imbibed (its boon halving applies); a spell is cast. */
export type HealingSource = 'potion' | 'spell';

const alignmentsOf = (state: EncounterState): AlignmentTable => (state.data.alignments ?? {}) as AlignmentTable;

export function healAmount(state: EncounterState, target: Unit, element: Element, rolled: number, source: HealingSource): { amount: number; terms: Term[] } {
  const d = dataOf(target);
  const r = resistanceOf(d.resist, element);
  const terms: Term[] = [];
  const { factor, why } = healFactor(r);
  let value = rolled * factor;
  if (factor !== 1) terms.push({ kind: 'mult', name: `${elementName(element)} healing, ${why}`, factor });
  const aligned = factor > 0 && d.boon ? alignmentsOf(state)[d.boon]?.[element] : undefined;
  if (aligned !== undefined && aligned !== 100) {
    terms.push({ kind: 'mult', name: `${elementName(d.boon!)} aligned, healed by ${elementName(element)}`, factor: aligned / 100 });
    value = (value * aligned) / 100;
  }
  if (factor > 0 && source === 'potion' && d.boon === element) {
    terms.push({ kind: 'mult', name: 'a potion of its boon element: half', factor: 0.5 });
    value /= 2;
  }
  // the products are of percentages: round off the float's dust before rounding down
  const whole = Math.abs(value - Math.round(value)) < 1e-9;
  const amount = whole ? Math.round(value) : Math.floor(value);
  if (!whole) terms.push({ kind: 'step', name: 'rounded down', value: amount });
  return { amount, terms };
}

/** Roll and give healing from a skill or item; returns the hit points restored. */
export function healWith(ctx: Resolution, healer: Unit, target: Unit, dice: string, element: Element, what: string, source: HealingSource): number {
  const roll = ctx.rollNotation(dice, `${what} healing`);
  const { amount, terms } = healAmount(ctx.state, target, element, roll.total, source);
  const first = roll.term.kind === 'dice' && roll.term.faces.length === 0 ? { kind: 'mod' as const, name: what, value: roll.total } : roll.term;
  ctx.check(() => ({ label: `${what} healing`, terms: [first, ...terms], total: amount, outcome: amount ? `${target.name} heals ${amount}` : `${target.name} gets no healing`, rules: ['OUT-HEAL-1', ...(amount === 0 ? ['OUT-RES-3'] : [])] }), healer.id, target.id);
  const healed = amount > 0 ? restore(ctx, target.id, amount, healer.id, 'OUT-HEAL-1') : 0;
  if (amount > 0) patchUp(ctx, target.id, what);
  return healed;
}

/** What a heal will roll and give `target`, in words, for the preview (the same arithmetic as healWith). */
export function healingNote(state: EncounterState, target: Unit, dice: string, element: Element, what: string, source: HealingSource): string {
  const amounts = distributionOf(dice).map((v) => healAmount(state, target, element, v, source).amount);
  const factors = healAmount(state, target, element, 1, source).terms.filter((t) => t.kind === 'mult').map((t) => (t.kind === 'mult' ? `${t.name} ${Math.round(t.factor * 100)}%` : ''));
  const range = amounts.min === amounts.max ? `${amounts.min}` : `${amounts.min}–${amounts.max} (avg ${Math.round(amounts.mean * 100) / 100})`;
  return `${what} rolls ${dice} healing${factors.length ? ` (${factors.join(', ')})` : ''}: ${target.name} heals ${range}`;
}
