/**
 * A unit's fixed numbers as the policy's questions read them (issue 40, point 2), compiled once per set-up
 * and shared by every fork: its weapons with their strike specs and the action each spends, its skills with
 * what a cast asks of them (passive, harmful and its spec, the effect it orders and whether that is an
 * Inspiration, the skill a command naming its id finds). Nothing here is written by an event: a fork shares
 * `weapons` and `skills` with the set-up state (it copies only the unit's shells), so a profile is kept by
 * the `weapons` array and checked against `skills` by identity. An event that puts in new weapons or skills
 * (a GM's `unit.data`) puts in new arrays — arrays are never changed in place — so the next ask builds a new
 * profile: it can never answer for data that is no longer the unit's (profile.test.ts).
 *
 * This is the choosing side's profile (outerah-policy); what resolving reads stays in model.ts.
 */
import type { EncounterState, Unit } from '../../engine/index.ts';
import { slotOfWeapon } from './attack.ts';
import { effectRow } from './effect-table.ts';
import type { Element } from './elements.ts';
import { dataOf, itemsOf, type Weapon } from './model.ts';
import type { Item, Skill } from './schema.ts';
import { effectOrderOf } from './skill-effects.ts';
import { skillSpec, weaponSpec, type StrikeSpec } from './spec.ts';

/** A weapon: its strike (weaponSpec, built once: nobody changes a spec) and the action it spends. */
export interface WeaponProfile {
  readonly w: Weapon;
  readonly spec: StrikeSpec;
  readonly slot: 'primary' | 'secondary';
}

/** A skill as a cast asks it. */
export interface SkillProfile {
  readonly k: Skill;
  /** The skill a command naming `k.id` casts: the first of that id (castCommand's skillOf), as profiled. */
  readonly named: SkillProfile;
  readonly passive: boolean;
  /** An attack or a debuff: struck like an attack (skillSpec), `spec` set. */
  readonly harmful: boolean;
  readonly spec: StrikeSpec | undefined;
  /** The effect it orders (effectOrderOf's name), if any. */
  readonly effect: string | undefined;
  /** That effect is an Inspiration (cast on another, never on itself: castBlocker). */
  readonly inspiration: boolean;
}

export interface UnitProfile {
  /** What it was compiled from (checked by identity on every ask). */
  readonly weapons: readonly Weapon[];
  readonly skills: readonly Skill[];
  readonly weaponList: readonly WeaponProfile[];
  readonly skillList: readonly SkillProfile[];
}

const kept = new WeakMap<readonly Weapon[], UnitProfile>();

function compile(weapons: readonly Weapon[], skills: readonly Skill[]): UnitProfile {
  const weaponList: WeaponProfile[] = weapons.map((w) => ({ w, spec: weaponSpec(w), slot: slotOfWeapon(w) }));
  const skillList = skills.map((k) => {
    const harmful = k.kind === 'attack' || k.kind === 'debuff';
    const effect = effectOrderOf(k)?.name;
    return { k, named: undefined as unknown as SkillProfile, passive: k.kind === 'passive', harmful, spec: harmful ? skillSpec(k) : undefined, effect, inspiration: effect !== undefined && effectRow(effect)?.timing === 'inspiration' };
  });
  for (const s of skillList) s.named = skillList.find((x) => x.k.id === s.k.id)!;
  return { weapons, skills, weaponList, skillList };
}

/** `u`'s profile: the one kept for its weapons and skills, else compiled now and kept. */
export function profileOf(u: Unit): UnitProfile {
  const d = dataOf(u);
  let p = kept.get(d.weapons);
  if (p === undefined || p.skills !== d.skills) kept.set(d.weapons, (p = compile(d.weapons, d.skills)));
  return p;
}

/** The weapon a command naming `id` strikes with (attackCommand's: that id, else the first), or undefined. */
export function weaponNamed(p: UnitProfile, id: unknown): WeaponProfile | undefined {
  const list = p.weaponList;
  for (let i = 0; i < list.length; i++) if (list[i].w.id === id) return list[i];
  return list[0];
}

/** The skill a command naming `id` casts (the first of that id), or undefined. */
export function skillNamed(p: UnitProfile, id: unknown): SkillProfile | undefined {
  const list = p.skillList;
  for (let i = 0; i < list.length; i++) if (list[i].k.id === id) return list[i];
  return undefined;
}

/** The encounter's items' elements by id (the first of each id), kept by the items list (set-up data, shared by forks). */
const itemElements = new WeakMap<readonly Item[], Map<string, Element | undefined>>();

/** The element of the item `id` heals with (undefined: none, or no such item). */
export function itemElement(state: EncounterState, id: string): Element | undefined {
  const items = itemsOf(state);
  let m = itemElements.get(items);
  if (!m) {
    m = new Map();
    for (const i of items) if (!m.has(i.id)) m.set(i.id, i.element);
    itemElements.set(items, m);
  }
  return m.get(id);
}
