/**
 * Reading outerah's kept move searches (move.ts): a cell's place in a search's numbers, the way there
 * (the stop a walk toward a set of cells takes is space/stops.ts's nearestPlace) — and what a listing builds once from a search (fromReach).
 */
import type { Reach, Reached } from '../../engine/space/path.ts';
import { nearestPlace, type NearestStop } from '../../engine/space/stops.ts';
import type { Cell } from '../../engine/index.ts';

/** Cell (x, y)'s place in a search's answer, −1 when it was not reached (a search holds at most a few hundred cells). */
export function placeOf(r: Reached, x: number, y: number): number {
  for (let k = 0; k < r.count; k++) if (r.x[k] === x && r.y[k] === y) return k;
  return -1;
}

/** The way to cell k of a search (the start first, k last) and what reaching each of its cells costs. */
export function wayTo(r: Reached, k: number): { path: Cell[]; costs: number[] } {
  const path: Cell[] = [];
  const costs: number[] = [];
  for (let i = k; i >= 0; i = r.from[i]) {
    path.push({ x: r.x[i], y: r.y[i] });
    costs.push(r.cost[i]);
  }
  return { path: path.reverse(), costs: costs.reverse() };
}

/**
 * What was last built from a search result alone and a key spelling out everything else it reads (the Move
 * option lists with their labels, the Return Order's cell): a listing that finds the same (kept) search again
 * — after an attack, say — finds them too. A few slots, replaced in turn: nothing is held past the next
 * listings. `build` must read nothing but the result and what `key` spells out; what it returns is shared
 * between listings, so no one may change it.
 */
const SLOTS = 8;
const builtFrom: { reach: Map<string, Reach> | undefined; key: string; value: unknown }[] = Array.from({ length: SLOTS }, () => ({ reach: undefined, key: '', value: undefined }));
let nextSlot = 0;

export function fromReach<T>(reach: Map<string, Reach>, key: string, build: () => T): T {
  for (const slot of builtFrom) if (slot.reach === reach && slot.key === key) return slot.value as T;
  const value = build();
  const slot = builtFrom[nextSlot];
  nextSlot = (nextSlot + 1) % SLOTS;
  slot.reach = reach;
  slot.key = key;
  slot.value = value;
  return value;
}

/** The box around a search's stops (cells reached at a cost where a move may end), or null for none. */
interface StopBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Each kept search's box (a search is never changed, and is shared by every fight that asks it). */
const boxes = new WeakMap<Reached, StopBox | null>();

function stopBox(r: Reached): StopBox | null {
  let box = boxes.get(r);
  if (box !== undefined) return box;
  box = null;
  for (let k = 0; k < r.count; k++) {
    if (r.cost[k] === 0 || r.stop[k] === 0) continue;
    const x = r.x[k];
    const y = r.y[k];
    if (!box) box = { minX: x, minY: y, maxX: x, maxY: y };
    else {
      if (x < box.minX) box.minX = x;
      if (x > box.maxX) box.maxX = x;
      if (y < box.minY) box.minY = y;
      if (y > box.maxY) box.maxY = y;
    }
  }
  boxes.set(r, box);
  return box;
}

/**
 * nearestPlace (space/stops.ts), first asked of the box around the search's stops: no stop is nearer a cell
 * of `toward` than the box is (in cells, Chebyshev), so when the box is no nearer than `toBeat` to every one of
 * them, no stop beats it — the answer is none, without weighing each stop (the walk of a unit whose foes
 * are out of its reach, every turn).
 */
export function nearestPlaceOf(r: Reached, toward: readonly Cell[], toBeat: number): NearestStop {
  const box = stopBox(r);
  if (box === null) return { index: -1, d: toBeat };
  let least = Infinity;
  for (let i = 0; i < toward.length; i++) {
    const t = toward[i];
    const d = Math.max(box.minX - t.x, t.x - box.maxX, box.minY - t.y, t.y - box.maxY, 0);
    if (d < least) least = d;
  }
  return least >= toBeat ? { index: -1, d: toBeat } : nearestPlace(r, toward, toBeat);
}
