/**
 * Terrain (OUT-TER-1..3, OUT-SPACE-1): what a step costs and where a unit may step, by the tags of the
 * cells. Tags: `difficult` (thick forest, deep snow, waist-deep water, swamp, slippery path: Movement and
 * Jump halved), `water` (swimming: straight 1, diagonal 1.5; underwater Minus Charge; electric attacks
 * hurt the user), `mountain` (Movement halved, Jump not; each jump rolls a d10: jumps.ts), `land` (solid
 * ground in a sky map), `gravity` (a gravity field in space). Halving Movement is modelled as a step
 * costing twice as much (ruling OUT-TER-1), so the engine's path search prices every route exactly.
 * A step up or down of h levels (ground elevation) needs Jump ≥ h.
 */
import { elevationAt, hasTag, isDiagonalStep } from '../../engine/space/grid.ts';
import type { Cell, EncounterState, GridMap, Unit } from '../../engine/index.ts';
import type { Charge } from './charges.ts';
import { dataOf } from './model.ts';
import { baseJumpOf } from './mount-model.ts';
import { onShip, shipList } from './ship-model.ts';

export const SWIM_DIAGONAL = 1.5;

const mapOf = (state: EncounterState) => state.map as GridMap;

export const isWater = (state: EncounterState, c: Cell): boolean => !onAnyShip(state, c) && hasTag(mapOf(state), c, 'water');
export const isDifficult = (state: EncounterState, c: Cell): boolean => !onAnyShip(state, c) && hasTag(mapOf(state), c, 'difficult');
export const isMountain = (state: EncounterState, c: Cell): boolean => !onAnyShip(state, c) && hasTag(mapOf(state), c, 'mountain');

export const surroundings = (state: EncounterState): 'ground' | 'sky' | 'space' => (state.data.surroundings as 'ground' | 'sky' | 'space' | undefined) ?? 'ground';

const onAnyShip = (state: EncounterState, c: Cell): boolean => shipList(state).some((s) => !s.wrecked && onShip(s, c));

/** Open air in a sky map: not a ship's deck and not land (OUT-SHIP-2: fall damage; wings needed). */
export function isOpenAir(state: EncounterState, c: Cell): boolean {
  return surroundings(state) === 'sky' && !onAnyShip(state, c) && !hasTag(mapOf(state), c, 'land');
}

/** In space, inside a gravity field: a ship's deck and `gravity` cells around it, or a `gravity` cell (OUT-SPACE-1). */
export function inGravity(state: EncounterState, c: Cell): boolean {
  if (surroundings(state) !== 'space') return true;
  if (hasTag(mapOf(state), c, 'gravity')) return true;
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
  return elevationAt(map, from) !== elevationAt(map, to) && (isMountain(state, from) || isMountain(state, to));
}

/** The terrain's price of one step (STEP_COSTS): null where the unit cannot go. */
export function terrainStep(state: EncounterState, u: Unit, from: Cell, to: Cell, cost: number): number | null {
  const map = mapOf(state);
  const d = dataOf(u);
  if (isOpenAir(state, to) && !d.wings) return null;
  const rise = Math.abs(elevationAt(map, to) - elevationAt(map, from));
  if (rise > 0 && rise > jumpOf(state, u, from)) return null;
  let c = cost;
  if (isWater(state, to)) {
    if (!d.swims && !d.wings) return null;
    if (isDiagonalStep(from, to)) c *= SWIM_DIAGONAL;
  }
  if (isDifficult(state, to) || isMountain(state, to)) c *= 2;
  if (!inGravity(state, to)) c *= 2;
  return c;
}

/** Attacks made from underwater take a Minus Charge (OUT-TER-2). */
export function underwaterCharge(state: EncounterState, attacker: Unit): Charge[] {
  return isUnderwater(state, attacker) && !dataOf(attacker).wings ? [{ charge: 'minus', why: 'underwater' }] : [];
}
