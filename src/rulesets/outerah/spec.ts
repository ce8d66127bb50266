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
}

export function weaponSpec(w: Weapon): StrikeSpec {
  const s: StrikeSpec = {
    name: w.name,
    magical: w.delivery === 'magic',
    element: w.element,
    improvised: w.kind === 'improvised' && !w.damage,
    upgrades: w.upgrades,
    delivery: w.delivery,
    // a wand's or staff's bolt is magic: no slashing/piercing/bludgeon traits
    ...(w.delivery === 'magic' ? {} : { type: w.type }),
    weaponKind: w.kind,
    range: w.range,
    armorPiercing: w.armorPiercing,
    bypassHalfCover: false,
    weapon: w.id,
  };
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
  };
  if (k.kind === 'attack' && k.dice) s.dice = k.dice;
  if (k.charge) s.charge = k.charge;
  return s;
}
