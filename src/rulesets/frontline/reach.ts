/**
 * Who reaches whom across the three zones (FRL-ZONE-2..4). Units only ever stand in the frontline or in
 * their own rearguard, so counting zones apart is enough:
 *   melee — same zone (0 apart);
 *   short — the next zone (1 apart): own rearguard → frontline, frontline → enemy rearguard;
 *   long  — rearguard → rearguard (2 apart) and, by ruling, the shorter reach too (1 apart), never the same zone;
 *   any   — devices only: anywhere.
 */
import { zoneSteps } from '../../engine/space/zones.ts';
import type { EncounterState, ZoneMap } from '../../engine/index.ts';
import type { Reach } from './schema.ts';

export function reachesSteps(reach: Reach, steps: number): boolean {
  switch (reach) {
    case 'melee': return steps === 0;
    case 'short': return steps === 1;
    case 'long': return steps >= 1;
    case 'any': return true;
  }
}

export function zonesApart(state: EncounterState, from: string, to: string): number | undefined {
  return zoneSteps(state.map as ZoneMap, from, to);
}

export function reaches(state: EncounterState, reach: Reach, from: string | undefined, to: string | undefined): boolean {
  if (from === undefined || to === undefined) return false;
  const steps = zonesApart(state, from, to);
  return steps !== undefined && reachesSteps(reach, steps);
}

export const reachWords: Record<Reach, string> = {
  melee: 'melee (same zone)',
  short: 'short range (the next zone)',
  long: 'long range (another zone)',
  any: 'any zone',
};

export const zoneWords = (zone: string | undefined): string => (zone ?? 'nowhere').replace(/_/g, ' ');
