/**
 * The best strike a duel60 unit could make from any of a set of tiles — where it stands, where one move
 * takes it — at any able enemy, by strikes.ts's estimate. The aggressive policy asks it whether moving
 * first pays, and what its next action is worth.
 */
import { attackAngle, FACINGS, facingOfVector, type AttackAngle } from '../../engine/space/facing.ts';
import type { Cell, EncounterState, Facing, Unit } from '../../engine/index.ts';
import { knockedAwayFrom, takenBut } from './fight-view.ts';
import { attackOdds, pairingIn, type Pairing } from './blow-odds.ts';
import { oddsAt, pairOdds, slotOf, type PairOdds } from './odds-table.ts';
import { dataOf, enemiesOf } from './model.ts';
import { coordsOf } from './tile-lists.ts';
import { knockedAway } from './preview.ts';
import { arrivalTurns, flightShare, landedOdds, strikeOdds, strikesOf, type Odds, type Strike } from './strikes.ts';

export interface BestStrike {
  cell: Cell;
  target: Unit;
  strike: Strike;
  odds: Odds;
}

/**
 * The best strike from `cells` by `by`: 'score' (its own turn's choice) or 'expected' (damage, what an
 * action is worth). A projectile counts only from a tile where it arrives within the turn, or from
 * `stay` (where the unit stands): a slow flight is not worth a move. `any`: the first strike worth
 * anything will do (whether there is one at all), not the best.
 */
export function bestStrike(state: EncounterState, u: Unit, cells: Cell[], by: keyof Odds, stay?: Cell, strikes: Strike[] = strikesOf(state, u), any = false): BestStrike | undefined {
  if (!strikes.length) return undefined;
  // the best so far as its parts (the answer's records made once, at the end): its odds by `by` (0 before
  // any: a strike must be worth something), and either its odds record or its two numbers from a table
  let bestValue = 0;
  let bestCell: Cell | undefined;
  let bestTarget: Unit | undefined;
  let bestStrikeOf: Strike | undefined;
  let bestOdds: Odds | null = null;
  let bestExpected = 0;
  let bestScore = 0;

  const n = cells.length;
  let farthest = 0;
  for (const s of strikes) if (s.reach > farthest) farthest = s.reach;
  if (near.length < n) [near, nearDist, flank] = [new Int32Array(n * 2), new Int32Array(n * 2), new Int8Array(n * 2)];
  const byScore = by === 'score';
  // the tiles as numbers (x, y by turns), kept for a list of tiles asked again (a search's tiles)
  const { xy, box, grid } = coordsOf(cells);
  const enemies = enemiesOf(state, u);
  const anyBlocking = enemies.some((v) => dataOf(v).blocking);
  for (const t of enemies) {
    const at = t.position!;
    // the tiles within the longest reach of this target, in the order given, with their distance: most
    // tiles are out of every strike's reach, and each strike looks through these alone (the same order)
    let m = 0;
    const ax = at.x;
    const ay = at.y;
    // no tile within the longest reach of it at all (the tiles' bounds say so): nothing to look through
    if (ax < box[0] - farthest || ax > box[2] + farthest || ay < box[1] - farthest || ay > box[3] + farthest) continue;
    const side = 2 * farthest + 1;
    if (grid !== null && side * side < n) {
      // fewer cells around the target than tiles: each looked up by place in the kept grid, then put in
      // the tiles' order (a handful: sorted as found)
      const bx = box[0];
      const by = box[1];
      const bw = box[2] - bx + 1;
      const bh = box[3] - by + 1;
      for (let y = Math.max(ay - farthest, by); y <= Math.min(ay + farthest, by + bh - 1); y++) {
        for (let x = Math.max(ax - farthest, bx); x <= Math.min(ax + farthest, bx + bw - 1); x++) {
          const k = grid[(y - by) * bw + (x - bx)] - 1;
          if (k < 0 || (x === ax && y === ay)) continue;
          const dx = x - ax;
          const dy = y - ay;
          const d = Math.max(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy);
          // each tile's flank only when a memoised strike asks (−1: not yet)
          flank[m] = -1;
          let i = m++;
          while (i > 0 && near[i - 1] > k) {
            near[i] = near[i - 1];
            nearDist[i] = nearDist[i - 1];
            i--;
          }
          near[i] = k;
          nearDist[i] = d;
        }
      }
    } else {
      for (let k = 0; k < n; k++) {
        const dx = xy[2 * k] - ax;
        const dy = xy[2 * k + 1] - ay;
        // distance (Chebyshev) on the tiles' numbers
        const d = Math.max(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy);
        if (d > farthest || d === 0) continue;
        near[m] = k;
        nearDist[m] = d;
        // each tile's flank only when a memoised strike asks (−1: not yet)
        flank[m++] = -1;
      }
    }
    if (m === 0) continue;
    // the target's facing by number, for the angle each tile's blow comes at (attackAngle by table)
    const facing = t.facing ? FACINGS.indexOf(t.facing) : -1;
    // a blow's odds depend on the tile only through the flank it comes from, close quarters and the
    // share of a flight that lands — a flurry's also on whether its knock back moves the target:
    // memoised by a small number per target (a new stamp forgets the last target's)
    if (++stamps === 0xffffffff) [stamps, seen] = [1, new Uint32Array(seen.length)];
    const stamp = stamps;
    if (seen.length < strikes.length * 16) {
      seen = new Uint32Array(strikes.length * 32);
      known = new Array(strikes.length * 32);
    }
    let blocked: ((c: Cell) => boolean) | undefined;
    let pair: Pairing | undefined;
    // the pair's odds by number (odds-table.ts): null when its table does not index this target's health
    let table: PairOdds | null | undefined;
    for (let i = 0; i < strikes.length; i++) {
      const s = strikes[i];
      const memo = s.type !== 'attack' || s.weapon !== undefined;
      // area magic without a flight reads the tile nowhere unless an enemy blocks (a stance faces one way)
      const area = s.type === 'cast' && s.ability!.area !== undefined;
      const sameEverywhere = area && !s.flight && !anyBlocking;
      // an attack's odds read from the pair's table by its slot (−1: worked out as below)
      let slot = -1;
      if (s.type === 'attack') {
        if (table === undefined) table = pairOdds(state, u, t, (pair ??= pairingIn(state, u, t))) ?? null;
        if (table) slot = slotOf(table, s);
      }
      for (let j = 0; j < m; j++) {
        const d = nearDist[j];
        if (d > s.reach) continue;
        const c = cells[near[j]];
        if (slot >= 0) {
          // strikeOdds' checks hold (in reach, able target, no flight); a flurry's knock back on the view's numbers
          let f = flank[j];
          if (f < 0) flank[j] = f = facing < 0 ? 0 : angleOf(c, at, t.facing!, facing);
          const away = memo ? false : knockedAwayFrom(state, c.x, c.y, u, t);
          const k = oddsAt(table!, slot, f, d <= 1, away);
          const v = table!.entries[byScore ? k + 1 : k];
          if (v > bestValue) {
            bestValue = v;
            bestCell = c;
            bestTarget = t;
            bestStrikeOf = s;
            bestOdds = null;
            bestExpected = table!.entries[k];
            bestScore = table!.entries[k + 1];
            if (any) return answerOf(bestCell, bestTarget, bestStrikeOf, bestOdds, bestExpected, bestScore);
          }
          continue;
        }
        const staying = stay !== undefined && c.x === stay.x && c.y === stay.y;
        if (s.flight && !staying && arrivalTurns(s.flight.speed, d) > 1) continue;
        let odds: Odds | null;
        if (sameEverywhere) {
          // strikeOdds' checks (reach, an able target, no flight) all hold here
          const key = i * 16 + 15;
          if (seen[key] === stamp) odds = known[key];
          else {
            seen[key] = stamp;
            odds = known[key] = landedOdds(state, u, t, s, c, 1);
          }
        } else if (area) odds = strikeOdds(state, u, t, s, c);
        else {
          // a flurry: strikeOdds' checks hold (in reach, able target, no flight); the units in the way of its knock back asked once a target
          if (!memo) blocked ??= (x) => takenBut(state, x.x, x.y, t.id, u.id);
          const share = s.flight ? flightShare(state, u, t, c, s) : 1;
          if (share === null) continue;
          let f = flank[j];
          if (f < 0) flank[j] = f = facing < 0 ? 0 : angleOf(c, at, t.facing!, facing);
          // strike, flank, close quarters, then share (0 or 1: flightShare's only answers besides null) or, for a flurry, whether its knock back moves the target
          const away = memo ? undefined : knockedAway(state, u, t, c, blocked);
          const last = away ?? share === 1;
          const key = i * 16 + f * 4 + (d <= 1 ? 2 : 0) + (last ? 1 : 0);
          if (seen[key] === stamp) odds = known[key];
          else {
            seen[key] = stamp;
            // an attack from the pair's numbers (blow-odds.ts), asked only of the angle and close quarters
            if (s.type === 'attack') odds = known[key] = attackOdds((pair ??= pairingIn(state, u, t)), s.weapon ?? null, s.count, s.vital === true, ANGLES[f], d <= 1, away === true, share);
            else odds = known[key] = landedOdds(state, u, t, s, c, share, blocked, away);
          }
        }
        if (odds && (byScore ? odds.score : odds.expected) > bestValue) {
          bestValue = byScore ? odds.score : odds.expected;
          bestCell = c;
          bestTarget = t;
          bestStrikeOf = s;
          bestOdds = odds;
          if (any) return answerOf(bestCell, bestTarget, bestStrikeOf, bestOdds, bestExpected, bestScore);
        }
      }
    }
  }
  return answerOf(bestCell, bestTarget, bestStrikeOf, bestOdds, bestExpected, bestScore);
}

/** bestStrike's answer from its parts: none without a cell; the odds record, or one of the two numbers read from a table. */
const answerOf = (cell: Cell | undefined, target: Unit | undefined, strike: Strike | undefined, odds: Odds | null, expected: number, score: number): BestStrike | undefined =>
  cell && { cell, target: target!, strike: strike!, odds: odds ?? { expected, score } };

const ANGLE: Record<AttackAngle, number> = { front: 0, side: 1, back: 2 };

/**
 * The facing index (FACINGS) of each step (dx, dy) within SPAN tiles, facingOfVector's: the angle a blow
 * comes at is then the step's sector against the target's facing (attackAngle's sectors: 0, ±1 front,
 * ±2 side, else back), asked for every tile weighed without building a facing by name.
 */
const SPAN = 16;
const SECTOR = new Int8Array((2 * SPAN + 1) * (2 * SPAN + 1));
for (let dy = -SPAN; dy <= SPAN; dy++) for (let dx = -SPAN; dx <= SPAN; dx++) SECTOR[(dy + SPAN) * (2 * SPAN + 1) + dx + SPAN] = FACINGS.indexOf(facingOfVector(dx, dy));
/** The angle by the sector relative to the facing (0 ahead, clockwise). */
const BY_SECTOR = new Int8Array([0, 0, 1, 2, 2, 2, 1, 0]);

/** ANGLE[attackAngle(c, at, facing)], `index` the facing's FACINGS index. */
function angleOf(c: Cell, at: Cell, facing: Facing, index: number): number {
  const dx = c.x - at.x;
  const dy = c.y - at.y;
  if (dx < -SPAN || dx > SPAN || dy < -SPAN || dy > SPAN) return ANGLE[attackAngle(c, at, facing)];
  return BY_SECTOR[(SECTOR[(dy + SPAN) * (2 * SPAN + 1) + dx + SPAN] - index + 8) & 7];
}

const ANGLES: AttackAngle[] = ['front', 'side', 'back'];

/** Working arrays kept between calls (bestStrike calls nothing that calls it back): a target's tiles in reach, their distance and flank. */
let near = new Int32Array(256);
let nearDist = new Int32Array(256);
let flank = new Int8Array(256);
/** The memo of odds by key (see bestStrike): an entry counts when its stamp is the current target's. */
let stamps = 0;
let seen = new Uint32Array(256);
let known: Odds[] = new Array(256);
