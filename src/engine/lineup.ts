/**
 * The units of a fight by number: a cache the engine keeps beside a state, never a second source of
 * truth. The state stays plain JSON (units a record by string id); its lineup holds the same unit
 * objects as an array in `unitOrder` order, each unit's side as a small integer (an index into
 * `state.sides`), and a count of the changes to who stands that the turn flow asks about.
 *
 * It hangs on the state object under a symbol, not enumerable: JSON, cloneJson, spreads, structuredClone
 * and test equality never see it, and any copy of a state (a fork, evolve's copies, a view) starts
 * without one and builds its own when first asked. It is rebuilt whenever it no longer matches its
 * state (another units record, another number of units) and dropped by the appliers that change what it
 * holds (`unit.added`, `unit.side`: apply.ts); a unit's status is read from the unit itself, and every
 * event that changes a status steps `statusChanges` (apply.ts), so an answer kept against that count
 * is right until a status changes. States change only by events (the project's rule): that is what
 * keeps it right. lineup.test.ts holds every answer to the state's own after each event of fights.
 */
import type { EncounterState, Slot, Unit, UnitId } from './types.ts';

const LINEUP = Symbol('lineup');

export interface Lineup {
  /** The units, in `unitOrder` order (the state's own objects). */
  readonly units: readonly Unit[];
  /** Their ids, in the same order (shared by every fork of one set-up). */
  readonly ids: readonly UnitId[];
  /** Each unit's side as a number (shared by every fork of one set-up): its index in `sideNames`. */
  readonly side: Int32Array;
  /** The sides by number: `state.sides` in its order, then any side a unit names that it does not list. */
  readonly sideNames: readonly string[];
  /** Events applied so far that changed a unit's status (the count, not the statuses). */
  statusChanges: number;
  /**
   * The `statusChanges` at which the default result (lastSideStanding by status) last found the fight
   * undecided, or -1: asked again with no status changed since, it is still undecided.
   */
  undecidedAt: number;
  /**
   * The round order the turn flow carried last (flow.ts carryOrder) and the `statusChanges` then: while
   * the state's order is still that very array and no status has changed, the next round's is the same.
   */
  carried: readonly Slot[] | undefined;
  carriedAt: number;
  /** What it was built from: a state whose units record or number of units differs is another lineup's. */
  readonly record: EncounterState['units'];
  readonly count: number;
}

type WithLineup = EncounterState & { [LINEUP]?: Lineup };

function build(state: EncounterState, shared?: Lineup): Lineup {
  const order = state.unitOrder;
  const record = state.units;
  const units: Unit[] = new Array(order.length);
  for (let i = 0; i < order.length; i++) units[i] = record[order[i]];
  let ids: readonly UnitId[];
  let side: Int32Array;
  let sideNames: string[];
  if (shared) {
    ids = shared.ids;
    side = shared.side;
    sideNames = shared.sideNames as string[];
  } else {
    ids = order.slice();
    side = new Int32Array(order.length);
    sideNames = state.sides.slice();
    for (let i = 0; i < order.length; i++) {
      let n = sideNames.indexOf(units[i].side);
      if (n < 0) n = sideNames.push(units[i].side) - 1;
      side[i] = n;
    }
  }
  const lineup: Lineup = { units, ids, side, sideNames, statusChanges: 0, undecidedAt: -1, carried: undefined, carriedAt: -1, record, count: order.length };
  Object.defineProperty(state, LINEUP, { value: lineup, writable: true, configurable: true, enumerable: false });
  return lineup;
}

/** The state's lineup, built (or rebuilt) when it has none that matches it. */
export function lineupOf(state: EncounterState): Lineup {
  const l = (state as WithLineup)[LINEUP];
  if (l !== undefined && l.record === state.units && l.count === state.unitOrder.length) return l;
  return build(state);
}

/** The lineup a state holds now, if any (the appliers step or drop it; none is built). */
export function heldLineup(state: EncounterState): Lineup | undefined {
  return (state as WithLineup)[LINEUP];
}

/** A unit's status changed (apply.ts): answers kept against the old statuses no longer hold. */
export function statusChanged(state: EncounterState): void {
  const l = (state as WithLineup)[LINEUP];
  if (l !== undefined) l.statusChanges++;
}

/** The units or their sides changed (a unit added, a unit changing sides): the next question rebuilds it. */
export function dropLineup(state: EncounterState): void {
  if ((state as WithLineup)[LINEUP] !== undefined) (state as WithLineup)[LINEUP] = undefined;
}

/**
 * A fork's lineup (fork.ts): its own unit objects, with the ids and side numbers of `from`'s (built
 * for `from` first, when it holds none: the set-up state every fight is forked from builds them once).
 */
export function forkLineup(from: EncounterState, to: EncounterState): void {
  build(to, lineupOf(from));
}
