/**
 * Terrain (OUT-TER-1..3, OUT-SPACE-1): what a step costs and where a unit may step, by the tags of the
 * cells. Tags: `difficult` (thick forest, deep snow, waist-deep water, swamp, slippery path: Movement and
 * Jump halved), `water` (swimming: straight 1, diagonal 1.5; underwater Minus Charge; electric attacks
 * hurt the user), `mountain` (Movement halved, Jump not; each jump rolls a d10: jumps.ts), `land` (solid
 * ground in a sky map), `gravity` (a gravity field in space). Halving Movement is modelled as a step
 * costing twice as much (ruling OUT-TER-1), so the engine's path search prices every route exactly.
 * A step up or down of h levels (ground elevation) needs Jump ≥ h; wings climb any height and never jump
 * (ruling).
 */
import { isDiagonalStep } from '../../engine/space/grid.ts';
import { defaultStepCost } from '../../engine/space/path.ts';
import type { Cell, EncounterState, GridMap, Unit } from '../../engine/index.ts';
import { cellInfo, DIFFICULT, GRAVITY, groundAt, LAND, MOUNTAIN, tagsAt, WATER } from './cells.ts';
import type { Charge } from './charges.ts';
import { dataOf } from './model.ts';
import { baseJumpOf, moverOf } from './mount-model.ts';
import { onShip, shipList } from './ship-model.ts';

export const SWIM_DIAGONAL = 1.5;

const mapOf = (state: EncounterState) => state.map as GridMap;

/** A map's cells by number (cells.ts), asked here by the move search. */
export { cellInfo };

// the cell's tag first (an array read), the ships' decks only where it has the tag: the same answer, both being pure
export const isWater = (state: EncounterState, c: Cell): boolean => (tagsAt(mapOf(state), c) & WATER) !== 0 && !onAnyShip(state, c);
export const isDifficult = (state: EncounterState, c: Cell): boolean => (tagsAt(mapOf(state), c) & DIFFICULT) !== 0 && !onAnyShip(state, c);
export const isMountain = (state: EncounterState, c: Cell): boolean => (tagsAt(mapOf(state), c) & MOUNTAIN) !== 0 && !onAnyShip(state, c);

export const surroundings = (state: EncounterState): 'ground' | 'sky' | 'space' => (state.data.surroundings as 'ground' | 'sky' | 'space' | undefined) ?? 'ground';

const onAnyShip = (state: EncounterState, c: Cell): boolean => shipList(state).some((s) => !s.wrecked && onShip(s, c));

/** Open air in a sky map: not a ship's deck and not land (OUT-SHIP-2: fall damage; wings needed). */
export function isOpenAir(state: EncounterState, c: Cell): boolean {
  return surroundings(state) === 'sky' && (tagsAt(mapOf(state), c) & LAND) === 0 && !onAnyShip(state, c);
}

/** In space, inside a gravity field: a ship's deck and `gravity` cells around it, or a `gravity` cell (OUT-SPACE-1). */
export function inGravity(state: EncounterState, c: Cell): boolean {
  if (surroundings(state) !== 'space') return true;
  if ((tagsAt(mapOf(state), c) & GRAVITY) !== 0) return true;
  return shipList(state).some((s) => !s.wrecked && c.x >= s.at.x - s.gravity && c.y >= s.at.y - s.gravity && c.x < s.at.x + s.size.w + s.gravity && c.y < s.at.y + s.size.h + s.gravity);
}

export const isUnderwater = (state: EncounterState, u: Unit): boolean => u.position !== undefined && isWater(state, u.position);

/** Jump where the unit stands: its own (or its mount's), halved in difficult terrain; mountains leave it whole. */
export function jumpOf(state: EncounterState, u: Unit, at: Cell = u.position!): number {
  const base = baseJumpOf(state, u);
  return isDifficult(state, at) ? Math.floor(base / 2) : base;
}

/** A step between cells of different ground height on a mountain: a jump that rolls the d10 (OUT-TER-3). */
export function isMountainJump(state: EncounterState, from: Cell, to: Cell): boolean {
  const map = mapOf(state);
  return groundAt(map, from) !== groundAt(map, to) && (isMountain(state, from) || isMountain(state, to));
}

/**
 * A mountain jump `u` has to make from → to (OUT-TER-3): none on wings, which fly up and down (ruling) — the
 * mount's wings while riding (OUT-MNT-1: it moves as its mount does).
 */
export function jumpFor(state: EncounterState, u: Unit, from: Cell, to: Cell): boolean {
  return isMountainJump(state, from, to) && !dataOf(moverOf(state, u)).wings;
}

/**
 * The terrain's price of one step (STEP_COSTS): null where the unit cannot go. A rider steps as its mount
 * does (OUT-MNT-1): the mount's wings, swimming and Jump, not its own. Wings climb any height (ruling
 * OUT-TER-1, OUT-TER-3): Jump bounds only those who leap.
 */
export function terrainStep(state: EncounterState, u: Unit, from: Cell, to: Cell, cost: number): number | null {
  const map = mapOf(state);
  const d = dataOf(moverOf(state, u));
  if (isOpenAir(state, to) && !d.wings) return null;
  const rise = Math.abs(groundAt(map, to) - groundAt(map, from));
  if (rise > 0 && !d.wings && rise > jumpOf(state, u, from)) return null;
  let c = cost;
  if (isWater(state, to)) {
    if (!d.swims && !d.wings) return null;
    if (isDiagonalStep(from, to)) c *= SWIM_DIAGONAL;
  }
  if (isDifficult(state, to) || isMountain(state, to)) c *= 2;
  if (!inGravity(state, to)) c *= 2;
  return c;
}

/** Attacks made from underwater take a Minus Charge (OUT-TER-2); a winged unit (or a rider on a winged mount) flies over it. */
export function underwaterCharge(state: EncounterState, attacker: Unit): Charge[] {
  return isUnderwater(state, attacker) && !dataOf(moverOf(state, attacker)).wings ? [{ charge: 'minus', why: 'underwater' }] : [];
}

/** Tag bits of a cell in a CellInfo. */
/**
 * The full price of a step for `u` — defaultStepCost, then terrainStep — with everything terrainStep reads
 * taken once: the unit's wings, swimming and Jump (its mount's while riding: moverOf), the surroundings, the standing ships (decks and gravity
 * reach) and the map's cells by index. The same number (or null) as
 * `terrainStep(state, u, from, to, defaultStepCost(map, from, to))` for the state as it is NOW: a snapshot
 * for one search, to be used at once. Cells that are not whole cells on the map go the slow way.
 */
export function stepPricer(state: EncounterState, u: Unit): (map: GridMap, from: Cell, to: Cell) => number | null {
  const at = stepPricerAt(state, u);
  return (map, from, to) => at(map, from.x, from.y, to.x, to.y);
}

/** stepPricer with the cells as numbers (MoveRules.costAt): the one form both are, so no Cell is made per step. */
export function stepPricerAt(state: EncounterState, u: Unit): (map: GridMap, fx: number, fy: number, tx: number, ty: number) => number | null {
  const map0 = mapOf(state);
  const { width, height } = map0;
  const info = cellInfo(map0);
  const { terrain, tags, elevation } = info;
  const d = dataOf(moverOf(state, u));
  const wings = d.wings;
  const swims = d.swims;
  const place = surroundings(state);
  const baseJump = baseJumpOf(state, u);
  // standing ships' decks and gravity boxes as flat [x0, y0, x1, y1) rectangles (onShip, inGravity)
  const decks: number[] = [];
  const fields: number[] = [];
  for (const s of shipList(state)) {
    if (s.wrecked) continue;
    decks.push(s.at.x, s.at.y, s.at.x + s.size.w, s.at.y + s.size.h);
    fields.push(s.at.x - s.gravity, s.at.y - s.gravity, s.at.x + s.size.w + s.gravity, s.at.y + s.size.h + s.gravity);
  }
  const inside = (boxes: number[], x: number, y: number): boolean => {
    for (let k = 0; k < boxes.length; k += 4) if (x >= boxes[k] && y >= boxes[k + 1] && x < boxes[k + 2] && y < boxes[k + 3]) return true;
    return false;
  };
  const slow = (map: GridMap, from: Cell, to: Cell): number | null => {
    const cost = defaultStepCost(map, from, to);
    return cost === null ? null : terrainStep(state, u, from, to, cost);
  };
  return (map, fx, fy, tx, ty) => {
    if (map !== map0 || (fx | 0) !== fx || (fy | 0) !== fy || (tx | 0) !== tx || (ty | 0) !== ty || fx < 0 || fy < 0 || fx >= width || fy >= height) return slow(map, { x: fx, y: fy }, { x: tx, y: ty });
    if (tx < 0 || ty < 0 || tx >= width || ty >= height) return null;
    const ti = ty * width + tx;
    const t = terrain[ti];
    if (t.blocksMove) return null;
    const base = t.cost ?? 1;
    const diagonal = fx !== tx && fy !== ty;
    const onDeck = decks.length > 0 && inside(decks, tx, ty);
    const tt = onDeck ? 0 : tags[ti];
    if (place === 'sky' && !onDeck && !(tt & LAND) && !wings) return null;
    const fi = fy * width + fx;
    const rise = Math.abs(elevation[ti] - elevation[fi]);
    if (rise > 0 && !wings) {
      const soft = !(decks.length > 0 && inside(decks, fx, fy)) && (tags[fi] & DIFFICULT) !== 0;
      if (rise > (soft ? Math.floor(baseJump / 2) : baseJump)) return null;
    }
    let c = diagonal ? base * 1 : base;
    if (tt & WATER) {
      if (!swims && !wings) return null;
      if (diagonal) c *= SWIM_DIAGONAL;
    }
    if (tt & (DIFFICULT | MOUNTAIN)) c *= 2;
    if (place === 'space' && !(tags[ti] & GRAVITY) && !inside(fields, tx, ty)) c *= 2;
    return c;
  };
}
