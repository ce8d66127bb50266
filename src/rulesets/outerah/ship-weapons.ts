/**
 * The ship's mechanical weapons (OUT-SHIP-2), worked from the battle stations (OUT-SHIP-3).
 * Cannon (one in each cannon zone): (tier)d10 + 3 × tier, no Strength (a machine's shot); full damage up
 *   to 25 cells, half from 26 to 50 (ruling: the text's "[25 Cells / 50 Cells]" and "full up to 25" agree,
 *   "half past 20" is the odd one out); double against Tiny and Huge units. "1 Turn to place the cannon":
 *   `load_cannon` takes the gunner's Primary action, and the cannon fires (`fire_cannon`) on a later turn.
 *   A shot at a unit is a hit check by the gunner as usual; at a section as in ship-damage.ts.
 *   Arcs (ruling): the cannons are on the ship's sides. The left cannon fires only to port, the right only
 *   to starboard, given the ship's `heading`: into the quarter past that side of the deck, between the
 *   diagonals from its corners (at least as far out to the side as ahead of the bow or behind the stern), at
 *   a unit there or a ship some of whose deck is there. Ahead, astern and on the deck itself no cannon bears
 *   (`action/out_of_arc`).
 * Catapult (at the catapult station): range 5 to 25 cells, +5 per tier above 1. `enchant_orb` (a caster's
 *   Primary action) puts an attack or debuff skill in an orb; on a later turn `launch` fires it (Primary
 *   action) and the skill strikes the unit it lands on, with the caster's numbers. `launch` can also throw a
 *   willing ally of Medium size or less to a free cell on the map, not a wall (fall damage for the height,
 *   ruling: the ship's altitude above where it lands, at least 1 level; into open air in the sky, ruling —
 *   "Hope you have wings!" — it falls like one shoved off a deck: fall damage for the ship's altitude, then
 *   out of the battle; with wings it stays aloft unhurt; in space, ruling: out of every gravity field it drifts
 *   away the way it flew, into one it lands for 1 level — there is no height to fall) or an item box to an ally (with balloons it
 *   slow-falls to them; ruling: without balloons the box smashes and its contents are lost). A rider, or a mount
 *   carrying one, is not launched (ruling: dismount first). Every check a launch makes is a blocker the command
 *   and legalActions share (catapultBlocker, orbLaunchBlocker, unitLaunchBlocker, landingBlocker, boxLaunchBlocker).
 */
import { cellKey, distance, inBounds, terrainAt } from '../../engine/space/grid.ts';
import { fail, type Cell, type Command, type EncounterState, type GridMap, type Json, type Resolution, type Unit } from '../../engine/index.ts';
import { effectOrderOf } from './skill-effects.ts';
import { fallDamage } from './falls.ts';
import { parseCell, takenCells } from './move.ts';
import { riddenMount, riderOf } from './mount-model.ts';
import { canBeTargeted, dataOf } from './model.ts';
import { turnKey } from './pets.ts';
import { sectionOrFail, shipOrFail, strikeSection } from './ship-damage.ts';
import { broadside, distanceToShip, inCannonArc, shipAt, shipInCannonArc, shipOf, SIDE_NAMES, type CannonSide, type Ship } from './ship-model.ts';
import { isOpenAir, surroundings } from './terrain.ts';
import { fallFromSky, startDrift, staysPut } from './space.ts';
import { skillOf } from './skills.ts';
import { skillSpec, strikeSpec, type StrikeSpec } from './spec.ts';
import { strikeArea } from './skill-area.ts';
import { resolveStrike } from './strike.ts';
import { attackBlocker, orFail, targetOf, type Blocker } from './targeting.ts';
import { react } from './triggers.ts';
import { spendSlot } from './turn.ts';

export const CANNON_FULL = 25;
export const CANNON_MAX = 50;
export const CATAPULT_MIN = 5;

export const catapultRange = (tier: number): number => 25 + 5 * (tier - 1);

function stationed(state: EncounterState, u: Unit, stations: string[]): Ship {
  const ship = shipOf(state, u);
  const st = dataOf(u).station;
  if (!ship || ship.wrecked || !st || !stations.includes(st)) fail('action/not_at_station', `${u.name} is not at the ${stations.join(' or ').replace(/_/g, ' ')} station of a ship [OUT-SHIP-3]`);
  return ship;
}

const cannonSide = (u: Unit): CannonSide => (dataOf(u).station === 'left_cannon' ? 'left' : 'right');

const COMPASS = { N: 'north', E: 'east', S: 'south', W: 'west' } as const;

const arcMessage = (ship: Ship, side: CannonSide, what: string) =>
  `${ship.name}'s ${SIDE_NAMES[side]} cannon fires only to ${side === 'left' ? 'port' : 'starboard'} — ${COMPASS[broadside(ship, side)]} of the deck, in its quarter, while ${ship.name} heads ${ship.heading}: ${what} is not there [OUT-SHIP-2]`;

/**
 * Why the gunner's cannon cannot fire at the ship `foe` now (the command and legalActions share it): its
 * own side, range, and the arc of its side of the ship (ruling OUT-SHIP-2).
 */
export function cannonShipBlocker(ship: Ship, side: CannonSide, u: Unit, foe: Ship): Blocker | null {
  if (foe.id === ship.id) return { code: 'action/bad_target', message: `${u.name} cannot fire ${ship.name}'s cannon at ${ship.name}` };
  const dist = distanceToShip(foe, u.position!);
  if (dist > CANNON_MAX) return { code: 'action/out_of_range', message: `${foe.name} is ${dist} cells away; a cannon reaches ${CANNON_MAX}` };
  if (!shipInCannonArc(ship, side, foe)) return { code: 'action/out_of_arc', message: arcMessage(ship, side, foe.name) };
  return null;
}

/** Why the gunner's cannon cannot fire at the unit `t` now (shared with legalActions). */
export function cannonUnitBlocker(state: EncounterState, ship: Ship, side: CannonSide, u: Unit, t: Unit, spec: StrikeSpec): Blocker | null {
  // a gunner below deck fires through the gun port: only the target's own status and range matter
  const b = attackBlocker(state, { ...u, data: { ...u.data, station: 'deck' } }, t, spec);
  if (b) return b;
  if (!inCannonArc(ship, side, t.position!)) return { code: 'action/out_of_arc', message: arcMessage(ship, side, `${t.name} at (${t.position!.x}, ${t.position!.y})`) };
  return null;
}

export function loadCannonCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const ship = stationed(ctx.state, u, ['left_cannon', 'right_cannon']);
  const side = cannonSide(u);
  if (!ship.cannons) fail('action/no_cannon', `${ship.name} carries no cannons`);
  if (ship.cannons[side].loaded) fail('action/loaded', `the ${side} cannon is already loaded`);
  spendSlot(ctx, u, 'primary');
  ctx.emit({ type: 'outerah:ship.set', ship: ship.id, key: 'cannon', value: { side, loaded: true, turn: turnKey(ctx.state) } });
  ctx.setData(u.id, 'loadedTurn', turnKey(ctx.state));
  ctx.note(() => `${u.name} places a ball in ${ship.name}'s ${side} cannon: it can fire from the next turn [OUT-SHIP-2]`);
}

/** The cannon's shot as a strike: dice and flat by tier, ×2 on Tiny/Huge, ×½ past 25 cells. */
export function cannonSpec(tier: number, dist: number, target?: Unit): StrikeSpec {
  const factors: { name: string; factor: number }[] = [];
  if (target && (dataOf(target).size === 'tiny' || dataOf(target).size === 'huge')) factors.push({ name: `${dataOf(target).size} target`, factor: 2 });
  if (dist > CANNON_FULL) factors.push({ name: `past ${CANNON_FULL} cells`, factor: 0.5 });
  return strikeSpec({
    name: `Cannon (tier ${tier})`, magical: false, element: 'neutral', dice: `${tier}d10`, improvised: false, upgrades: 0, delivery: 'projectile',
    range: CANNON_MAX, armorPiercing: false, bypassHalfCover: false, noStatBonus: 'a cannon shot', flat: [{ name: `3 × tier ${tier}`, value: 3 * tier }],
    factors: factors.length ? factors : undefined,
  });
}

export function fireCannonCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const ship = stationed(ctx.state, u, ['left_cannon', 'right_cannon']);
  const side = cannonSide(u);
  const cannon = ship.cannons?.[side];
  if (!cannon?.loaded) fail('action/not_loaded', `the ${side} cannon is not loaded: load_cannon first [OUT-SHIP-2]`);
  if (dataOf(u).loadedTurn === turnKey(ctx.state)) fail('action/loading', 'the cannon was loaded this turn: it fires from the next one [OUT-SHIP-2]');
  if (cmd.ship !== undefined) {
    const foe = shipOrFail(ctx.state, cmd.ship);
    const section = sectionOrFail(foe, cmd.section);
    orFail(cannonShipBlocker(ship, side, u, foe), 'ship');
    const dist = distanceToShip(foe, u.position!);
    spendSlot(ctx, u, 'primary');
    ctx.emit({ type: 'outerah:ship.set', ship: ship.id, key: 'cannon', value: { side, loaded: false } });
    const spec = cannonSpec(cannon.tier, dist);
    strikeSection(ctx, u, foe, section, spec, spec.dice!);
    return;
  }
  const t = targetOf(ctx, cmd.target);
  const dist = distance(u.position!, t.position!);
  const spec = cannonSpec(cannon.tier, dist, t);
  orFail(cannonUnitBlocker(ctx.state, ship, side, u, t, spec));
  spendSlot(ctx, u, 'primary');
  ctx.emit({ type: 'outerah:ship.set', ship: ship.id, key: 'cannon', value: { side, loaded: false } });
  resolveStrike(ctx, u, t, spec);
  react(ctx, t.id, u.id);
}


export function enchantOrbCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const ship = stationed(ctx.state, u, ['catapult']);
  const k = skillOf(u, cmd.skill);
  if (k.kind !== 'attack' && k.kind !== 'debuff') fail('action/bad_skill', `${k.name} cannot be put in an orb (attack or debuff skills)`, 'skill');
  if (ship.catapult?.orb) fail('action/orb_ready', 'an enchanted orb is already in the catapult');
  if (!ship.catapult) fail('action/no_catapult', `${ship.name} has no catapult`);
  spendSlot(ctx, u, 'primary');
  ctx.emit({ type: 'outerah:ship.set', ship: ship.id, key: 'orb', value: { caster: u.id, skill: k.id, round: ctx.state.turn.round, turn: turnKey(ctx.state) } as unknown as Json });
  ctx.note(() => `${u.name} enchants a blank orb with ${k.name}; it can be launched from the next turn [OUT-SHIP-2]`);
}

/** Why the catapult cannot reach `to` from `from`: 5 to 25 cells, +5 a tier (OUT-SHIP-2). */
function catapultRangeBlocker(ship: Ship, from: Cell, to: Cell): LaunchBlocker | null {
  const d = distance(from, to);
  const max = catapultRange(ship.catapult!.tier);
  if (d < CATAPULT_MIN || d > max) return { code: 'action/out_of_range', message: `the catapult throws ${CATAPULT_MIN} to ${max} cells; that is ${d} [OUT-SHIP-2]`, field: 'to' };
  return null;
}

/** A launch refused: the code, the message and the command field at fault. */
export type LaunchBlocker = Blocker & { field?: string };

/** Why `u` cannot work a catapult now (not at one, none aboard), or its ship (shared with legalActions). */
export function catapultBlocker(state: EncounterState, u: Unit): LaunchBlocker | Ship {
  // the station first: most who ask are not at a catapult, and then no ship need be looked for (the same answer)
  const ship = dataOf(u).station === 'catapult' ? shipOf(state, u) : undefined;
  if (!ship || ship.wrecked) return { code: 'action/not_at_station', message: `${u.name} is not at the catapult station of a ship [OUT-SHIP-3]` };
  if (!ship.catapult) return { code: 'action/no_catapult', message: `${ship.name} has no catapult` };
  return ship;
}

/** Why the orb in the catapult cannot be launched at `t` now (the command and legalActions share it). */
export function orbLaunchBlocker(state: EncounterState, u: Unit, ship: Ship, t: Unit): LaunchBlocker | null {
  const orb = ship.catapult?.orb as { caster: string; skill: string; turn?: string } | undefined;
  if (!orb) return { code: 'action/no_orb', message: 'no enchanted orb in the catapult: enchant_orb first' };
  if (orb.turn === turnKey(state)) return { code: 'action/enchanting', message: 'the orb was enchanted this turn: launch it on the next [OUT-SHIP-2]' };
  if (!t.position) return { code: 'action/bad_target', message: `${t.name} is not on the map`, field: 'target' };
  const range = catapultRangeBlocker(ship, u.position!, t.position);
  if (range) return { ...range, field: 'target' };
  if (t.side === u.side || t.status !== 'active') return { code: 'action/bad_target', message: `${t.name} is not an enemy in the fight`, field: 'target' };
  if (!canBeTargeted(state, u, t)) return { code: 'action/hidden_target', message: `${t.name} is Hidden and cannot be found [OUT-OPEN-2]`, field: 'target' };
  return null;
}

/** Why `who` cannot be put in the catapult now, wherever it would land (shared with legalActions). */
export function unitLaunchBlocker(state: EncounterState, u: Unit, who: Unit): LaunchBlocker | null {
  const size = dataOf(who).size;
  if (who.side !== u.side || who.status !== 'active' || who.id === u.id || !who.position) return { code: 'action/bad_target', message: `${who.name} is not a willing ally`, field: 'unit' };
  if (size === 'large' || size === 'huge') return { code: 'action/too_big', message: `${who.name} is ${size}: the catapult takes Medium or smaller [OUT-SHIP-2]`, field: 'unit' };
  if (distance(u.position!, who.position) > 1) return { code: 'action/not_adjacent', message: `${who.name} must stand at the catapult, next to ${u.name}`, field: 'unit' };
  const mount = riddenMount(state, who);
  if (mount) return { code: 'action/mounted', message: `${who.name} rides ${mount.name}: it must dismount to be launched [OUT-SHIP-2, OUT-MNT-1]`, field: 'unit' };
  const rider = riderOf(state, who);
  if (rider && riddenMount(state, rider)?.id === who.id) return { code: 'action/mounted', message: `${who.name} carries ${rider.name}: it cannot be launched with a rider on it [OUT-SHIP-2, OUT-MNT-1]`, field: 'unit' };
  return null;
}

/**
 * Why `who` cannot be launched to `cell` (shared with legalActions): the catapult's range, the map, a wall,
 * someone there. Open air is no reason (ruling OUT-SHIP-2: the unit falls unless it has wings).
 */
export function landingBlocker(state: EncounterState, u: Unit, ship: Ship, who: Unit, cell: Cell, taken: Set<string> = takenCells(state, who)): LaunchBlocker | null {
  const range = catapultRangeBlocker(ship, u.position!, cell);
  if (range) return range;
  const map = state.map as GridMap;
  if (!inBounds(map, cell)) return { code: 'action/out_of_bounds', message: `(${cell.x}, ${cell.y}) is off the map`, field: 'to' };
  if (terrainAt(map, cell).blocksMove) return { code: 'action/blocked', message: `(${cell.x}, ${cell.y}) is a wall: there is nowhere to land [OUT-SHIP-2]`, field: 'to' };
  if (taken.has(cellKey(cell))) return { code: 'action/occupied', message: 'someone stands there', field: 'to' };
  return null;
}

/** Why `count` of `item` cannot go to `t` in an item box (shared with legalActions). */
export function boxLaunchBlocker(state: EncounterState, u: Unit, ship: Ship, t: Unit, item: string, count: number): LaunchBlocker | null {
  if (t.side !== u.side || (t.status !== 'active' && t.status !== 'down') || !t.position) return { code: 'action/bad_target', message: `${t.name} is not an ally in the fight`, field: 'target' };
  const have = dataOf(u).items[item] ?? 0;
  if (!Number.isInteger(count) || count < 1 || count > have) return { code: 'action/no_item', message: `${u.name} has ${have} ${item}`, field: 'item' };
  const range = catapultRangeBlocker(ship, u.position!, t.position);
  return range ? { ...range, field: 'target' } : null;
}

const orFailLaunch = (b: LaunchBlocker | null): void => {
  if (b) fail(b.code, b.message, b.field);
};

export function launchCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const at = catapultBlocker(ctx.state, u);
  if ('code' in at) return orFailLaunch(at);
  const ship = at;
  const payload = cmd.payload;
  if (payload === 'orb') {
    const t = targetOf(ctx, cmd.target);
    orFailLaunch(orbLaunchBlocker(ctx.state, u, ship, t));
    const orb = ship.catapult!.orb as { caster: string; skill: string };
    const caster = ctx.unit(orb.caster);
    const k = skillOf(caster, orb.skill);
    spendSlot(ctx, u, 'primary');
    ctx.emit({ type: 'outerah:ship.set', ship: ship.id, key: 'orb', value: null });
    ctx.note(() => `${u.name} launches the ${k.name} orb at ${t.name} [OUT-SHIP-2]`);
    const order = effectOrderOf(k);
    // the orb holds the spell as cast: an area spell bursts over its area (ruling OUT-PET-5)
    strikeArea(ctx, caster, k, t, { ...skillSpec(k), name: `${k.name} orb` }, k.kind === 'debuff' && order ? { effect: order } : {}, () => {});
    return;
  }
  if (payload === 'unit') return launchUnit(ctx, u, ship, cmd);
  if (payload === 'box') return launchBox(ctx, u, ship, cmd);
  fail('command/bad_payload', 'payload must be orb, unit or box', 'payload');
}

function launchUnit(ctx: Resolution, u: Unit, ship: Ship, cmd: Command): void {
  const who = targetOf(ctx, cmd.unit);
  orFailLaunch(unitLaunchBlocker(ctx.state, u, who));
  const cell = parseCell(cmd, 'to');
  orFailLaunch(landingBlocker(ctx.state, u, ship, who, cell));
  spendSlot(ctx, u, 'primary');
  ctx.emit({ type: 'unit.moved', unit: who.id, from: who.position, to: cell, forced: 'catapulted' });
  if (dataOf(who).station) ctx.setData(who.id, 'station', undefined);
  if (isOpenAir(ctx.state, cell)) {
    // ruling OUT-SHIP-2: "Hope you have wings!" — open air is no landing; without wings the unit falls
    // all the way down, as one shoved off a deck (OUT-SPACE-1): fall damage for the ship's altitude, then out
    if (dataOf(who).wings) {
      ctx.note(() => `${u.name} catapults ${who.name} into open air at (${cell.x}, ${cell.y}): it spreads its wings and stays aloft [OUT-SHIP-2]`);
      return;
    }
    ctx.note(() => `${u.name} catapults ${who.name} into open air at (${cell.x}, ${cell.y}): nothing to land on, it falls [OUT-SHIP-2]`);
    fallFromSky(ctx, ctx.unit(who.id), ship.altitude, 'catapulted into open air');
    return;
  }
  const space = surroundings(ctx.state) === 'space';
  if (space && !staysPut(ctx.state, cell)) {
    // ruling OUT-SHIP-2, OUT-SPACE-1: "tossed off the ship" — nothing to land on or fall to: it drifts on the way it flew
    ctx.note(() => `${u.name} catapults ${who.name} out of every gravity field at (${cell.x}, ${cell.y}): nothing stops it [OUT-SHIP-2, OUT-SPACE-1]`);
    startDrift(ctx, ctx.unit(who.id), u.position!, cell);
    return;
  }
  const landing = shipAt(ctx.state, cell);
  // in space there is no height to fall: the landing's least, 1 level (ruling OUT-SHIP-2)
  const levels = space ? 1 : Math.max(1, ship.altitude - (landing && !landing.wrecked ? landing.altitude : 0));
  ctx.note(() => `${u.name} catapults ${who.name} to (${cell.x}, ${cell.y}) [OUT-SHIP-2]`);
  fallDamage(ctx, ctx.unit(who.id), levels, 'OUT-SHIP-2', 'catapulted');
  if (landing && !landing.wrecked && ctx.unit(who.id).status === 'active') ctx.setData(who.id, 'station', 'deck');
}

function launchBox(ctx: Resolution, u: Unit, ship: Ship, cmd: Command): void {
  const t = targetOf(ctx, cmd.target);
  const item = String(cmd.item ?? '');
  const count = Number(cmd.count ?? 1);
  orFailLaunch(boxLaunchBlocker(ctx.state, u, ship, t, item, count));
  const have = dataOf(u).items[item] ?? 0;
  spendSlot(ctx, u, 'primary');
  ctx.setData(u.id, 'items', { ...dataOf(u).items, [item]: have - count });
  if (cmd.balloons === true) {
    ctx.setData(t.id, 'items', { ...dataOf(t).items, [item]: (dataOf(t).items[item] ?? 0) + count });
    ctx.note(() => `An item box on balloons slow-falls to ${t.name}: ${count} ${item} [OUT-SHIP-2]`);
  } else ctx.note(() => `An item box without balloons smashes down near ${t.name}: the ${count} ${item} are lost [OUT-SHIP-2]`);
}
