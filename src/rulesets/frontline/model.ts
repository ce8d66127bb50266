/** frontline's per-unit data, as kept in `unit.data`, and the small readers every rule uses. */
import type { EncounterState, Json, Unit } from '../../engine/index.ts';
import type { Affinity, DamageType, Device, EffectSpec, ModifierName, Weapon } from './schema.ts';

export interface FrlData {
  /** Base modifiers from the file: might, dexterity, personality, dodge (Dexterity when not given), defense. */
  mods: Record<'might' | 'dexterity' | 'personality' | 'dodge' | 'defense', number>;
  /** Evasion from the file; absent = 10 + Dodge modifier (ruling FRL-ACT-5). */
  evasion?: number;
  affinities: Partial<Record<DamageType, Affinity>>;
  weapons: Weapon[];
  /** Id of the weapon in hand (FRL-ACT-3); absent when the unit has none. */
  equipped?: string;
  gadgets: Device[];
  streams: Device[];
  /** Times each device has been used this encounter, by id. */
  used: Record<string, number>;
  /** FRL-END-1: Battlescars gained, this fight and earlier ones. */
  battlescars: number;
  /** Damage types the unit has been hit with: its affinity to each has shown in the log (ruling "Revealed affinities"). */
  revealed?: DamageType[];
  policy?: string;
  gmNotes?: string;
  [key: string]: unknown;
}

export const dataOf = (u: Unit): FrlData => u.data as unknown as FrlData;

/** The three zones along the battle line (FRL-ZONE-1), as named in the engine's ZoneMap. */
export const ZONES = ['enemy_rearguard', 'frontline', 'allies_rearguard'] as const;
export type ZoneName = (typeof ZONES)[number];
export const ZONE_SPACING = 20;

export const playerSide = (state: EncounterState): string => state.data.playerSide as string;
export const isCharacter = (state: EncounterState, u: Unit): boolean => u.side === playerSide(state);

/** A side's own rearguard: the characters' is the allies' rearguard, the other side's the enemy rearguard. */
export const rearguardOf = (state: EncounterState, side: string): ZoneName => (side === playerSide(state) ? 'allies_rearguard' : 'enemy_rearguard');

export const units = (state: EncounterState): Unit[] => state.unitOrder.map((id) => state.units[id]);

/**
 * The enemies standing, in the order of the file. Asked for every listing and every policy decision: one
 * pass over the units' record with for-in, which reads each unit without a lookup by its id, as long as
 * the record's keys come in the file's order (checked as it goes: they do unless ids look like numbers,
 * which a record lists first); else by the order itself.
 */
export function enemiesOf(state: EncounterState, u: Unit): Unit[] {
  const out: Unit[] = [];
  const all = state.units;
  const order = state.unitOrder;
  let k = 0;
  for (const id in all) {
    if (id !== order[k++]) return enemiesInOrder(state, u);
    const o = all[id];
    if (o.side !== u.side && o.status === 'active') out.push(o);
  }
  return k === order.length ? out : enemiesInOrder(state, u);
}

function enemiesInOrder(state: EncounterState, u: Unit): Unit[] {
  const out: Unit[] = [];
  for (const id of state.unitOrder) {
    const o = state.units[id];
    if (o.side !== u.side && o.status === 'active') out.push(o);
  }
  return out;
}

/** Effects' modifier changes (ruling FRL-ACT-2) to one modifier of a unit. */
function effectBonus(state: EncounterState, u: Unit, name: ModifierName): number {
  let v = 0;
  for (const fx of state.effects) {
    if (fx.target !== u.id) continue;
    const spec = fx.data?.spec as EffectSpec | undefined;
    v += spec?.modifiers?.[name] ?? 0;
  }
  return v;
}

/** A modifier with the unit's effects applied. */
export function mod(state: EncounterState, u: Unit, name: Exclude<ModifierName, 'evasion'>): number {
  return dataOf(u).mods[name] + effectBonus(state, u, name);
}

/**
 * Defense with the unit's effects, never below 0 (ruling FRL-DMG-3): "the enemy's defense reduce the
 * damage", so an effect lowering it can take it to nothing but never make it add damage.
 */
export function defenseOf(state: EncounterState, u: Unit): number {
  return Math.max(0, mod(state, u, 'defense'));
}

/** Evasion: the file's number, else 10 + Dodge modifier; effects add to it (ruling FRL-ACT-5). */
export function evasionOf(state: EncounterState, u: Unit): number {
  const base = dataOf(u).evasion ?? 10 + mod(state, u, 'dodge');
  return base + effectBonus(state, u, 'evasion');
}

export function equippedWeapon(u: Unit): Weapon | undefined {
  const d = dataOf(u);
  return d.weapons.find((w) => w.id === d.equipped);
}

export function affinityOf(u: Unit, type: DamageType): Affinity | undefined {
  return dataOf(u).affinities[type];
}

/**
 * `affinityOf` as the units of `side` know it (ruling "Revealed affinities"): another side's only for a
 * damage type a hit has revealed, else none (a plain hit); the own side's in full. What `knownTo` gives,
 * asked of one unit and type without copying the state (the policy asks it of every strike it weighs).
 */
export function affinityKnownTo(side: string, u: Unit, type: DamageType): Affinity | undefined {
  const a = dataOf(u).affinities[type];
  return a === undefined || u.side === side || revealedTypes(u).includes(type) ? a : undefined;
}

/** The damage types whose affinity (or lack of one) a hit on `u` has shown (ruling "Revealed affinities"). */
export function revealedTypes(u: Unit): DamageType[] {
  return dataOf(u).revealed ?? [];
}

/**
 * A unit's data as the other side knows it (ruling "Revealed affinities"): its `affinities` only for the
 * damage types a hit has revealed, the rest left out; everything else as it is. The same object when
 * nothing is unknown. The ruleset's `projectData`: what players see of enemies, and what their odds use.
 */
export function dataKnownToOthers(data: Record<string, Json>): Record<string, Json> {
  const all = data.affinities as Partial<Record<DamageType, Affinity>> | undefined;
  if (!all) return data;
  const seen = (data.revealed ?? []) as DamageType[];
  const types = Object.keys(all) as DamageType[];
  if (types.every((t) => seen.includes(t))) return data;
  const known: Partial<Record<DamageType, Affinity>> = {};
  for (const t of types) if (seen.includes(t)) known[t] = all[t];
  return { ...data, affinities: known };
}

/**
 * The state as the units of `side` know it: every other side's affinities only for the damage types a
 * hit has revealed; the rest are unknown, and counted as none (a plain hit). For policies.
 */
export function knownTo(state: EncounterState, side: string): EncounterState {
  let units: EncounterState['units'] | undefined;
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (u.side === side) continue;
    const data = dataKnownToOthers(u.data);
    if (data === u.data) continue;
    units ??= { ...state.units };
    units[id] = { ...u, data };
  }
  return units ? { ...state, units } : state;
}
