/**
 * Space and the open sky (OUT-SPACE-1, OUT-SPACE-2, OUT-SHIP-2):
 *  - in space, outside every gravity field (a ship's deck and `gravity` cells around it, or `gravity`
 *    cells) Movement is halved (terrain.ts: such a step costs 2); inside a field it is normal;
 *  - a unit shoved or pushed out of every field drifts: at the start of each of its turns it is carried one
 *    cell further the same way and cannot walk (nothing to push off); a field or an obstacle stops it; past
 *    the map's edge it is lost in the void (ruling: status fled);
 *  - in the sky a unit without wings shoved into open air falls: fall damage for the altitude of the ship it
 *    fell from (off no deck: the nearest ship's), and it is out of the battle (ruling: fled — far below);
 *    so does a winged unit that goes down there (flight.ts);
 *  - hookshot (`hookshot { actor, at, mode }`, Secondary action, 8 cells, ruling): grapple a ship's deck or
 *    a structure (blocking terrain or a `structure` cell) and Pull the user along the line to it, or repel:
 *    the user is Pushed 3 cells straight away from it (ruling), drifting on if that leaves every field.
 */
import { knockback } from '../../engine/space/area.ts';
import { cellKey, distance, hasTag, inBounds, terrainAt } from '../../engine/space/grid.ts';
import { lineCells } from '../../engine/space/line.ts';
import { fail, type Cell, type Command, type EncounterState, type GridMap, type Resolution, type Unit } from '../../engine/index.ts';
import { fallDamage } from './falls.ts';
import { dataOf, flies } from './model.ts';
import { carriedRider, carryPartner, moverOf, riddenMount } from './mount-model.ts';
import { parseCell, takenCells } from './move.ts';
import { distanceToShip, shipAt, shipList, type Ship } from './ship-model.ts';
import { inGravity, isOpenAir, surroundings } from './terrain.ts';
import { spendSlot } from './turn.ts';

export const HOOKSHOT_RANGE = 8;
export const REPEL_CELLS = 3;

const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

/**
 * After a unit was forced from → to (Shove, repel, thrown from the saddle): drift in space, a fall in the sky.
 * A rider and the mount under it were moved together and go on as the mount does (OUT-MNT-1): a winged mount
 * holds both in open air; a mount without wings falls out from under its rider (ruling), who stays aloft only
 * on wings of its own. Drifting, the rider keeps the turns and the mount drifts under it.
 */
export function afterForcedMove(ctx: Resolution, u: Unit, from: Cell, to: Cell): void {
  const place = surroundings(ctx.state);
  const mount = riddenMount(ctx.state, u) ?? (carriedRider(ctx.state, u) ? u : undefined);
  const rider = mount ? (mount.id === u.id ? carriedRider(ctx.state, u)! : u) : undefined;
  if (place === 'space' && !inGravity(ctx.state, to)) {
    const hold = handhold(ctx.state, to);
    // ruling OUT-SPACE-1: pushed along a wreck or onto a structure, it fetches up against something to hold
    if (hold) ctx.note(() => `${(rider ?? u).name} is pushed out of every gravity field onto ${hold} at (${to.x}, ${to.y}) and catches hold: it does not drift [OUT-SPACE-1]`);
    else startDrift(ctx, rider ?? u, from, to);
  } else if (place === 'sky') overOpenAir(ctx, u, from, to, PUSHED_OFF);
}

/** How a unit came to be over open air, for the log and the fall (overOpenAir). */
export interface OverOpenAir {
  how: string;
  why: string;
  rules?: string;
}

const PUSHED_OFF: OverOpenAir = { how: 'pushed off into open air', why: 'off the ship' };
const PULLED_SHORT: OverOpenAir = { how: "left in open air where the hookshot's pull stops short", why: "the hookshot's pull stopped short", rules: 'OUT-SPACE-2, OUT-SPACE-1' };

/**
 * A unit moved from → to in the sky (forced, or hooked): left in open air with no wings to hold it — its own, or its
 * mount's under it — it falls (OUT-SPACE-1): fall damage for the altitude of the ship it left (fallHeight), then out
 * of the battle. A mount without wings falls out from under its rider (ruling), who stays aloft only on wings of
 * its own. Anywhere else, nothing.
 */
export function overOpenAir(ctx: Resolution, u: Unit, from: Cell, to: Cell, words: OverOpenAir): void {
  const mount = riddenMount(ctx.state, u) ?? (carriedRider(ctx.state, u) ? u : undefined);
  const rider = mount ? (mount.id === u.id ? carriedRider(ctx.state, u)! : u) : undefined;
  if (!isOpenAir(ctx.state, to) || flies(moverOf(ctx.state, rider ?? u))) return;
  const levels = fallHeight(ctx.state, from);
  if (!mount || !rider) {
    ctx.note(() => `${u.name} is ${words.how} and falls [${words.rules ?? 'OUT-SHIP-2'}]`);
    fallFromSky(ctx, u, levels, words.why);
    return;
  }
  // ruling OUT-MNT-1: the pair is where the mount cannot fly; the rider is no longer carried
  ctx.setData(rider.id, 'mount', { unit: mount.id, state: 'beside' });
  if (flies(rider)) ctx.note(() => `${mount.name} has no wings and drops away from under ${rider.name}, who spreads its own and stays aloft [${words.rules ?? 'OUT-MNT-1, OUT-SPACE-1'}]`);
  else {
    ctx.note(() => `${rider.name} and ${mount.name} are ${words.how} and fall [${words.rules ?? 'OUT-MNT-1, OUT-SPACE-1'}]`);
    fallFromSky(ctx, ctx.unit(rider.id), levels, words.why);
  }
  fallFromSky(ctx, ctx.unit(mount.id), levels, words.why);
}

/** A unit forced from → to out of every gravity field drifts on that way (OUT-SPACE-1); its mount drifts under it. */
export function startDrift(ctx: Resolution, u: Unit, from: Cell, to: Cell): void {
  const drift = { dx: sign(to.x - from.x), dy: sign(to.y - from.y) };
  ctx.setData(u.id, 'drift', drift);
  const mount = riddenMount(ctx.state, u);
  ctx.note(() => `${u.name}${mount ? ` (on ${mount.name})` : ''} is out of every gravity field: it drifts away [OUT-SPACE-1]`);
}

/**
 * How far a unit going over into open air from `from` falls (rulings OUT-SPACE-1, OUT-MNT-2): the altitude of
 * the ship under `from`, else of the nearest ship (first listed among equals); 10 with no ship at all.
 */
export function fallHeight(state: EncounterState, from: Cell): number {
  const under = shipAt(state, from);
  if (under) return under.altitude;
  let best: { altitude: number; d: number } | undefined;
  for (const s of shipList(state)) {
    const d = distanceToShip(s, from);
    if (!best || d < best.d) best = { altitude: s.altitude, d };
  }
  return best?.altitude ?? 10;
}

/**
 * A unit that cannot hold itself up in open air (no wings, or down: model `flies`) falls out of the sky
 * (OUT-SPACE-1, OUT-SHIP-2): fall damage for `levels`, and it is out of the battle (ruling: fled — far
 * below), whatever the dice leave of it.
 */
export function fallFromSky(ctx: Resolution, u: Unit, levels: number, why: string): void {
  fallDamage(ctx, u, levels, 'OUT-SHIP-2', why);
  const now = ctx.unit(u.id);
  if (now.status === 'active' || now.status === 'down') ctx.emit({ type: 'unit.status', unit: u.id, status: 'fled', cause: 'fell from the sky', rule: 'OUT-SHIP-2' });
}

/** Start of a drifting unit's turn: one more cell the same way. */
export function driftOn(ctx: Resolution, id: string): void {
  const u = ctx.unit(id);
  const drift = dataOf(u).drift as { dx: number; dy: number } | undefined;
  if (!drift || u.status !== 'active') return;
  const next = { x: u.position!.x + drift.dx, y: u.position!.y + drift.dy };
  const map = ctx.state.map as GridMap;
  const mount = riddenMount(ctx.state, u);
  if (!inBounds(map, next)) {
    ctx.setData(u.id, 'drift', undefined);
    ctx.emit({ type: 'unit.status', unit: u.id, status: 'fled', cause: 'drifted off into the void', rule: 'OUT-SPACE-1' });
    if (mount) ctx.emit({ type: 'unit.status', unit: mount.id, status: 'fled', cause: 'drifted off into the void with its rider', rule: 'OUT-SPACE-1' });
    return;
  }
  if (terrainAt(map, next).blocksMove || takenCells(ctx.state, u).has(cellKey(next))) {
    ctx.setData(u.id, 'drift', undefined);
    ctx.note(() => `${u.name} bumps into something and stops drifting [OUT-SPACE-1]`);
    return;
  }
  ctx.emit({ type: 'unit.moved', unit: u.id, from: u.position, to: next, forced: 'carried by the drift' });
  carryPartner(ctx, u, next);
  const hold = handhold(ctx.state, next);
  if (inGravity(ctx.state, next)) {
    ctx.setData(u.id, 'drift', undefined);
    ctx.note(() => `${u.name} drifts into a gravity field and finds its feet [OUT-SPACE-1]`);
  } else if (hold) {
    ctx.setData(u.id, 'drift', undefined);
    ctx.note(() => `${u.name} drifts onto ${hold} at (${next.x}, ${next.y}) and catches hold: it drifts no further [OUT-SPACE-1, OUT-SPACE-2]`);
  } else ctx.note(() => `${u.name} drifts on to (${next.x}, ${next.y}) [OUT-SPACE-1]`);
}

/**
 * The ship whose deck is at `c` and still on the map: in the sky a wreck has fallen out of it (ruling OUT-SHIP-1),
 * so its cells are open air with nothing to stand on or grapple; in space a wreck stays where it broke.
 */
export function deckThere(state: EncounterState, c: Cell): Ship | undefined {
  const ship = shipAt(state, c);
  return ship && !(ship.wrecked && surroundings(state) === 'sky') ? ship : undefined;
}

/**
 * What a drifting body catches hold of at `c` (ruling OUT-SPACE-1), named for the log: a ship's deck, a wreck's
 * included, or a `structure` cell — what a hook grapples (OUT-SPACE-2) — where there is no gravity to do it.
 */
export function handhold(state: EncounterState, c: Cell): string | undefined {
  const ship = deckThere(state, c);
  if (ship) return ship.wrecked ? `the wreck of ${ship.name}` : `${ship.name}'s deck`;
  return hasTag(state.map as GridMap, c, 'structure') ? 'a structure' : undefined;
}

/** In space, a cell where a body stays put: in a gravity field, or against a handhold (ruling OUT-SPACE-1). */
export const staysPut = (state: EncounterState, c: Cell): boolean => inGravity(state, c) || handhold(state, c) !== undefined;

/** Something a hook can grapple: a ship's deck still on the map (a fallen wreck is not), a wall, a `structure` cell. */
export function grapplable(state: EncounterState, c: Cell): boolean {
  const map = state.map as GridMap;
  return inBounds(map, c) && (deckThere(state, c) !== undefined || terrainAt(map, c).blocksMove === true || hasTag(map, c, 'structure'));
}

/** Why `u` cannot fire its hookshot at `at` now (the command and legalActions share it), or null. */
export function hookshotBlocker(state: EncounterState, u: Unit, at: Cell): { code: string; message: string; field?: string } | null {
  if (!dataOf(u).hookshot) return { code: 'action/no_hookshot', message: `${u.name} carries no hookshot [OUT-SPACE-2]` };
  if (!grapplable(state, at)) return { code: 'action/nothing_to_grapple', message: `nothing at (${at.x}, ${at.y}) for the hook to grapple [OUT-SPACE-2]`, field: 'at' };
  const d = distance(u.position!, at);
  if (d > HOOKSHOT_RANGE || d === 0) return { code: 'action/out_of_range', message: `(${at.x}, ${at.y}) is ${d} cells away; the hookshot reaches ${HOOKSHOT_RANGE}`, field: 'at' };
  return null;
}

export function hookshotCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  if (!dataOf(u).hookshot) fail('action/no_hookshot', `${u.name} carries no hookshot [OUT-SPACE-2]`);
  const at = parseCell(cmd, 'at');
  if (cmd.mode !== 'pull' && cmd.mode !== 'push') fail('command/bad_mode', 'mode must be pull or push', 'mode');
  const why = hookshotBlocker(ctx.state, u, at);
  if (why) fail(why.code, why.message, why.field);
  spendSlot(ctx, u, 'secondary');
  const taken = takenCells(ctx.state, u);
  const map = ctx.state.map as GridMap;
  const from = u.position!;
  if (cmd.mode === 'pull') {
    // ruling OUT-SPACE-2: along the line onto the grappled cell itself when one can be there (a deck, a `structure`
    // cell: a handhold), against it when it is a wall; someone or something in the way stops the pull short
    let end = from;
    let stop: Cell | undefined;
    for (const c of lineCells(from, at)) {
      if (taken.has(cellKey(c)) || terrainAt(map, c).blocksMove) {
        stop = c;
        break;
      }
      end = c;
    }
    if (dataOf(u).drift) ctx.setData(u.id, 'drift', undefined);
    if (end !== from) {
      ctx.emit({ type: 'unit.moved', unit: u.id, from, to: end, forced: 'pulled by the hookshot' });
      carryPartner(ctx, u, end);
    }
    const inTheWay = stop && ctx.state.unitOrder.map((id) => ctx.state.units[id]).find((o) => o.position && cellKey(o.position) === cellKey(stop) && taken.has(cellKey(stop)));
    const where = !stop
      ? `onto ${handhold(ctx.state, at) ?? 'the cell'} it grapples`
      : stop.x === at.x && stop.y === at.y && !inTheWay
        ? 'up against the wall it grapples'
        : `short of it: ${inTheWay ? inTheWay.name : `an obstacle at (${stop.x}, ${stop.y})`} is in the way`;
    ctx.note(() => `${u.name}'s hookshot grapples (${at.x}, ${at.y}) and pulls it to (${end.x}, ${end.y}), ${where} [OUT-SPACE-2]`);
    // ruling OUT-SPACE-2: the hook pulls, it does not hold up; stopped short over open air, the wingless fall
    if (end !== from && surroundings(ctx.state) === 'sky') overOpenAir(ctx, ctx.unit(u.id), from, end, PULLED_SHORT);
    return;
  }
  const kb = knockback(map, at, from, REPEL_CELLS, (c) => taken.has(cellKey(c)));
  const end = kb.cells.at(-1);
  ctx.note(() => `${u.name} repels off (${at.x}, ${at.y}): treated as a Push [OUT-SPACE-2]`);
  if (!end) return;
  ctx.emit({ type: 'unit.moved', unit: u.id, from, to: end, forced: 'pushed off by the hookshot (a Push)' });
  carryPartner(ctx, u, end);
  afterForcedMove(ctx, ctx.unit(u.id), from, end);
}
