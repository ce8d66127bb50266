/**
 * Who is still in the fight and who takes turns: the ruleset's call (`Ruleset.standing`,
 * `Ruleset.takesTurn`), by default a unit's status. A unit that is not standing does not count for
 * its side's result and has "gone down" in the simulator's tallies; a unit that takes turns gets its
 * slots in the order, with their effect clocks, even when it is not standing (a dying character's
 * death saves).
 */
import type { Ruleset } from './ruleset.ts';
import type { EncounterState, Unit, UnitId } from './types.ts';

/** Whether `unit` is still in the fight by `ruleset`'s rules (default: its status is 'active'). */
export function isStanding(ruleset: Ruleset, state: EncounterState, unit: UnitId): boolean {
  const u = state.units[unit];
  if (!u) return false;
  return ruleset.standing ? ruleset.standing(state, unit) : u.status === 'active';
}

/** Whether `unit`'s slots in the order give it a turn (default: it is standing). */
export function takesTurn(ruleset: Ruleset, state: EncounterState, unit: UnitId): boolean {
  const u = state.units[unit];
  return u !== undefined && unitTakesTurn(ruleset, state, u);
}

/** takesTurn for a unit already in hand (the turn flow asks it as each turn starts). */
export function unitTakesTurn(ruleset: Ruleset, state: EncounterState, u: Unit): boolean {
  if (ruleset.takesTurn) return ruleset.takesTurn(state, u.id);
  return ruleset.standing ? ruleset.standing(state, u.id) : u.status === 'active';
}

type StandingTest = (state: EncounterState, unit: UnitId) => boolean;
const tests = new WeakMap<Ruleset, StandingTest>();

/**
 * The ruleset's own test of standing as a plain function (made once per ruleset), or undefined when
 * it keeps the default: hot loops then test the status themselves.
 */
export function standingTest(ruleset: Ruleset): StandingTest | undefined {
  if (!ruleset.standing) return undefined;
  let t = tests.get(ruleset);
  if (!t) tests.set(ruleset, (t = (state, unit) => state.units[unit] !== undefined && ruleset.standing!(state, unit)));
  return t;
}
