/**
 * Whose turns a unit lives on (rulings OUT-MNT-1, OUT-PET-1, OUT-TIME-1). A mount with its tamer in the fight and a
 * pet under its trainer's control take no turns of their own (mountSkip, petSkip): the mount moves on its rider's
 * turns, the pet "within the scope of the Specialty Action" of its trainer's. So they live on those turns: their
 * effects tick, count and are shaken off there, and a drift carries them on there (borrowed-clock.ts). A chain
 * follows through: the mount of a controlled pet lives on the trainer's turns too. Anyone else: itself.
 */
import type { EncounterState, Unit } from '../../engine/index.ts';
import { riderOf } from './mount-model.ts';
import { petInfo, trainerOf } from './pets.ts';

/** The unit whose turns `u` lives on directly: its tamer (in the fight) or its trainer (while in control), or none. */
function hostOf(state: EncounterState, u: Unit): Unit | undefined {
  const tamer = riderOf(state, u);
  if (tamer) return tamer.status === 'active' ? tamer : undefined;
  return u.status === 'active' && petInfo(u) ? trainerOf(state, u) : undefined;
}

/** Whose turns `u` lives on, following mount → tamer → trainer (a cycle, which no file should make, stops). */
export function turnsOf(state: EncounterState, u: Unit): Unit {
  let at = u;
  for (let i = 0; i < 4; i++) {
    const next = hostOf(state, at);
    if (!next || next.id === u.id) return at;
    at = next;
  }
  return at;
}

/** The standing units that live on `host`'s turns (its mount, its controlled pets and theirs), in file order. */
export function borrowersOf(state: EncounterState, host: Unit): Unit[] {
  if (host.status !== 'active') return [];
  const out: Unit[] = [];
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (id !== host.id && u.status === 'active' && turnsOf(state, u).id === host.id) out.push(u);
  }
  return out;
}
