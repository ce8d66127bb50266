/**
 * A working copy of a state for one more fight, sharing what events never change in place.
 *
 * `applyEvent` changes a state in two ways: it assigns a field (a unit's status, `data[key]`, the
 * turn's order, `state.map`...) or it changes the inside of a unit's pool or of an effect. So a copy
 * that gets its own shell, turn, units (each with its own pools, stats and data records) and effects
 * may share every value below those: weapon lists, modifiers, the map, an effect's data. Events put
 * a fresh copy in place of such a value, never edit it.
 *
 * The simulator copies one set-up state for every fight; copying only the shells is several times
 * cheaper than a deep copy of a few kilobytes. A ruleset with appliers of its own may edit deeper
 * (outerah's ship sections), so for those the engine falls back to a deep copy (see Engine.fork).
 */
import type { EncounterState } from './types.ts';

export function forkState(state: EncounterState): EncounterState {
  // each copy is a spread of its own, written where it is made: V8 copies a record of a known shape whole
  // (its clone-object fast path) at a site that has met few shapes — one helper spreading states, units,
  // pools and effects alike met too many and fell back to a slow copy (issue 40: 5x the fork's cost).
  // A spread also copies a key named `__proto__` as a field, never setting the prototype.
  const out = { ...state };
  const units: EncounterState['units'] = {};
  for (const id in state.units) {
    const u = { ...state.units[id] };
    const pools: typeof u.pools = {};
    for (const k in u.pools) pools[k] = { ...u.pools[k] };
    u.pools = pools;
    u.stats = { ...u.stats };
    u.data = { ...u.data };
    units[id] = u;
  }
  out.units = units;
  out.unitOrder = state.unitOrder.slice();
  out.sides = state.sides.slice();
  out.turn = { ...state.turn };
  out.turn.order = state.turn.order.slice();
  out.effects = state.effects.map((f) => ({ ...f }));
  out.pending = state.pending.slice();
  out.data = { ...state.data };
  return out;
}
