/**
 * Trainer Interference (OUT-PET-3): "If the player is also attacking, without using a skill, as well as the Pet,
 * the added Intelligence and Strength Damage is not added to either of the attacks … the Pet's damage is reduced
 * by 50% and cannot crit … a miss on either unit attacking would instead have the Trainer and/or Pet damaging
 * themselves." A pincer "still grants advantage".
 * The joint Attack Order makes both attacks at once, each with its penalty. Ruling OUT-PET-3: when one of the
 * two attacked alone earlier in the round (an earlier turn of a hasted trainer's too), the other may still
 * attack: that later attack bears the interference (the earlier one stands as it was rolled).
 */
import type { EncounterState, Unit } from '../../engine/index.ts';
import { dataOf } from './model.ts';
import { isPincer } from './pet-link.ts';
import { strikeSpec, type StrikeSpec } from './spec.ts';

export const INTERFERENCE = 'Trainer Interference';

/** The penalties on one attack under interference: the trainer's, or the pet's (50 %, no critical check). */
export function interfered(spec: StrikeSpec, who: 'trainer' | 'pet', pincer?: string): StrikeSpec {
  // a copy of the spec's one shape (spec.ts strikeSpec), its fields replaced: no spread of optional fields
  const s = strikeSpec(spec);
  s.noStatBonus = INTERFERENCE;
  s.missHurtsSelf = INTERFERENCE;
  if (pincer) s.advantage = pincer;
  if (who === 'pet') {
    s.noCrit = INTERFERENCE;
    s.factors = [...(spec.factors ?? []), { name: INTERFERENCE, factor: 0.5 }];
  }
  return s;
}

/**
 * Ruling OUT-PET-3/-4: interference is counted by the Round — "If the Trainer is not attacking that Round …
 * no damage penalties". A hasted trainer who attacks on one of its turns and sends its pet on the other is
 * still "also attacking" that round. (The joint order and the Specialty action stay the turn's.)
 */
export const roundKey = (state: EncounterState): number => state.turn.round;

/** Whether `trainer` made a weapon attack of its own this round (not a skill: OUT-PET-3). */
export const trainerAttacked = (state: EncounterState, trainer: Unit): boolean => dataOf(trainer).attackedRound === roundKey(state);

/** Whether `trainer`'s pet attacked alone this round. */
export const petAttacked = (state: EncounterState, trainer: Unit): boolean => dataOf(trainer).petAttackedRound === roundKey(state);

/**
 * The pincer of a late attack: the trainer and the pet on either side of the target, the earlier attack having
 * gone at the same target (recorded as `attackedTarget` / `petAttackedTarget` on the trainer).
 */
export function latePincer(state: EncounterState, trainer: Unit, pet: Unit | undefined, target: Unit, earlier: 'attackedTarget' | 'petAttackedTarget'): string | undefined {
  if (!pet || dataOf(trainer)[earlier] !== target.id || !pet.position || !trainer.position) return undefined;
  return isPincer(trainer, pet, target) ? `a pincer on ${target.name}` : undefined;
}
