/** Choosing a policy for a unit: the unit's own, its side's, the ruleset's 'aggressive', else random. */
import type { ActionOption, EncounterState, Policy, Ruleset, UnitId } from '../engine/index.ts';

export const randomPolicy: Policy = (_state, _unit, options, pick) => options[pick(options.length)];

/**
 * The first legal action, as the ruleset lists it (rulesets list attacks first, ending the turn last
 * but one): a cheap, deterministic baseline — and the policy of the speed benchmark.
 */
export const firstPolicy: Policy = (_state, _unit, options) => options[0];

const builtIn: Record<string, Policy> = { random: randomPolicy, first: firstPolicy };

export function policyNames(ruleset: Ruleset): string[] {
  return [...Object.keys(builtIn), ...Object.keys(ruleset.policies ?? {}).filter((n) => !Object.hasOwn(builtIn, n))];
}

export function policyByName(ruleset: Ruleset, name: string): Policy | undefined {
  if (Object.hasOwn(builtIn, name)) return builtIn[name];
  return ruleset.policies && Object.hasOwn(ruleset.policies, name) ? ruleset.policies[name] : undefined;
}

/**
 * The policy the file names for a unit: its own, else its side's (Unit.policy, EncounterState.sidePolicies).
 * States created before those fields kept them in `unit.data.policy` and `state.data.sidePolicies`: still read.
 */
function filePolicy(state: EncounterState, unit: UnitId): string | undefined {
  const u = state.units[unit];
  const legacy = state.data.sidePolicies as Record<string, string> | undefined;
  return u.policy ?? (u.data.policy as string | undefined) ?? state.sidePolicies?.[u.side] ?? legacy?.[u.side];
}

/** The policy that steers a unit: `overrides` (by unit id or side) win over the file's choices. */
export function policyFor(ruleset: Ruleset, state: EncounterState, unit: UnitId, overrides: Record<string, string> = {}): Policy {
  const u = state.units[unit];
  const name = overrides[unit] ?? overrides[u.side] ?? filePolicy(state, unit) ?? (ruleset.policies?.aggressive ? 'aggressive' : 'random');
  return policyByName(ruleset, name) ?? randomPolicy;
}

export type { ActionOption };

/**
 * Problems with the policies a run would use, before it starts: `--policy` keys that are neither a
 * side nor a unit, and names (given or in the file) that are not policies of the ruleset.
 */
export function policyProblems(ruleset: Ruleset, state: EncounterState, overrides: Record<string, string>): string[] {
  const known = policyNames(ruleset);
  const problems: string[] = [];
  const bad = (name: string, where: string) => {
    if (!known.includes(name)) problems.push(`${where} names policy "${name}"; ${ruleset.id} knows: ${known.join(', ')}`);
  };
  for (const [key, name] of Object.entries(overrides)) {
    if (!state.sides.includes(key) && !state.units[key]) problems.push(`--policy ${key}=${name}: "${key}" is neither a side (${state.sides.join(', ')}) nor a unit id`);
    else bad(name, `--policy ${key}`);
  }
  for (const [side, name] of Object.entries(state.sidePolicies ?? {})) bad(name, `side "${side}"`);
  for (const id of state.unitOrder) {
    const name = state.units[id].policy;
    if (name !== undefined) bad(name, `unit "${id}"`);
  }
  return problems;
}
