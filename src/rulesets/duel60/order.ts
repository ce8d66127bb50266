/**
 * Turn order (ruling D60-INIT-1: the text gives none). Each round, units act by Speed, highest first;
 * ties by Agility, then by the order of the file. No dice. A unit carrying an ability with 1st, 2nd or
 * 3rd Initiative acts before those without, in that order (ruling D60-EFF-2).
 */
import type { EncounterState, Slot, Unit } from '../../engine/index.ts';
import { agilityStat, dataOf, speedOf } from './model.ts';

/** 1, 2 or 3 for the best Initiative ability the unit carries; 4 for none. */
export function initiativeClass(u: Unit): number {
  let best = 4;
  for (const a of dataOf(u).abilities) if (a.initiative !== undefined && a.initiative < best) best = a.initiative;
  return best;
}

/** Each unit's keys once, not per comparison: initiative class, Speed, Agility, place in the file. */
interface Keyed {
  u: Unit;
  initiative: number;
  speed: number;
  agility: number;
  file: number;
}

const before = (a: Keyed, b: Keyed): number => a.initiative - b.initiative || b.speed - a.speed || b.agility - a.agility || a.file - b.file;

export function roundOrder(state: EncounterState): Slot[] {
  const units: Keyed[] = [];
  const ids = state.unitOrder;
  for (let file = 0; file < ids.length; file++) {
    const u = state.units[ids[file]];
    if (u.status !== 'active' && u.status !== 'down') continue;
    const k: Keyed = { u, initiative: initiativeClass(u), speed: speedOf(u), agility: agilityStat(u), file };
    // sorted as they come (a handful of units; the keys end in the file's order, so no two are equal)
    let i = units.length;
    units.push(k);
    while (i > 0 && before(units[i - 1], k) > 0) {
      units[i] = units[i - 1];
      i--;
    }
    units[i] = k;
  }
  const out: Slot[] = [];
  for (const { u, speed } of units) out.push({ unit: u.id, initiative: speed });
  return out;
}
