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

/**
 * A copy of a record's own fields (the values shared). A spread, not a loop assigning key by key: V8
 * copies a record of a known shape whole (its clone-object fast path), which made the fork of a look-
 * ahead's trial step 1.6× cheaper on outerah's 4v4 (issue 40; docs/benchmarks.md); and a key named
 * `__proto__` is copied as a field, never set as the prototype.
 */
function shell<T extends object>(value: T): T {
  return { ...value };
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
    u.data = shell(u.data);
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
  return out;
}
