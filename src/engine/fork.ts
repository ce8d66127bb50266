/**
 * A working copy of a state for one more fight, sharing what events never change in place.
 *
 * `applyEvent` changes a state in two ways: it assigns a field (a unit's status, `data[key]`, the
 * turn's order, `state.map`...) or it changes the inside of a unit's pool or of an effect. So a copy
 * that gets its own shell, turn, units (each with its own pools and stats records) and effects may
 * share every value below those: weapon lists, modifiers, the map, an effect's data. Events put a fresh
 * copy in place of such a value, never edit it. A unit's data record is shared until written (ownData).
 *
 * The simulator copies one set-up state for every fight; copying only the shells is several times
 * cheaper than a deep copy of a few kilobytes. A ruleset with appliers of its own may edit deeper
 * (outerah's ship sections), so for those the engine falls back to a deep copy (see Engine.fork).
 */
import { forkLineup } from './lineup.ts';
import type { EncounterState, Unit } from './types.ts';

/** A copy of a record's own fields (the values shared); built key by key like cloneJson's copies. */
function shell<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const k in value) out[k] = (value as Record<string, unknown>)[k];
  return out as T;
}

/**
 * Unit data records a fork shares with the state it was made from. A unit's data is mostly fixed (gear,
 * a ruleset's numbers from the file) and is only ever written through writeUnitData and the unlogged
 * Resolution.setData, so a fork shares it and the first write copies it (`ownData`): a look-ahead's trial
 * step copies only the records its one command writes. The original's own writes copy too: neither side
 * ever writes a shared record.
 */
const sharedData = new WeakSet<object>();

/** The unit's data record, its own to write: a copy of it first if a fork shares it. */
export function ownData(unit: Unit): Unit['data'] {
  if (sharedData.has(unit.data)) unit.data = shell(unit.data);
  return unit.data;
}

export function forkState(state: EncounterState): EncounterState {
  const out = shell(state);
  const units: EncounterState['units'] = {};
  for (const id in state.units) {
    const u = shell(state.units[id]);
    const pools: typeof u.pools = {};
    for (const k in u.pools) pools[k] = shell(u.pools[k]);
    u.pools = pools;
    u.stats = shell(u.stats);
    sharedData.add(u.data); // copied by its first write (ownData)
    units[id] = u;
  }
  out.units = units;
  out.unitOrder = state.unitOrder.slice();
  out.sides = state.sides.slice();
  out.turn = shell(state.turn);
  out.turn.order = state.turn.order.slice();
  out.effects = state.effects.map(shell);
  out.pending = state.pending.slice();
  out.data = shell(state.data);
  // its units by number: the set-up's ids and side numbers, its own unit objects (lineup.ts)
  forkLineup(state, out);
  return out;
}
