/**
 * What every GM override shares: GM only, at any time (not tied to a turn), the GM's `reason` copied
 * into every event it emits, and the combat's result checked at once (removing the last foe wins).
 * Plus readers for command fields that fail with a clear rejection instead of a crash.
 */
import { checkOutcome, currentUnit } from '../flow.ts';
import { own } from '../own.ts';
import { fail } from '../rejection.ts';
import type { Resolution } from '../resolution.ts';
import type { Command, CommandHandler, Ruleset } from '../ruleset.ts';
import { isStanding } from '../standing.ts';
import type { EncounterState, Facing, Json, Unit } from '../types.ts';

/** Longest reason kept; a reason is a log line, not a document. */
export const MAX_REASON = 500;

export function reasonOf(cmd: Command): string | undefined {
  const r = cmd.reason;
  if (r === undefined || r === null) return undefined;
  if (typeof r !== 'string') fail('command/bad_reason', 'reason must be text', 'reason');
  if (r.length > MAX_REASON) fail('command/bad_reason', `reason is ${r.length} characters; the limit is ${MAX_REASON}`, 'reason');
  return r.trim() || undefined;
}

/** Tag events from index `from` on with the reason (events a nested handler tagged keep theirs). */
export function tagReason(ctx: Resolution, from: number, reason: string | undefined): void {
  if (reason === undefined) return;
  for (let i = from; i < ctx.events.length; i++) {
    const e = ctx.events[i];
    if (e.reason === undefined) e.reason = reason;
  }
}

export function gmCommand(ruleset: Ruleset, resolve: (ctx: Resolution, cmd: Command) => void): CommandHandler {
  return {
    onTurn: false,
    by: 'gm',
    resolve(ctx, cmd) {
      const reason = reasonOf(cmd);
      const from = ctx.events.length;
      const acting = actingStanding(ruleset, ctx.state);
      resolve(ctx, cmd);
      // the result is settled here, not after the handler, so `combat.ended` carries the reason too
      if (ctx.state.status === 'active' && !checkOutcome(ctx, ruleset) && acting) endFallenTurn(ctx, ruleset, acting);
      tagReason(ctx, from, reason);
    },
  };
}

/** The unit acting now, if it stands (a GM command may bring it down). */
function actingStanding(ruleset: Ruleset, state: EncounterState): string | undefined {
  const id = currentUnit(state);
  return id !== undefined && isStanding(ruleset, state, id) ? id : undefined;
}

/**
 * The GM's hand brought the acting unit down (HP set to 0, damage, a status): a fallen unit does not
 * go on acting, so its turn ends there, said in the log, unless a decision is still owed or the
 * ruleset ended it already.
 */
function endFallenTurn(ctx: Resolution, ruleset: Ruleset, unit: string): void {
  if (ctx.turnOver || currentUnit(ctx.state) !== unit || isStanding(ruleset, ctx.state, unit)) return;
  if (ctx.state.pending.some((p) => p.blocking !== false)) return;
  const u = ctx.state.units[unit];
  ctx.note(`${u.name}'s turn ends: ${u.name} is ${u.status}`);
  ctx.endTurn();
}

// ---- field readers ----

export function unitArg(ctx: Resolution, cmd: Command, field = 'unit'): Unit {
  const id = cmd[field];
  if (typeof id !== 'string') fail('command/missing_field', `"${cmd.type}" needs "${field}": a unit id`, field);
  const u = own(ctx.state.units, id);
  if (!u) fail('unit/unknown', `there is no unit "${id}"`, field);
  return u;
}

export function numberArg(cmd: Command, field: string, opts: { int?: boolean; min?: number; optional?: false }): number;
export function numberArg(cmd: Command, field: string, opts: { int?: boolean; min?: number; optional: true }): number | undefined;
export function numberArg(cmd: Command, field: string, opts: { int?: boolean; min?: number; optional?: boolean } = {}): number | undefined {
  const v = cmd[field];
  if (v === undefined && opts.optional) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) fail('command/bad_number', `"${field}" must be a number`, field);
  if (opts.int !== false && !Number.isInteger(v)) fail('command/bad_number', `"${field}" must be a whole number, got ${v}`, field);
  if (opts.min !== undefined && v < opts.min) fail('command/bad_number', `"${field}" must be at least ${opts.min}, got ${v}`, field);
  return v;
}

export function stringArg(cmd: Command, field: string): string;
export function stringArg(cmd: Command, field: string, optional: true): string | undefined;
export function stringArg(cmd: Command, field: string, optional = false): string | undefined {
  const v = cmd[field];
  if (v === undefined && optional) return undefined;
  if (typeof v !== 'string' || v === '') fail('command/missing_field', `"${cmd.type}" needs "${field}": text`, field);
  return v;
}

export function boolArg(cmd: Command, field: string, fallback?: boolean): boolean {
  const v = cmd[field];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'boolean') fail('command/bad_field', `"${field}" must be true or false`, field);
  return v;
}

export const FACINGS: readonly Facing[] = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

export function isRecord(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
