/**
 * Airship sections (outerah part 2) read from `state.data`, whatever exact shape they land in:
 * `ships` / `ship` / `airships` as a list or a record, each with `sections` as a list or record, each
 * section with hit points as a number, `{ value, max }`, or `hp` + `maxHp`. Unknown shapes read as none.
 *
 * Also what the board draws for a ship's heading (ruling OUT-SHIP-3): the bow as a chevron on the edge of
 * the deck it points at, and, for a unit at a cannon station, that cannon's broadside arc (ruling
 * OUT-SHIP-2). The arc is the ruleset's own geometry (`inCannonArc`, `broadside`), never worked out here.
 */
import type { ActionOption, Cell, EncounterState, GridMap, Json, UnitId } from '../../../engine/index.ts';
import { broadside, inCannonArc, shipOf, type CannonSide, type Heading, type Ship as RulesShip } from '../../../rulesets/outerah/ship-model.ts';

export type { CannonSide, Heading };

export interface ShipSection {
  id: string;
  name: string;
  hp?: number;
  max?: number;
  destroyed: boolean;
}

export interface Ship {
  id: string;
  name: string;
  side?: string;
  /** Its deck on the grid, when it has one: drawn as an outline under the units. */
  footprint?: { x: number; y: number; w: number; h: number };
  /** The edge of the deck the bow points at (the rules' default, N, when the data names none). */
  heading: Heading;
  /** Where each cannon fires, when the ship carries cannons: the left to port, the right to starboard. */
  broadsides?: Record<CannonSide, Heading>;
  altitude?: number;
  wrecked: boolean;
  sections: ShipSection[];
}

type Obj = { [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const HEADINGS: readonly string[] = ['N', 'E', 'S', 'W'];

export const COMPASS: Record<Heading, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };

function entries(v: Json | undefined): [string, Obj][] {
  if (Array.isArray(v)) return v.filter(isObj).map((o, i) => [String(o.id ?? i), o]);
  if (isObj(v)) return Object.entries(v).filter((e): e is [string, Obj] => isObj(e[1]));
  return [];
}

function num(v: Json | undefined): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function section(id: string, o: Obj): ShipSection {
  const hpField = o.hp ?? o.hitPoints ?? o.structure;
  const hp = isObj(hpField) ? num(hpField.value) : num(hpField);
  const max = isObj(hpField) ? num(hpField.max) : num(o.maxHp ?? o.max ?? o.maxHitPoints);
  return { id, name: typeof o.name === 'string' ? o.name : id, hp, max, destroyed: o.destroyed === true || (hp !== undefined && hp <= 0) };
}

function footprintOf(o: Obj): { footprint?: Ship['footprint'] } {
  const at = o.at;
  const size = o.size;
  if (!isObj(at) || !isObj(size)) return {};
  const [x, y, w, h] = [num(at.x), num(at.y), num(size.w), num(size.h)];
  return x !== undefined && y !== undefined && w !== undefined && h !== undefined ? { footprint: { x, y, w, h } } : {};
}

function headingOf(o: Obj): Heading {
  return typeof o.heading === 'string' && HEADINGS.includes(o.heading) ? (o.heading as Heading) : 'N';
}

function broadsidesOf(heading: Heading, o: Obj): { broadsides?: Ship['broadsides'] } {
  if (!isObj(o.cannons)) return {};
  // the rules' own reading of port and starboard; it looks at the heading only
  const rules = { heading } as RulesShip;
  return { broadsides: { left: broadside(rules, 'left'), right: broadside(rules, 'right') } };
}

export function shipsOf(state: EncounterState): Ship[] {
  const d = state.data ?? {};
  const raw = d.ships ?? d.airships ?? (d.ship !== undefined ? [d.ship] : d.airship !== undefined ? [d.airship] : undefined);
  return entries(raw)
    .map(([id, o]) => ({
      id,
      name: typeof o.name === 'string' ? o.name : id,
      ...(typeof o.side === 'string' ? { side: o.side } : {}),
      ...footprintOf(o),
      heading: headingOf(o),
      ...broadsidesOf(headingOf(o), o),
      ...(num(o.altitude) !== undefined ? { altitude: num(o.altitude) } : {}),
      wrecked: o.wrecked === true,
      sections: entries(o.sections).map(([sid, so]) => section(sid, so)),
    }))
    .filter((s) => s.sections.length > 0);
}

/**
 * The bow mark, in cell units (multiply by the cell size to draw): the deck edge the bow points at, from
 * `a` to `b` (clockwise round the deck), and a chevron on its middle pointing out of the deck — `points`
 * are its two back corners and its tip, the tip `out` cells past the edge.
 */
export interface Bow {
  heading: Heading;
  edge: { a: Cell; b: Cell };
  points: [Cell, Cell, Cell];
}

export function bowOf(f: NonNullable<Ship['footprint']>, heading: Heading, out = 0.4, back = 0.1, half = 0.35): Bow {
  const [x0, y0, x1, y1] = [f.x, f.y, f.x + f.w, f.y + f.h];
  const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
  // half the chevron's width: never wider than the edge it sits on
  const hw = Math.min(half, (heading === 'N' || heading === 'S' ? f.w : f.h) / 2 - 0.1);
  switch (heading) {
    case 'N':
      return { heading, edge: { a: { x: x0, y: y0 }, b: { x: x1, y: y0 } }, points: [{ x: mx - hw, y: y0 + back }, { x: mx, y: y0 - out }, { x: mx + hw, y: y0 + back }] };
    case 'E':
      return { heading, edge: { a: { x: x1, y: y0 }, b: { x: x1, y: y1 } }, points: [{ x: x1 - back, y: my - hw }, { x: x1 + out, y: my }, { x: x1 - back, y: my + hw }] };
    case 'S':
      return { heading, edge: { a: { x: x1, y: y1 }, b: { x: x0, y: y1 } }, points: [{ x: mx + hw, y: y1 - back }, { x: mx, y: y1 + out }, { x: mx - hw, y: y1 - back }] };
    case 'W':
      return { heading, edge: { a: { x: x0, y: y1 }, b: { x: x0, y: y0 } }, points: [{ x: x0 + back, y: my + hw }, { x: x0 - out, y: my }, { x: x0 + back, y: my - hw }] };
  }
}

/** A cannon's arc on the board: the cells on the map its shot may reach into (ruling OUT-SHIP-2). */
export interface CannonArc {
  ship: string;
  shipName: string;
  shipSide: string;
  side: CannonSide;
  /** The compass side of the deck it fires to (port or starboard of the heading). */
  toward: Heading;
  /** The gunner at it (the selected or acting unit). */
  unit: UnitId;
  cells: Cell[];
}

const CANNON_STATIONS: Record<string, CannonSide> = { left_cannon: 'left', right_cannon: 'right' };

/**
 * The arcs of the cannons manned by these units (the selected and the acting one): only a unit at a
 * cannon station of a ship that is not a wreck and carries cannons; each cannon once. Each map cell is
 * asked of the ruleset's `inCannonArc`, so the board and the rules cannot disagree.
 */
export function cannonArcs(state: EncounterState, map: Pick<GridMap, 'width' | 'height'>, units: (UnitId | undefined)[]): CannonArc[] {
  if (state.ruleset !== 'outerah') return [];
  const out: CannonArc[] = [];
  for (const id of units) {
    const u = id ? state.units[id] : undefined;
    if (!u?.position || u.status !== 'active') continue;
    const side = CANNON_STATIONS[String((u.data as Obj | undefined)?.station ?? '')];
    if (!side) continue;
    const ship = shipOf(state, u);
    if (!ship || ship.wrecked || !ship.cannons || !ship.at || !ship.size) continue;
    if (out.some((a) => a.ship === ship.id && a.side === side)) continue;
    const cells: Cell[] = [];
    for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) if (inCannonArc(ship, side, { x, y })) cells.push({ x, y });
    out.push({ ship: ship.id, shipName: ship.name, shipSide: ship.side, side, toward: broadside(ship, side), unit: u.id, cells });
  }
  return out;
}

/**
 * The outline of a set of cells, as unit-length edges in cell units: each side of a cell whose neighbour
 * there is not in the set. Drawn as one path, it frames a shaded region.
 */
export function outlineOf(cells: Cell[]): [Cell, Cell][] {
  const has = new Set(cells.map((c) => `${c.x},${c.y}`));
  const edges: [Cell, Cell][] = [];
  for (const { x, y } of cells) {
    if (!has.has(`${x},${y - 1}`)) edges.push([{ x, y }, { x: x + 1, y }]);
    if (!has.has(`${x + 1},${y}`)) edges.push([{ x: x + 1, y }, { x: x + 1, y: y + 1 }]);
    if (!has.has(`${x},${y + 1}`)) edges.push([{ x, y: y + 1 }, { x: x + 1, y: y + 1 }]);
    if (!has.has(`${x - 1},${y}`)) edges.push([{ x, y }, { x, y: y + 1 }]);
  }
  return edges;
}

/**
 * A steer as a captain gives it, from the option's typed facts (never its label): "Steer Dawn Treader 4
 * cells east", "… 2 cells north-east, turning to head east", "Turn Dawn Treader to head west (2 of its 4
 * cells)". North is up the map, as the bow marks are drawn.
 */
export function steerWords(steer: NonNullable<ActionOption['steer']>, state: EncounterState): string {
  const name = shipsOf(state).find((s) => s.id === steer.vessel)?.name ?? 'the ship';
  const turn = steer.heading ? COMPASS[steer.heading] : undefined;
  if (!steer.dx && !steer.dy) return `Turn ${name} to head ${turn ?? 'as it is'}${steer.turnCost !== undefined ? ` (${steer.turnCost} of its ${steer.movement} cells)` : ''}`;
  const cells = Math.max(Math.abs(steer.dx), Math.abs(steer.dy));
  const ns = steer.dy < 0 ? 'north' : steer.dy > 0 ? 'south' : '';
  const ew = steer.dx > 0 ? 'east' : steer.dx < 0 ? 'west' : '';
  return `Steer ${name} ${cells} ${cells === 1 ? 'cell' : 'cells'} ${[ns, ew].filter(Boolean).join('-')}${turn ? `, turning to head ${turn}` : ''}`;
}
