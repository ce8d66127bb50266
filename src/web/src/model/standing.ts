/**
 * Whether the page shows a unit as out of the fight: the ruleset's own notion of standing
 * (Ruleset.standing; default: status 'active'), so a dying character making death saves, or one who
 * yielded while still on its feet, reads as the rules see it. `outWord` is what its badge says.
 */
import { isStanding, type EncounterState, type Unit } from '../../../engine/index.ts';
import type { Ruleset } from '../../../engine/index.ts';
import { rulesetById } from '../../../rulesets/index.ts';

export function isOut(state: EncounterState, unit: Unit, ruleset: Ruleset | undefined = rulesetById(state.ruleset)): boolean {
  return ruleset ? !isStanding(ruleset, state, unit.id) : unit.status !== 'active';
}

/** The badge of a unit out of the fight: its status ('down', 'dead', 'fled'), or 'out' when its status still reads active. */
export const outWord = (unit: Unit): string => (unit.status === 'active' ? 'out' : unit.status);
