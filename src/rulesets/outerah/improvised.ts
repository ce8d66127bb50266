/**
 * Improvised weapons (OUT-WPN-1): 1d4, one more d4 per full 20 Strength, at most 5d4; Strength itself
 * adds through the physical formula. The object decides the type (create.ts). Ruling: a Paladin, who
 * "specializes" in them, rolls one more d4 (still at most 5d4).
 */
import type { Unit } from '../../engine/index.ts';
import { dataOf, stat } from './model.ts';

export const MAX_IMPROVISED_DICE = 5;

export function improvisedDice(u: Unit): { notation: string; count: number; why: string } {
  const str = stat(u, 'strength');
  const paladin = dataOf(u).class === 'paladin' ? 1 : 0;
  const count = Math.min(MAX_IMPROVISED_DICE, 1 + Math.floor(str / 20) + paladin);
  const why = `1d4 + ${Math.floor(str / 20)}d4 for Strength ${str}${paladin ? ' + 1d4 Paladin' : ''}${count === MAX_IMPROVISED_DICE ? ' (at most 5d4)' : ''}`;
  return { notation: `${count}d4`, count, why };
}
