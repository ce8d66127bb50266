/**
 * Exact odds before rolling, from the dice algebra: the margin of the d60 + Agility contest, the chance
 * of each grade, and the distribution of damage dealt (capped by the target's health; a flurry stops when
 * a dramatic blow knocks the target out of reach or it falls).
 */
import { Distribution } from '../../dice/index.ts';
import { knockbackMoves } from '../../engine/space/area.ts';
import { distance } from '../../engine/space/grid.ts';
import { knockedAwayFrom } from './fight-view.ts';
import { affectedOdds, hitOdds, reject, RuleError, type Cell, type Command, type EncounterState, type GridMap, type Preview, type Rejection, type Unit } from '../../engine/index.ts';
import { planAttack } from './attack.ts';
import { blockAgainst } from './blow.ts';
import { defence, defenceTotal, gradeOf, NO_DODGE_FLOOR, type Approach, type Grade } from './contest.ts';
import { computeDamage, spellPower, UNARMED_BASE, type DamageKind } from './damage.ts';
import { areaHeldWords, planCast } from './magic.ts';
import { agilityOf, agilityTerms, cannotEvadeArea, dataOf, enduranceOf, enemiesOf, projectileSpeed, speedOf, strengthOf } from './model.ts';
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
const margins = new Map<number | string, Distribution>();
const grading = new WeakMap<Distribution, Record<Grade, number>>();
const seriesByMargin = new WeakMap<Distribution, Map<string, Distribution>>();

export function marginOf(state: EncounterState, attacker: Unit | { agility: number }, def: Unit, a: Approach): Distribution {
  const d = defenceTotal(state, def, a);
  return marginFor('id' in attacker ? agilityOf(attacker as Unit) : attacker.agility, d.total, d.rolls, d.canDodge);
}

/** The same from the numbers: the attacker's Agility and the defence (defenceTotal's answer). */
export function marginFor(agility: number, total: number, rolls: boolean, canDodge: boolean): Distribution {
  // Agility and defence may fall below 0 (avoiding eye contact, a flank): offset for smallKey
  const key = rolls ? smallKey(agility + 512, total + 512, canDodge ? 1 : 0) : `${agility}|-`;
  let margin = margins.get(key);
  if (!margin) {
    const mine = Distribution.die(60).plus(agility);
    margin = rolls ? mine.minus(Distribution.die(60).plus(total)) : mine;
    // at 0 stamina a blow it would have dodged lands, glancing (ruling D60-STA-1)
    if (!canDodge) margin = margin.clampMin(NO_DODGE_FLOOR);
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

/** What a policy weighs of `series(spec)`: its mean and the chance it takes all the health. */
export interface Outlook {
  mean: number;
  kills: number;
}

const outlookByMargin = new WeakMap<Distribution, WeakMap<DamageTable, Outlooks>>();

/**
 * A table's outlooks by health, blows and whether a dramatic blow ends the series: in an array while those
 * are small whole numbers (the usual: a Map asked for a number key was half of the policy's odds), else
 * in a Map by smallKey.
 */
interface Outlooks {
  /** By blows and whether a dramatic blow ends it (count * 2 + 1 if it does), then by health. */
  byIndex: (Outlook | undefined)[][];
  byKey: Map<number | string, Outlook>;
}

/**
 * A number naming a few small whole numbers (the first below 2^20, two or three more below 2^10: exact in
 * a double), else a string: the policy's caches are asked thousands of times a fight, and a string key
 * is built and hashed every time.
 */
export function smallKey(first: number, a: number, b: number, c?: number): number | string {
  // no rest array: asked for every blow weighed
  if (!Number.isInteger(first) || first < 0 || first >= 2 ** 20 || !small(a) || !small(b) || (c !== undefined && !small(c))) return c === undefined ? `${first}|${a}|${b}` : `${first}|${a}|${b}|${c}`;
  const key = (first * 1024 + a) * 1024 + b;
  return c === undefined ? key : key * 1024 + c;
}

const small = (n: number): boolean => Number.isInteger(n) && n >= 0 && n < 1024;

/** Health below this and at most 7 blows: `byIndex` (an array index past ~1,024 unfilled would make V8 keep the array as a dictionary). */
const INDEXED_HEALTH = 1000;

/**
 * `series(spec)`'s mean and chance of dealing all `health`, by the same recursion on numbers alone: a
 * policy weighs every strike of every turn, and building the whole distribution of each was most of
 * its cost (the blows are capped by the health left, so "all of it" is "the health reaches 0").
 */
export function seriesOutlook(spec: BlowSpec): Outlook {
  // by the margin's and the table's identity (both kept: marginOf, damageFn), then the numbers
  let byTable = outlookByMargin.get(spec.margin);
  if (!byTable) outlookByMargin.set(spec.margin, (byTable = new WeakMap()));
  let kept = byTable.get(spec.damage);
  if (!kept) byTable.set(spec.damage, (kept = { byIndex: [], byKey: new Map() }));
  const { health, count } = spec;
  if (Number.isInteger(health) && health >= 0 && health < INDEXED_HEALTH && Number.isInteger(count) && count >= 0 && count < 8) {
    const byHealth = (kept.byIndex[count * 2 + (spec.dramaticEnds ? 1 : 0)] ??= []);
    return (byHealth[health] ??= outlookOf(spec));
  }
  const key = smallKey(health, count, spec.dramaticEnds ? 1 : 0);
  let out = kept.byKey.get(key);
  if (!out) {
    out = outlookOf(spec);
    if (kept.byKey.size > 5000) kept.byKey.clear();
    kept.byKey.set(key, out);
  }
  return out;
}

/** The ends of a series, shared (nobody changes an Outlook): all the health taken, or the blows over with some left. */
const KILLED: Outlook = { mean: 0, kills: 1 };
const SPARED: Outlook = { mean: 0, kills: 0 };

function outlookOf(spec: BlowSpec): Outlook {
  const chances = gradeChances(spec.margin);
  let total = 0;
  for (const g of GRADES) if (chances[g] > 0) total += chances[g];
  const memo = new Map<number, Outlook>();
  const go = (k: number, hp: number): Outlook => {
    if (hp <= 0) return KILLED;
    if (k === 0) return SPARED;
    const at = k * 1e6 + hp;
    const hit = memo.get(at);
    if (hit) return hit;
    let mean = 0;
    let kills = 0;
    for (const g of GRADES) {
      if (chances[g] <= 0) continue;
      const p = chances[g] / total;
      const dealt = g === 'dodged' ? 0 : Math.min(hp, spec.damage.of[g]);
      const rest = dealt >= hp ? KILLED : g === 'dramatic' && spec.dramaticEnds ? SPARED : go(k - 1, hp - dealt);
      mean += p * (dealt + rest.mean);
      kills += p * rest.kills;
    }
    const out = { mean, kills };
    memo.set(at, out);
    return out;
  };
  return go(spec.count, spec.health);
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

/**
 * The odds of a series (one strike, a flurry of limbs, a volley): the chance that at least one blow lands
 * (every blow dodged: dodged^count), the damage of the whole series, and the damage on a hit as that same
 * distribution without the all-dodged share — so range, average, expected damage and chart agree.
 */
function finish(spec: BlowSpec, notes: string[], why: string, target: Unit): AttackPreview {
  const grades = gradeChances(spec.margin);
  const damage = series(spec);
  const chance = 1 - grades.dodged ** spec.count;
  const odds = hitOdds(chance, damage);
  const each = spec.count > 1 ? `each of the ${spec.count} blows: ` : '';
  notes.push(`${each}${GRADES.map((g) => `${g} ${(grades[g] * 100).toFixed(1)}%`).join(', ')}`);
  return { ...odds, why, notes, affected: [{ unit: target.id, ...odds }], grades, margin: spec.margin };
}

/** Why the contest's chance is what it is (D60-HIT-1, D60-CQC-2): both sides' d60 + Agility, the flank, no dodge. */
function contestWhy(state: EncounterState, agility: number, t: Unit, a: Approach, count: number): string {
  const d = defence(state, t, a);
  const blows = count > 1 ? `, ${count} blows: the chance is that at least one lands` : '';
  if (!d.canDodge) return `${t.name} cannot dodge: every blow lands, d60 + ${agility} grades it${blows}`;
  const flank = d.angle === 'front' ? '' : ` (a ${d.angle} attack)`;
  return `d60 + ${agility} against ${t.name}'s d60 + ${d.total}${flank}: a margin below 0 is dodged${blows}`;
}

/** Damage tables by what the formula reads (kept: the same few recur in every fight), by kind and vital, then the numbers. */
const tables = new Map<string, Map<number | string, DamageTable>>();

/** What a blow on `def` from `from` deals at each grade: computeDamage's amounts, its block stance included. */
function damageFn(def: Unit, a: Approach, kind: DamageKind, base: number, baseName: string, strength: number, vital: boolean): DamageTable {
  return damageTable(blockAgainst(def, a.from, a.cqcSpeed), enduranceOf(def), kind, base, baseName, strength, vital);
}

/** The same from the numbers: the defender's block stance against the blow (blockAgainst's answer) and its Endurance. */
export function damageTable(block: { weapon: Weapon | null } | undefined, endurance: number, kind: DamageKind, base: number, baseName: string, strength: number, vital: boolean): DamageTable {
  const kindKey = vital ? `${kind}|vital` : kind;
  let byNumbers = tables.get(kindKey);
  if (!byNumbers) tables.set(kindKey, (byNumbers = new Map()));
  // the stance: none (0), bare (1), or a weapon of damage d (d + 2)
  const stance = block ? (block.weapon ? block.weapon.damage + 2 : 1) : 0;
  const key = smallKey(endurance, base, strength, stance);
  let table = byNumbers.get(key);
  if (!table) {
    const of = { dodged: 0, glancing: 0, solid: 0, dramatic: 0, critical: 0 };
    for (const grade of GRADES) of[grade] = computeDamage({ kind, base, baseName, strength, endurance, grade, ...(block ? { block } : {}), ...(vital ? { vital } : {}) }, false).amount;
    if (byNumbers.size > 5000) byNumbers.clear();
    byNumbers.set(key, (table = { key: `${kindKey}|${key}`, of }));
  }
  return table;
}

const NO_DAMAGE: DamageTable = { key: 'none', of: { dodged: 0, glancing: 0, solid: 0, dramatic: 0, critical: 0 } };

/**
 * The blows of an attack by `u` on `t` from the tile `from` (where it stands for a preview; where it could
 * move to for the policy's estimates): limbs (`count` of them) or one strike of `weapon`. `blocked`: the
 * cells a knock back cannot enter, all units but the two (given by a caller asking from many tiles);
 * `away`: whether a knock back from `from` moves `t` (knockedAway), if the caller knows.
 */
export function attackBlows(state: EncounterState, u: Unit, t: Unit, weapon: Weapon | null, count: number, vital: boolean, from: Cell, blocked?: (c: Cell) => boolean, away?: boolean): BlowSpec {
  const cqc = distance(from, t.position!) <= 1;
  const approach: Approach = cqc ? { from, cqcSpeed: speedOf(u) } : { from };
  const margin = marginOf(state, u, t, approach);
  const damage = weapon ? damageFn(t, approach, weapon.type, weapon.damage, weapon.name, strengthOf(u), vital) : damageFn(t, approach, 'blunt', UNARMED_BASE, 'Unarmed', strengthOf(u), vital);
  // `away`: knockedAway's answer, when the caller has it already
  return { margin, damage, count: weapon ? 1 : count, dramaticEnds: !weapon && (away ?? knockedAway(state, u, t, from, blocked)), health: t.pools.hp.value };
}

/**
 * An unarmed dramatic blow knocks the target back; if it really moves, the rest of the flurry misses it
 * (away from the attacker: its own tile never stops it, wherever the state has it now). `blocked` as in
 * attackBlows.
 */
export function knockedAway(state: EncounterState, u: Unit, t: Unit, from: Cell, blocked?: (c: Cell) => boolean): boolean {
  // the units in the way: the caller's test, else the fight view's grid (fight-view.ts, the same test on numbers)
  return blocked ? knockbackMoves(state.map as GridMap, from, t.position!, blocked) : knockedAwayFrom(state, from.x, from.y, u, t);
}

/** The blows of `count` weapons `w` thrown by `u` from `from` at `t`, as if each reached it (no reaction). */
export function throwBlows(state: EncounterState, u: Unit, t: Unit, w: Weapon, count: number, from: Cell): BlowSpec {
  const margin = marginOf(state, { agility: agilityOf(u) }, t, { from });
  return { margin, damage: damageFn(t, { from }, w.type, w.damage, w.name, strengthOf(u), false), count, dramaticEnds: false, health: t.pools.hp.value };
}

/** The blow of a single-target spell of `u` cast from `from` at `t` (the combat roll, power against Endurance). */
export function spellBlows(state: EncounterState, u: Unit, t: Unit, a: Ability, from: Cell): BlowSpec {
  const power = a.power === undefined ? 0 : spellPower(u, a.power);
  const cqc = distance(from, t.position!) <= 1;
  const approach: Approach = cqc ? { from, cqcSpeed: speedOf(u) } : { from };
  const damage = damageFn(t, approach, a.trueDamage ? 'true' : 'magic', power, a.name, 0, false);
  const margin = marginOf(state, u, t, approach);
  return { margin, damage: a.power === undefined ? NO_DAMAGE : damage, count: 1, dramaticEnds: false, health: t.pools.hp.value };
}

/** What area magic deals `v` (no contest: a solid blow, or nothing when its Speed evades, D60-DMG-4). */
export function areaDamage(state: EncounterState, u: Unit, v: Unit, a: Ability, from: Cell): number {
  // only a unit fast enough that can dodge and move evades (D60-DMG-4, ruling D60-STA-1 / D60-EFF-1)
  if (!a.area || (speedOf(v) >= a.area.speed && !cannotEvadeArea(state, v))) return 0;
  const power = a.power === undefined ? 0 : spellPower(u, a.power);
  return Math.min(v.pools.hp.value, damageFn(v, distance(from, v.position!) <= 1 ? { from, cqcSpeed: speedOf(u) } : { from }, a.trueDamage ? 'true' : 'magic', power, a.name, 0, false).of.solid);
}

function approachFrom(u: Unit, t: Unit, from: Cell): Approach {
  return distance(from, t.position!) <= 1 ? { from, cqcSpeed: speedOf(u) } : { from };
}

function attackPreview(state: EncounterState, cmd: Command): AttackPreview {
  const u = state.units[cmd.actor!];
  const plan = planAttack(state, u, cmd);
  const w = plan.weapon;
  const spec = attackBlows(state, u, plan.target, w, plan.limbs.length, plan.vital, u.position!);
  const notes = [w ? `${w.name} strike` : `${plan.limbs.length} limb${plan.limbs.length > 1 ? 's' : ''}, ${plan.stamina} stamina`];
  return finish(spec, notes, contestWhy(state, agilityTerms(u).agility, plan.target, approachFrom(u, plan.target, u.position!), spec.count), plan.target);
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
  const out = finish(spec, notes, contestWhy(state, agilityTerms(u).agility, t, { from: u.position! }, spec.count), t);
  return { ...out, risk: `${t.name} may react when it arrives (block, evade, counter): these odds assume it does not; it hits the first unit on its line, friend or foe [D60-PRJ-1]` };
}

function castPreview(state: EncounterState, cmd: Command): Preview {
  const u = state.units[cmd.actor!];
  const { ability: a, target: t } = planCast(state, u, cmd);
  if (a.target !== 'enemy') return { chance: 1, why: `${a.name} on ${t.name}: no contest`, affected: [{ unit: t.id, chance: 1 }] };
  if (a.area) {
    // everyone the spell reaches (magic.ts: the caster's enemies within the radius), each by its own Speed (D60-DMG-4)
    const area = a.area;
    const victims = enemiesOf(state, u).filter((o) => distance(o.position!, t.position!) <= area.radius);
    const one = (v: Unit) => {
      if (a.gaze && dataOf(v).averting) return affectedOdds(v.id, 0, Distribution.constant(0), 'avoids eye contact');
      const fast = speedOf(v) >= area.speed;
      const held = fast ? cannotEvadeArea(state, v) : null;
      const evades = fast && !held;
      const why = held ? `Speed ${speedOf(v)} ≥ ${area.speed}, but ${areaHeldWords(held)}` : `Speed ${speedOf(v)} ${fast ? '≥' : '<'} ${area.speed}: ${evades ? 'evades' : 'cannot evade'}`;
      return affectedOdds(v.id, evades ? 0 : 1, Distribution.constant(areaDamage(state, u, v, a, u.position!)), why);
    };
    const affected = [t, ...victims.filter((v) => v.id !== t.id)].map(one);
    const main = affected[0];
    return { ...hitOdds(main.chance!, main.damage!), why: `area magic has no roll: only Speed ${area.speed} or more evades it`, affected, notes: [`radius ${area.radius} around ${t.name}; spares ${u.name}'s side`] };
  }
  const power = a.power === undefined ? 0 : spellPower(u, a.power);
  const spec = spellBlows(state, u, t, a, u.position!);
  return finish(spec, [`power ${power} against Endurance ${enduranceOf(t)}`], contestWhy(state, agilityTerms(u).agility, t, approachFrom(u, t, u.position!), 1), t);
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

