/**
 * The aggressive policy's part-2 habits: a Mount Tamer summons, calms and rides its mount; a trainer
 * sends its pet in (together with its own attack when it can, else alone, else closer); a crew member works
 * its station (load and fire the cannon, launch orbs, steer toward the enemy ship), and on deck fires at the
 * enemy ship's Hull when no one is in reach. Cannons fire only to their side (OUT-SHIP-2): the helmsman first
 * turns the bow so that a manned cannon bears on the enemy ship, and a gunner whose side faces no enemy at
 * all goes up on deck to fight.
 */
import { distance } from '../../engine/space/grid.ts';
import type { ActionOption, Cell, EncounterState, Unit } from '../../engine/index.ts';
import { aboard, inCannonArc, shipInCannonArc, shipList, shipOf, type CannonSide, type Heading, type Ship } from './ship-model.ts';
import { dataOf, enemiesOf } from './model.ts';
import { petMoveToward, petOptions } from './legal-extras.ts';

/** Where `u`'s enemies stand (those on the grid), in unit order. */
const foeCells = (state: EncounterState, u: Unit): Cell[] => enemiesOf(state, u).filter((e) => e.position).map((e) => e.position!);

/** The distance from `at` to the nearest of `cells` (Infinity for none). */
function nearestFoe(cells: Cell[], at: Cell): number {
  let best = Infinity;
  for (const c of cells) best = Math.min(best, distance(at, c));
  return best;
}

function gap(a: Ship, b: Ship, dx = 0, dy = 0): number {
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

/** The options partTwoChoice looks at, sorted out in one pass (each list and "first" in the options' order). */
interface Sorted {
  first: Map<string, ActionOption>;
  steers: ActionOption[];
  hullShot?: ActionOption;
  deck?: ActionOption;
  orb?: ActionOption;
  hullAttack?: ActionOption;
}

function sortOut(options: ActionOption[]): Sorted {
  const out: Sorted = { first: new Map(), steers: [] };
  for (const o of options) {
    const c = o.command;
    const type = c.type;
    if (!out.first.has(type)) out.first.set(type, o);
    if (type === 'steer') out.steers.push(o);
    else if (type === 'fire_cannon') {
      if (!out.hullShot && c.section === 'hull') out.hullShot = o;
    } else if (type === 'station') {
      if (!out.deck && c.station === 'deck') out.deck = o;
    } else if (type === 'launch') {
      if (!out.orb && c.payload === 'orb') out.orb = o;
    } else if (type === 'attack_ship') {
      if (!out.hullAttack && c.section === 'hull') out.hullAttack = o;
    }
  }
  return out;
}

/**
 * `options`: what the policy was offered, without the pet orders (type 'pet'): it asks for those itself, and
 * narrowly — the attack orders (petOptions without the others), the Move Orders only by petMoveToward.
 */
export function partTwoChoice(state: EncounterState, u: Unit, options: ActionOption[]): ActionOption | undefined {
  const sorted = sortOut(options);
  const first = (type: string) => sorted.first.get(type);
  const mount = first('summon_mount') ?? first('calm_mount') ?? first('ride');
  if (mount) return mount;
  // nothing offered at all: not this unit's turn to act (legalActions lists nothing then), no pet orders either
  const listed = options.length > 0;
  const fire = sorted.hullShot ?? first('fire_cannon');
  if (fire) return fire;
  const station = dataOf(u).station;
  if (station === 'left_cannon' || station === 'right_cannon') {
    const ship = shipOf(state, u);
    const up = sorted.deck;
    if (ship && up && !bears(state, u, ship, station === 'left_cannon' ? 'left' : 'right')) return up;
    return first('load_cannon');
  }
  // the catapult fires orbs; launching allies (a fall, or out of the fight in open air) and boxes is left to players
  const launch = sorted.orb ?? first('enchant_orb');
  if (launch) return launch;
  const pets = listed ? petOptions(state, u, [], { moves: false, others: false }) : [];
  const together = pets.find((o) => o.command.order === 'attack' && o.command.together === true) ?? pets.find((o) => o.command.order === 'skill');
  if (together) return together;
  const alone = pets.find((o) => o.command.order === 'attack');
  const anyOwnStrike = first('attack') !== undefined;
  if (alone && !anyOwnStrike) return alone;
  if (!alone && listed) {
    // the Move Order nearest the enemies of the pet of the first Move Order (as it stands), if nearer than it is now
    const best = petMoveToward(state, u, (pet) => {
      const foes = foeCells(state, pet);
      return { nearness: (c) => nearestFoe(foes, c), toBeat: nearestFoe(foes, pet.position!) };
    });
    if (best) return best;
  }
  if (station === 'helm') {
    const mine = shipOf(state, u)!;
    const foe = shipList(state).find((s) => !s.wrecked && s.side !== u.side);
    if (foe) {
      const manned = mannedSides(state, mine);
      const after = (o: ActionOption): Ship => {
        const [dx, dy] = o.command.by as number[];
        return { ...mine, at: { x: mine.at.x + dx, y: mine.at.y + dy }, heading: (o.command.heading as Heading | undefined) ?? mine.heading };
      };
      const broadsideOn = (s: Ship) => manned.some((side) => shipInCannonArc(s, side, foe));
      const steers = sorted.steers;
      // no manned cannon bears: turn the bow so one does (closing in as it can), before anything else
      const pool = manned.length && !broadsideOn(mine) ? steers.filter((o) => o.command.heading !== undefined && broadsideOn(after(o))) : [];
      let best: ActionOption | undefined;
      let bestGap = pool.length ? Infinity : gap(mine, foe);
      for (const s of pool.length ? pool : steers) {
        const [dx, dy] = s.command.by as number[];
        const g = gap(mine, foe, dx, dy);
        if (!pool.length && manned.length && broadsideOn(mine) && !broadsideOn(after(s))) continue; // keep the broadside on
        if (g >= 1 && g < bestGap) [best, bestGap] = [s, g];
      }
      if (best) return best;
    }
  }
  if (!anyOwnStrike && first('cast') === undefined) {
    const atShip = sorted.hullAttack ?? first('attack_ship');
    if (atShip) return atShip;
  }
  return undefined;
}
