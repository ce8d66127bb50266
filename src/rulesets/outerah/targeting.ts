/**
 * Who may be struck from where: the one check shared by commands, legalActions and preview, so a
 * listed option is an accepted command.
 */
import type { EncounterState, Resolution, Unit } from '../../engine/index.ts';
import { fail, own } from '../../engine/index.ts';
import { coverAgainst } from './cover.ts';
import { canBeTargeted, hasEffect } from './model.ts';
import { reachOf, type Reach } from './ranges.ts';
import type { StrikeSpec } from './spec.ts';
import { crewBlocker, isBelowDeck, shipOf } from './ship-model.ts';

export interface Blocker {
  code: string;
  message: string;
}

/** Why `u` cannot attack `t` with `spec` now, or null. */
export function attackBlocker(state: EncounterState, u: Unit, t: Unit, spec: StrikeSpec): Blocker | null {
  return targetBlocker(state, u, t) ?? attackerBlocker(state, u) ?? shotBlocker(state, u, t, spec);
}

/**
 * attackBlocker in its three parts, asked in this order: the target's (itself, down, an ally, Hidden), the
 * attacker's alone (Feared, its ship) and the shot's (below deck, range, cover). A listing that finds the
 * attacker blocked has no attack at all, so it asks that part once, not once per target; and per target it
 * asks only whether (targetBars, shotBars: the same tests, no words built for the many refusals it drops).
 */
export function targetBlocker(state: EncounterState, u: Unit, t: Unit): Blocker | null {
  const bar = targetBars(state, u, t);
  if (bar === 'itself') return { code: 'action/bad_target', message: `${u.name} cannot attack itself` };
  if (bar === 'status') return { code: 'action/bad_target', message: `${t.name} is ${t.status}` };
  if (bar === 'ally') return { code: 'action/bad_target', message: `${t.name} is an ally` };
  if (bar === 'hidden') return { code: 'action/hidden_target', message: `${t.name} is Hidden and cannot be found [OUT-OPEN-2]` };
  return null;
}

/** What bars `t` as `u`'s target (targetBlocker without its words), or null. */
export function targetBars(state: EncounterState, u: Unit, t: Unit): 'itself' | 'status' | 'ally' | 'hidden' | null {
  if (t.id === u.id) return 'itself';
  if (t.status !== 'active') return 'status';
  if (t.side === u.side) return 'ally';
  if (!canBeTargeted(state, u, t)) return 'hidden';
  return null;
}

export function attackerBlocker(state: EncounterState, u: Unit): Blocker | null {
  if (hasEffect(state, u.id, 'Feared')) return { code: 'action/feared', message: `${u.name} is Feared and cannot attack` };
  const crew = crewBlocker(state, u);
  if (crew) return { code: 'action/crew', message: crew };
  return null;
}

/** `reach`: reachOf(state, u, t, spec.range), when the caller has it already (a listing that keeps its range). */
export function shotBlocker(state: EncounterState, u: Unit, t: Unit, spec: StrikeSpec, reach?: Reach): Blocker | null {
  const bar = shotBars(state, u, t, spec, reach);
  if (bar === 'below_deck') return { code: 'action/below_deck', message: `${t.name} is below deck at the cannons [OUT-SHIP-3]` };
  if (bar === 'range') {
    const { distance, range } = reach ?? reachOf(state, u, t, spec.range);
    return { code: 'action/out_of_range', message: `${t.name} is ${distance} cells away; ${spec.name} reaches ${range} [OUT-RNG-1, OUT-RNG-2]` };
  }
  if (bar === 'cover') {
    const { material } = coverAgainst(state, u, t, spec);
    return { code: 'action/full_cover', message: `${t.name} is in full cover${material ? ` (${material})` : ''} from the front: no hit is possible [OUT-COV-3]` };
  }
  return null;
}

/** What bars the shot (shotBlocker without its words), or null; `reach`, if given, is reachOf(state, u, t, spec.range)'s distance and range. */
export function shotBars(state: EncounterState, u: Unit, t: Unit, spec: StrikeSpec, reach?: Pick<Reach, 'distance' | 'range'>): 'below_deck' | 'range' | 'cover' | null {
  if (isBelowDeck(t) && shipOf(state, t)) return 'below_deck';
  const { distance, range } = reach ?? reachOf(state, u, t, spec.range);
  if (distance > range) return 'range';
  // the spec is the shot (its element, kind and armour-piercing: all coverAgainst reads), not a copy of it
  if (coverAgainst(state, u, t, spec).level === 'full') return 'cover';
  return null;
}

/** Why `u` cannot help `t` (heal, buff) from here, or null. */
export function supportBlocker(state: EncounterState, u: Unit, t: Unit, range: number, self: boolean): Blocker | null {
  if (t.side !== u.side) return { code: 'action/bad_target', message: `${t.name} is not an ally` };
  if (!self && t.id === u.id) return { code: 'action/bad_target', message: `${u.name} cannot target itself with that` };
  if (t.status !== 'active' && t.status !== 'down') return { code: 'action/bad_target', message: `${t.name} is ${t.status}` };
  const reach = reachOf(state, u, t, range);
  if (reach.distance > range) return { code: 'action/out_of_range', message: `${t.name} is ${reach.distance} cells away; it reaches ${range}` };
  return null;
}

export function targetOf(ctx: Resolution, id: unknown): Unit {
  if (typeof id !== 'string') fail('command/bad_target', 'name a "target" unit', 'target');
  const t = own(ctx.state.units, id);
  if (!t) fail('unit/unknown', `there is no unit "${id}"`, 'target');
  return t;
}

export function orFail(b: Blocker | null, field = 'target'): void {
  if (b) fail(b.code, b.message, field);
}
