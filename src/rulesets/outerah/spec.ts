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

export function weaponSpec(w: Weapon): StrikeSpec {
  // built without spreads (legalActions asks for every weapon and target); the same fields in the same order
  const magical = w.delivery === 'magic';
  const s: StrikeSpec = magical
    ? { name: w.name, magical, element: w.element, improvised: w.kind === 'improvised' && !w.damage, upgrades: w.upgrades, delivery: w.delivery, weaponKind: w.kind, range: w.range, armorPiercing: w.armorPiercing, bypassHalfCover: false, weapon: w.id }
    : // a wand's or staff's bolt is magic: no slashing/piercing/bludgeon traits
      { name: w.name, magical, element: w.element, improvised: w.kind === 'improvised' && !w.damage, upgrades: w.upgrades, delivery: w.delivery, type: w.type, weaponKind: w.kind, range: w.range, armorPiercing: w.armorPiercing, bypassHalfCover: false, weapon: w.id };
  if (w.electric) s.electric = true;
  if (w.damage) s.dice = w.damage;
  return s;
}

export function skillSpec(k: Skill): StrikeSpec {
  const s: StrikeSpec = {
    name: k.name,
    magical: k.magical,
    element: k.element,
    improvised: false,
    upgrades: 0,
    delivery: k.magical ? 'magic' : k.range >= 3 ? 'projectile' : 'melee',
    range: k.range,
    armorPiercing: false,
    bypassHalfCover: k.bypassHalfCover,
    skill: k.id,
    ...(k.electric ? { electric: true } : {}),
  };
  if (k.kind === 'attack' && k.dice) s.dice = k.dice;
  if (k.charge) s.charge = k.charge;
  return s;
}
