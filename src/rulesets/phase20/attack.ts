/**
 * The Attack Action (P20-ATK-1..3): a physical weapon and a target within its range; the hit check
 * d20 + General Skill (+ Combat if skilled with the weapon) must be HIGHER than the target's Defensive
 * Value; the attack roll is the weapon's dice + its Scale Attribute (if skilled) + class bonus.
 */
import { distance } from '../../engine/space/grid.ts';
import { fail, type Command, type EncounterState, type GridMap, type Resolution, type Term, type Unit } from '../../engine/index.ts';
import { grantFollowUps, spendAction } from './actions.ts';
import { dealDamage } from './damage.ts';
import { dataOf, dvOf, mod } from './model.ts';
import type { Weapon } from './schema.ts';
import { inSight } from './sight.ts';

export function weaponOf(u: Unit, id: unknown): Weapon {
  // every attack asks: a loop, not a filtered copy of the unit's weapons
  let first: Weapon | undefined;
  for (const w of dataOf(u).weapons) {
    if (w.physical === false) continue;
    first ??= w;
    if (id === undefined || w.id === id) return w;
  }
  if (!first) fail('action/no_weapon', `${u.name} has no physical weapon to attack with [P20-ATK-1]`);
  fail('action/unknown_weapon', `${u.name} has no physical weapon "${String(id)}"`, 'weapon');
}

export function isSkilledWith(u: Unit, w: Weapon): boolean {
  return dataOf(u).skilled.weapons.includes(w.id);
}

/** The hit-check bonus and its named terms. */
export function attackBonus(state: Parameters<typeof mod>[0], u: Unit, w: Weapon): { bonus: number; terms: Term[] } {
  const terms: Term[] = [{ kind: 'mod', name: 'General Skill', value: mod(state, u, 'generalSkill') }];
  if (isSkilledWith(u, w)) terms.push({ kind: 'mod', name: 'Combat', value: mod(state, u, 'combat') });
  return { bonus: sumTerms(terms), terms };
}

/** The hit-check bonus alone (attackBonus's sum, its terms not built): every attack asks it, a log rarely reads the terms. */
export function hitBonus(state: Parameters<typeof mod>[0], u: Unit, w: Weapon): number {
  const general = mod(state, u, 'generalSkill');
  return isSkilledWith(u, w) ? general + mod(state, u, 'combat') : general;
}

/** The damage bonus alone (attackDamageBonus's sum). */
export function damageBonus(state: Parameters<typeof mod>[0], u: Unit, w: Weapon): number {
  return (isSkilledWith(u, w) ? mod(state, u, w.scale) : 0) + dataOf(u).classBonus.attack;
}

/** Damage bonus: Scale Attribute when skilled, plus class bonus. */
export function attackDamageBonus(state: Parameters<typeof mod>[0], u: Unit, w: Weapon): Term[] {
  const terms: Term[] = [];
  if (isSkilledWith(u, w)) terms.push({ kind: 'mod', name: `Scale (${w.scale})`, value: mod(state, u, w.scale) });
  const cls = dataOf(u).classBonus.attack;
  if (cls) terms.push({ kind: 'mod', name: 'Class bonus', value: cls });
  return terms;
}

/** In reach: within the weapon's range (P20-ATK-1) and in sight (ruling in sight.ts). */
export function inReach(state: EncounterState, u: Unit, target: Unit, w: Weapon): boolean {
  return distance(u.position!, target.position!) <= w.range && inSight(state.map as GridMap, u.position!, target.position!);
}

export function checkReach(ctx: Resolution, u: Unit, target: Unit, w: Weapon): void {
  const d = distance(u.position!, target.position!);
  if (d > w.range) fail('action/out_of_range', `${target.name} is ${d} tiles away; ${w.name} reaches ${w.range} [P20-ATK-1]`, 'target');
  if (!inSight(ctx.state.map as GridMap, u.position!, target.position!)) fail('action/no_line_of_sight', `${u.name} cannot see ${target.name}: a wall is in the way [P20-ATK-1]`, 'target');
}

export function targetOf(ctx: Resolution, u: Unit, id: unknown): Unit {
  if (typeof id !== 'string') fail('command/bad_target', 'name a target unit', 'target');
  const t = ctx.state.units[id];
  if (!t) fail('unit/unknown', `there is no unit "${id}"`, 'target');
  if (t.id === u.id) fail('action/bad_target', `${u.name} cannot attack itself`, 'target');
  if (t.status !== 'active') fail('action/bad_target', `${t.name} is ${t.status} and cannot be attacked`, 'target');
  return t;
}

/** A breakdown never built: given to `check` only when no log is kept (it is then counted, not called). */
const UNREAD = (): never => {
  throw new Error('an unlogged check was built');
};

const sumTerms = (terms: Term[]) => terms.reduce((s, t) => s + (t.kind === 'mod' ? t.value : 0), 0);

/**
 * Resolve one weapon attack (the action, or a readied attack in the Preparation Phase). The breakdowns
 * are built only when someone keeps the log.
 */
export function resolveAttack(ctx: Resolution, attacker: Unit, target: Unit, w: Weapon, why: string): boolean {
  // the sums are reckoned as numbers; their named terms are built only inside the breakdowns (when logged)
  const bonus = hitBonus(ctx.state, attacker, w);
  const face = ctx.roll(20, 'hit check');
  const total = face + bonus;
  const dv = dvOf(ctx.state, target);
  const hit = total > dv;
  ctx.check(
    () => ({
      label: `hit check (${w.name}${why ? `, ${why}` : ''})`,
      terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }, ...attackBonus(ctx.state, attacker, w).terms],
      total,
      against: { op: '>', value: dv, name: 'DV' },
      outcome: hit ? 'hit' : 'miss',
      rules: ['P20-ATK-2'],
    }),
    attacker.id,
    target.id,
  );
  if (!hit) return false;
  const extra = damageBonus(ctx.state, attacker, w);
  if (!ctx.logging) {
    // no one reads the roll's term: its total alone, the same dice drawn; the check is only counted
    const amount = Math.max(0, ctx.rollTotal(w.damage, 'attack roll') + extra);
    ctx.check(UNREAD, attacker.id, target.id);
    dealDamage(ctx, target.id, amount, attacker.id, 'P20-ATK-3');
    return true;
  }
  const roll = ctx.rollNotation(w.damage, 'attack roll');
  const raw = roll.total + extra;
  const amount = Math.max(0, raw);
  ctx.check(() => {
    const dmgTerms: Term[] = [roll.term, ...attackDamageBonus(ctx.state, attacker, w)];
    if (raw < 0) dmgTerms.push({ kind: 'note', text: `−${-raw}: damage is at least 0` });
    return { label: `attack roll (${w.name})`, terms: dmgTerms, total: amount, outcome: `${amount} damage`, rules: ['P20-ATK-3'] };
  }, attacker.id, target.id);
  dealDamage(ctx, target.id, amount, attacker.id, 'P20-ATK-3');
  return true;
}

export function attackCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const w = weaponOf(u, cmd.weapon);
  const t = targetOf(ctx, u, cmd.target);
  checkReach(ctx, u, t, w);
  spendAction(ctx, u, 'attack');
  resolveAttack(ctx, u, t, w, '');
  grantFollowUps(ctx, u, 'attack');
}
