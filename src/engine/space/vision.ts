/**
 * Fog of war (docs/fog.md): what a player's units see on a grid, and the state as that player knows it.
 *
 * A unit sees every cell within its sight range (Chebyshev, as the rulesets count distance) that a look
 * from its cell reaches by the ruleset's own line (SightRules.line: by default lineOfSight, which walls
 * and smoke — cells with blocksSight — stop; cover does not: a unit behind a low wall is seen). It sees
 * a unit standing on such a cell unless the rules keep that unit unseen (outerah: Hidden). Only a
 * standing (active) unit looks; a player's own units are always known to it.
 *
 * The fogged state is the real one with every unit out of sight marked `hidden`: the views (view.ts)
 * and the server then treat it exactly as a unit the GM hid — not in the state, not in the log, no
 * action naming it. Its map keeps only terrain seen (now or before), and `vision.rows` says which.
 */
import type { Cell, EncounterState, GridMap, Unit, UnitId, Vision } from '../types.ts';
import type { SightRules } from '../ruleset.ts';
import { lineOfSight } from './line.ts';

/** The vision an encounter has on, or undefined (off, or no grid). */
export function visionOn(state: EncounterState): Vision | undefined {
  const map = state.map;
  return map?.kind === 'grid' && map.vision?.on ? map.vision : undefined;
}

/** How far `unit` sees, in cells: its own range, else the encounter's, else no limit but the walls. */
export function sightRange(vision: Vision, unit: Unit): number {
  return vision.units?.[unit.id] ?? vision.range ?? Infinity;
}

type Line = (map: GridMap, from: Cell, to: Cell) => boolean;

/** Cells in sight from one cell, per line rule and map object (events replace a map whole, never edit it). */
const traced = new WeakMap<Line, WeakMap<GridMap, Map<string, Uint8Array>>>();
const MAX_KEPT = 512;

/** The cells a unit at `from` sees within `range`, as a map-sized array (1: in sight), row by row. */
export function cellsInSight(map: GridMap, from: Cell, range: number, line: Line = lineOfSight): Uint8Array {
  let perMap = traced.get(line);
  if (!perMap) traced.set(line, (perMap = new WeakMap()));
  let kept = perMap.get(map);
  if (!kept) perMap.set(map, (kept = new Map()));
  const key = `${from.x},${from.y},${range}`;
  const had = kept.get(key);
  if (had) return had;
  const out = new Uint8Array(map.width * map.height);
  const r = Math.min(range, map.width + map.height);
  for (let y = Math.max(0, from.y - r); y <= Math.min(map.height - 1, from.y + r); y++) {
    for (let x = Math.max(0, from.x - r); x <= Math.min(map.width - 1, from.x + r); x++) {
      if ((x === from.x && y === from.y) || line(map, from, { x, y })) out[y * map.width + x] = 1;
    }
  }
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(key, out);
  return out;
}

export interface Sight {
  /** Map-sized, row by row: 1 where a looker sees the cell now. */
  cells: Uint8Array;
  /** Units known: the lookers' own side of it (`own`) and every unit a looker sees. */
  units: Set<UnitId>;
}

/**
 * What `lookers` see together: the cells, and the units on them the rules do not keep unseen. `own`
 * units are always known (a player's own, a side's own). Undefined when the encounter has no vision on.
 */
export function sightOf(state: EncounterState, lookers: readonly UnitId[], own: readonly UnitId[], rules: SightRules = {}): Sight | undefined {
  const vision = visionOn(state);
  if (!vision) return undefined;
  const map = state.map as GridMap;
  const cells = new Uint8Array(map.width * map.height);
  const each: { unit: Unit; cells: Uint8Array }[] = [];
  for (const id of lookers) {
    const u = state.units[id];
    if (!u || u.status !== 'active' || !u.position) continue;
    const seen = cellsInSight(map, u.position, sightRange(vision, u), rules.line);
    each.push({ unit: u, cells: seen });
    for (let i = 0; i < seen.length; i++) cells[i] |= seen[i];
  }
  const units = new Set<UnitId>(own.filter((id) => state.units[id]));
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (units.has(id) || !u.position) continue;
    const at = u.position.y * map.width + u.position.x;
    if (each.some((l) => l.cells[at] === 1 && !rules.unseen?.(state, u, l.unit))) units.add(id);
  }
  return { cells, units };
}

/** A player's units: those it controls (they look, and it always knows them). */
export const unitsOf = (state: EncounterState, player: string): UnitId[] => state.unitOrder.filter((id) => state.units[id].controller === player);

/** A side's units (the GM's preview of what that side sees). */
export const unitsOfSide = (state: EncounterState, side: string): UnitId[] => state.unitOrder.filter((id) => state.units[id].side === side);

/** Rows of the map as the page draws fog: '0' never seen, '1' remembered, '2' in sight now. */
export function sightRows(map: GridMap, now: Uint8Array, remembered: Uint8Array): string[] {
  const rows: string[] = [];
  for (let y = 0; y < map.height; y++) {
    let row = '';
    for (let x = 0; x < map.width; x++) {
      const i = y * map.width + x;
      row += now[i] ? '2' : remembered[i] ? '1' : '0';
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The state as the lookers know it: units out of sight hidden (as the GM hides a unit), the data as the
 * rules show it with only the seen cells in sight, and a map with only the terrain seen now or
 * `remembered` (the per-unit ranges left out: they name units) with its sight rows. `remembered` is
 * map-sized; the caller adds `sight.cells` to it after. The real state when vision is off.
 */
export function fogState(state: EncounterState, sight: Sight | undefined, remembered: Uint8Array, rules: SightRules = {}): EncounterState {
  if (!sight) return state;
  const map = state.map as GridMap;
  const units: EncounterState['units'] = {};
  for (const id of state.unitOrder) {
    const u = state.units[id];
    units[id] = sight.units.has(id) || u.hidden ? u : { ...u, hidden: true };
  }
  const known = (i: number) => sight.cells[i] === 1 || remembered[i] === 1;
  const cells: GridMap['cells'] = {};
  for (const k in map.cells) {
    const [x, y] = k.split(',').map(Number);
    if (x >= 0 && y >= 0 && x < map.width && y < map.height && known(y * map.width + x)) cells[k] = map.cells[k];
  }
  const vision: Vision = { on: true, ...(map.vision?.range !== undefined ? { range: map.vision.range } : {}), rows: sightRows(map, sight.cells, remembered) };
  const sees = (c: Cell) => Number.isInteger(c.x) && Number.isInteger(c.y) && c.x >= 0 && c.y >= 0 && c.x < map.width && c.y < map.height && sight.cells[c.y * map.width + c.x] === 1;
  return {
    ...state,
    units,
    map: { ...map, cells, vision },
    ...(rules.dataSeen ? { data: rules.dataSeen(state.data, sees) } : {}),
  };
}

/** Add what is in sight now to what is remembered (in place). */
export function remember(remembered: Uint8Array, sight: Sight): void {
  for (let i = 0; i < remembered.length; i++) remembered[i] |= sight.cells[i];
}
