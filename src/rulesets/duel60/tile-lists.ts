/**
 * Lists of tiles that are kept and never changed — a move search's tiles (move.ts MoveSearch), shared by every
 * fight asking that search — so a question asked of the same list again may keep what it read of it
 * (best-strike.ts: the tiles' numbers and a grid of their places). A list not named here is read afresh.
 */
import type { Cell } from '../../engine/index.ts';

const kept = new WeakSet<Cell[]>();

/** Name `tiles` as kept: nobody changes it from here on. */
export function keepTiles(tiles: Cell[]): Cell[] {
  kept.add(tiles);
  return tiles;
}

/** Whether `tiles` was named kept. */
export const isKept = (tiles: Cell[]): boolean => kept.has(tiles);
