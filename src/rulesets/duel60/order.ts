/**
 * Turn order (ruling D60-INIT-1: the text gives none). Each round, units act by Speed, highest first;
 * ties by Agility, then by the order of the file. No dice. A unit carrying an ability with 1st, 2nd or
 * 3rd Initiative acts before those without, in that order (ruling D60-EFF-2).
 */
import type { EncounterState, Slot, Unit } from '../../engine/index.ts';
import { dataOf, stat } from './model.ts';

/** 1, 2 or 3 for the best Initiative ability the unit carries; 4 for none. */
export function initiativeClass(u: Unit): number {
  return Math.min(4, ...dataOf(u).abilities.map((a) => a.initiative ?? 4));
}

export function roundOrder(state: EncounterState): Slot[] {
  const units = state.unitOrder.map((id) => state.units[id]).filter((u) => u.status === 'active' || u.status === 'down');
  const fileIndex = (u: Unit) => state.unitOrder.indexOf(u.id);
  units.sort((a, b) => initiativeClass(a) - initiativeClass(b) || stat(b, 'speed') - stat(a, 'speed') || stat(b, 'agility') - stat(a, 'agility') || fileIndex(a) - fileIndex(b));
  return units.map((u) => ({ unit: u.id, initiative: stat(u, 'speed') }));
}
