/**
 * The weapon attack: a mainhand weapon uses the Primary action, an offhand one the Secondary
 * (OUT-TURN-1); the strike itself is strike.ts; the target may react (triggers.ts).
 */
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { dataOf, type Weapon } from './model.ts';
import { interfered, latePincer, petAttacked, roundKey } from './interference.ts';
import { petTurnOf } from './pet-orders.ts';
import { turnKey } from './pets.ts';
import { weaponSpec, type StrikeSpec } from './spec.ts';
import { resolveStrike } from './strike.ts';
import { attackBlocker, orFail, targetOf } from './targeting.ts';
import { react } from './triggers.ts';
import { spendSlot } from './turn.ts';

export function weaponOf(u: Unit, id: unknown): Weapon {
  const ws = dataOf(u).weapons;
  if (!ws.length) fail('action/no_weapon', `${u.name} has no weapon`);
  if (id === undefined) return ws[0];
  const w = ws.find((x) => x.id === id);
  if (!w) fail('action/unknown_weapon', `${u.name} has no weapon "${String(id)}"`, 'weapon');
  return w;
}

export const slotOfWeapon = (w: Weapon) => (w.hand === 'off' ? 'secondary' : 'primary') as 'primary' | 'secondary';

export function attackCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const w = weaponOf(u, cmd.weapon);
  const t = targetOf(ctx, cmd.target);
  const spec = weaponSpec(w);
  orFail(attackBlocker(ctx.state, u, t, spec));
  spendSlot(ctx, u, slotOfWeapon(w));
  if (u.pools.specialty) {
    ctx.setData(u.id, 'attackedTurn', turnKey(ctx.state));
    ctx.setData(u.id, 'attackedRound', roundKey(ctx.state));
    ctx.setData(u.id, 'attackedTarget', t.id);
  }
  const late = lateInterference(ctx.state, u, t, spec);
  if (late) {
    const { pet, pincer } = late;
    ctx.note(() => `${u.name} attacks after ${pet?.name ?? 'its pet'} attacked this round: Trainer Interference — no Strength or Intelligence added, a miss hurts ${u.name}${pincer ? `; ${pincer} gives advantage` : ''} (${pet?.name ?? 'the pet'}'s attack stands as rolled) [OUT-PET-3]`);
    resolveStrike(ctx, u, t, late.spec);
  } else resolveStrike(ctx, u, t, spec);
  react(ctx, t.id, u.id);
}

/**
 * Ruling OUT-PET-3: after a lone pet attack this round the trainer is "also attacking": its attack bears the
 * interference (no Strength or Intelligence, a miss hurts it); the pet's attack stands as it was rolled.
 * The attack and its odds (preview.ts) both take the strike from here.
 */
export function lateInterference(state: EncounterState, u: Unit, t: Unit, spec: StrikeSpec): { spec: StrikeSpec; pet?: Unit; pincer?: string } | undefined {
  if (!petAttacked(state, u)) return undefined;
  const pet = state.units[String(petTurnOf({ state }, u)?.pet ?? dataOf(u).petAttackedPet)] as Unit | undefined;
  const pincer = latePincer(state, u, pet, t, 'petAttackedTarget');
  return { spec: interfered(spec, 'trainer', pincer), pet, pincer };
}
