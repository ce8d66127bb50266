/**
 * The damage pipeline (OUT-DMG-1..4, OUT-RES-2, OUT-HIT-2), one function for live play and preview:
 *   physical: dice + (weapon upgrades − armour upgrades) + (Strength − Vitality reduction − Defense)
 *   magical:  dice + Intelligence (+ weapon multiplier) − Wisdom reduction − Magic Defense
 *   floored at 0 (damage never heals through the subtraction), × charges, × 2 critical,
 *   × share (piercing pass-through), × elemental resistance; rounded down once at the end.
 * Ruling OUT-DMG-3: the formula's "Vitality"/"Wisdom" is the flat reduction the prose gives:
 * 2 per full 10 points.
 */
import type { Resolution, Term, Unit, UnitId } from '../../engine/index.ts';
import { chargeFactor, chargeTerms, type Charge } from './charges.ts';
import { ELEMENTS, elementName, resistanceOf, resistedHit } from './elements.ts';
import { dataOf, stat } from './model.ts';
import type { StrikeSpec } from './spec.ts';
import { shareThroughLink } from './pet-link.ts';
import { beginSpiritRelease, stopSpiritRelease } from './spirit-release.ts';

export const flatReduction = (points: number): number => 2 * Math.floor(points / 10);

export interface DamageResult {
  terms: Term[];
  /** Before resistance (after floor, charges, critical, share). */
  raw: number;
  resistance: number;
  damage: number;
  heals: number;
}

/** The flat part: everything added to the dice before the floor (by name, for the log). */
export function flatTerms(attacker: Unit, target: Unit, spec: StrikeSpec): Term[] {
  const t = dataOf(target);
  const terms: Term[] = [];
  const add = (name: string, value: number, always = false) => {
    if (value !== 0 || always) terms.push({ kind: 'mod', name, value });
  };
  if (spec.noStatBonus) terms.push({ kind: 'note', text: `no ${spec.magical ? 'Intelligence' : 'Strength'}: ${spec.noStatBonus}` });
  for (const f of spec.flat ?? []) add(f.name, f.value, true);
  if (spec.magical) {
    if (!spec.noStatBonus) add('Intelligence', stat(attacker, 'intelligence'), true);
    add('weapon multiplier', spec.upgrades);
    add(`Wisdom ${stat(target, 'wisdom')} reduction`, -flatReduction(stat(target, 'wisdom')), true);
    add('Magic Defense', -t.magicDefense);
  } else {
    add('weapon upgrades', spec.upgrades);
    add('armour upgrades', -t.armorUpgrades);
    if (!spec.noStatBonus) add('Strength', stat(attacker, 'strength'), true);
    add(`Vitality ${stat(target, 'vitality')} reduction`, -flatReduction(stat(target, 'vitality')), true);
    add('Defense', -t.defense);
  }
  return terms;
}

const sum = (terms: Term[]) => terms.reduce((s, t) => s + (t.kind === 'mod' || t.kind === 'dice' ? t.value : 0), 0);

/** What `flatTerms` add up to, without the terms (no log kept: nobody reads their names). */
export function flatValue(attacker: Unit, target: Unit, spec: StrikeSpec): number {
  const t = dataOf(target);
  let v = 0;
  if (spec.flat) for (const f of spec.flat) v += f.value;
  if (spec.magical) {
    if (!spec.noStatBonus) v += stat(attacker, 'intelligence');
    v += spec.upgrades;
    v -= flatReduction(stat(target, 'wisdom'));
    v -= t.magicDefense;
  } else {
    v += spec.upgrades;
    v -= t.armorUpgrades;
    if (!spec.noStatBonus) v += stat(attacker, 'strength');
    v -= flatReduction(stat(target, 'vitality'));
    v -= t.defense;
  }
  return v;
}

const NO_TERMS: Term[] = [];

/**
 * `damageFrom`'s numbers alone, the same arithmetic in the same order (its `terms` left empty): the hit as
 * it lands when no log is kept, and a preview's expected damage. `dice` is the dice's total.
 */
export function damageNumbers(attacker: Unit, target: Unit, spec: StrikeSpec, dice: number, critical: boolean, charges: Charge[], share = 1): DamageResult {
  let value = dice + flatValue(attacker, target, spec);
  if (value < 0) value = 0;
  value *= chargeFactor(charges);
  if (critical) value *= 2;
  if (share !== 1) value *= share;
  if (spec.factors) for (const f of spec.factors) value *= f.factor;
  const r = resistanceOf(dataOf(target).resist, spec.element);
  const { damage, heals } = resistedHit(value, r);
  return { terms: NO_TERMS, raw: value, resistance: r, damage, heals };
}

export function damageFrom(
  attacker: Unit,
  target: Unit,
  spec: StrikeSpec,
  dice: Term,
  critical: boolean,
  charges: Charge[],
  share = 1,
): DamageResult {
  const terms: Term[] = [dice, ...flatTerms(attacker, target, spec)];
  let value = sum(terms);
  if (value < 0) {
    value = 0;
    terms.push({ kind: 'step', name: 'floored at', value: 0 });
  }
  terms.push(...chargeTerms(charges));
  value *= chargeFactor(charges);
  if (critical) {
    terms.push({ kind: 'mult', name: 'critical', factor: 2 });
    value *= 2;
  }
  if (share !== 1) {
    terms.push({ kind: 'mult', name: 'pass-through', factor: share });
    value *= share;
  }
  for (const f of spec.factors ?? []) {
    terms.push({ kind: 'mult', name: f.name, factor: f.factor });
    value *= f.factor;
  }
  const r = resistanceOf(dataOf(target).resist, spec.element);
  if (r !== 100) terms.push({ kind: 'mult', name: `${elementName(spec.element)} resistance`, factor: r / 100 });
  const { damage, heals } = resistedHit(value, r);
  const exact = r > 0 ? (value * r) / 100 : (value * -r) / 100;
  if (r !== 0 && !Number.isInteger(exact)) terms.push({ kind: 'step', name: 'rounded down', value: damage || heals });
  return { terms, raw: value, resistance: r, damage, heals };
}

/** The damage dice: their total, and (only when the log is kept) their term. */
export interface DamageDice {
  value: number;
  term?: Term;
}

/**
 * The damage of a hit (or of a shot carried on, `share` of it): with the log, `damageFrom`'s terms and the
 * check that shows them; without, `damageNumbers` — the same numbers, no words.
 */
export function hitDamage(attacker: Unit, victim: Unit, spec: StrikeSpec, dice: DamageDice, critical: boolean, charges: Charge[], share = 1): DamageResult {
  return dice.term ? damageFrom(attacker, victim, spec, dice.term, critical, charges, share) : damageNumbers(attacker, victim, spec, dice.value, critical, charges, share);
}

/** What else happens when a unit goes down (a mount's Spirit Release, a rider thrown) or stands up again. */
export const ON_DOWN: ((ctx: Resolution, unit: UnitId) => void)[] = [];
export const ON_UP: ((ctx: Resolution, unit: UnitId) => void)[] = [];

/** Take damage; at 0 hit points the unit is down (out of the fight). Returns the damage taken. */
export function dealDamage(ctx: Resolution, target: UnitId, amount: number, source: UnitId | undefined, rule: string, element?: string): number {
  const before = ctx.unit(target);
  // the event's fields in the order they always had, set one by one (spreads of optional parts are a slow path, on every hit)
  const extra: { rule: string; source?: UnitId; damageType?: string } = { rule };
  if (source) extra.source = source;
  if (element) extra.damageType = element;
  const dealt = ctx.damage(target, amount, extra);
  if (before.status === 'active' && ctx.unit(target).pools.hp.value <= 0) goDown(ctx, target, rule);
  return dealt;
}

/** At 0 hit points: down, and what else that does (ON_DOWN); also when the GM sets HP to 0. */
export function goDown(ctx: Resolution, target: UnitId, rule = 'OUT-DMG-1'): void {
  ctx.emit({ type: 'unit.status', unit: target, status: 'down', cause: 'reduced to 0 hit points', rule });
  // every creature at 0 HP, a mount "like any other creature" (ruling OUT-MNT-1)
  beginSpiritRelease(ctx, target);
  for (const f of ON_DOWN) f(ctx, target);
}

/** Back up above 0 hit points, and what else that does (ON_UP); `rule` is absent when the GM raised it. */
export function standUp(ctx: Resolution, target: UnitId, cause: string, rule?: string): void {
  ctx.emit({ type: 'unit.status', unit: target, status: 'active', cause, ...(rule ? { rule } : {}) });
  stopSpiritRelease(ctx, target);
  for (const f of ON_UP) f(ctx, target);
}

/** Hit points back (a heal, or a hit of an element the unit absorbs); a down unit raised above 0 stands up. */
export function restore(ctx: Resolution, target: UnitId, amount: number, source: UnitId | undefined, rule: string): number {
  const before = ctx.unit(target);
  const healed = ctx.heal(target, amount, { rule, ...(source ? { source } : {}) });
  if (before.status === 'down' && ctx.unit(target).pools.hp.value > 0) standUp(ctx, target, 'healed above 0 hit points', rule);
  return healed;
}

/**
 * The GM's direct damage by the rules (`gm.damage` with `rules: true`): the amount is the hit, reckoned
 * already (no reductions); a `damageType` naming an element goes through the unit's resistance to it (OUT-RES-2),
 * anything else is taken whole. Then 0 HP does what it does after any hit: down, a mount's Spirit Release, a
 * flier's fall (ON_DOWN).
 */
export function gmDamage(ctx: Resolution, target: UnitId, amount: number, damageType: string | undefined, source: UnitId | undefined): void {
  const element = ELEMENTS.find((e) => e === damageType?.toLowerCase());
  if (!element) {
    dealDamage(ctx, target, amount, source, 'OUT-DMG-1');
    return;
  }
  const { damage, heals } = resistedHit(amount, resistanceOf(dataOf(ctx.unit(target)).resist, element));
  if (heals > 0) restore(ctx, target, heals, source, 'OUT-RES-2');
  else dealDamage(ctx, target, damage, source, 'OUT-RES-2', element);
}

/** Land a computed hit: a check line with the arithmetic, then the damage or the healing. */
export function applyDamage(ctx: Resolution, attacker: Unit, target: Unit, spec: StrikeSpec, r: DamageResult, label: string, rules: string[]): void {
  landDamage(ctx, attacker, target, spec, r, rules[0], () => label, () => rules);
}

/**
 * `applyDamage` with its words asked only when the log is kept: `rule` is the one the damage event carries
 * (the first of `rules`); `label` and `rules` are the check's.
 */
export function landDamage(ctx: Resolution, attacker: Unit, target: Unit, spec: StrikeSpec, r: DamageResult, rule: string, label: () => string, rules: () => string[]): void {
  ctx.check(() => ({ label: label(), terms: r.terms, total: r.heals > 0 ? r.heals : r.damage, outcome: r.heals > 0 ? `${target.name} absorbs it: heals ${r.heals}` : r.resistance === 0 ? `${target.name} is immune: 0 damage` : `${r.damage} damage`, rules: rules() }), attacker.id, target.id);
  if (r.heals > 0) restore(ctx, target.id, r.heals, attacker.id, 'OUT-RES-2');
  else {
    const dealt = dealDamage(ctx, target.id, r.damage, attacker.id, rule, spec.element);
    if (dealt > 0) shareThroughLink(ctx, target.id, dealt, attacker.id);
  }
}

