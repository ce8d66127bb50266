/**
 * The aggressive policy's part-2 habits: a Mount Tamer summons, calms and rides its mount; a trainer
 * sends its pet in (together with its own attack when it can, else alone, else closer); a crew member works
 * its station (load and fire the cannon, launch orbs, steer toward the enemy ship), and on deck fires at the
 * enemy ship's Hull when no one is in reach. Cannons fire only to their side (OUT-SHIP-2): the helmsman first
 * turns the bow so that a manned cannon bears on the enemy ship, and a gunner whose side faces no enemy at
 * all goes up on deck to fight.
 */
import { distance } from '../../engine/space/grid.ts';
import type { ActionOption, Cell, EncounterState, Listing, Unit } from '../../engine/index.ts';
import { aboard, inCannonArc, shipInCannonArc, shipList, shipOf, type CannonSide, type Placement, type Ship } from './ship-model.ts';
import { dataOf, enemiesOf, unitsOf } from './model.ts';
import { petStrikeFacts, petStrikeOf, type PetStrike } from './pet-strikes.ts';
import { petsOf } from './pets.ts';
import { foesOf, type Field } from './field.ts';
import { catapultOptions, petMoveToward, shipAttackOptions, stationOption, steerCheck, steerMoves, steerOption, type SteerMove } from './legal-extras.ts';
import { stationBlocker } from './ship-stations.ts';

const NO_PET_STRIKE: { together?: PetStrike; alone?: PetStrike } = {};

/** Where `u`'s enemies stand (those on the grid), in unit order. */
const foeCells = (state: EncounterState, u: Unit): Cell[] => enemiesOf(state, u).filter((e) => e.position).map((e) => e.position!);

/** The distance from `at` to the nearest of `cells` (Infinity for none). */
function nearestFoe(cells: Cell[], at: Cell): number {
  let best = Infinity;
  for (const c of cells) best = Math.min(best, distance(at, c));
  return best;
}

export function gap(a: Ship, b: Ship, dx = 0, dy = 0): number {
  const ax = a.at.x + dx;
  const ay = a.at.y + dy;
  const x = Math.max(b.at.x - (ax + a.size.w - 1), ax - (b.at.x + b.size.w - 1), 0);
  const y = Math.max(b.at.y - (ay + a.size.h - 1), ay - (b.at.y + b.size.h - 1), 0);
  return Math.max(x, y);
}

/** The sides of `ship` with a gunner at the cannon. */
function mannedSides(state: EncounterState, ship: Ship): CannonSide[] {
  const crew = aboard(state, ship).filter((c) => c.status === 'active');
  return (['left', 'right'] as const).filter((side) => crew.some((c) => dataOf(c).station === `${side}_cannon`));
}

/** Whether the `side` cannon of `ship` (as it lies or would lie) bears on any enemy ship or unit. */
function bears(state: EncounterState, u: Unit, ship: Ship, side: CannonSide): boolean {
  return shipList(state).some((f) => !f.wrecked && f.side !== u.side && shipInCannonArc(ship, side, f)) || enemiesOf(state, u).some((e) => e.position && inCannonArc(ship, side, e.position));
}

/**
 * What partTwoChoice reads of the options the policy may take (each "first" in the options' order): the first
 * of the mount and cannon types, the first shot at a Hull, and whether it may attack, cast or end its turn.
 */
export interface Sorted {
  first: Map<string, ActionOption>;
  hullShot?: ActionOption;
  /** Anything offered at all (nothing: not this unit's turn to act). */
  listed: boolean;
  /** Its own turn with no question pending (a listing that has anything has the end of the turn then). */
  ownTurn: boolean;
  anyAttack: boolean;
  anyCast: boolean;
}

/** Sorted out in one pass; `own`: whether it may attack, cast, end its turn, when the options do not hold those. */
export function sortOut(options: ActionOption[], own?: { anyAttack: boolean; anyCast: boolean }): Sorted {
  const out: Sorted = { first: new Map(), listed: options.length > 0 || own !== undefined, ownTurn: own !== undefined, anyAttack: own?.anyAttack ?? false, anyCast: own?.anyCast ?? false };
  for (const o of options) {
    const c = o.command;
    const type = c.type;
    if (!out.first.has(type)) out.first.set(type, o);
    if (type === 'fire_cannon' && !out.hullShot && c.section === 'hull') out.hullShot = o;
  }
  if (own) return out;
  out.ownTurn = out.first.has('end_turn');
  out.anyAttack = out.first.has('attack');
  out.anyCast = out.first.has('cast');
  return out;
}

/**
 * The steer the helmsman takes toward `foe`: the first of the listed steers (in the listing's order) that
 * closes the gap most, to 1 cell at the nearest — when no manned cannon bears, only among the turns of the bow
 * that make one bear (if any is listed), and when one bears, only among the steers that keep it on. The
 * steers are checked (steerCheck's `free`) nearest first, so only the few that could win are asked.
 */
export function helmSteer(state: EncounterState, u: Unit, mine: Ship, foe: Ship, manned: CannonSide[]): ActionOption | undefined {
  const check = steerCheck(state, u);
  if (!check) return undefined;
  // where the steer would put it: all the arcs read (a placement, not a copy of the ship)
  const after = (s: SteerMove): Placement => ({ at: { x: mine.at.x + s.dx, y: mine.at.y + s.dy }, size: mine.size, heading: s.heading ?? mine.heading });
  const broadsideOn = (s: Placement) => manned.some((side) => shipInCannonArc(s, side, foe));
  const moves = steerMoves(check.ship);
  // no manned cannon bears: turn the bow so one does (closing in as it can), before anything else
  const turns = manned.length && !broadsideOn(mine) ? moves.filter((s) => s.heading !== undefined && broadsideOn(after(s))) : [];
  const turning = turns.some(check.free);
  const keepOn = !turning && manned.length > 0 && broadsideOn(mine);
  const toBeat = turning ? Infinity : gap(mine, foe);
  const ranked: { s: SteerMove; g: number }[] = [];
  for (const s of turning ? turns : moves) {
    const g = gap(mine, foe, s.dx, s.dy);
    if (g < 1 || g >= toBeat) continue;
    if (keepOn && !broadsideOn(after(s))) continue; // keep the broadside on (asked only of a steer that closes in)
    ranked.push({ s, g });
  }
  ranked.sort((a, b) => a.g - b.g); // stable: among equal gaps the listing's order
  const best = ranked.find((r) => check.free(r.s));
  return best && steerOption(u, check.ship, best.s);
}

/**
 * `options`: what the policy was offered of `listing`, without the pet orders (type 'pet') and what it asks
 * for only when it would take one — stations, steers, attacks on a ship, the catapult — nor what it never
 * takes. The pet orders it asks for itself, narrowly: the attack orders (petStrikeFacts: the first of each kind, the one taken built alone), the
 * Move Orders only by petMoveToward; the catapult's orb by catapultOptions' orbs alone, the steers by helmSteer.
 * `field`: the decision's units and foes gathered once (field.ts), when the caller has them.
 */
export function partTwoChoice(state: EncounterState, u: Unit, sorted: Sorted, listing: Listing, field?: Field): ActionOption | undefined {
  const first = (type: string) => sorted.first.get(type);
  const mount = first('summon_mount') ?? first('calm_mount') ?? first('ride');
  if (mount) return mount;
  // nothing offered at all: not this unit's turn to act (legalActions lists nothing then), no pet orders either;
  // on its own turn with no question pending, what the options not asked of the listing are built for
  const { listed, ownTurn } = sorted;
  const fire = sorted.hullShot ?? first('fire_cannon');
  if (fire) return fire;
  const station = dataOf(u).station;
  if (station === 'left_cannon' || station === 'right_cannon') {
    const ship = shipOf(state, u);
    // up on deck: the listed station option, asked of its blocker alone (the listing checks all five)
    const up = ship && ownTurn && !stationBlocker(state, u, 'deck') ? stationOption(u, 'deck') : undefined;
    if (ship && up && !bears(state, u, ship, station === 'left_cannon' ? 'left' : 'right')) return up;
    return first('load_cannon');
  }
  // the catapult fires orbs; launching allies (a fall, or out of the fight in open air) and boxes is left to players
  // asked only at the catapult station (catapultBlocker's first test: anyone else gets none, and its words)
  const launch = ownTurn && station === 'catapult' ? catapultOptions(state, u, [], true)[0] : undefined;
  if (launch) return launch;
  // its pets asked once, for the attack orders and the Move Orders (none for most units: nothing more is asked)
  const mine = listed ? petsOf(state, u) : [];
  // as facts: the option built only for the one taken
  const { together, alone } = mine.length ? petStrikeFacts(state, u, mine, field ? field.units : unitsOf(state), field) : NO_PET_STRIKE;
  if (together) return petStrikeOf(state, u, together);
  const anyOwnStrike = sorted.anyAttack;
  if (alone && !anyOwnStrike) return petStrikeOf(state, u, alone);
  if (!alone && mine.length) {
    // the Move Order nearest the enemies of the pet of the first Move Order (as it stands), if nearer than it is now;
    // foes hold their cells, so a pet next to one already (or with none to close on) gets no nearer: when that is
    // so of every pet, none is searched for (two asks in three in trainer-and-knight)
    const toward = mine.map((pet) => {
      const foes = field ? foesOf(field, pet).standing : foeCells(state, pet);
      return { cells: foes, toBeat: pet.position ? nearestFoe(foes, pet.position) : Infinity };
    });
    const best = toward.some((m) => m.toBeat > 1 && m.toBeat < Infinity) ? petMoveToward(state, u, (pet) => toward[mine.indexOf(pet)], mine) : undefined;
    if (best) return best;
  }
  if (station === 'helm') {
    const mine = shipOf(state, u)!;
    const foe = shipList(state).find((s) => !s.wrecked && s.side !== u.side);
    if (foe) {
      const best = ownTurn ? helmSteer(state, u, mine, foe, mannedSides(state, mine)) : undefined;
      if (best) return best;
    }
  }
  // no enemy ship afloat, no attack on one is listed (shipOptions): the listing is not asked for none
  if (!anyOwnStrike && !sorted.anyCast && shipList(state).some((s) => !s.wrecked && s.side !== u.side)) {
    // on its own turn the listing's attacks on a ship are those of their builder: asked of it alone
    const hull = ownTurn ? shipAttackOptions(state, u) : listing.of('attack_ship');
    const atShip = hull.find((o) => o.command.section === 'hull') ?? hull[0];
    if (atShip) return atShip;
  }
  return undefined;
}
