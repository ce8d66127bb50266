/** Choosing a policy for a unit: the unit's own, its side's, the ruleset's 'aggressive', else random. */
import type { ActionOption, EncounterState, Policy, Ruleset, UnitId } from '../engine/index.ts';

export const randomPolicy: Policy = (_state, _unit, options, pick) => options[pick(options.length)];

export function policyNames(ruleset: Ruleset): string[] {
  return ['random', ...Object.keys(ruleset.policies ?? {})];
}

export function policyByName(ruleset: Ruleset, name: string): Policy | undefined {
  if (name === 'random') return randomPolicy;
  return ruleset.policies && Object.hasOwn(ruleset.policies, name) ? ruleset.policies[name] : undefined;
}

/** The policy that steers a unit: `overrides` (by unit id or side) win over the file's choices. */
export function policyFor(ruleset: Ruleset, state: EncounterState, unit: UnitId, overrides: Record<string, string> = {}): Policy {
  const u = state.units[unit];
  const sidePolicies = (state.data.sidePolicies ?? {}) as Record<string, string>;
  const name = overrides[unit] ?? overrides[u.side] ?? (u.data.policy as string | undefined) ?? sidePolicies[u.side] ?? (ruleset.policies?.aggressive ? 'aggressive' : 'random');
  return policyByName(ruleset, name) ?? randomPolicy;
}

export type { ActionOption };
