/** Choosing a policy for a unit: the unit's own, its side's, the ruleset's 'aggressive', else random. */
import type { ActionOption, Cell, EncounterState, Policy, Ruleset, Unit, UnitId } from '../engine/index.ts';
import { ownUnit } from '../engine/own.ts';
import { distance } from '../engine/space/grid.ts';

export const randomPolicy: Policy = (_state, _unit, options, pick) => {
  const all = options.all;
  // nothing listed: no option, as `first` gives (the runner ends the turn); pick(0) threw mid-simulation
  return all[all.length ? pick(all.length) : 0];
};

/**
 * The first legal action that does something toward the fight, in the ruleset's order: cheap,
 * deterministic, the speed benchmark's policy. Read from the options' typed fields, never their words:
 * 1. the first option aimed at a standing enemy (`targets[0]`: rulesets list only what can be paid);
 * 2. else the move that ends nearest a standing enemy, if nearer than the unit stands (grid maps);
 * 3. else the first that gives a pool back (`restores`: a Rest when out of stamina);
 * 4. else the first that is not a move (ending the turn rather than shuffling about).
 * Taking the listing's first option as it came stalled fights: a unit out of stamina stepped to the
 * first reachable cell turn after turn, and units out of reach walked into a corner.
 */
export const firstPolicy: Policy = (state, unit, options) => {
  const me = state.units[unit];
  if (!me) return options.all[0];
  // asked as a first match: a lister may stop at the first strike instead of listing the rest
  const aimed = options.first((o) => {
    const t = o.targets?.[0];
    if (t === undefined) return false;
    const u = ownUnit(state.units, t);
    return u !== undefined && u.side !== me.side && u.status === 'active';
  });
  if (aimed) return aimed;
  const all = options.all;
  // one pass for what the rest asks (a move among them, the first that restores, the first that is not a
  // move): asked at every turn's Preparation, where a listing of two options was walked three times
  let moves = false;
  let restores: ActionOption | undefined;
  let notMove: ActionOption | undefined;
  for (let i = 0; i < all.length; i++) {
    const o = all[i];
    if (o.move) moves = true;
    else notMove ??= o;
    if (restores === undefined && o.restores?.length) restores = o;
  }
  const best = moves && me.position ? nearerMove(state, me, all) : undefined;
  return best ?? restores ?? notMove ?? all[0];
};

/** The move ending nearest a standing enemy (the first of equals), if it is nearer than where `me` stands. */
function nearerMove(state: EncounterState, me: Unit, options: ActionOption[]): ActionOption | undefined {
  if (!options.some((o) => o.move)) return undefined;
  const foes: Cell[] = [];
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (u.side !== me.side && u.status === 'active' && u.position) foes.push(u.position);
  }
  if (!foes.length) return undefined;
  let best: ActionOption | undefined;
  let nearest = nearestOf(me.position!, foes);
  for (const o of options) {
    const to = o.move?.to;
    if (typeof to !== 'object') continue;
    const d = nearestOf(to, foes);
    if (d < nearest) {
      nearest = d;
      best = o;
    }
  }
  return best;
}

function nearestOf(from: Cell, cells: Cell[]): number {
  let best = Infinity;
  for (const c of cells) best = Math.min(best, distance(from, c));
  return best;
}

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
