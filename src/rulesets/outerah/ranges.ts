/**
 * Range (OUT-RNG-1, OUT-RNG-2): a weapon's cells, and for long-range weapons (3+ cells) one more cell
 * per level the shooter stands above the target, one fewer when it stands lower (firing upward).
 */
import { distance } from '../../engine/space/grid.ts';
import type { EncounterState, Term, Unit } from '../../engine/index.ts';
import { heightOf } from './model.ts';
import { isLongRange } from './weapon-table.ts';

export interface Reach {
  range: number;
  distance: number;
  /** Height of the attacker above the target (negative: below). */
  height: number;
  terms: Term[];
}

/**
 * The range of a weapon of `base` cells shot from `height` levels above the target (negative: below): reachOf's
 * range without its words, for a question that reads only whether the shot reaches.
 */
export function rangeAt(base: number, height: number): number {
  if (isLongRange(base)) {
    if (height > 0) return base + height;
    if (height < 0) return base - 1;
  }
  return base;
}

/** A target `apart` cells away is out of a short weapon's reach whatever the heights (only a long-range one's reads them). */
export const outOfReachAnyHeight = (base: number, apart: number): boolean => apart > base && !isLongRange(base);

export function reachOf(state: EncounterState, attacker: Unit, target: Unit, base: number): Reach {
  const height = heightOf(state, attacker) - heightOf(state, target);
  const terms: Term[] = [];
  let range = base;
  if (isLongRange(base) && height > 0) {
    range += height;
    terms.push({ kind: 'note', text: `${height} higher: range +${height}` });
  } else if (isLongRange(base) && height < 0) {
    range -= 1;
    terms.push({ kind: 'note', text: `${-height} lower: range −1` });
  } else if (height !== 0) {
    terms.push({ kind: 'note', text: height > 0 ? `${height} higher` : `${-height} lower` });
  }
  return { range, distance: distance(attacker.position!, target.position!), height, terms };
}
