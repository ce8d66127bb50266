/** What skeleton keeps per unit (unit.data), and small readers of the state. */
import type { EncounterState, Json, Unit } from '../../engine/index.ts';

export interface SkeletonData {
  attack: number;
  defence: number;
  damage: string;
  gmNotes?: string;
}

export const dataOf = (u: Unit): SkeletonData => u.data as unknown as SkeletonData;
export const asJson = (d: SkeletonData): Record<string, Json> => d as unknown as Record<string, Json>;

/** Enemies still in the fight. */
export function enemiesOf(state: EncounterState, u: Unit): Unit[] {
  return state.unitOrder.map((id) => state.units[id]).filter((o) => o.side !== u.side && o.status === 'active' && o.position);
}
