/**
 * Who may do what: pure decisions on a principal (from the access token), a table and an encounter
 * state. The GM of a table may do anything at that table; a player reads the table's encounters
 * through its own projection and acts only for the visible units it controls. A hidden unit is, to
 * a player, exactly a unit that does not exist: the same code and the same message.
 */
import type { Command, EncounterState, Ruleset, Viewer } from '../engine/index.ts';
import { ApiError, forbidden, unauthenticated } from './errors.ts';
import { swapIds, type Ids } from './held.ts';

export type Principal = { role: 'anonymous' } | { role: 'gm'; tableId: string } | { role: 'player'; tableId: string; playerId: string };

/** The engine's own GM-only core commands (src/engine/engine.ts: `by: 'gm'`). */
const CORE_GM_COMMANDS = new Set(['start', 'end_combat', 'undo', 'redo']);

/** Command types only the GM may send: core ones, the gm.* family, and the ruleset's `by: 'gm'` commands. */
export function isGmCommand(type: string, ruleset?: Ruleset): boolean {
  if (CORE_GM_COMMANDS.has(type) || type.startsWith('gm.')) return true;
  return !!ruleset && Object.hasOwn(ruleset.commands, type) && ruleset.commands[type].by === 'gm';
}

/** May `p` read (member) or manage (gm) table `tableId`? */
export function tableAccess(p: Principal, tableId: string, need: 'member' | 'gm'): ApiError | undefined {
  if (p.role === 'anonymous') return unauthenticated();
  if (p.tableId !== tableId) return forbidden('this token belongs to another table');
  if (need === 'gm' && p.role !== 'gm') return forbidden('only the GM may do that');
  return undefined;
}

export function viewerOf(p: Principal & { role: 'gm' | 'player' }): Viewer {
  return p.role === 'gm' ? { role: 'gm' } : { role: 'player', player: p.playerId };
}

/** Units `p` must not learn of. */
export function hiddenUnits(p: Principal, state: EncounterState): string[] {
  if (p.role === 'gm') return [];
  return state.unitOrder.filter((id) => state.units[id]?.hidden);
}

export const unknownUnit = (id: string, field?: string) => new ApiError('unit/unknown', `there is no unit "${id}"`, field);

/** May `p` see (read actions of) or act for unit `id`? Hidden and nonexistent answer alike. */
export function unitAccess(p: Principal, state: EncounterState, id: string, need: 'see' | 'act', field = 'unit'): ApiError | undefined {
  const u = Object.hasOwn(state.units, id) ? state.units[id] : undefined;
  if (!u || (p.role !== 'gm' && u.hidden)) return unknownUnit(id, field);
  if (p.role === 'player' && need === 'act' && u.controller !== p.playerId) return forbidden(`you do not control ${u.name}`);
  return undefined;
}

/** Strings a player must never receive: hidden units' ids and names, and every GM note. */
export function secretsFor(p: Principal, state: EncounterState): string[] {
  if (p.role === 'gm') return [];
  const out: string[] = [];
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (u.hidden) out.push(u.id, u.name);
    if (typeof u.data.gmNotes === 'string') out.push(u.data.gmNotes);
  }
  if (typeof state.data.gmNotes === 'string') out.push(state.data.gmNotes);
  return out.filter((s) => s.length > 0);
}

/** A message that names a secret is replaced whole: a redacted fragment would still hint. */
export function scrubMessage(message: string, code: string, secrets: readonly string[]): string {
  return secrets.some((s) => message.includes(s)) ? `the command was refused (${code})` : message;
}

export interface PreparedCommand {
  command: Command;
  /** Put back what the player typed where a placeholder stood (after scrubbing). */
  restore(message: string): string;
}

const ABSENT = (i: number) => `~absent${i}~`;

/**
 * A player's command, ready for the engine. Every hidden unit id it names is swapped for an id that
 * exists nowhere, so the engine answers as it would for a unit that does not exist — same checks in
 * the same order, same message. The effect and decision ids it names are the player's own (`ids`, see
 * held.ts): each is swapped for the real one, and one the player was never given for an id that exists
 * nowhere, so no real id can be reached by guessing. Returns an error when the player may not send it at all.
 */
export function prepareCommand(p: Principal & { role: 'gm' | 'player' }, state: EncounterState, command: Command, ruleset?: Ruleset, ids?: Ids): PreparedCommand | ApiError {
  if (p.role === 'gm') return { command, restore: (m) => m };
  if (isGmCommand(command.type, ruleset)) return forbidden(`only the GM may ${command.type}`);
  const hidden = new Set(hiddenUnits(p, state));
  const swapped: string[] = [];
  const placeholder = (v: string) => {
    let i = swapped.indexOf(v);
    if (i < 0) i = swapped.push(v) - 1;
    return ABSENT(i);
  };
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string' && hidden.has(v)) return placeholder(v);
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  // the player's effect and decision ids first (the real ones may not be swapped again); real ids in a
  // message go back to the player's own
  const named: [string, string][] = [];
  const own = ids
    ? swapIds(command, (kind, mine) => {
        const real = ids.real(kind, mine);
        if (real === undefined) return placeholder(mine);
        named.push([real, mine]);
        return real;
      })
    : command;
  const out = Object.fromEntries(Object.entries(own).map(([k, v]) => [k, k === 'type' ? v : swap(v)])) as Command;
  // a player always acts as one of its own visible units (hidden or nonexistent: the same answer)
  if (typeof command.actor !== 'string') return new ApiError('command/no_actor', `"${command.type}" needs an "actor"`, 'actor');
  const denied = unitAccess(p, state, command.actor, 'act', 'actor');
  if (denied) return denied;
  if (out.type === 'answer' && typeof out.pending === 'string') {
    const pending = state.pending.find((x) => x.id === out.pending);
    if (pending && pending.answeredBy !== 'gm' && hidden.has(pending.answeredBy)) {
      return new ApiError('pending/unknown', `there is no open decision "${String(command.pending)}"`, 'pending');
    }
    if (pending && (pending.answeredBy === 'gm' || pending.answeredBy !== out.actor)) return forbidden('this decision is not yours to answer');
  }
  return {
    command: out,
    restore: (m) => named.reduce((acc, [real, mine]) => acc.split(`"${real}"`).join(`"${mine}"`), swapped.reduce((acc, id, i) => acc.split(ABSENT(i)).join(id), m)),
  };
}
