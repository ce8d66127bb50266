/**
 * Battle stations (OUT-SHIP-3): deck, catapult, left cannon, right cannon and helm. Turn order is as usual;
 * on its turn a crew member works its station. `station { actor, station }` moves between them: deck,
 * helm and catapult are all on deck (free); the cannon zones are below deck and getting between one and the
 * deck is a sprint (ruling: it takes the unit's whole Movement, unspent). Only the deck holds more than one.
 * Crew below deck cannot attack or be attacked with hand weapons (they work the cannons).
 * `steer { actor, by: [dx, dy], heading? }` at the helm (Primary action) moves the ship and everyone aboard
 * up to its Movement (masts, propeller and wings lower it: ship-model shipMovement). With `heading` (N, E, S,
 * W) the helmsman also turns the bow (ruling OUT-SHIP-3): each quarter turn (90°) uses 1 cell of that
 * Movement; the deck stays where it lies on the grid, only which edge is the bow (and so which side each
 * cannon fires to, OUT-SHIP-2) changes. A turn alone is `by: [0, 0]`.
 * At each round's end a ship without Wings sinks 1 level (OUT-SHIP-1); at 0 it is grounded.
 */
import { cellKey, inBounds } from '../../engine/space/grid.ts';
import { fail, type Command, type GridMap, type Resolution, type Unit } from '../../engine/index.ts';
import { dataOf, type Station } from './model.ts';
import { aboard, HEADINGS, lost, quarterTurns, shipList, shipMovement, shipOf, type Heading, type Ship } from './ship-model.ts';
import { surroundings } from './terrain.ts';
import { spendSlot } from './turn.ts';

export const STATIONS: Station[] = ['deck', 'catapult', 'left_cannon', 'right_cannon', 'helm'];
const BELOW: Station[] = ['left_cannon', 'right_cannon'];

export function stationBlocker(state: Resolution['state'], u: Resolution['state']['units'][string], to: Station): string | null {
  const ship = shipOf(state, u);
  if (!ship || ship.wrecked) return `${u.name} is not aboard a ship`;
  const from = dataOf(u).station ?? 'deck';
  if (from === to) return `${u.name} is already at the ${to.replace('_', ' ')}`;
  if (to !== 'deck' && aboard(state, ship).some((o) => o.id !== u.id && o.status === 'active' && dataOf(o).station === to)) return `someone already works the ${to.replace('_', ' ')}`;
  const sprint = BELOW.includes(from) || BELOW.includes(to);
  if (BELOW.includes(from) && BELOW.includes(to)) return 'from one cannon zone to the other is two sprints: go to the deck first';
  if (sprint && u.pools.movement.value < u.pools.movement.max) return `getting below deck or back is a sprint: ${u.name} needs its whole Movement`;
  return null;
}

export function stationCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const to = cmd.station as Station;
  if (!STATIONS.includes(to)) fail('command/bad_station', `station must be one of ${STATIONS.join(', ')}`, 'station');
  const why = stationBlocker(ctx.state, u, to);
  if (why) fail('action/station', `${why} [OUT-SHIP-3]`, 'station');
  const from = dataOf(u).station ?? 'deck';
  if (BELOW.includes(from) || BELOW.includes(to)) ctx.changePool(u.id, 'movement', -u.pools.movement.value, 'spend', { rule: 'OUT-SHIP-3' });
  ctx.setData(u.id, 'station', to);
  ctx.note(() => `${u.name} takes the ${to.replace('_', ' ')} station${BELOW.includes(from) || BELOW.includes(to) ? ' (a sprint: its Movement is spent)' : ''} [OUT-SHIP-3]`);
}

/** Why the helmsman cannot steer the ship by (dx, dy) now, or null (shared with legalActions). */
/** What a steer's deck must keep clear of, the same for every steer of one ship at one moment (listing asks for dozens). */
export interface SteerWorld {
  crewIds: Set<string>;
  others: Ship[];
}

export function steerWorld(state: Resolution['state'], ship: Ship): SteerWorld {
  return { crewIds: new Set(aboard(state, ship).map((c) => c.id)), others: shipList(state).filter((s) => s.id !== ship.id && !s.wrecked) };
}

export function steerBlocker(state: Resolution['state'], u: Unit, dx: number, dy: number, heading?: Heading, world?: SteerWorld): string | null {
  const ship = shipOf(state, u);
  if (!ship || ship.wrecked || dataOf(u).station !== 'helm') return `${u.name} is not at a ship's helm [OUT-SHIP-3]`;
  if ((u.pools.primary?.value ?? 0) < 1) return `${u.name} has used its Primary action`;
  const { value, why } = shipMovement(ship);
  const steps = Math.max(Math.abs(dx), Math.abs(dy));
  const turns = heading ? quarterTurns(ship.heading, heading) : 0;
  if (steps === 0 && turns === 0) return heading ? `${ship.name} already heads ${heading}: steer by at least one cell` : 'steer by at least one cell';
  if (surroundings(state) === 'sky' && ship.altitude <= 0) return `${ship.name} has sunk to the ground and cannot be steered [OUT-SHIP-1]`;
  if (steps + turns > value) {
    const turning = turns ? ` (${steps} cell${steps === 1 ? '' : 's'} + ${turns} for turning ${turns === 1 ? 'a quarter' : 'about'})` : '';
    return `${ship.name} moves ${value} cells a steer${why.length ? ` (${why.join(', ')})` : ''}; that is ${steps + turns}${turning} [OUT-SHIP-1, OUT-SHIP-3]`;
  }
  if (steps === 0) return null;
  const map = state.map as GridMap;
  const { crewIds, others } = world ?? steerWorld(state, ship);
  const to = { x: ship.at.x + dx, y: ship.at.y + dy };
  const x1 = to.x + ship.size.w;
  const y1 = to.y + ship.size.h;
  const inside = (x: number, y: number) => x >= to.x && y >= to.y && x < x1 && y < y1;
  const inWay = (o: Unit) => !crewIds.has(o.id) && o.position !== undefined && (o.status === 'active' || o.status === 'down');
  // the whole new deck at once: on the map, clear of other ships' decks and of everyone not aboard
  const clear =
    to.x >= 0 && to.y >= 0 && x1 <= map.width && y1 <= map.height &&
    !others.some((s) => s.at.x < x1 && s.at.y < y1 && s.at.x + s.size.w > to.x && s.at.y + s.size.h > to.y) &&
    !state.unitOrder.some((id) => inWay(state.units[id]) && inside(state.units[id].position!.x, state.units[id].position!.y));
  if (clear) return null;
  // something is in the way: the first cell that says what (column by column)
  for (let x = to.x; x < x1; x++) {
    for (let y = to.y; y < y1; y++) {
      const c = { x, y };
      if (!inBounds(map, c)) return `${ship.name} would leave the map`;
      if (others.some((s) => x >= s.at.x && y >= s.at.y && x < s.at.x + s.size.w && y < s.at.y + s.size.h)) return `${ship.name} would ram another ship`;
      const other = state.unitOrder.map((id) => state.units[id]).find((o) => inWay(o) && cellKey(o.position!) === cellKey(c));
      if (other) return `${other.name} is in the way`;
    }
  }
  return null;
}

export function steerCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const by = cmd.by;
  if (!Array.isArray(by) || by.length !== 2 || !by.every((n) => Number.isInteger(n))) fail('command/bad_vector', '"by" must be [dx, dy]', 'by');
  const [dx, dy] = by as number[];
  const heading = cmd.heading;
  if (heading !== undefined && !HEADINGS.includes(heading as Heading)) fail('command/bad_heading', `heading must be one of ${HEADINGS.join(', ')}`, 'heading');
  const why = steerBlocker(ctx.state, u, dx, dy, heading as Heading | undefined);
  if (why) fail('action/cannot_steer', why, 'by');
  const ship = shipOf(ctx.state, u)!;
  const crew = aboard(ctx.state, ship);
  spendSlot(ctx, u, 'primary');
  if (heading !== undefined && heading !== ship.heading) ctx.emit({ type: 'outerah:ship.set', ship: ship.id, key: 'heading', value: heading as Heading });
  if (dx !== 0 || dy !== 0) {
    const to = { x: ship.at.x + dx, y: ship.at.y + dy };
    ctx.emit({ type: 'outerah:ship.moved', ship: ship.id, from: ship.at, to });
    for (const c of crew) ctx.emit({ type: 'unit.moved', unit: c.id, from: c.position, to: { x: c.position!.x + dx, y: c.position!.y + dy }, forced: `carried aboard ${ship.name}` });
  }
  if (lost(ship, 'wings')) ctx.note(() => `Steering ${ship.name} without its Wings: a Minus Charge on its Movement [OUT-SHIP-1]`);
}

/** Round end: a ship without Wings sinks a level. */
export function shipsRoundEnd(ctx: Resolution): void {
  for (const ship of shipList(ctx.state)) {
    if (ship.wrecked || !lost(ship, 'wings') || ship.altitude <= 0) continue;
    const altitude = ship.altitude - 1;
    ctx.emit({ type: 'outerah:ship.set', ship: ship.id, key: 'altitude', value: altitude });
    ctx.note(() => `${ship.name} has no Wings: it sinks to altitude ${altitude}${altitude === 0 ? ' and is grounded' : ''} [OUT-SHIP-1]`);
  }
}
