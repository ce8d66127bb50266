/**
 * The aggressive policy's part-2 habits: a Mount Tamer summons, calms and rides its mount; a trainer
 * sends its pet in (together with its own attack when it can, else alone, else closer); a crew member works
 * its station (load and fire the cannon, launch orbs, steer toward the enemy ship), and on deck fires at the
 * enemy ship's Hull when no one is in reach. Cannons fire only to their side (OUT-SHIP-2): the helmsman first
 * turns the bow so that a manned cannon bears on the enemy ship, and a gunner whose side faces no enemy at
 * all goes up on deck to fight.
 */
import { distance } from '../../engine/space/grid.ts';
import type { ActionOption, EncounterState, Unit } from '../../engine/index.ts';
import { aboard, inCannonArc, shipInCannonArc, shipList, shipOf, type CannonSide, type Heading, type Ship } from './ship-model.ts';
import { dataOf, enemiesOf } from './model.ts';

const nearestFoe = (state: EncounterState, u: Unit, at = u.position!): number =>
  Math.min(Infinity, ...enemiesOf(state, u).filter((e) => e.position).map((e) => distance(at, e.position!)));

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

export function partTwoChoice(state: EncounterState, u: Unit, options: ActionOption[]): ActionOption | undefined {
  const of = (type: string) => options.filter((o) => o.command.type === type);
  const first = (type: string) => of(type)[0];
  const mount = first('summon_mount') ?? first('calm_mount') ?? first('ride');
  if (mount) return mount;
  const pets = of('pet');
  const hullShot = options.find((o) => o.command.type === 'fire_cannon' && o.command.section === 'hull');
  const fire = hullShot ?? first('fire_cannon');
  if (fire) return fire;
  const station = dataOf(u).station;
  if (station === 'left_cannon' || station === 'right_cannon') {
    const ship = shipOf(state, u);
    const up = options.find((o) => o.command.type === 'station' && o.command.station === 'deck');
    if (ship && up && !bears(state, u, ship, station === 'left_cannon' ? 'left' : 'right')) return up;
    return first('load_cannon');
  }
  // the catapult fires orbs; launching allies (a fall, or out of the fight in open air) and boxes is left to players
  const launch = options.find((o) => o.command.type === 'launch' && o.command.payload === 'orb') ?? first('enchant_orb');
  if (launch) return launch;
  const together = pets.find((o) => o.command.order === 'attack' && o.command.together === true) ?? pets.find((o) => o.command.order === 'skill');
  if (together) return together;
  const alone = pets.find((o) => o.command.order === 'attack');
  const anyOwnStrike = options.some((o) => o.command.type === 'attack');
  if (alone && !anyOwnStrike) return alone;
  const moves = pets.filter((o) => o.command.order === 'move');
  if (moves.length && !alone) {
    const pet = state.units[String(moves[0].command.pet)];
    const here = nearestFoe(state, pet);
    let best: ActionOption | undefined;
    let bestD = here;
    for (const m of moves) {
      const [x, y] = m.command.to as number[];
      const d = nearestFoe(state, pet, { x, y });
      if (d < bestD) [best, bestD] = [m, d];
    }
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
      const steers = of('steer');
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
  if (!options.some((o) => o.command.type === 'attack' || o.command.type === 'cast')) {
    const atShip = options.find((o) => o.command.type === 'attack_ship' && o.command.section === 'hull') ?? first('attack_ship');
    if (atShip) return atShip;
  }
  return undefined;
}
