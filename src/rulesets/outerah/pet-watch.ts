/**
 * Pet Actions that are not attacks (OUT-PET-2): "It can also entail the Pet searching an area, alerting you of a
 * presence, or standing guard." The text names them and gives no numbers; each is run here with the text's own
 * hiding rules (OUT-OPEN-2) and counters (the Stay Order):
 *  - Search Order: the pet searches the 3×3 area around it (after its Pet Movement, if any): every Hidden enemy
 *    there is found — the 3×3 area is the text's own measure of being found;
 *  - Alert Order: the pet alerts its trainer to a presence: every Hidden enemy within the pet's Movement (as far as
 *    it could go this turn) stays hidden but is no longer unaware — no Opener from it until it has stayed unseen
 *    3 more rounds ("you must successfully avoid detection for 3 Rounds");
 *  - Guard Order: the pet stands guard over its trainer (or an ally within its Movement, `target`): the first
 *    attack in a round on its ward by an enemy its weapon can reach draws its counter-attack, without penalty, as
 *    the Stay Order's does; it stays on guard until it is given another Pet Action.
 * Each is the Pet Action of the trainer's Specialty action (OUT-PET-1).
 */
import { distance } from '../../engine/space/grid.ts';
import type { Resolution, Unit } from '../../engine/index.ts';
import { dataOf } from './model.ts';
import { restartCombat } from './hidden.ts';
import { petsAmong, standingOrder, underControl } from './pets.ts';

/** Hidden enemies of `pet` within `reach` cells of it. */
function hiddenNear(ctx: Resolution, pet: Unit, reach: number) {
  return ctx.state.effects.filter((f) => {
    if (f.name !== 'Hidden') return false;
    const u = ctx.state.units[f.target];
    return u.side !== pet.side && u.status === 'active' && distance(u.position!, pet.position!) <= reach;
  });
}

export function searchOrder(ctx: Resolution, trainer: Unit, pet: Unit): void {
  const found = hiddenNear(ctx, pet, 1);
  const at = pet.position!;
  if (!found.length) {
    ctx.note(() => `${pet.name} searches the 3×3 area around (${at.x}, ${at.y}) and finds no one [OUT-PET-2, OUT-OPEN-2]`);
    return;
  }
  for (const fx of found) {
    ctx.removeEffect(fx.id, 'ended');
    ctx.note(() => `${pet.name} searches the 3×3 area around (${at.x}, ${at.y}) and finds ${ctx.unit(fx.target).name} [OUT-PET-2, OUT-OPEN-2]`);
  }
  restartCombat(ctx, `${trainer.name}'s ${pet.name} has found someone`);
}

export function alertOrder(ctx: Resolution, trainer: Unit, pet: Unit): void {
  const reach = dataOf(pet).move;
  const near = hiddenNear(ctx, pet, reach);
  if (!near.length) {
    ctx.note(() => `${pet.name} senses no presence within ${reach} cells to alert ${trainer.name} to [OUT-PET-2]`);
    return;
  }
  // the hider is not named: it is still hidden; only its presence is known
  for (const fx of near) ctx.emit({ type: 'effect.changed', id: fx.id, data: { unaware: false, unseen: 0 } });
  ctx.note(() => `${pet.name} alerts ${trainer.name} to a presence within ${reach} cells: whoever hides there is no longer unaware of them — no Opener until it has stayed unseen 3 more rounds [OUT-PET-2, OUT-OPEN-2]`);
}

export function guardOrder(ctx: Resolution, trainer: Unit, pet: Unit, ward: Unit): void {
  ctx.setData(pet.id, 'petOrder', 'guard');
  ctx.setData(pet.id, 'guarding', ward.id);
  ctx.note(() => `${pet.name} stands guard over ${ward.id === trainer.id ? trainer.name : ward.name}: the first attack on it each round draws ${pet.name}'s counter-attack [OUT-PET-2]`);
}

/** Who a Guard Order may watch over: the trainer, or an ally of its side still standing within the pet's Movement. */
export const guardable = (trainer: Unit, pet: Unit, ward: Unit): boolean =>
  ward.id !== pet.id && ward.side === trainer.side && ward.status === 'active' && (ward.id === trainer.id || distance(ward.position!, pet.position!) <= dataOf(pet).move);

/**
 * After an attack on `defender`: each pet guarding it, under control and not yet counter-attacking this round,
 * strikes back at the attacker if it can reach (its first weapon), without penalty (a reaction: it provokes none).
 */
export function guardCounters(ctx: Resolution, defender: Unit, attacker: Unit, reaches: (pet: Unit, at: Unit) => boolean, strike: (pet: Unit, at: Unit) => void): void {
  const round = ctx.state.turn.round;
  // only a pet under control can be on guard: the pets alone are walked (the index's list, in unit order)
  for (const pet of petsAmong(ctx.state)) {
    if (standingOrder(pet) !== 'guard' || dataOf(pet).guarding !== defender.id || !underControl(ctx.state, pet)) continue;
    if (ctx.unit(attacker.id).status !== 'active' || pet.side === attacker.side || dataOf(pet).guardRound === round || !reaches(pet, ctx.unit(attacker.id))) continue;
    ctx.setData(pet.id, 'guardRound', round);
    ctx.note(() => `${pet.name} guards ${defender.name}: it counter-attacks ${attacker.name}, without penalty (once a round) [OUT-PET-2]`);
    strike(ctx.unit(pet.id), ctx.unit(attacker.id));
  }
}
