/**
 * Indexes a ruleset keeps of its units' data, told by every data write which keys it touched. A ruleset
 * that asks the same question of every unit again and again (outerah: whose pet, whose mount, whose turns a
 * unit lives on) declares an index once — the unit data keys it reads, whether it reads statuses, and how
 * to build it from a state (`watchData`) — and asks `watched(state, index)`: the index built for that state,
 * made again only after something it was made from has changed.
 *
 * What keeps it right: the index hangs on the state object under a symbol that is not enumerable, as the
 * lineup does (JSON, cloneJson, spreads, structuredClone, a fork and test equality never see it: every copy
 * builds its own), and it is dropped by the writers of what it reads — every unit data write (an event's
 * `writeUnitData`, the unlogged `Resolution.setData`) tells `unitDataWritten` its key, and drops the indexes
 * that read that key; a status changed (`unit.status`, `unit.removed`) drops those that read statuses; the
 * units themselves changed (`unit.added`, `unit.side`) drops them all, and so does a ruleset's own event, whose
 * applier may change anything (unless the index's ruleset says its events change nothing it reads). A state whose units record or number of units is not the one an index was built
 * for builds it again. So asking costs a symbol's load and a slot's; a write of a key nobody reads, one map
 * lookup. data-watch.test.ts holds every writer to it and fails when one is missed.
 *
 * What an index may read: unit data under the keys it names, statuses when it says so, and which units there
 * are (ids, the unit objects, `unitOrder`, sides). Anything else it reads can change without telling it.
 */
import type { EncounterState } from './types.ts';

export interface DataWatch<T> {
  /** Its place among the indexes (a bit of the masks below). */
  readonly slot: number;
  /** The unit data keys it reads. */
  readonly keys: readonly string[];
  /** Whether it reads statuses. */
  readonly statuses: boolean;
  /** Whether a ruleset's own event may change what it reads (its applier may change anything): true unless its ruleset says not. */
  readonly rulesetEvents: boolean;
  readonly build: (state: EncounterState) => T;
}

const HELD = Symbol('watched');

/** The indexes built for one state, by slot, and what they were built from. */
interface Held {
  readonly record: EncounterState['units'];
  readonly count: number;
  readonly values: unknown[];
}

type WithHeld = EncounterState & { [HELD]?: Held };

/** Every index declared (module-level, a handful in a process); `byKey`: which slots read a key, as bits. */
let slots = 0;
const byKey = new Map<string, number>();
let byStatus = 0;
let byRulesetEvent = 0;

/**
 * An index of the units' data that reads `keys` (and statuses, when `statuses`), made by `build` from a
 * state. Declared once, at a module's top level. `rulesetEvents: false`: the ruleset's own events (its
 * appliers) change nothing the index reads — its ruleset's word, which the ruleset's tests hold it to; by
 * default they drop it, as they drop the lineup.
 */
export function watchData<T>(keys: readonly string[], build: (state: EncounterState) => T, options: { statuses?: boolean; rulesetEvents?: boolean } = {}): DataWatch<T> {
  if (slots >= 30) throw new Error('too many data indexes (30 at most)');
  const slot = slots++;
  const bit = 1 << slot;
  for (const k of keys) byKey.set(k, (byKey.get(k) ?? 0) | bit);
  if (options.statuses) byStatus |= bit;
  const rulesetEvents = options.rulesetEvents !== false;
  if (rulesetEvents) byRulesetEvent |= bit;
  return { slot, keys: [...keys], statuses: options.statuses === true, rulesetEvents, build };
}

/** `index` for `state`: the one held, or built now and held until something it reads changes. */
export function watched<T>(state: EncounterState, index: DataWatch<T>): T {
  let h = (state as WithHeld)[HELD];
  if (h !== undefined && h.record === state.units && h.count === state.unitOrder.length) {
    const v = h.values[index.slot];
    if (v !== undefined) return v as T;
  } else {
    h = { record: state.units, count: state.unitOrder.length, values: [] };
    Object.defineProperty(state, HELD, { value: h, writable: true, configurable: true, enumerable: false });
  }
  const v = index.build(state);
  h.values[index.slot] = v;
  return v;
}

/** Whether `state` holds `index` now (tests: none is built). */
export function holds(state: EncounterState, index: DataWatch<unknown>): boolean {
  return (state as WithHeld)[HELD]?.values[index.slot] !== undefined;
}

function drop(h: Held, bits: number): void {
  const v = h.values;
  for (let i = 0; i < v.length; i++) if ((bits >> i) & 1) v[i] = undefined;
}

/** A unit's data under `key` was written (apply.ts writeUnitData, Resolution.setData): the indexes reading it go. */
export function unitDataWritten(state: EncounterState, key: string): void {
  const h = (state as WithHeld)[HELD];
  if (h === undefined) return;
  const bits = byKey.get(key);
  if (bits !== undefined) drop(h, bits);
}

/** A unit's status changed (apply.ts): the indexes reading statuses go. */
export function statusWritten(state: EncounterState): void {
  const h = (state as WithHeld)[HELD];
  if (h !== undefined && byStatus !== 0) drop(h, byStatus);
}

/** A ruleset's own event was applied (apply.ts): the indexes whose ruleset has not said its events leave them go. */
export function rulesetEventApplied(state: EncounterState): void {
  const h = (state as WithHeld)[HELD];
  if (h !== undefined && byRulesetEvent !== 0) drop(h, byRulesetEvent);
}

/** The units changed (one added, one changing sides): every index goes. */
export function unitsWritten(state: EncounterState): void {
  if ((state as WithHeld)[HELD] !== undefined) (state as WithHeld)[HELD] = undefined;
}
