/**
 * Who stands where. Only units that are 'active' or 'down' occupy a cell (the fallen still lie there); dead,
 * fled and removed units do not, nor do units without a position. Every unit fills exactly one cell.
 * Lists keep the order of the input (a Record's insertion order, i.e. the encounter's unit order).
 */
import type { Cell, Unit, UnitId } from '../types.ts';
import { cellKey, cellKeyOf, distance, type Metric } from './grid.ts';

export type Units = Record<string, Unit> | Unit[];

const list = (units: Units): Unit[] => (Array.isArray(units) ? units : Object.values(units));

/** Whether the unit takes up its cell. */
export const occupies = (u: Unit): boolean => (u.status === 'active' || u.status === 'down') && u.position !== undefined;

/** The unit occupying the cell, if any (the first in order if several do, which the rules should prevent). */
export function unitAt(units: Units, cell: Cell): Unit | undefined {
  return list(units).find((u) => occupies(u) && u.position!.x === cell.x && u.position!.y === cell.y);
}

/** Occupying units at distance ≤ range from the cell (including any on the cell itself), in input order. */
export function unitsWithin(units: Units, cell: Cell, range: number, metric: Metric = 'chebyshev'): Unit[] {
  return list(units).filter((u) => occupies(u) && distance(u.position!, cell, metric) <= range);
}

/** Occupying units of another side within 1 cell (edge or corner) of the unit; [] when it has no position. */
export function adjacentEnemies(units: Units, unit: Unit): Unit[] {
  const at = unit.position;
  if (!at) return [];
  return list(units).filter((u) => u.id !== unit.id && u.side !== unit.side && occupies(u) && distance(u.position!, at) === 1);
}

/** Cell key → occupying unit, for fast lookups. */
export function occupancyIndex(units: Units): Map<string, Unit> {
  const out = new Map<string, Unit>();
  for (const u of list(units)) if (occupies(u) && !out.has(cellKey(u.position!))) out.set(cellKey(u.position!), u);
  return out;
}

/**
 * A MoveRules.occupied predicate: true where some occupying unit stands, other than the ones in `ignore`
 * (the mover itself). For "allies can be crossed", pass allies' cells as MoveRules.passOnly instead.
 */
export function occupiedBy(units: Units, ignore: UnitId[] = [], only?: (u: Unit) => boolean): (c: Cell) => boolean {
  // the cells as numbers, looked through (a few units: cheaper than a key made and hashed per cell asked); a
  // place that is not a plain number pair (NaN, text) by its key, as a key lookup would answer it
  const xs: number[] = [];
  const ys: number[] = [];
  let odd: Set<string> | undefined;
  for (const u of list(units)) {
    if (!occupies(u) || ignore.includes(u.id) || (only && !only(u))) continue;
    const p = u.position!;
    if (plainPlace(p)) {
      xs.push(p.x);
      ys.push(p.y);
    } else (odd ??= new Set()).add(cellKey(p));
  }
  return (c) => {
    if (plainPlace(c)) {
      // for numbers other than NaN, two keys are equal exactly when the numbers are
      for (let i = 0; i < xs.length; i++) if (xs[i] === c.x && ys[i] === c.y) return true;
      return odd !== undefined && odd.has(cellKey(c));
    }
    const key = cellKey(c);
    if (odd?.has(key)) return true;
    for (let i = 0; i < xs.length; i++) if (cellKeyOf(xs[i], ys[i]) === key) return true;
    return false;
  };
}

/** Both coordinates numbers, neither NaN: the places whose keys are equal exactly when the numbers are. */
const plainPlace = (c: Cell): boolean => typeof c.x === 'number' && typeof c.y === 'number' && c.x === c.x && c.y === c.y;
