/**
 * The damage roll (FRL-DMG-1..4) and falling unconscious (FRL-END-1). Order (ruling FRL-DMG-2):
 *   1. roll the dice; Weak ("MAX DMG!") makes them their maximum, Strong ("WEAK!") their minimum, at least 1;
 *   2. melee adds the Might modifier — this is "the damage you rolled";
 *   3. Immune: nothing happens (no dice rolled); Drain: the target heals the damage rolled, no Defense;
 *      Reflect: the attacker takes it, reduced by the attacker's own Defense;
 *   4. otherwise the target's Defense reduces it, to 0 at the least (FRL-DMG-3).
 */
import { Distribution, distributionOf } from '../../dice/index.ts';
import type { Resolution, Term, Unit, UnitId } from '../../engine/index.ts';
import { affinityOf, dataOf, defenseOf, isCharacter, mod, revealedTypes } from './model.ts';
import type { Affinity, DamageType } from './schema.ts';

/** What strikes: a weapon or a device's damage. */
export interface Strike {
  attacker: Unit;
  /** Weapon or device name, for the log. */
  what: string;
  dice: string;
  type: DamageType;
  /** The attacker's Might modifier when the strike is melee (FRL-DMG-1); undefined otherwise. */
  might?: number;
}

export const AFFINITY_LABEL: Record<Affinity, string> = { weak: 'MAX DMG!', strong: 'WEAK!', immune: 'IMMUNE', reflect: 'REFLECT', drain: 'DRAIN' };

/** The distribution of dice text, kept by the text (distributions are immutable; the same dice are asked again and again). */
export function diceOf(dice: string): Distribution {
  let d = rolled.get(dice);
  if (!d) {
    if (rolled.size > 1024) rolled.clear();
    rolled.set(dice, (d = distributionOf(dice)));
  }
  return d;
}
const rolled = new Map<string, Distribution>();

/** Step 1: the dice after the affinity (Weak: maximum; Strong: minimum, at least 1). */
export function diceAfterAffinity(affinity: Affinity | undefined, rolled: number, dice: string): number {
  if (affinity === 'weak') return diceOf(dice).max;
  if (affinity === 'strong') return Math.max(1, diceOf(dice).min);
  return rolled;
}

/** The distribution of a strike's dice after the target's affinity (step 1): Weak the maximum, Strong the minimum (at least 1). */
export function affinityDice(affinity: Affinity | undefined, dice: string): Distribution {
  return affinity === 'weak' || affinity === 'strong' ? Distribution.constant(diceAfterAffinity(affinity, 0, dice)) : diceOf(dice);
}

export type Landing =
  | { kind: 'none' }
  | { kind: 'damage'; to: 'target' | 'attacker'; amount: number }
  | { kind: 'heal'; amount: number };

/** Steps 2–4 as arithmetic: where a damage roll of `diceValue` (after step 1) lands. */
export function landing(affinity: Affinity | undefined, diceValue: number, might: number | undefined, targetDefense: number, attackerDefense: number): Landing {
  if (affinity === 'immune') return { kind: 'none' };
  const rolled = diceValue + (might ?? 0);
  if (affinity === 'drain') return { kind: 'heal', amount: Math.max(0, rolled) };
  if (affinity === 'reflect') return { kind: 'damage', to: 'attacker', amount: Math.max(0, rolled - attackerDefense) };
  return { kind: 'damage', to: 'target', amount: Math.max(0, rolled - targetDefense) };
}

/** A dice roll made once and shared (a device striking a whole zone rolls its damage once). */
export type SharedRoll = () => { total: number; term: Term };

export function sharedRoll(ctx: Resolution, dice: string, label: string): SharedRoll {
  let made: { total: number; term: Term } | undefined;
  // the term is read only by the log's breakdowns: without a log, the total alone (the same dice drawn)
  return () => (made ??= ctx.logging ? ctx.rollNotation(dice, label) : { total: ctx.rollTotal(dice, label), term: UNREAD });
}
/** The term of a roll no log will show. */
const UNREAD: Term = { kind: 'note', text: '' };

/**
 * Resolve one strike's damage on one target that was hit. The outcome in the log shows the target's
 * affinity to the damage type (a label, or plain damage for none); the first time, a `unit.data` event
 * records the type in the target's `revealed` list (ruling "Revealed affinities"): what the table knows.
 */
export function resolveDamage(ctx: Resolution, s: Strike, targetId: UnitId, roll: SharedRoll): void {
  landDamage(ctx, s, targetId, roll);
  const seen = revealedTypes(ctx.unit(targetId));
  if (!seen.includes(s.type)) ctx.setData(targetId, 'revealed', [...seen, s.type]);
}

function landDamage(ctx: Resolution, s: Strike, targetId: UnitId, roll: SharedRoll): void {
  const target = ctx.unit(targetId);
  const attacker = ctx.unit(s.attacker.id);
  const aff = affinityOf(target, s.type);
  if (aff === 'immune') {
    ctx.note(() => `${target.name} is immune to ${s.type} damage: IMMUNE, no damage [FRL-DMG-2]`);
    return;
  }
  const r = roll();
  const diceValue = diceAfterAffinity(aff, r.total, s.dice);
  const targetDef = defenseOf(ctx.state, target);
  const attackerDef = defenseOf(ctx.state, attacker);
  const land = landing(aff, diceValue, s.might, targetDef, attackerDef);
  // the breakdown, its label too, is worded only when someone keeps the log (ctx.check with a function)
  const label = () => `damage (${s.what}, ${s.type})`;
  const dice = (): { terms: Term[]; rules: string[] } => {
    const terms: Term[] = [r.term];
    const rules = ['FRL-DMG-4'];
    if (aff === 'weak' || aff === 'strong') {
      terms.push({ kind: 'step', name: AFFINITY_LABEL[aff], value: diceValue });
      rules.push('FRL-DMG-2');
    }
    if (s.might !== undefined) {
      terms.push({ kind: 'mod', name: 'Might', value: s.might });
      rules.push('FRL-DMG-1');
    }
    return { terms, rules };
  };
  if (land.kind === 'heal') {
    ctx.check(() => {
      const { terms, rules } = dice();
      return { label: label(), terms, total: land.amount, outcome: `DRAIN: ${target.name} heals ${land.amount}`, rules: [...new Set([...rules, 'FRL-DMG-2'])].sort() };
    }, attacker.id, target.id);
    healUnit(ctx, target.id, land.amount, attacker.id, 'FRL-DMG-2');
    return;
  }
  if (land.kind !== 'damage') return;
  const reflected = land.to === 'attacker';
  ctx.check(() => {
    const { terms, rules } = dice();
    const defense = reflected ? attackerDef : targetDef;
    const whose = reflected ? `${attacker.name}'s Defense` : 'Defense';
    if (defense) terms.push({ kind: 'mod', name: whose, value: -defense });
    // an effect took Defense below 0: say so, since it then counts for nothing (ruling FRL-DMG-3)
    const lowered = mod(ctx.state, reflected ? attacker : target, 'defense');
    if (lowered < 0) terms.push({ kind: 'note', text: `${whose} ${lowered} counts as 0` });
    const raw = diceValue + (s.might ?? 0) - defense;
    if (raw < 0) terms.push({ kind: 'step', name: 'floored at', value: 0 });
    rules.push('FRL-DMG-3');
    if (reflected) rules.push('FRL-DMG-2');
    const prefix = reflected ? 'REFLECT: ' : aff === 'weak' || aff === 'strong' ? `${AFFINITY_LABEL[aff]} ` : '';
    const outcome = reflected ? `${prefix}${land.amount} damage to ${attacker.name}` : `${prefix}${land.amount} damage`;
    return { label: label(), terms, total: land.amount, outcome, rules: [...new Set(rules)].sort() };
  }, attacker.id, target.id);
  takeDamage(ctx, reflected ? attacker.id : target.id, land.amount, reflected ? target.id : attacker.id, s.type);
}

/** Lose hit points; at 0 a unit falls unconscious, and a character gains a Battlescar (FRL-END-1). */
export function takeDamage(ctx: Resolution, id: UnitId, amount: number, source: UnitId | undefined, type: DamageType): void {
  const before = ctx.unit(id);
  // fields in a literal, not a spread: every hit comes through here
  ctx.damage(id, amount, source !== undefined ? { source, damageType: type, rule: 'FRL-DMG-3' } : { damageType: type, rule: 'FRL-DMG-3' });
  const u = ctx.unit(id);
  if (before.status !== 'active' || u.pools.hp.value > 0) return;
  fallUnconscious(ctx, id);
}

/** At 0 HP: unconscious, and a character gains a Battlescar (FRL-END-1); also when the GM sets HP to 0. */
export function fallUnconscious(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  // the line reads "falls unconscious" for a character, "is defeated" for an enemy (index.ts describe)
  ctx.emit({ type: 'unit.status', unit: id, status: 'down', cause: 'unconscious at 0 HP', rule: 'FRL-END-1' });
  if (isCharacter(ctx.state, u)) {
    const scars = dataOf(u).battlescars + 1;
    ctx.setData(id, 'battlescars', scars);
    ctx.note(() => `${u.name} gains a Battlescar (${scars} in all) [FRL-END-1]`);
  }
}

/** Regain hit points; an unconscious unit healed above 0 wakes (ruling FRL-END-1). */
export function healUnit(ctx: Resolution, id: UnitId, amount: number, source: UnitId | undefined, rule: string): void {
  ctx.heal(id, amount, source !== undefined ? { source, rule } : { rule });
  const u = ctx.unit(id);
  if (u.status === 'down' && u.pools.hp.value > 0) {
    ctx.emit({ type: 'unit.status', unit: id, status: 'active', cause: 'healed back to consciousness', rule: 'FRL-END-1' });
  }
}
