/** What an attack is made with, whether a weapon or a skill: the one shape every rule reads. */
import type { ChargeName } from './charges.ts';
import type { Element } from './elements.ts';
import type { Weapon } from './model.ts';
import type { Skill } from './schema.ts';
import type { DamageType, Delivery } from './weapon-table.ts';

export interface StrikeSpec {
  name: string;
  /** Magic formula (OUT-DMG-2) and reflectable (OUT-MISS-3). */
  magical: boolean;
  element: Element;
  /** Damage dice; absent for an improvised weapon (from Strength) or a skill that only applies an effect. */
  dice?: string;
  improvised: boolean;
  upgrades: number;
  delivery: Delivery;
  /** Weapon damage type (slashing, piercing, bludgeon): its on-hit traits (OUT-WPN-2..6). */
  type?: DamageType;
  weaponKind?: string;
  range: number;
  armorPiercing: boolean;
  bypassHalfCover: boolean;
  charge?: ChargeName;
  weapon?: string;
  skill?: string;
  /** Lightning and the like: underwater it hurts only the user (OUT-TER-2). */
  electric?: boolean;
  /** Why Strength/Intelligence is not added: Trainer Interference (OUT-PET-3), a ship's cannon. */
  noStatBonus?: string;
  /** Flat terms added to the dice (a cannon's 3 × tier). */
  flat?: { name: string; value: number }[];
  /** Multipliers after charges and critical (a pet's 50 %, a cannon ×2 on Tiny and Huge, half range). */
  factors?: { name: string; factor: number }[];
  /** Why it cannot crit: no critical check is rolled (OUT-PET-3). */
  noCrit?: string;
  /** Why the attacker has advantage: the hit D100 is rolled twice, the lower counts (ruling OUT-PET-3). */
  advantage?: string;
  /** Why a miss hurts the one who made it (OUT-PET-3). */
  missHurtsSelf?: string;
  /** Why a missed projectile does not stray (an area skill: ruling OUT-PET-5). */
  noStray?: string;
  /** Dice added to this strike's damage dice: an Opener's bonus from skills (ruling OUT-OPEN-1). */
  openerDice?: string;
}

/**
 * A strike with every field present, in one order: every spec of a fight shares one hidden class, so the
 * rules that read specs over and over (the hit, the damage, the traits, the policy's weighing) read them
 * monomorphically; a spread of one with a field replaced keeps that class. Absent fields are undefined, and the
 * fields that are set come in the order a weapon's and a skill's strike always had (as JSON, the same text).
 */
export function strikeSpec(s: StrikeSpec): StrikeSpec {
  return {
    name: s.name,
    magical: s.magical,
    element: s.element,
    improvised: s.improvised,
    upgrades: s.upgrades,
    delivery: s.delivery,
    type: s.type,
    weaponKind: s.weaponKind,
    range: s.range,
    armorPiercing: s.armorPiercing,
    bypassHalfCover: s.bypassHalfCover,
    weapon: s.weapon,
    skill: s.skill,
    electric: s.electric,
    dice: s.dice,
    charge: s.charge,
    noStatBonus: s.noStatBonus,
    flat: s.flat,
    factors: s.factors,
    noCrit: s.noCrit,
    advantage: s.advantage,
    missHurtsSelf: s.missHurtsSelf,
    noStray: s.noStray,
    openerDice: s.openerDice,
  };
}

/*
 * A weapon's and a skill's strike, compiled once for each weapon or skill record and shared by every fork of
 * the set-up: those records are values below a unit's data, never edited in place (an event puts a fresh copy
 * in place of a list it changes: engine/fork.ts), so a spec kept by the record's identity never goes stale.
 * Callers never write to a spec: a changed strike is a copy (`{ ...spec, field }`, `interfered`).
 */
const weaponSpecs = new WeakMap<Weapon, StrikeSpec>();
const skillSpecs = new WeakMap<Skill, StrikeSpec>();

export function weaponSpec(w: Weapon): StrikeSpec {
  let s = weaponSpecs.get(w);
  if (s === undefined) weaponSpecs.set(w, (s = compileWeapon(w)));
  return s;
}

export function skillSpec(k: Skill): StrikeSpec {
  let s = skillSpecs.get(k);
  if (s === undefined) skillSpecs.set(k, (s = compileSkill(k)));
  return s;
}

function compileWeapon(w: Weapon): StrikeSpec {
  const magical = w.delivery === 'magic';
  return strikeSpec({
    name: w.name,
    magical,
    element: w.element,
    dice: w.damage || undefined,
    improvised: w.kind === 'improvised' && !w.damage,
    upgrades: w.upgrades,
    delivery: w.delivery,
    // a wand's or staff's bolt is magic: no slashing/piercing/bludgeon traits
    type: magical ? undefined : w.type,
    weaponKind: w.kind,
    range: w.range,
    armorPiercing: w.armorPiercing,
    bypassHalfCover: false,
    weapon: w.id,
    electric: w.electric ? true : undefined,
  });
}

function compileSkill(k: Skill): StrikeSpec {
  return strikeSpec({
    name: k.name,
    magical: k.magical,
    element: k.element,
    dice: k.kind === 'attack' && k.dice ? k.dice : undefined,
    improvised: false,
    upgrades: 0,
    delivery: k.magical ? 'magic' : k.range >= 3 ? 'projectile' : 'melee',
    range: k.range,
    armorPiercing: false,
    bypassHalfCover: k.bypassHalfCover,
    charge: k.charge || undefined,
    skill: k.id,
    electric: k.electric ? true : undefined,
  });
}
