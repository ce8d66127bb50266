/**
 * What binds a trainer and its pet in a fight:
 *  - the pincer (OUT-PET-3): trainer and pet both next to the target and not next to each other, the
 *    target between them: their joint attacks have advantage (ruling: the hit D100 rolled twice, the lower
 *    counts; the critical check is unchanged);
 *  - the Spirit Link of a Skill Order (OUT-PET-5): until the end of the next round enemies have advantage
 *    against both, and damage an attack deals to one deals a free 50 % (rounded down) to the other; an area
 *    hit on both does full to each, then each 50 % on top;
 *  - the Stay Order's counter-attack (OUT-PET-2): attacked, a staying pet strikes back without penalty and
 *    switches to the Attack Order.
 */
import { distance } from '../../engine/space/grid.ts';
import type { Resolution, Unit, UnitId } from '../../engine/index.ts';
import { dealDamage } from './damage.ts';
import { petInfo, standingOrder, trainerOf, underControl } from './pets.ts';

/** The target stands between trainer and pet: both next to it, not next to each other. */
export function isPincer(trainer: Unit, pet: Unit, target: Unit): boolean {
  const [a, b, t] = [trainer.position!, pet.position!, target.position!];
  return distance(a, t) === 1 && distance(b, t) === 1 && distance(a, b) >= 2;
}

/** Put the Spirit Link on both until the end of the next round (two round ends). */
export function linkSpirits(ctx: Resolution, trainer: Unit, pet: Unit): void {
  for (const [u, other] of [[trainer, pet], [pet, trainer]] as const) {
    const old = ctx.state.effects.find((f) => f.target === u.id && f.name === 'Spirit Link');
    if (old) ctx.removeEffect(old.id, 'replaced');
    ctx.applyEffect({ name: 'Spirit Link', categories: ['link'], source: trainer.id, target: u.id, remaining: 2, clock: { at: 'round_end' }, data: { partner: other.id } });
  }
  ctx.note(() => `${trainer.name} and ${pet.name} are linked in spirit until the end of the next round: enemies gain advantage against both, and half of any damage to one reaches the other [OUT-PET-5]`);
}

/** After an attack damaged a linked unit: its partner takes a free 50 % (no further sharing). */
export function shareThroughLink(ctx: Resolution, target: UnitId, dealt: number, source: UnitId | undefined): void {
  const link = ctx.state.effects.find((f) => f.target === target && f.name === 'Spirit Link');
  const partner = link ? ctx.state.units[String(link.data?.partner)] : undefined;
  if (!partner || partner.status !== 'active') return;
  const half = Math.floor(dealt / 2);
  ctx.check(() => ({ label: 'Spirit Link', terms: [{ kind: 'mod', name: `damage to ${ctx.unit(target).name}`, value: dealt }, { kind: 'mult', name: 'shared', factor: 0.5 }], total: half, outcome: `${partner.name} takes ${half}`, rules: ['OUT-PET-5'] }), source, partner.id);
  if (half > 0) dealDamage(ctx, partner.id, half, source, 'OUT-PET-5');
}

/** A staying pet that was attacked counter-attacks at once, without penalty, and is now on the Attack Order. */
export function stayCounter(ctx: Resolution, defender: Unit, attacker: Unit, strike: (pet: Unit, at: Unit) => boolean): void {
  if (!petInfo(defender) || standingOrder(defender) !== 'stay' || !underControl(ctx.state, defender)) return;
  if (attacker.status !== 'active') return;
  const struck = strike(defender, attacker);
  ctx.setData(defender.id, 'petOrder', 'attack');
  ctx.note(() => `${defender.name} was told to Stay: ${struck ? 'it counter-attacks and' : 'it cannot reach, but'} switches to the Attack Order (${trainerOf(ctx.state, defender)!.name}'s pet) [OUT-PET-2]`);
}
