/**
 * Exact odds before rolling, from the dice algebra: the margin of the d60 + Agility contest, the chance
 * of each grade, and the distribution of damage dealt (capped by the target's health; a flurry stops when
 * a dramatic blow knocks the target out of reach or it falls).
 */
import { Distribution } from '../../dice/index.ts';
import { knockback } from '../../engine/space/area.ts';
import { distance } from '../../engine/space/grid.ts';
import { occupiedBy } from '../../engine/space/occupancy.ts';
import { reject, RuleError, type Cell, type Command, type EncounterState, type GridMap, type Preview, type Rejection, type Unit } from '../../engine/index.ts';
import { planAttack } from './attack.ts';
import { blockAgainst } from './blow.ts';
import { defence, gradeOf, NO_DODGE_FLOOR, type Approach, type Grade } from './contest.ts';
import { computeDamage, spellPower, UNARMED_BASE, type DamageKind } from './damage.ts';
import { planCast } from './magic.ts';
import { agilityTerms, projectileSpeed, stat } from './model.ts';
import { tilesPerTurn } from './projectile.ts';
import type { Ability, Weapon } from './schema.ts';
import { planThrow } from './throw.ts';

export const GRADES: Grade[] = ['dodged', 'glancing', 'solid', 'dramatic', 'critical'];

export type AttackPreview = Preview & { grades: Record<Grade, number>; margin: Distribution };

/** The margin (attacker total − defender total) of one contest. */
/**
 * Distributions depend on a few numbers and never change, and the aggressive policy previews every
 * strike it weighs: margins are kept by (Agility, defence), grade chances and damage series per margin.
 */
const margins = new Map<string, Distribution>();
const grading = new WeakMap<Distribution, Record<Grade, number>>();
const seriesByMargin = new WeakMap<Distribution, Map<string, Distribution>>();

export function marginOf(state: EncounterState, attacker: Unit | { agility: number }, def: Unit, a: Approach): Distribution {
  const agility = 'id' in attacker ? agilityTerms(attacker as Unit).agility : attacker.agility;
  const d = defence(state, def, a);
  const key = d.rolls ? `${agility}|${d.total}|${d.canDodge}` : `${agility}|-`;
  let margin = margins.get(key);
  if (!margin) {
    const mine = Distribution.die(60).plus(agility);
    margin = d.rolls ? mine.minus(Distribution.die(60).plus(d.total)) : mine;
    // at 0 stamina a blow it would have dodged lands, glancing (ruling D60-STA-1)
    if (!d.canDodge) margin = margin.clampMin(NO_DODGE_FLOOR);
    if (margins.size > 5000) margins.clear();
    margins.set(key, margin);
  }
  return margin;
}

export function gradeChances(margin: Distribution): Record<Grade, number> {
  const known = grading.get(margin);
  if (known) return { ...known };
  const out = { dodged: 0, glancing: 0, solid: 0, dramatic: 0, critical: 0 };
  for (const [m, p] of margin.pmf()) out[gradeOf(m)] += p;
  grading.set(margin, { ...out });
  return out;
}

/** What a blow deals at each grade; `key` names everything the amounts depend on. */
export interface DamageTable {
  key: string;
  of: Record<Grade, number>;
}

export interface BlowSpec {
  margin: Distribution;
  damage: DamageTable;
  count: number;
  /** A dramatic blow ends the series (the target is knocked out of reach). */
  dramaticEnds: boolean;
  health: number;
}

/** Damage dealt by `count` blows in a row, exactly, each capped by the health left (kept: see marginOf). */
export function series(spec: BlowSpec): Distribution {
  const key = `${spec.damage.key}|${spec.count}|${spec.dramaticEnds}|${spec.health}`;
  let byKey = seriesByMargin.get(spec.margin);
  if (!byKey) seriesByMargin.set(spec.margin, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) {
    out = seriesOf(spec);
    if (byKey.size > 5000) byKey.clear();
    byKey.set(key, out);
  }
  return out;
}

function seriesOf(spec: BlowSpec): Distribution {
  const chances = gradeChances(spec.margin);
  const memo = new Map<string, Distribution>();
  const go = (k: number, hp: number): Distribution => {
    if (k === 0 || hp <= 0) return Distribution.constant(0);
    const key = `${k}/${hp}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const parts: [number, Distribution][] = [];
    for (const g of GRADES) {
      if (chances[g] <= 0) continue;
      const dealt = g === 'dodged' ? 0 : Math.min(hp, spec.damage.of[g]);
      const rest = g === 'dramatic' && spec.dramaticEnds ? Distribution.constant(0) : go(k - 1, hp - dealt);
      parts.push([chances[g], rest.plus(dealt)]);
    }
    const total = parts.reduce((s, [p]) => s + p, 0);
    const out = Distribution.mix(parts.map(([p, d]) => [p / total, d] as [number, Distribution]));
    memo.set(key, out);
    return out;
  };
  return go(spec.count, spec.health);
}

function finish(margin: Distribution, single: BlowSpec, notes: string[]): AttackPreview {
  const grades = gradeChances(margin);
  const chance = 1 - grades.dodged;
  const damage = series(single);
  const onHit = GRADES.filter((g) => g !== 'dodged' && grades[g] > 0).map((g) => Math.min(single.health, single.damage.of[g]));
  const meanOnHit = chance > 0 ? GRADES.filter((g) => g !== 'dodged').reduce((s, g) => s + grades[g] * Math.min(single.health, single.damage.of[g]), 0) / chance : 0;
  notes.push(GRADES.map((g) => `${g} ${(grades[g] * 100).toFixed(1)}%`).join(', '));
  return {
    chance,
    damage,
    expectedDamage: damage.mean,
    damageOnHit: onHit.length ? { min: Math.min(...onHit), max: Math.max(...onHit), mean: meanOnHit } : { min: 0, max: 0, mean: 0 },
    notes,
    grades,
    margin,
  };
}

/** Damage tables by what the formula reads (kept: the same few recur in every fight). */
const tables = new Map<string, DamageTable>();

/** What a blow on `def` from `from` deals at each grade: computeDamage's amounts, its block stance included. */
function damageFn(def: Unit, a: Approach, kind: DamageKind, base: number, baseName: string, strength: number, vital: boolean): DamageTable {
  const block = blockAgainst(def, a.from, a.cqcSpeed);
  const endurance = stat(def, 'endurance');
  const key = `${kind}|${base}|${strength}|${endurance}|${block ? (block.weapon ? block.weapon.damage : 'bare') : '-'}|${vital ? 'vital' : ''}`;
  let table = tables.get(key);
  if (!table) {
    const of = { dodged: 0, glancing: 0, solid: 0, dramatic: 0, critical: 0 };
    for (const grade of GRADES) of[grade] = computeDamage({ kind, base, baseName, strength, endurance, grade, ...(block ? { block } : {}), ...(vital ? { vital } : {}) }).amount;
    if (tables.size > 5000) tables.clear();
    tables.set(key, (table = { key, of }));
  }
  return table;
}

const NO_DAMAGE: DamageTable = { key: 'none', of: { dodged: 0, glancing: 0, solid: 0, dramatic: 0, critical: 0 } };

/**
 * The blows of an attack by `u` on `t` from the tile `from` (where it stands for a preview; where it could
 * move to for the policy's estimates): limbs (`count` of them) or one strike of `weapon`.
 */
export function attackBlows(state: EncounterState, u: Unit, t: Unit, weapon: Weapon | null, count: number, vital: boolean, from: Cell): BlowSpec {
  const cqc = distance(from, t.position!) <= 1;
  const approach: Approach = cqc ? { from, cqcSpeed: stat(u, 'speed') } : { from };
  const margin = marginOf(state, u, t, approach);
  const damage = weapon ? damageFn(t, approach, weapon.type, weapon.damage, weapon.name, stat(u, 'strength'), vital) : damageFn(t, approach, 'blunt', UNARMED_BASE, 'Unarmed', stat(u, 'strength'), vital);
  // an unarmed dramatic blow knocks the target back; if it really moves, the rest of the flurry misses it
  // (away from the attacker: its own tile never stops it, wherever the state has it now)
  const kb = weapon ? undefined : knockback(state.map as GridMap, from, t.position!, 2, occupiedBy(state.units, [t.id, u.id]));
  return { margin, damage, count: weapon ? 1 : count, dramaticEnds: !weapon && kb!.cells.length > 0, health: t.pools.hp.value };
}

/** The blows of `count` weapons `w` thrown by `u` from `from` at `t`, as if each reached it (no reaction). */
export function throwBlows(state: EncounterState, u: Unit, t: Unit, w: Weapon, count: number, from: Cell): BlowSpec {
  const margin = marginOf(state, { agility: agilityTerms(u).agility }, t, { from });
  return { margin, damage: damageFn(t, { from }, w.type, w.damage, w.name, stat(u, 'strength'), false), count, dramaticEnds: false, health: t.pools.hp.value };
}

/** The blow of a single-target spell of `u` cast from `from` at `t` (the combat roll, power against Endurance). */
export function spellBlows(state: EncounterState, u: Unit, t: Unit, a: Ability, from: Cell): BlowSpec {
  const power = a.power === undefined ? 0 : spellPower(u, a.power);
  const cqc = distance(from, t.position!) <= 1;
  const approach: Approach = cqc ? { from, cqcSpeed: stat(u, 'speed') } : { from };
  const damage = damageFn(t, approach, a.trueDamage ? 'true' : 'magic', power, a.name, 0, false);
  const margin = marginOf(state, u, t, approach);
  return { margin, damage: a.power === undefined ? NO_DAMAGE : damage, count: 1, dramaticEnds: false, health: t.pools.hp.value };
}

/** What area magic deals `v` (no contest: a solid blow, or nothing when its Speed evades, D60-DMG-4). */
export function areaDamage(u: Unit, v: Unit, a: Ability, from: Cell): number {
  if (!a.area || stat(v, 'speed') >= a.area.speed) return 0;
  const power = a.power === undefined ? 0 : spellPower(u, a.power);
  return Math.min(v.pools.hp.value, damageFn(v, distance(from, v.position!) <= 1 ? { from, cqcSpeed: stat(u, 'speed') } : { from }, a.trueDamage ? 'true' : 'magic', power, a.name, 0, false).of.solid);
}

function attackPreview(state: EncounterState, cmd: Command): AttackPreview {
  const u = state.units[cmd.actor!];
  const plan = planAttack(state, u, cmd);
  const w = plan.weapon;
  const spec = attackBlows(state, u, plan.target, w, plan.limbs.length, plan.vital, u.position!);
  const notes = [w ? `${w.name} strike` : `${plan.limbs.length} limb${plan.limbs.length > 1 ? 's' : ''}, ${plan.stamina} stamina`];
  return finish(spec.margin, spec, notes);
}

function throwPreview(state: EncounterState, cmd: Command): AttackPreview {
  const u = state.units[cmd.actor!];
  const plan = planThrow(state, u, cmd);
  const t = plan.target;
  const w = plan.weapon;
  const dist = distance(u.position!, t.position!);
  const per = tilesPerTurn(projectileSpeed(u, w.thrown.speed).speed);
  const notes = [`reaches ${t.name} in ${per > 0 ? Math.ceil(dist / per) : '∞'} of ${u.name}'s turns if it stays on the line; assumes no reaction`];
  const spec = throwBlows(state, u, t, w, plan.count, u.position!);
  return finish(spec.margin, spec, notes);
}

function castPreview(state: EncounterState, cmd: Command): Preview {
  const u = state.units[cmd.actor!];
  const { ability: a, target: t } = planCast(state, u, cmd);
  if (a.target !== 'enemy') return { chance: 1, notes: [`${a.name} on ${t.name}: no contest`] };
  if (a.area) {
    const evades = stat(t, 'speed') >= a.area.speed;
    const dealt = areaDamage(u, t, a, u.position!);
    return { chance: evades ? 0 : 1, damage: Distribution.constant(dealt), expectedDamage: dealt, damageOnHit: { min: dealt, max: dealt, mean: dealt }, notes: [`area: Speed ${stat(t, 'speed')} ${evades ? '≥' : '<'} ${a.area.speed} needed to evade`] };
  }
  const power = a.power === undefined ? 0 : spellPower(u, a.power);
  const spec = spellBlows(state, u, t, a, u.position!);
  return finish(spec.margin, spec, [`power ${power} against Endurance ${stat(t, 'endurance')}`]);
}

export function preview(state: EncounterState, cmd: Command): Preview | Rejection {
  const u = state.units[cmd.actor ?? ''];
  if (!u) return reject('unit/unknown', 'no such actor', 'actor');
  try {
    if (cmd.type === 'attack') return attackPreview(state, cmd);
    if (cmd.type === 'throw') return throwPreview(state, cmd);
    if (cmd.type === 'cast') return castPreview(state, cmd);
  } catch (err) {
    if (err instanceof RuleError) return err.rejection;
    throw err;
  }
  return { notes: [] };
}

