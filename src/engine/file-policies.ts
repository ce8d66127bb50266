/**
 * The simulator's policy choices a file makes (`units[].policy`, `sides: { x: { policy } }`), kept as
 * engine fields of the state (Unit.policy, EncounterState.sidePolicies) that src/sim/policies.ts reads.
 */
import type { SideId } from './types.ts';

/** The side policies a file names, or undefined when it names none. */
export function sidePoliciesOf(sides: Record<SideId, { policy?: string }> | undefined): Record<SideId, string> | undefined {
  const named = Object.entries(sides ?? {}).flatMap(([id, s]) => (s.policy ? [[id, s.policy] as const] : []));
  return named.length ? Object.fromEntries(named) : undefined;
}
