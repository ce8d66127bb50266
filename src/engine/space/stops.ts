/**
 * The cells a move may end on in a search result — not the start, not a cell it may only pass — in the
 * result's order, with their keys and costs, read from the result once (listings and policies weigh them
 * before every move); and the walk a policy takes among them toward a set of cells. Searches are kept
 * and shared (searches.ts) and never changed, so neither are these: the cells are frozen, and nobody may
 * change the arrays.
 */
import type { Cell } from '../types.ts';
import { cellOfKey } from './grid.ts';
import type { Reach, Reached } from './path.ts';

export interface Stops {
  keys: readonly string[];
  cells: readonly Cell[];
  costs: readonly number[];
}

const kept = new WeakMap<Map<string, Reach>, Stops>();

export function stopsOf(reach: Map<string, Reach>): Stops {
  let s = kept.get(reach);
  if (!s) {
    const keys: string[] = [];
    const cells: Cell[] = [];
    const costs: number[] = [];
    for (const [key, spot] of reach) {
      if (spot.cost === 0 || spot.canStop === false) continue;
      keys.push(key);
      cells.push(Object.freeze(cellOfKey(key)));
      costs.push(spot.cost);
    }
    kept.set(reach, (s = { keys, cells, costs }));
  }
  return s;
}

/** A stop of stopsOf (its place; −1: none) and its distance to the nearest cell it was measured against. */
export interface NearestStop {
  index: number;
  d: number;
}

/**
 * The first of a search's stops (stopsOf), in its order, nearer to the nearest of `toward` (in cells, Chebyshev) than
 * `toBeat` and than every stop before it: where a policy walks to close in on its foes, weighed on the
 * stops' numbers (no option built, no key parsed).
 */
export function nearestStop({ cells }: Stops, toward: readonly Cell[], toBeat: number): NearestStop {
  let index = -1;
  let bestD = toBeat;
  for (let k = 0; k < cells.length; k++) {
    const c = cells[k];
    let d = Infinity;
    for (let i = 0; i < toward.length; i++) {
      const t = toward[i];
      const e = Math.max(Math.abs(c.x - t.x), Math.abs(c.y - t.y));
      if (e < d) d = e;
    }
    if (d < bestD) [index, bestD] = [k, d];
  }
  return { index, d: bestD };
}

/**
 * nearestStop read off a search's numbers (Reached): the first of its stops (a cell reached at a cost, where
 * a move may end), in its order, nearer to the nearest of `toward` than `toBeat` and than every stop before
 * it; `index` is the cell's place in the search (−1: none). No key, cell or option is made per cell.
 * `closest`: no stop can be nearer than that (1 when `toward` are cells standing units hold, never stops),
 * so the walk ends at the first stop that near; the default 0 walks on until a stop on `toward` itself.
 */
export function nearestPlace(r: Reached, toward: readonly Cell[], toBeat: number, closest = 0): NearestStop {
  const { count, x, y, cost, stop } = r;
  let index = -1;
  let bestD = toBeat;
  for (let k = 0; k < count; k++) {
    if (cost[k] === 0 || stop[k] === 0) continue;
    const cx = x[k];
    const cy = y[k];
    let d = Infinity;
    for (let i = 0; i < toward.length; i++) {
      const t = toward[i];
      const e = Math.max(Math.abs(cx - t.x), Math.abs(cy - t.y));
      if (e < d) d = e;
    }
    if (d < bestD) {
      index = k;
      bestD = d;
      if (d <= closest) break;
    }
  }
  return { index, d: bestD };
}
