/** phase20's per-unit data, as kept in `unit.data`, and the small readers every rule uses. */
import type { EncounterState, Unit } from '../../engine/index.ts';
import type { Spell, Status, Weapon } from './schema.ts';

export type Preparation =
  /** Not in a Preparation Phase (acting, or before its first turn). */
  | { state: 'none' }
  /** In its Preparation Phase, nothing announced yet (P20-PREP-1). */
  | { state: 'open' }
  /** Announced; waiting for its trigger. */
  | { state: 'announced'; kind: PreparationKind }
  /** Used or given up (Brace removes it: P20-GEN-3). */
  | { state: 'spent'; why: string };

export type PreparationKind = 'ready_attack';

export interface P20Data {
  dv: number;
  speed: number;
  mods: Record<string, number>;
  weapons: Weapon[];
  spells: Spell[];
  skilled: { weapons: string[]; schools: string[] };
  classBonus: { attack: number; spell: number };
  actionBudget: { default: number; attack: number; spell: number };
  followUps: { name: string; after: 'attack' | 'spell'; grants: 'attack' | 'spell' }[];
  role?: 'attack' | 'defense' | 'support';
  policy?: string;
  prep: Preparation;
  /** Braced this turn: no more attacks, weapon or spell (P20-GEN-3). The halving itself is the Brace effect. */
  noMoreAttacks: boolean;
  /** Sprint+ used: no movement in the next turn it plays (P20-GEN-2). */
  exhausted: boolean;
  /** A Sprint that was the last Action, still being walked: the Action Phase lasts until it stops (ruling P20-PREP-1). */
  sprinting?: boolean;
  /** Follow-up actions still owed this turn, by kind. */
  followUpsLeft: ('attack' | 'spell')[];
  [key: string]: unknown;
}

export const dataOf = (u: Unit): P20Data => u.data as unknown as P20Data;

/** A modifier, with the active role's and effects' changes added (ruling P20-GEN-5, status modifiers). */
export function mod(state: EncounterState, u: Unit, name: string): number {
  // asked several times an attack and for every strike a policy weighs: nothing built, the roles read only for a unit in one
  const d = dataOf(u);
  let v = d.mods[name] ?? 0;
  if (d.role) {
    const change = (state.data.roles as Record<string, Record<string, number>> | undefined)?.[d.role]?.[name];
    if (change) v += change;
  }
  const effects = state.effects;
  for (let i = 0; i < effects.length; i++) {
    const fx = effects[i];
    if (fx.target !== u.id) continue;
    const status = fx.data?.status as Status | undefined;
    if (status?.modifiers?.[name]) v += status.modifiers[name] * fx.stacks;
  }
  return v;
}

/** Defensive Value with role and effects applied. */
export function dvOf(state: EncounterState, u: Unit): number {
  // read off the data, not the profile: two numbers, where the profile's lookup would cost more than it saves
  return dataOf(u).dv + mod(state, u, 'dv');
}

/** Brace is an effect on the unit, so it ends when the unit's next turn comes round, played or lost (P20-GEN-3). */
export const BRACE = 'Brace';

export function isBraced(state: EncounterState, id: string): boolean {
  for (const fx of state.effects) if (fx.target === id && fx.name === BRACE && fx.source === id) return true;
  return false;
}

export const isPlayerSide = (state: EncounterState, side: string): boolean =>
  ((state.data.playerSides ?? []) as string[]).includes(side);

export function enemiesOf(state: EncounterState, u: Unit): Unit[] {
  return state.unitOrder.map((id) => state.units[id]).filter((o) => o.side !== u.side && o.status === 'active');
}
