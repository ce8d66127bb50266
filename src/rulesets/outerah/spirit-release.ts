/**
 * Spirit Release (ruling OUT-MNT-1): "When your Mount's health is brought to 0, it is subjected to the Spirit
 * Release countdown like any other creature." The countdown is what 0 HP does to every creature; the mount is
 * named because it is the one a reader might think exempt. It is never given in numbers: 3 rounds (the
 * longest part-1 clock); healed above 0 within them it stops; at the end the spirit is released — dead.
 */
import type { Effect, Resolution, UnitId } from '../../engine/index.ts';
import { dataOf } from './model.ts';
import { mountRecord, riderOf } from './mount-model.ts';

export const SPIRIT_RELEASE_ROUNDS = 3;

/** At 0 HP (damage, a fall, the GM's hand): the countdown begins. */
export function beginSpiritRelease(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  ctx.applyEffect(
    { name: 'Spirit Release', categories: ['debuff'], target: id, remaining: SPIRIT_RELEASE_ROUNDS, clock: { at: 'round_end' } },
    () => `${u.name} falls: the Spirit Release countdown begins (${SPIRIT_RELEASE_ROUNDS} rounds to heal it) [OUT-MNT-1]`,
  );
}

/** Back above 0 HP in time: the countdown stops. */
export function stopSpiritRelease(ctx: Resolution, id: UnitId): void {
  const fx = ctx.state.effects.find((f) => f.target === id && f.name === 'Spirit Release');
  if (!fx) return;
  ctx.removeEffect(fx.id, 'cleansed');
  ctx.note(() => `${ctx.unit(id).name} is healed in time: the Spirit Release countdown stops [OUT-MNT-1]`);
}

/** The countdown ran out: the spirit is released, the creature is dead (a mount gone from its tamer too). */
export function spiritReleased(ctx: Resolution, fx: Effect): void {
  const u = ctx.unit(fx.target);
  // down on the field, or fallen out of it at 0 HP: no one healed it in time
  if (u.status !== 'down' && !(u.status === 'fled' && u.pools.hp.value <= 0)) return;
  ctx.emit({ type: 'unit.status', unit: u.id, status: 'dead', cause: 'Spirit Release', rule: 'OUT-MNT-1' });
  const rider = riderOf(ctx.state, u);
  if (rider && mountRecord(rider)?.unit === u.id && dataOf(rider).mount) ctx.setData(rider.id, 'mount', undefined);
  ctx.note(() => `${u.name}'s spirit is released: it is gone${rider ? ` from ${rider.name}` : ''} [OUT-MNT-1]`);
}
