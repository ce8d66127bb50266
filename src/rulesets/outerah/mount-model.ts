/**
 * Who rides what (OUT-MNT-1). A rider's `mount` says which unit and whether it is riding, beside it
 * or has not summoned it; a `gm.link` of kind 'mount' (rider leads) gives a rider a mount standing beside it.
 */
import type { Cell, EncounterState, Resolution, Unit } from '../../engine/index.ts';
import { dataOf, hasEffect, stat } from './model.ts';
import { riddenMount, riderOf } from './ties.ts';
import { timingSkip } from './timing.ts';

export const MOUNT_TAMER_WISDOM = 40;

// the ties are kept in an index of the units' data (ties.ts); asked here by the names the rules use
export { mountRecord, riddenMount, riderOf, type MountState } from './ties.ts';

/** The rider on a mount's back now, if any (its tamer, riding it). */
export function carriedRider(state: EncounterState, mount: Unit): Unit | undefined {
  const r = riderOf(state, mount);
  return r && riddenMount(state, r)?.id === mount.id ? r : undefined;
}

/**
 * The body that moves (OUT-MNT-1): a rider moves as its mount does — the mount's Movement and Jump, and so its
 * wings (open air in the sky) and swimming (water) too; a unit on foot, as itself.
 */
export const moverOf = (state: EncounterState, u: Unit): Unit => riddenMount(state, u) ?? u;

export const isMount = (state: EncounterState, u: Unit): boolean => riderOf(state, u) !== undefined;

export const isMountTamer = (u: Unit): boolean => stat(u, 'wisdom') >= MOUNT_TAMER_WISDOM;

/** Movement and Jump on the move: a rider uses its mount's (OUT-MNT-1). */
export function moveOf(state: EncounterState, u: Unit): number {
  const m = riddenMount(state, u);
  return dataOf(m ?? u).move;
}

export function baseJumpOf(state: EncounterState, u: Unit): number {
  const m = riddenMount(state, u);
  return dataOf(m ?? u).jump;
}

/**
 * Why a mount carries no one this turn (ruling OUT-MNT-1), or null: Toppled (no Movement), Stopped (frozen) or
 * losing this turn to Slow — the pair moves on the mount's legs, and the mount's turns are its rider's.
 */
export function mountHeld(state: EncounterState, mount: Unit): string | null {
  if (hasEffect(state, mount.id, 'Topple')) return `${mount.name} is Toppled`;
  const lost = timingSkip(state, mount.id);
  if (lost?.startsWith('Stop')) return `${mount.name} is Stopped`;
  if (lost) return `${mount.name} loses this turn to Slow`;
  return null;
}

/** The mount under a rider that cannot carry it this turn, with why (mountHeld); undefined when there is none. */
export function heldUnder(state: EncounterState, u: Unit): { mount: Unit; why: string } | undefined {
  const mount = riddenMount(state, u);
  const why = mount ? mountHeld(state, mount) : null;
  return mount && why ? { mount, why } : undefined;
}

/** The other half of a riding pair: the mount under a rider, or the rider on a mount (OUT-MNT-1). */
export const partnerOf = (state: EncounterState, u: Unit): Unit | undefined => riddenMount(state, u) ?? carriedRider(state, u);

/** After `u` was moved to `to` (forced, drifting, hooked): the other half of its riding pair goes with it (OUT-MNT-1). */
export function carryPartner(ctx: Resolution, u: Unit, to: Cell): void {
  const p = partnerOf(ctx.state, u);
  if (!p) return;
  const why = riddenMount(ctx.state, u) ? 'carried along under its rider' : 'carried by its mount';
  ctx.emit({ type: 'unit.moved', unit: p.id, from: p.position, to, forced: why });
}
