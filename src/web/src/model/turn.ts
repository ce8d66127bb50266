/** Small readers of whose turn it is and what waits for whom. */
import type { EncounterState, Pending, UnitId } from '../../../engine/index.ts';

export function activeUnit(state: EncounterState | undefined): UnitId | undefined {
  if (!state || state.status !== 'active' || state.turn.index < 0) return undefined;
  return state.turn.order[state.turn.index]?.unit;
}

export function blockingPending(state: EncounterState | undefined): Pending | undefined {
  return state?.pending.find((p) => p.blocking !== false);
}
