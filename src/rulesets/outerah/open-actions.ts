/**
 * The attacks, casts and item uses open to a unit now, as typed facts in the listing's order — the weapon or
 * skill or item and the unit aimed at — and the one builder of each option. legalActions builds an option of
 * every fact; the aggressive policy asks the facts and builds only the option it takes (issue 40, point 3:
 * a policy's question answered from typed data, not from every option with its label).
 */
import type { ActionOption, EncounterState, Unit, UnitId } from '../../engine/index.ts';
import { distance } from '../../engine/space/grid.ts';
import { dataOf, heightOf, itemsOf, type Weapon } from './model.ts';
import { profileOf, type SkillProfile } from './profile.ts';
import { outOfReachAnyHeight, rangeAt, reachOf } from './ranges.ts';
import type { Skill } from './schema.ts';
import { isHarmful } from './skills.ts';
import { inspirationBlocker } from './timing.ts';
import { areaCells, struckBy } from './skill-area.ts';
import { attackerBlocker, shotBars, targetBars } from './targeting.ts';
import { hasSlot } from './turn.ts';

/**
 * Each attack `u` may make now with a weapon on a unit of `units`, weapon by weapon, in unit order: `visit`
 * gets the weapon, the target and the shot's range; it returns true to stop (then so does this).
 * attackBlocker in its parts: the attacker's own (Feared, its ship) asked once for every weapon and target.
 * `strike`, if given: targetBars' answer by a unit's place in `units` already (1: none bars it — field.ts).
 */
export function eachAttack(state: EncounterState, u: Unit, units: readonly Unit[], visit: (w: Weapon, t: Unit, range: number) => boolean | void, strike?: readonly number[]): boolean {
  // the weapons as profiled (profile.ts): each one's strike and the action it spends, built once per set-up
  const weapons = profileOf(u).weaponList;
  if (!weapons.length || attackerBlocker(state, u)) return false;
  const at = u.position!;
  const above = heightOf(state, u);
  // each target's height, by its place in `units`: asked once, whatever the number of weapons
  const heights: (number | undefined)[] = new Array(units.length);
  for (let i = 0; i < weapons.length; i++) {
    const { w, spec, slot } = weapons[i];
    if (!hasSlot(u, slot)) continue;
    for (let j = 0; j < units.length; j++) {
      const t = units[j];
      if (strike ? strike[j] === 0 : targetBars(state, u, t)) continue;
      // out of a short weapon's reach, whatever the heights: nothing else is asked of that target
      const apart = distance(at, t.position!);
      if (outOfReachAnyHeight(spec.range, apart)) continue;
      // the shot's, and the option's range (reachOf's numbers, without its words)
      const reach = { range: rangeAt(spec.range, above - (heights[j] ??= heightOf(state, t))), distance: apart };
      if (shotBars(state, u, t, spec, reach)) continue;
      if (visit(w, t, reach.range)) return true;
    }
  }
  return false;
}

/**
 * Each cast `u` may make now, skill by skill, in unit order; `visit` returns true to stop (then so does this),
 * and gets the skill's profile too (profile.ts). castBlocker in its parts, asked as whether (no words built
 * for the many refusals dropped): what reads no target once per skill; a harmful skill's target as
 * attackBlocker's parts (the attacker's own asked once), a helpful one's as supportBars. `strike`: as eachAttack's.
 */
export function eachCast(state: EncounterState, u: Unit, units: readonly Unit[], visit: (k: Skill, t: Unit, s: SkillProfile) => boolean | void, strike?: readonly number[]): boolean {
  let attackerBarred: boolean | undefined;
  for (const s of profileOf(u).skillList) {
    const k = s.k;
    if (s.passive || !hasSlot(u, k.action)) continue;
    const spec = s.spec;
    if (spec && (attackerBarred ??= attackerBlocker(state, u) !== null)) continue;
    for (let j = 0; j < units.length; j++) {
      const t = units[j];
      if (spec ? (strike ? strike[j] === 0 : targetBars(state, u, t)) || shotBars(state, u, t, spec) : supportBars(state, u, s, t)) continue;
      if (k.kind === 'heal' && t.pools.hp.value >= t.pools.hp.max) continue;
      if (visit(k, t, s)) return true;
    }
  }
  return false;
}

/**
 * Whether castBlocker refuses `u` a helpful (not harmful, not passive) skill on `t`, its action not spent:
 * supportBlocker's tests (an ally; itself only when the effect is not an Inspiration; active or down; within
 * the skill's range), an Inspiration on one that had its extra turn this round, a buff on one down.
 */
export function supportBars(state: EncounterState, u: Unit, s: SkillProfile, t: Unit): boolean {
  if (t.side !== u.side) return true;
  if (s.inspiration && t.id === u.id) return true;
  if (t.status !== 'active' && t.status !== 'down') return true;
  if (distance(u.position!, t.position!) > s.k.range) return true;
  if (s.inspiration && inspirationBlocker(state, t.id) !== null) return true;
  return s.k.kind === 'buff' && t.status !== 'active';
}

/**
 * Each item `u` may use now on a unit of `units` (its Secondary action left), item by item, in unit order.
 * itemBlocker in its parts, asked as whether: what reads no target (the item exists, one is left) once per item.
 */
export function eachItemUse(state: EncounterState, u: Unit, units: readonly Unit[], visit: (item: string, t: Unit) => boolean | void): boolean {
  if (!hasSlot(u, 'secondary')) return false;
  const have = dataOf(u).items;
  for (const item in have) {
    if ((have[item] ?? 0) <= 0 || !itemsOf(state).some((i) => i.id === item)) continue;
    for (const t of units) {
      if (t.side !== u.side || (t.status !== 'active' && t.status !== 'down') || distance(u.position!, t.position!) > 1) continue;
      if (t.pools.hp.value < t.pools.hp.max && visit(item, t)) return true;
    }
  }
  return false;
}

/** An attack's option; `late`: the words of the Trainer Interference it bears (ruling OUT-PET-3), or ''. */
export function attackOption(id: UnitId, w: Weapon, t: Unit, range: number, late: string): ActionOption {
  return { command: { type: 'attack', actor: id, target: t.id, weapon: w.id }, label: `Attack ${t.name} with ${w.name}${late}`, group: 'attack', range, targets: [t.id] };
}

/** A cast's option: an area skill says whom it strikes (ruling OUT-PET-5). */
export function castOption(state: EncounterState, u: Unit, k: Skill, t: Unit): ActionOption {
  const option: ActionOption = { command: { type: 'cast', actor: u.id, skill: k.id, target: t.id }, label: `${k.name} on ${t.name}`, group: k.kind === 'attack' || k.kind === 'debuff' ? 'attack' : 'support', range: isHarmful(k) ? reachOf(state, u, t, k.range).range : k.range, targets: [t.id] };
  if (k.area) return { ...option, label: `${option.label} (area ${2 * k.area + 1}×${2 * k.area + 1})`, area: areaCells(state, k, t.position!), targets: struckBy(state, u, k, t).map((v) => v.id) };
  return option;
}

export const itemOption = (id: UnitId, item: string, t: Unit): ActionOption => ({ command: { type: 'use_item', actor: id, item, target: t.id }, label: `Use ${item} on ${t.name}`, group: 'item', range: 1, targets: [t.id] });
