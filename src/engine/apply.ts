/**
 * Applying events. `applyEvent` mutates a working copy (fast folds: replay, simulation);
 * `evolve` is the pure form: it never touches its input.
 */
import { cloneJson } from './clone.ts';
import { rulesetEventApplied, statusWritten, unitDataWritten, unitsWritten } from './data-watch.ts';
import { ownData } from './fork.ts';
import { dropLineup, statusChanged } from './lineup.ts';
import { ownUnit } from './own.ts';
import type { GameEvent } from './events.ts';
import type { Effect, EncounterState, Json, Pending, Slot, Unit } from './types.ts';

/** A ruleset's appliers for its own event types (`type` containing a colon). */
export type Appliers = Record<string, (state: EncounterState, event: any) => void>;

export function unitOf(state: EncounterState, id: string): Unit {
  const u = ownUnit(state.units, id);
  if (!u) throw new Error(`event names unknown unit "${id}"`);
  return u;
}

export function applyEvent(state: EncounterState, e: GameEvent, appliers?: Appliers): EncounterState {
  // the commonest events first: a switch on strings tests its cases in order, for every event applied
  switch (e.type) {
    case 'unit.data':
      writeUnitData(state, e.unit, e.key, e.value);
      break;
    case 'turn.phase':
      state.turn.phase = e.phase;
      break;
    case 'turn.started':
      state.turn.index = e.index;
      state.turn.phase = undefined;
      break;
    case 'pool.changed':
      unitOf(state, e.unit).pools[e.pool].value = e.value;
      break;
    case 'turn.ended':
      state.turn.phase = undefined;
      break;
    case 'turn.skipped':
    case 'check':
    case 'note':
      break;
    case 'unit.status':
      unitOf(state, e.unit).status = e.status;
      statusChanged(state);
      statusWritten(state);
      break;
    case 'turn.order':
      writeOrder(state, e.order, e.index);
      break;
    case 'round.started':
      state.turn.round = e.round;
      state.turn.index = -1;
      break;
    case 'round.ended':
      state.turn.index = -1;
      break;
    case 'unit.moved':
      unitOf(state, e.unit).position = { x: e.to.x, y: e.to.y };
      break;
    case 'effect.applied':
      addEffect(state, e.effect);
      break;
    case 'effect.changed': {
      const fx = state.effects.find((f) => f.id === e.id);
      if (!fx) throw new Error(`event names unknown effect "${e.id}"`);
      if (e.stacks !== undefined) fx.stacks = e.stacks;
      if (e.remaining !== undefined) fx.remaining = e.remaining;
      if (e.tier !== undefined) fx.tier = e.tier;
      if (e.data !== undefined) fx.data = { ...fx.data, ...cloneJson(e.data) };
      break;
    }
    case 'effect.removed':
      dropEffect(state, e.id);
      break;
    case 'encounter.created':
      return { ...cloneJson(e.state), version: state.version + 1 };
    case 'encounter.started':
      state.status = 'active';
      break;
    case 'pool.max': {
      const p = unitOf(state, e.unit).pools[e.pool];
      p.max = e.max;
      p.value = e.value;
      break;
    }
    case 'pool.added':
      unitOf(state, e.unit).pools[e.pool] = { ...e.value };
      break;
    case 'stat.set':
      unitOf(state, e.unit).stats[e.stat] = e.value;
      break;
    case 'unit.zone':
      unitOf(state, e.unit).zone = e.to;
      break;
    case 'unit.faced':
      unitOf(state, e.unit).facing = e.facing;
      break;
    case 'unit.elevation':
      unitOf(state, e.unit).elevation = e.elevation;
      break;
    case 'unit.added':
      state.units[e.unit.id] = cloneJson(e.unit);
      state.unitOrder.push(e.unit.id);
      if (!state.sides.includes(e.unit.side)) state.sides.push(e.unit.side);
      dropLineup(state);
      unitsWritten(state);
      break;
    case 'unit.removed':
      unitOf(state, e.unit).status = 'removed';
      statusChanged(state);
      statusWritten(state);
      state.turn.order = state.turn.order.filter((s, i) => s.unit !== e.unit || i === state.turn.index);
      break;
    case 'unit.side':
      unitOf(state, e.unit).side = e.side;
      if (!state.sides.includes(e.side)) state.sides.push(e.side);
      dropLineup(state);
      unitsWritten(state);
      break;
    case 'unit.controller':
      if (e.controller === undefined) delete unitOf(state, e.unit).controller;
      else unitOf(state, e.unit).controller = e.controller;
      break;
    case 'unit.hidden':
      unitOf(state, e.unit).hidden = e.hidden;
      break;
    case 'encounter.data':
      writeEncounterData(state, e.key, e.value);
      break;
    case 'map.set':
      state.map = cloneJson(e.map);
      break;
    case 'pending.opened':
      addPending(state, e.pending);
      break;
    case 'pending.closed':
      dropPending(state, e.id);
      break;
    case 'combat.ended':
      state.status = 'ended';
      state.result = { ...e.result };
      break;
    case 'undo':
    case 'redo':
      throw new Error('undo and redo are applied by replaying the log (replayLog), not event by event');
    default: {
      const apply = appliers?.[e.type];
      if (!apply) throw new Error(`no applier for event type "${e.type}"`);
      apply(state, e);
      // a ruleset's own applier may change anything: the units by number and the rulesets' indexes of
      // their data are built again when next asked
      dropLineup(state);
      rulesetEventApplied(state);
    }
  }
  state.version++;
  return state;
}

// The writes of the changes a Resolution also makes without building their event (when no log is
// kept: resolution.ts, flow.ts): one copy of each, shared by applyEvent and those direct changes. None
// steps the version: the caller does, once per change, as applyEvent does once per event.

export function writeUnitData(state: EncounterState, unit: string, key: string, value: Json | undefined): void {
  const data = ownData(unitOf(state, unit));
  if (value === undefined) delete data[key];
  else data[key] = cloneJson(value);
  unitDataWritten(state, key);
}

export function writeEncounterData(state: EncounterState, key: string, value: Json | undefined): void {
  if (value === undefined) delete state.data[key];
  else state.data[key] = cloneJson(value);
}

export function writeOrder(state: EncounterState, order: readonly Slot[], index: number): void {
  state.turn.order = order.map((s) => ({ ...s }));
  state.turn.index = index;
}

export function addEffect(state: EncounterState, effect: Effect): void {
  state.effects.push(cloneJson(effect));
  state.nextId++;
}

export function dropEffect(state: EncounterState, id: string): void {
  state.effects = state.effects.filter((f) => f.id !== id);
}

export function addPending(state: EncounterState, pending: Pending): void {
  state.pending.push(cloneJson(pending));
  state.nextId++;
}

export function dropPending(state: EncounterState, id: string): void {
  state.pending = state.pending.filter((p) => p.id !== id);
}

/**
 * Pure: the state after one event; the input is left as it was. The result shares with the input all
 * that the event leaves alone (copied: the root, and the unit, list or record the event changes), so
 * folding a long log one state at a time costs what the events change, not the size of the state each
 * time (a start of 1,000 units is 1,400 events). A ruleset's own events may change anything: for those,
 * a deep copy. Neither state may be changed in place afterwards (applyEvent works on copies only).
 */
export function evolve(state: EncounterState, event: GameEvent, appliers?: Appliers): EncounterState {
  return applyEvent(writableFor(state, event), event, appliers);
}

/** A copy of `state` in which `e` may be applied in place without touching `state` (applyEvent assigns fields and edits only pools' insides). */
function writableFor(state: EncounterState, e: GameEvent): EncounterState {
  const out = { ...state };
  const unit = (id: string, part?: 'pools' | 'stats' | 'data', pool?: string) => {
    out.units = { ...state.units };
    if (!Object.hasOwn(state.units, id)) return;
    const u = { ...state.units[id] };
    if (part) u[part] = { ...u[part] } as never;
    if (pool !== undefined && Object.hasOwn(u.pools, pool)) u.pools[pool] = { ...u.pools[pool] };
    out.units[id] = u;
  };
  switch (e.type) {
    case 'encounter.created':
    case 'turn.skipped':
    case 'check':
    case 'note':
    case 'map.set':
    case 'combat.ended':
    case 'effect.removed':
    case 'pending.closed':
    case 'undo':
    case 'redo':
      break;
    case 'round.started':
    case 'round.ended':
    case 'turn.order':
    case 'turn.started':
    case 'turn.ended':
    case 'turn.phase':
      out.turn = { ...state.turn };
      break;
    case 'pool.changed':
    case 'pool.max':
      unit(e.unit, 'pools', e.pool);
      break;
    case 'pool.added':
      unit(e.unit, 'pools');
      break;
    case 'stat.set':
      unit(e.unit, 'stats');
      break;
    case 'unit.data':
      unit(e.unit, 'data');
      break;
    case 'unit.status':
    case 'unit.moved':
    case 'unit.zone':
    case 'unit.faced':
    case 'unit.elevation':
    case 'unit.controller':
    case 'unit.hidden':
      unit(e.unit);
      break;
    case 'unit.removed':
      unit(e.unit);
      out.turn = { ...state.turn };
      break;
    case 'unit.side':
      unit(e.unit);
      out.sides = state.sides.slice();
      break;
    case 'unit.added':
      out.units = { ...state.units };
      out.unitOrder = state.unitOrder.slice();
      out.sides = state.sides.slice();
      break;
    case 'encounter.data':
      out.data = { ...state.data };
      break;
    case 'effect.applied':
      out.effects = state.effects.slice();
      break;
    case 'effect.changed':
      out.effects = state.effects.map((f) => (f.id === e.id ? { ...f } : f));
      break;
    case 'pending.opened':
      out.pending = state.pending.slice();
      break;
    default:
      return cloneJson(state);
  }
  return out;
}

/** The empty state every log starts from (its first event is `encounter.created`). */
export function emptyState(): EncounterState {
  return {
    ruleset: '', name: '', status: 'setup', version: 0, units: {}, unitOrder: [], sides: [],
    turn: { round: 0, order: [], index: -1 }, effects: [], pending: [], nextId: 1, data: {},
  };
}

/** A new encounter in set-up: what a ruleset's `create` fills in, on top of the empty state's defaults. */
export function newEncounter(parts: Pick<EncounterState, 'ruleset' | 'name' | 'units' | 'unitOrder' | 'sides'> & Partial<EncounterState>): EncounterState {
  return { ...emptyState(), ...parts };
}
