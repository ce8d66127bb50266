/**
 * The ties between units, as an index kept beside the fight: whose pet a unit is (OUT-PET-1), whose mount and
 * who rides it (OUT-MNT-1), whose turns it lives on (borrowed-turns.ts). The rules asked the many-unit questions
 * by walking every unit — the pets of a trainer, the units living on a host's turns (three times a turn), the
 * pets that may be on guard — reading each unit's `pet`, `mountOf` and GM `links`.
 *
 * Those keys, the statuses and which units there are are all the index reads, so it is an engine data index
 * (engine/data-watch.ts) in two layers: who is tied to whom (`Tied`: the pets and the mounts, few units), made
 * again only when one of those keys is written on any unit (by an event, the unlogged setData, the GM); and whose
 * turns each tied unit lives on (`Turns`), made again from that when a status changes, reading no unit data. Any
 * copy of the state makes its own. The questions walk the tied units alone. The one-unit readers (`riderOf`,
 * `riddenMount`, `trainerOf`: a read or two of that unit's data) are asked as before. ties.test.ts holds every
 * answer to the walks over every unit (`*ByScan`, there) after every command of fights of every example and the GM's ties.
 */
import { watched, watchData } from '../../engine/data-watch.ts';
import type { EncounterState, Unit, UnitId } from '../../engine/index.ts';
import { dataOf, firstLink, type PetKind } from './model.ts';

export interface PetInfo {
  trainer: string;
  kind: PetKind;
  from?: string;
}

export type MountState = 'riding' | 'beside' | 'unsummoned';

export interface MountRecord {
  unit: string;
  state: MountState;
}

/** A pet's trainer and kind: its own `pet`, or a GM link of kind 'pet' it does not lead (a companion). */
export function petInfo(u: Unit): PetInfo | undefined {
  const own = dataOf(u).pet;
  if (own) return own;
  const link = firstLink(u, 'pet', false);
  return link ? { trainer: link.with, kind: 'companion' } : undefined;
}

/** A rider's mount: its own `mount`, or a GM link of kind 'mount' it leads (a mount standing beside it). */
export function mountRecord(u: Unit): MountRecord | undefined {
  const own = dataOf(u).mount;
  if (own) return own;
  const link = firstLink(u, 'mount', true);
  return link ? { unit: link.with, state: 'beside' } : undefined;
}

/**
 * Who is tied to whom, from the units' data alone (no statuses): made again only when a unit's `pet`, `mountOf` or
 * `links` is written. A fight has few tied units (its pets and mounts), so the questions walk these short lists.
 */
interface Tied {
  /** Every unit with a pet's record (petInfo), standing or not, in unit order... */
  readonly pets: readonly Unit[];
  /** ...and the trainer each names. */
  readonly trainers: readonly UnitId[];
  /** Every unit that may live on another's turns (a pet, or a mount someone names: riderOf), in unit order... */
  readonly tied: readonly Unit[];
  /** ...its rider (riderOf), if any... */
  readonly riders: readonly (Unit | undefined)[];
  /** ...and, a pet, the unit it names as its trainer (standing or not; undefined: none of that id, or not a pet). */
  readonly trainerUnits: readonly (Unit | undefined)[];
}

/** Whose turns each tied unit lives on, as the statuses stand: made again when one changes. */
interface Turns {
  readonly tied: readonly Unit[];
  /** turnsOf of `tied[i]`. */
  readonly turns: readonly Unit[];
}

// ---- the readers of one unit's own ties: a lookup or two in its data, asked as before ----

/** The trainer of a pet, while it is in control (active). */
export function trainerOf(state: EncounterState, pet: Unit): Unit | undefined {
  const info = petInfo(pet);
  const t = info ? state.units[info.trainer] : undefined;
  return t && t.status === 'active' ? t : undefined;
}

/** The mount a unit is riding now, if any. */
export function riddenMount(state: EncounterState, u: Unit): Unit | undefined {
  const m = mountRecord(u);
  if (!m || m.state !== 'riding') return undefined;
  const mount = state.units[m.unit];
  return mount && mount.status === 'active' ? mount : undefined;
}

/** The rider of a mount (whoever names it as theirs). */
export function riderOf(state: EncounterState, mount: Unit): Unit | undefined {
  const own = dataOf(mount).mountOf;
  if (own) return state.units[own];
  const link = firstLink(mount, 'mount', false);
  return link ? state.units[link.with] : undefined;
}

// ---- the walk a unit's turns take, as the rules asked it before the index (units outside it, and ties.test.ts) ----

/** The unit whose turns `u` lives on directly: its tamer (in the fight) or its trainer (while in control), or none. */
function hostOf(state: EncounterState, u: Unit): Unit | undefined {
  const tamer = riderOf(state, u);
  if (tamer) return tamer.status === 'active' ? tamer : undefined;
  return u.status === 'active' && petInfo(u) ? trainerOf(state, u) : undefined;
}

export function turnsByScan(state: EncounterState, u: Unit): Unit {
  let at = u;
  for (let i = 0; i < 4; i++) {
    const next = hostOf(state, at);
    if (!next || next.id === u.id) return at;
    at = next;
  }
  return at;
}

// ---- the index ----

function tiedOf(state: EncounterState): Tied {
  const pets: Unit[] = [];
  const trainers: UnitId[] = [];
  const tied: Unit[] = [];
  const riders: (Unit | undefined)[] = [];
  const trainerUnits: (Unit | undefined)[] = [];
  const order = state.unitOrder;
  for (let i = 0; i < order.length; i++) {
    const u = state.units[order[i]];
    const info = petInfo(u);
    const rider = riderOf(state, u);
    if (info) {
      pets.push(u);
      trainers.push(info.trainer);
    } else if (!rider) continue;
    tied.push(u);
    riders.push(rider);
    trainerUnits.push(info ? state.units[info.trainer] : undefined);
  }
  return { pets, trainers, tied, riders, trainerUnits };
}

/**
 * hostOf of the tied unit `i`, from what `Tied` read of its data: its rider while standing, else (a standing pet)
 * its trainer while standing. An untied unit has no host.
 */
function hostAt(t: Tied, i: number): Unit | undefined {
  const rider = t.riders[i];
  if (rider) return rider.status === 'active' ? rider : undefined;
  if (t.tied[i].status !== 'active') return undefined;
  const trainer = t.trainerUnits[i];
  return trainer && trainer.status === 'active' ? trainer : undefined;
}

/** The index reads only the units' `pet`, `mountOf` and `links` (petInfo, riderOf). */
const TIE_KEYS = ['pet', 'mountOf', 'links'];

/**
 * outerah's own events are the ships' (ship-model.ts), which change nothing of a unit, so they leave both indexes
 * (ties.test.ts holds the ruleset to that, and the index to the walks after every command of the examples, the
 * airship battle's ship events among them).
 */
const TIED = watchData(TIE_KEYS, tiedOf, { rulesetEvents: false });

/**
 * Whose turns each tied unit lives on: the walk turnsByScan takes (at most four hosts, a cycle stops), for those
 * units alone (any other lives on its own), on what `Tied` read: no unit data is read again.
 */
function turnsOfTied(state: EncounterState): Turns {
  const t = watched(state, TIED);
  const tied = t.tied;
  const turns: Unit[] = new Array(tied.length);
  for (let i = 0; i < tied.length; i++) {
    const u = tied[i];
    let at = u;
    let atI = i;
    for (let step = 0; step < 4; step++) {
      const next = atI < 0 ? undefined : hostAt(t, atI);
      if (!next || next.id === u.id) break;
      at = next;
      atI = tied.indexOf(next);
    }
    turns[i] = at;
  }
  return { tied, turns };
}

const TURNS = watchData(TIE_KEYS, turnsOfTied, { statuses: true, rulesetEvents: false });

/** Whose turns `u` lives on, following mount → tamer → trainer (a cycle, which no file should make, stops). */
export function turnsOf(state: EncounterState, u: Unit): Unit {
  const t = watched(state, TURNS);
  for (let i = 0; i < t.tied.length; i++) if (t.tied[i] === u) return t.turns[i];
  // untied, or not the state's own unit (from another copy): asked by its own data
  return state.units[u.id] === u ? u : turnsByScan(state, u);
}

const NONE: readonly Unit[] = [];

/** The pets a unit commands now (active ones), in unit order. */
export function petsOf(state: EncounterState, trainer: Unit): Unit[] {
  const { pets, trainers } = watched(state, TIED);
  let out: Unit[] | undefined;
  for (let i = 0; i < pets.length; i++) {
    const p = pets[i];
    if (trainers[i] === trainer.id && p.id !== trainer.id && p.status === 'active') (out ??= []).push(p);
  }
  return out ?? [];
}

/** Whether a unit commands a pet now (an active one): petsOf's length, without the list. */
export function hasPets(state: EncounterState, trainer: Unit): boolean {
  const { pets, trainers } = watched(state, TIED);
  for (let i = 0; i < pets.length; i++) if (trainers[i] === trainer.id && pets[i].id !== trainer.id && pets[i].status === 'active') return true;
  return false;
}

/** The standing units that live on `host`'s turns (its mount, its controlled pets and theirs), in unit order. */
export function borrowersOf(state: EncounterState, host: Unit): readonly Unit[] {
  if (host.status !== 'active') return NONE;
  const { tied, turns } = watched(state, TURNS);
  let out: Unit[] | undefined;
  for (let i = 0; i < tied.length; i++) {
    const u = tied[i];
    if (turns[i].id === host.id && u.id !== host.id && u.status === 'active') (out ??= []).push(u);
  }
  return out ?? NONE;
}

/** Every unit with a pet's record (OUT-PET-1), standing or not, in unit order. */
export function petsAmong(state: EncounterState): readonly Unit[] {
  return watched(state, TIED).pets;
}
