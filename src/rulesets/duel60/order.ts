/**
 * Turn order (ruling D60-INIT-1: the text gives none). Each round, units act by Speed, highest first;
 * ties by Agility, then by the order of the file. No dice. A unit carrying an ability with 1st, 2nd or
 * 3rd Initiative acts before those without, in that order (ruling D60-EFF-2).
 */
import type { EncounterState, Slot, Unit } from '../../engine/index.ts';
import { agilityStat, dataOf, speedOf } from './model.ts';

/** 1, 2 or 3 for the best Initiative ability the unit carries; 4 for none. */
export function initiativeClass(u: Unit): number {
  return Math.min(4, ...dataOf(u).abilities.map((a) => a.initiative ?? 4));
}

export function roundOrder(state: EncounterState): Slot[] {
  // each unit's keys once, not per comparison: initiative class, Speed, Agility, place in the file
  const units: { u: Unit; initiative: number; speed: number; agility: number; file: number }[] = [];
  state.unitOrder.forEach((id, file) => {
    const u = state.units[id];
    if (u.status === 'active' || u.status === 'down') units.push({ u, initiative: initiativeClass(u), speed: speedOf(u), agility: agilityStat(u), file });
  });
  units.sort((a, b) => a.initiative - b.initiative || b.speed - a.speed || b.agility - a.agility || a.file - b.file);
  return units.map(({ u, speed }) => ({ unit: u.id, initiative: speed }));
}
