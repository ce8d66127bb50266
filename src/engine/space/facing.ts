/**
 * Facing: the eight compass directions, which way one cell lies from another, and from where an attack
 * lands on a defender (front, side or back).
 *
 * Directions are taken by angle, exactly: a vector counts as diagonal when its angle is within 22.5° of a
 * diagonal, decided with integers (no floating point), so every browser gets the same answer. Integer
 * vectors never fall exactly on a 22.5° boundary, so there are no ties.
 *
 * attackAngle sectors (the defender faces F; the attacker's direction as seen from the defender is D):
 *   front = D is F or one of the two facings 45° either side of it (3 of 8 sectors, a 135° arc),
 *   back  = D is the opposite of F or 45° either side of that (3 sectors),
 *   side  = the two sectors at exactly 90° from F (left and right).
 */
import type { Cell, Facing } from '../types.ts';

/** Clockwise from north. */
export const FACINGS: readonly Facing[] = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

const VECTORS: Record<Facing, Cell> = {
  N: { x: 0, y: -1 },
  NE: { x: 1, y: -1 },
  E: { x: 1, y: 0 },
  SE: { x: 1, y: 1 },
  S: { x: 0, y: 1 },
  SW: { x: -1, y: 1 },
  W: { x: -1, y: 0 },
  NW: { x: -1, y: -1 },
};

/** 0 for N, 1 for NE, ... 7 for NW (−1 for anything else, as FACINGS.indexOf has it): a switch, no scan of the names. */
export function facingIndex(f: Facing): number {
  switch (f) {
    case 'N': return 0;
    case 'NE': return 1;
    case 'E': return 2;
    case 'SE': return 3;
    case 'S': return 4;
    case 'SW': return 5;
    case 'W': return 6;
    case 'NW': return 7;
    default: return -1;
  }
}

/** The unit step of a facing (y grows south, so N is {0,-1}). */
export const facingVector = (f: Facing): Cell => ({ ...VECTORS[f] });

/** facingVector's step itself, shared: nobody may change it (a knock back asks it for every tile weighed). */
export const facingStep = (f: Facing): Readonly<Cell> => VECTORS[f];

/** Turn by `steps` of 45°, clockwise when positive (2 = a right turn, -2 = left, 4 = about face). */
export function turnFacing(f: Facing, steps: number): Facing {
  return FACINGS[(((facingIndex(f) + steps) % 8) + 8) % 8];
}

export const oppositeFacing = (f: Facing): Facing => turnFacing(f, 4);

/**
 * The facing nearest the direction of the vector (dx, dy); 'N' for the zero vector.
 * Diagonal when min(|dx|,|dy|) > (√2−1)·max(|dx|,|dy|), i.e. (min+max)² > 2·max².
 */
export function facingOfVector(dx: number, dy: number): Facing {
  if (dx === 0 && dy === 0) return 'N';
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const lo = Math.min(ax, ay);
  const hi = Math.max(ax, ay);
  if ((lo + hi) * (lo + hi) > 2 * hi * hi) {
    if (dx > 0) return dy > 0 ? 'SE' : 'NE';
    return dy > 0 ? 'SW' : 'NW';
  }
  if (ax > ay) return dx > 0 ? 'E' : 'W';
  return dy > 0 ? 'S' : 'N';
}

/** The facing from `from` toward `to` (8-way, by angle); 'N' when they are the same cell. */
export function facingToward(from: Cell, to: Cell): Facing {
  return facingOfVector(to.x - from.x, to.y - from.y);
}

/**
 * Where `other` lies relative to someone at `at` facing `facing`, in 45° steps clockwise:
 * 0 dead ahead, 1..3 to the right, 4 directly behind, 5..7 to the left (7 = ahead-left).
 */
export function relativeSector(at: Cell, facing: Facing, other: Cell): number {
  return (((facingIndex(facingToward(at, other)) - facingIndex(facing)) % 8) + 8) % 8;
}

export type AttackAngle = 'front' | 'side' | 'back';

/**
 * From where the attack lands, seen by the defender facing `defenderFacing` (see the sectors above).
 * An attacker in the defender's own cell counts as 'front'.
 */
export function attackAngle(attacker: Cell, defender: Cell, defenderFacing: Facing): AttackAngle {
  if (attacker.x === defender.x && attacker.y === defender.y) return 'front';
  const s = relativeSector(defender, defenderFacing, attacker);
  if (s === 0 || s === 1 || s === 7) return 'front';
  if (s === 2 || s === 6) return 'side';
  return 'back';
}

/** True when `target` is in the front arc (the 3 facings centred on `facing`) of someone at `at`. */
export function isInFront(at: Cell, facing: Facing, target: Cell): boolean {
  return attackAngle(target, at, facing) === 'front';
}

/** True when `target` is in the back arc (the 3 facings opposite `facing`) of someone at `at`. */
export function isBehind(at: Cell, facing: Facing, target: Cell): boolean {
  return attackAngle(target, at, facing) === 'back';
}
