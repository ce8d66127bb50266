/**
 * duel60's per-unit data (unit.data), its pools, and the small readers every rule uses.
 *
 * Pools (ruling D60-STAT-1): hp = the Health pool (max = Health stat; at 0 the unit is defenseless),
 * stamina (max = Stamina stat), vitality (max = Vitality stat: the life left once defenseless; at 0 the
 * unit dies), action and movement (uses left this turn, D60-TURN-1).
 */
import type { Command, EncounterState, Json, Unit, UnitId } from '../../engine/index.ts';
import { distance } from '../../engine/space/grid.ts';
import { closeQuartersOf, currentView, enemiesOfSide } from './fight-view.ts';
import { INDIRECT_FIGHTER, type Ability, type PerkDoc, type SideEffectName, type Weapon } from './schema.ts';

/** A perk as the unit carries it: its name and whatever it changes (schema.ts perkSchema). */
export type Perk = Exclude<PerkDoc, string>;

export interface D60Data {
  weapons: Weapon[];
  abilities: Ability[];
  perks: Perk[];
  /** With every perk counted (the file's own number, or a perk's higher one). */
  maxProjectiles: number;
  perTurn: { actions: number; movements: number };
  /** Block stance until the unit's next turn (D60-BLK-1); the weapon id when blocking with one. */
  blocking: { weapon: string | null } | null;
  /** Purposely avoiding eye contact (D60-EYE-1). */
  averting: boolean;
  /** An Instant-Cast ability was used this turn. */
  instantUsed: boolean;
  /** An action made under Delay, resolved at the start of the unit's next turn (D60-EFF-1). */
  delayed: Command | null;
  /** A reaction (Block, Counter) took the action of the unit's next turn (D60-PRJ-2). */
  owesAction: boolean;
  policy?: string;
  gmNotes?: string;
  [key: string]: unknown;
}

export const dataOf = (u: Unit): D60Data => u.data as unknown as D60Data;
export const asJson = (x: unknown): Json => x as Json;

// The stats the rules read, each by its name: a read of a named field (one shape of stats record for every
// unit), not a lookup by a key passed in (`u.stats[name]`), which V8 cannot specialise.
export const speedOf = (u: Unit): number => u.stats.speed ?? 0;
export const strengthOf = (u: Unit): number => u.stats.strength ?? 0;
export const enduranceOf = (u: Unit): number => u.stats.endurance ?? 0;
export const controlOf = (u: Unit): number => u.stats.control ?? 0;
/** Agility as the stat stands (agilityOf counts avoiding eye contact). */
export const agilityStat = (u: Unit): number => u.stats.agility ?? 0;

/** Movement tiles before close quarters and Slow: 3 + 1 per full 10 Speed (D60-MOV-1). */
export const baseTiles = (u: Unit): number => 3 + Math.floor(speedOf(u) / 10);

export function effectOn(state: EncounterState, id: UnitId, name: SideEffectName) {
  // a plain loop: every refusal and every odds asks it, several times over
  const effects = state.effects;
  for (let i = 0; i < effects.length; i++) if (effects[i].target === id && effects[i].name === name) return effects[i];
  return undefined;
}

export const has = (state: EncounterState, id: UnitId, name: SideEffectName): boolean => effectOn(state, id, name) !== undefined;

/** Units still in the fight (not defenseless, dead or gone). */
export const ableToFight = (u: Unit): boolean => u.status === 'active';

export function enemiesOf(state: EncounterState, u: Unit, include: (o: Unit) => boolean = ableToFight): Unit[] {
  // the able ones: a current view of the fight keeps them per side (shared, nobody changes it)
  const view = include === ableToFight ? currentView(state) : undefined;
  if (view) return enemiesOfSide(view, u.side);
  const out: Unit[] = [];
  for (const id of state.unitOrder) {
    const o = state.units[id];
    if (o.side !== u.side && include(o) && o.position) out.push(o);
  }
  return out;
}

/** Close quarters: an able enemy within 1 tile (D60-CQC-1); kept by a current view of the fight, if any. */
export function inCloseQuarters(state: EncounterState, u: Unit): boolean {
  const view = currentView(state);
  if (view) return closeQuartersOf(view, u);
  for (const id of state.unitOrder) {
    const o = state.units[id];
    if (o.side !== u.side && ableToFight(o) && o.position && distance(o.position, u.position!) <= 1) return true;
  }
  return false;
}

/**
 * Helpless: defenseless ("unable to defend themselves", D60-STA-2) or stunned ("completely incapacitated
 * or otherwise rendered helpless", D60-EFF-1). Its side of a contest is nothing.
 */
export function helpless(state: EncounterState, u: Unit): string | null {
  if (u.status !== 'active') return 'defenseless';
  if (has(state, u.id, 'Stun')) return 'stunned';
  return null;
}

/** Cannot dodge: helpless, or at 0 stamina ("incapable of acting, or dodging", D60-STA-1). */
export function cannotDodge(state: EncounterState, u: Unit): string | null {
  return helpless(state, u) ?? (u.pools.stamina.value <= 0 ? 'no stamina' : null);
}

/**
 * What keeps a unit where it stands (ruling D60-EFF-1): Suppressed ("can not act, move"), Root ("can not
 * move") and Drowning ("rooted"). Evading — a projectile's defensive move, leaving an area — is a move.
 */
export function heldInPlace(state: EncounterState, u: Unit): string | null {
  if (has(state, u.id, 'Suppressed')) return 'suppressed';
  if (has(state, u.id, 'Root')) return 'rooted';
  if (has(state, u.id, 'Drowning')) return 'drowning';
  return null;
}

/**
 * Why `u` cannot evade an area it is fast enough for (D60-DMG-4), or null: evading is a dodge, lost at
 * 0 stamina and when helpless (D60-STA-1, D60-EFF-1), and a move out of the area, lost when held in place.
 */
export const cannotEvadeArea = (state: EncounterState, u: Unit): string | null => cannotDodge(state, u) ?? heldInPlace(state, u);

export const hasPerk = (u: Unit, name: string): boolean => dataOf(u).perks.some((p) => p.name === name);

/** A projectile's speed once the thrower's outlets are counted (D60-PRJ-1), with each outlet named. */
export function projectileSpeed(u: Unit, base: number): { speed: number; outlets: { name: string; value: number }[] } {
  const outlets = dataOf(u).perks.flatMap((p) => (p.projectileSpeed ? [{ name: p.name, value: p.projectileSpeed }] : []));
  return { speed: Math.max(0, outlets.reduce((s, o) => s + o.value, base)), outlets };
}

/** What avoiding eye contact takes from Agility (D60-EYE-1): 32, nothing for an Indirect Fighter or a unit meeting the eyes. */
const eyePenalty = (u: Unit): number => (dataOf(u).averting && !hasPerk(u, INDIRECT_FIGHTER) ? -32 : 0);

/** Agility with the eye-contact penalty (D60-EYE-1), as terms. */
export function agilityTerms(u: Unit): { agility: number; terms: { kind: 'mod'; name: string; value: number }[] } {
  const terms = [{ kind: 'mod' as const, name: 'Agility', value: agilityStat(u) }];
  const penalty = eyePenalty(u);
  if (penalty) terms.push({ kind: 'mod', name: 'avoiding eye contact', value: penalty });
  return { agility: terms.reduce((s, t) => s + t.value, 0), terms };
}

/** The same Agility as a number alone (for estimates asked many times: no terms built). */
export const agilityOf = (u: Unit): number => agilityStat(u) + eyePenalty(u);

export function weaponOf(u: Unit, id: unknown): Weapon | undefined {
  return dataOf(u).weapons.find((w) => w.id === id);
}

export function abilityOf(u: Unit, id: unknown): Ability | undefined {
  return dataOf(u).abilities.find((a) => a.id === id);
}

export interface Projectile {
  id: string;
  name: string;
  owner: UnitId;
  /** The tile it was launched from (the thrower may move on: the flank is judged from the line). */
  launch?: { x: number; y: number };
  /** The flight line from the launch tile, and how far along it the projectile is (0 = not moved). */
  path: { x: number; y: number }[];
  progress: number;
  speed: number;
  /** The thrower's Agility and Strength when it was launched: the projectile carries them. */
  agility: number;
  /** The thrower's Agility as terms (its eye-contact penalty shown), for the log. */
  agilityTerms?: { kind: 'mod'; name: string; value: number }[];
  strength: number;
  kind: 'pierce' | 'blunt' | 'magic' | 'true';
  base: number;
  weapon?: string;
  ability?: string;
  nonReactionary: boolean;
  /** The unit it reached, while that unit decides how to react. */
  pendingOn?: UnitId;
}

export const projectilesOf = (state: EncounterState): Projectile[] => (state.data.projectiles ?? []) as unknown as Projectile[];
