/**
 * Weapon kinds: their usual range, damage type and how they fly (OUT-RNG-1, OUT-MISS-1..2).
 * A weapon in a file names its kind; anything it states itself wins over the row.
 */
export type DamageType = 'slashing' | 'piercing' | 'bludgeon';
export type Delivery = 'melee' | 'projectile' | 'magic';

export interface WeaponKind {
  range: number;
  type: DamageType;
  delivery: Delivery;
}

export const WEAPON_KINDS: Record<string, WeaponKind> = {
  sword: { range: 1, type: 'slashing', delivery: 'melee' },
  dagger: { range: 1, type: 'slashing', delivery: 'melee' },
  axe: { range: 1, type: 'slashing', delivery: 'melee' },
  spear: { range: 2, type: 'piercing', delivery: 'melee' },
  mace: { range: 1, type: 'bludgeon', delivery: 'melee' },
  hammer: { range: 1, type: 'bludgeon', delivery: 'melee' },
  fist: { range: 1, type: 'bludgeon', delivery: 'melee' },
  // OUT-RNG-1: "A Revolver and Crossbow normally have a 6 Cell Range", rifle 9, longbow 8
  revolver: { range: 6, type: 'piercing', delivery: 'projectile' },
  crossbow: { range: 6, type: 'piercing', delivery: 'projectile' },
  rifle: { range: 9, type: 'piercing', delivery: 'projectile' },
  longbow: { range: 8, type: 'piercing', delivery: 'projectile' },
  shortbow: { range: 5, type: 'piercing', delivery: 'projectile' },
  sling: { range: 4, type: 'bludgeon', delivery: 'projectile' },
  wand: { range: 5, type: 'bludgeon', delivery: 'magic' },
  staff: { range: 4, type: 'bludgeon', delivery: 'magic' },
  improvised: { range: 1, type: 'bludgeon', delivery: 'melee' },
};

/** OUT-RNG-1: 1–2 cells is short range, 3 and beyond long range. */
export const isLongRange = (range: number): boolean => range >= 3;
