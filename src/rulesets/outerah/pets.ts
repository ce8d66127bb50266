/**
 * Pets (OUT-PET-1): a charmed or controlled unit, a created unit (a Tradesmaster's drone), a friendly
 * companion or a tamed creature. A unit is a pet through `pet: { trainer, kind }` in the file or a
 * `gm.link` of kind 'pet' (the trainer leads). Ruling: a pet under its trainer's control has no turn of
 * its own: it moves and acts only through the trainer's Specialty action (a Pet Movement and a Pet Action).
 * A pet whose trainer is down or gone is out of control and takes its own turns (it fights on).
 */
import type { EncounterState, Unit } from '../../engine/index.ts';
import { dataOf } from './model.ts';
import { petInfo, trainerOf } from './ties.ts';

// the ties are kept in an index of the units' data (ties.ts); asked here by the names the rules use
export { hasPets, petInfo, petsAmong, petsOf, trainerOf, type PetInfo } from './ties.ts';

/** Still under its trainer's control: both in the fight. */
export const underControl = (state: EncounterState, pet: Unit): boolean => pet.status === 'active' && trainerOf(state, pet) !== undefined;

/** Why a pet does not take its own turn, or null. */
export function petSkip(state: EncounterState, id: string): string | null {
  const u = state.units[id];
  if (!u || !petInfo(u)) return null;
  return underControl(state, u) ? `acts on ${trainerOf(state, u)!.name}'s orders (Specialty action)` : null;
}

/** The pet's standing order (Stay waits to counter-attack; ruling OUT-PET-2). */
export const standingOrder = (pet: Unit): string | undefined => dataOf(pet).petOrder as string | undefined;

/** "round:slot": the turn now, to tell whether the trainer or the pet attacked in it. */
export function turnKey(state: EncounterState): string {
  const { round, index } = state.turn;
  // asked over and over in one turn (every listed attack, every orb target): the last one's string is kept
  if (round !== lastKey.round || index !== lastKey.index) {
    lastKey.round = round;
    lastKey.index = index;
    lastKey.key = `${round}:${index}`;
  }
  return lastKey.key;
}

const lastKey = { round: NaN, index: NaN, key: '' };
