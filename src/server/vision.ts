/**
 * Fog of war on the server (docs/fog.md): with vision on, a player is told only what its own units see.
 * The player's state is the real one with every unit out of its units' sight hidden (engine
 * space/vision.ts), and the views do the rest exactly as for a unit the GM hid: the state, the log, the
 * actions, the previews. What it has seen of the map is remembered per player, folded along the log with
 * its log (numbering.ts), so it is the same after a reload, and never depends on what came later.
 */
import { fogState, remember, sightOf, unitsOf, unitsOfSide, visionOn, type EncounterState, type GridMap, type LoggedEvent, type Ruleset } from '../engine/index.ts';

const rangesIn = (map: EncounterState['map']): boolean => map?.kind === 'grid' && map.vision?.units !== undefined;

/** A map without the per-unit sight ranges (they name units). */
function withoutRanges(map: EncounterState['map']): EncounterState['map'] {
  if (map?.kind !== 'grid' || !map.vision?.units) return map;
  const { units: _units, ...vision } = map.vision;
  return { ...map, vision };
}

/** What one player's sight keeps along its log: the cells it has seen, and the last state it was told. */
interface PlayerSight {
  remembered: Uint8Array;
  last?: { real: EncounterState; known: EncounterState };
}

const sights = new WeakMap<object, PlayerSight>();

function sightFor(log: object): PlayerSight {
  let s = sights.get(log);
  if (!s) sights.set(log, (s = { remembered: new Uint8Array(0) }));
  return s;
}

/** The remembered cells for a map of this size (a map of another size starts a new memory). */
function rememberedOn(s: PlayerSight, map: GridMap): Uint8Array {
  if (s.remembered.length !== map.width * map.height) s.remembered = new Uint8Array(map.width * map.height);
  return s.remembered;
}

/** `state` as `player` knows it under fog, remembering what it sees now (`log`: the player's log, whose fold this is). */
function knownStep(log: object, player: string, state: EncounterState, ruleset: Ruleset): EncounterState {
  const s = sightFor(log);
  if (s.last?.real === state) return s.last.known;
  // most events change none of what sight reads (a roll, a note, a pool): the view before stands, and what
  // is remembered with it (the states share these objects when an event leaves them be)
  const was = s.last?.real;
  if (was && was.units === state.units && was.unitOrder === state.unitOrder && was.map === state.map && was.effects === state.effects && was.data === state.data) {
    const known = { ...state, units: s.last!.known.units, map: s.last!.known.map, data: s.last!.known.data };
    s.last = { real: state, known };
    return known;
  }
  const sight = sightOf(state, unitsOf(state, player), unitsOf(state, player), ruleset.sight);
  if (!sight) return state;
  const remembered = rememberedOn(s, state.map as GridMap);
  const known = fogState(state, sight, remembered, ruleset.sight);
  remember(remembered, sight);
  s.last = { real: state, known };
  return known;
}

/**
 * One real event as a player's fold takes it under fog: the states before and after as the player knows
 * them, and the event with the state or map it carries as the player knows it (a new encounter, a map
 * set). Undefined when vision is off before and after: the fold goes on as without fog.
 */
export function sightStep(log: object, player: string, e: LoggedEvent, before: EncounterState, after: EncounterState, ruleset: Ruleset): { event: LoggedEvent; before: EncounterState; after: EncounterState } | undefined {
  if (!visionOn(before) && !visionOn(after)) {
    // fog off, ranges per unit kept: they name units (a hidden one too), so a player is not sent them
    if (e.type === 'encounter.created' && rangesIn(e.state.map)) return { event: { ...e, state: { ...e.state, map: withoutRanges(e.state.map) } }, before, after };
    if (e.type === 'map.set' && rangesIn(e.map)) return { event: { ...e, map: withoutRanges(e.map)! }, before, after };
    return undefined;
  }
  const b = knownStep(log, player, before, ruleset);
  const a = knownStep(log, player, after, ruleset);
  let event = e;
  if (a !== after && e.type === 'encounter.created') event = { ...e, state: a };
  if (a !== after && e.type === 'map.set') event = { ...e, map: a.map! };
  return { event, before: b, after: a };
}

/**
 * A real state as `player` knows it (before the views project it): with vision on, units out of sight
 * hidden and the map as it has seen it (`log`: its log, folded up to now). The real state otherwise.
 */
export function knownTo(log: object, player: string, state: EncounterState, ruleset: Ruleset): EncounterState {
  if (!visionOn(state)) return rangesIn(state.map) ? { ...state, map: withoutRanges(state.map) } : state;
  const s = sightFor(log);
  if (s.last?.real === state) return s.last.known;
  // a state of the past (a replay): what it sees then, with what it remembers now
  const sight = sightOf(state, unitsOf(state, player), unitsOf(state, player), ruleset.sight);
  return fogState(state, sight, rememberedOn({ remembered: s.remembered.slice() }, state.map as GridMap), ruleset.sight);
}

/** What a side sees now (the GM's preview of a side: no one's memory, only what its units see). */
export function knownToSide(side: string, state: EncounterState, ruleset: Ruleset): EncounterState {
  const sight = sightOf(state, unitsOfSide(state, side), unitsOfSide(state, side), ruleset.sight);
  if (!sight) return state;
  return fogState(state, sight, new Uint8Array(sight.cells.length), ruleset.sight);
}
