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
import { modsChanged, profileOf, type UnitProfile, type WeaponProfile } from './profile.ts';
import type { Weapon } from './schema.ts';
import { inSight } from './sight.ts';

export function weaponOf(u: Unit, id: unknown): Weapon {
  return weaponIn(profileOf(u), u, id).weapon;
}

/** The physical weapon `id` names (the first when none is named), from the unit's profile. */
function weaponIn(p: UnitProfile, u: Unit, id: unknown): WeaponProfile {
  const ws = p.physical;
  if (!ws.length) fail('action/no_weapon', `${u.name} has no physical weapon to attack with [P20-ATK-1]`);
  if (id === undefined) return ws[0];
  for (let i = 0; i < ws.length; i++) if (ws[i].weapon.id === id) return ws[i];
  fail('action/unknown_weapon', `${u.name} has no physical weapon "${String(id)}"`, 'weapon');
}

export function isSkilledWith(u: Unit, w: Weapon): boolean {
  return profileOf(u).weapon(w)?.skilled ?? dataOf(u).skilled.weapons.includes(w.id);
}

/** The hit-check bonus and its named terms. */
export function attackBonus(state: Parameters<typeof mod>[0], u: Unit, w: Weapon): { bonus: number; terms: Term[] } {
  const terms: Term[] = [{ kind: 'mod', name: 'General Skill', value: mod(state, u, 'generalSkill') }];
  if (isSkilledWith(u, w)) terms.push({ kind: 'mod', name: 'Combat', value: mod(state, u, 'combat') });
  return { bonus: sumTerms(terms), terms };
}

/** The hit-check bonus alone (attackBonus's sum, its terms not built): every attack asks it, a log rarely reads the terms. */
export function hitBonus(state: Parameters<typeof mod>[0], u: Unit, w: Weapon): number {
  const wp = profileOf(u).weapon(w);
  return wp !== undefined ? hitBonusOf(state, u, wp) : hitBonusByMods(state, u, w);
}

/** The hit-check bonus of a weapon profile: its own number unless a role or an effect changes a modifier. */
export function hitBonusOf(state: EncounterState, u: Unit, wp: WeaponProfile): number {
  return modsChanged(state, u) ? hitBonusByMods(state, u, wp.weapon) : wp.hitBase;
}

function hitBonusByMods(state: EncounterState, u: Unit, w: Weapon): number {
  const general = mod(state, u, 'generalSkill');
  return isSkilledWith(u, w) ? general + mod(state, u, 'combat') : general;
}

/** The damage bonus alone (attackDamageBonus's sum). */
export function damageBonus(state: Parameters<typeof mod>[0], u: Unit, w: Weapon): number {
  const wp = profileOf(u).weapon(w);
  return wp !== undefined ? damageBonusOf(state, u, wp) : damageBonusByMods(state, u, w);
}

/** The damage bonus of a weapon profile: its own number unless a role or an effect changes a modifier. */
export function damageBonusOf(state: EncounterState, u: Unit, wp: WeaponProfile): number {
  return modsChanged(state, u) ? damageBonusByMods(state, u, wp.weapon) : wp.damageBase;
}

function damageBonusByMods(state: EncounterState, u: Unit, w: Weapon): number {
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
  const wp = profileOf(attacker).weapon(w);
  if (!wp) throw new Error(`${attacker.name} does not carry ${w.name} as a physical weapon`);
  return resolveWith(ctx, attacker, target, wp, why);
}

function resolveWith(ctx: Resolution, attacker: Unit, target: Unit, wp: WeaponProfile, why: string): boolean {
  // the sums are reckoned as numbers (the profile's, unless a role or effect changes them); their named
  // terms are built only inside the breakdowns (when logged)
  const w = wp.weapon;
  const changed = modsChanged(ctx.state, attacker);
  const bonus = changed ? hitBonusByMods(ctx.state, attacker, w) : wp.hitBase;
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
  const extra = changed ? damageBonusByMods(ctx.state, attacker, w) : wp.damageBase;
  if (!ctx.logging) {
    // no one reads the roll's term: its total alone, the same dice drawn (the parsed dice); the check is only counted
    const amount = Math.max(0, ctx.rollTotal(wp.dice, 'attack roll') + extra);
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
  const wp = weaponIn(profileOf(u), u, cmd.weapon);
  const t = targetOf(ctx, u, cmd.target);
  checkReach(ctx, u, t, wp.weapon);
  spendAction(ctx, u, 'attack');
  resolveWith(ctx, u, t, wp, '');
  grantFollowUps(ctx, u, 'attack');
}
