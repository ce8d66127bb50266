/**
 * The table's roster over HTTP (docs/gm.md, "The roster"): characters that outlive encounters, what
 * carries back from an ended encounter for the GM to review, the next encounter loaded with the
 * roster's current values, and the library exported and imported as a file. GM only, every route.
 *
 * The logic is the engine's (src/engine/roster/, pure); this file reads and writes the store around it.
 * One server-level change is added to the engine's: `join`, a character of the ended encounter (a unit
 * with a `controller`, or on a side with `players: true`) that is not on the roster yet, as the engine's
 * `newcomers` finds it — from the encounter's stored document as it stands, or written by the ruleset for
 * a unit the GM added in the engine's shape. Its other changes apply only when the join is accepted too.
 * A character that cannot join is listed in `notCarried` with the reason.
 */
import {
  acceptCarryBack,
  carryBack,
  importLibrary,
  libraryEntrySchema,
  LIBRARY_FORMAT,
  LIBRARY_VERSION,
  newcomers,
  rosterSetupCommands,
  unitsAsAdded,
  type Change,
  type DiceSource,
  type LoggedEvent,
  type LibraryEntry,
  type RosterEntry,
} from '../engine/index.ts';
import { allowed, checkTable, summaryOf, type Context, type EncounterSummary } from './context.ts';
import { ApiError } from './errors.ts';
import { checkLibraryEntries, checkLibraryRoom } from './library.ts';
import type { Live } from './live.ts';
import type { Principal } from './policy.ts';
import { loadEncounter } from './referee.ts';
import { AcceptCarryBack, LibraryFile, LoadEncounter, parseWith } from './schemas.ts';

/** A change the server adds: a character of the encounter joins the roster. */
export type JoinChange = { id: string; entry: string; kind: 'join'; text: string };
export type RosterChange = Change | JoinChange;

export interface CarryBackReview {
  encounter: string;
  /** Every change, joins first; each `id` is what …/carry-back/accept takes. */
  changes: RosterChange[];
  /** Characters who cannot join the roster, each with the reason (nothing to accept for them). */
  notCarried: NotCarried[];
  /** The roster as it stands (before any change). */
  roster: RosterEntry[];
}

// ── loading an encounter (with or without the roster) ─────────────────────


/** The setup commands never roll: a roll would be a bug, not a result. */
const noDice: DiceSource = {
  roll() {
    throw new Error('carrying over from the roster rolled a die');
  },
};

/**
 * Right after a `fromRoster` load, in setup: what the document could not say (other pools, carried
 * data, lasting effects, deaths) as the engine's GM commands (`rosterSetupCommands`), decided by the
 * encounter's own log and stored in one transaction like any other command's events. A command the
 * engine refuses is left out; the rest still carry.
 */
function carryIntoEncounter(ctx: Context, encounterId: string, entries: RosterEntry[]): Promise<EncounterSummary | undefined> {
  return ctx.cache.exclusive(encounterId, async (live) => {
    if (!live) return undefined;
    const before = live.log.state;
    const version = live.log.version;
    const events: LoggedEvent[] = [];
    try {
      for (const command of rosterSetupCommands(before, { entries }, live.ruleset)) {
        const out = live.log.execute(command, noDice, { asGm: true });
        if (out.ok) events.push(...out.events);
      }
      if (!events.length) return undefined;
      const cmds = new Set(events.map((e) => e.cmd));
      const logCommands = Object.fromEntries(Object.entries(live.log.commands).filter(([cmd]) => cmds.has(cmd)));
      await ctx.store.append(encounterId, version, events, { status: live.log.state.status, logCommands });
    } catch (err) {
      ctx.cache.evict(encounterId);
      throw err;
    }
    live.row.version = live.log.version;
    live.row.status = live.log.state.status;
    ctx.publisher.committed(live, before, events);
    const summary = summaryOf(live.row);
    ctx.publisher.encounterChanged(summary, live);
    return summary;
  });
}

/**
 * POST /api/tables/{t}/encounters. Without `fromRoster`, the referee loads the file as it is. With it,
 * the roster's current values go into the parsed document (`applyRoster`: hp → startHp, never above
 * the file's hp) before it is validated, and the rest follows as GM commands in the new encounter's
 * log (`carryIntoEncounter`). Either way the referee keeps the document (with the roster's values), and
 * with it the file's units for the roster.
 */
export async function loadEncounterWithRoster(ctx: Context, p: Principal, tableId: string, body: unknown): Promise<EncounterSummary> {
  await checkTable(ctx, p, tableId, 'gm');
  const { fromRoster, ...plain } = parseWith(LoadEncounter, body);
  if (!fromRoster) return loadEncounter(ctx, p, tableId, plain);
  // the file is parsed, and the roster's values put in, off the main thread (reading.ts)
  const roster = await ctx.store.roster(tableId);
  const summary = await loadEncounter(ctx, p, tableId, plain, roster);
  return (await carryIntoEncounter(ctx, summary.id, roster.filter((e) => e.ruleset === summary.ruleset))) ?? summary;
}

// ── the roster ────────────────────────────────────────────────────────────

export async function getRoster(ctx: Context, p: Principal, tableId: string): Promise<{ entries: RosterEntry[] }> {
  await checkTable(ctx, p, tableId, 'gm');
  return { entries: await ctx.store.roster(tableId) };
}

/** A character of the encounter that cannot join the roster, and why (the engine's `newcomers`). */
export interface NotCarried {
  unit: string;
  name: string;
  code: string;
  text: string;
}

/**
 * Who joins and what changes. Newcomers are the engine's (`newcomers`): characters of the encounter's
 * document as it stands (a unit the GM added in the file's shape is one), and units added in the
 * engine's shape written as entries by the ruleset, or listed with the reason they cannot be.
 */
function review(live: Live, file: Record<string, unknown> | undefined, roster: RosterEntry[]): { joins: RosterEntry[]; changes: RosterChange[]; notCarried: NotCarried[] } {
  const found = newcomers(live.log.state, roster, live.ruleset, { file, added: unitsAsAdded(live.log.events) });
  const joins = found.flatMap((n) => ('entry' in n ? [n.entry] : []));
  const notCarried = found.flatMap((n) => ('rejection' in n ? [{ unit: n.unit, name: n.name, code: n.rejection.code, text: n.text }] : []));
  const { changes } = carryBack({ entries: [...roster, ...joins] }, live.log.state, live.ruleset);
  const joinChanges: JoinChange[] = found.flatMap((n) => ('entry' in n ? [{ id: `${n.entry.id}/join`, entry: n.entry.id, kind: 'join' as const, text: n.text }] : []));
  return { joins, notCarried, changes: [...joinChanges, ...changes] };
}

/**
 * The ended encounter, held (its turn) while `fn` runs, with its file as the roster reads it: the whole
 * document when kept (a written entry is checked against it), else what schema 2 kept.
 */
function withEnded<T>(ctx: Context, token: Principal, encounterId: string, fn: (live: Live, file: Record<string, unknown> | undefined) => Promise<T>): Promise<T> {
  return ctx.cache.exclusive(encounterId, async (current) => {
    const { live } = allowed(token, current, 'gm');
    if (live.log.state.status !== 'ended') {
      throw new ApiError('ENCOUNTER_NOT_ENDED', `the encounter is ${live.log.state.status === 'setup' ? 'not started' : 'still running'}: end it first (end_combat), then carry back`);
    }
    const doc = await ctx.store.encounterDocument(live.row.id);
    const kept = typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>) : undefined;
    const file = kept ?? ((await ctx.store.encounterFile(live.row.id)) as Record<string, unknown> | undefined);
    return fn(live, file);
  });
}

/** POST /api/encounters/{e}/carry-back: what would carry back, for the GM to review. Writes nothing. */
export function proposeCarryBack(ctx: Context, token: Principal, encounterId: string): Promise<CarryBackReview> {
  return withEnded(ctx, token, encounterId, async (live, file) => {
    const roster = await ctx.store.roster(live.row.tableId);
    const { changes, notCarried } = review(live, file, roster);
    return { encounter: encounterId, changes, notCarried, roster };
  });
}

/** POST /api/encounters/{e}/carry-back/accept: the accepted changes go to the roster, in one transaction. */
export function acceptChanges(ctx: Context, token: Principal, encounterId: string, body: unknown): Promise<{ encounter: string; accepted: string[]; entries: RosterEntry[] }> {
  return withEnded(ctx, token, encounterId, (live, file) => {
    const req = parseWith(AcceptCarryBack, body);
    return ctx.store.updateRoster(live.row.tableId, (roster) => {
      const { joins, changes } = review(live, file, roster);
      const known = new Set(changes.map((c) => c.id));
      req.accepted.forEach((id, i) => {
        if (!known.has(id)) throw new ApiError('BAD_REQUEST', `accepted[${i}]: "${id}" is not a change of this encounter (ask POST …/carry-back again)`, `accepted[${i}]`);
      });
      const take = new Set(req.accepted);
      const joined = joins.filter((e) => take.has(`${e.id}/join`));
      const engineChanges = changes.filter((c): c is Change => c.kind !== 'join');
      const next = acceptCarryBack({ entries: [...roster, ...joined] }, engineChanges, req.accepted);
      checkRosterRoom(ctx, next.entries);
      return { encounter: encounterId, accepted: [...take], entries: next.entries };
    });
  });
}

/** The roster a table keeps stays within `rosterEntries` characters and `rosterBytes` (refused before it is written). */
function checkRosterRoom(ctx: Context, entries: readonly RosterEntry[]): void {
  const { rosterEntries, rosterBytes } = ctx.limits;
  if (entries.length > rosterEntries) throw new ApiError('LIMIT_REACHED', `a table's roster holds at most ${rosterEntries} characters (this would make ${entries.length}); accept fewer joins`);
  const size = JSON.stringify(entries).length;
  if (size > rosterBytes) throw new ApiError('LIMIT_REACHED', `a table's roster holds at most ${rosterBytes} characters of data (this would make ${size}); accept fewer joins`);
}

// ── the library ───────────────────────────────────────────────────────────

export async function exportLibraryFile(ctx: Context, p: Principal, tableId: string): Promise<unknown> {
  await checkTable(ctx, p, tableId, 'gm');
  const entries = await ctx.store.library(tableId);
  // each entry checked as exportLibrary checks it, without making its text: the reply is written in slices
  const bad = entries.findIndex((e) => !libraryEntrySchema.safeParse(e).success);
  if (bad >= 0) throw new Error(`cannot export the library: entries[${bad}] is not a library entry`);
  return { format: LIBRARY_FORMAT, version: LIBRARY_VERSION, entries };
}

/** POST /api/tables/{t}/library/import: every entry checked first, as PUT checks one; one problem line per mistake. */
export async function importLibraryFile(ctx: Context, p: Principal, tableId: string, body: unknown): Promise<{ imported: number; entries: LibraryEntry[] }> {
  await checkTable(ctx, p, tableId, 'gm');
  parseWith(LibraryFile, body);
  const r = importLibrary(JSON.stringify(body));
  if (!r.ok) {
    const field = /^([^:\s]+):/.exec(r.problems[0])?.[1];
    throw new ApiError('INVALID_LIBRARY', r.problems.length > 1 ? `${r.problems[0]} (and ${r.problems.length - 1} more)` : r.problems[0], field, { problems: r.problems });
  }
  await checkLibraryRoom(ctx, tableId, r.entries, true);
  await checkLibraryEntries(r.entries);
  await ctx.store.putLibrary(tableId, r.entries);
  return { imported: r.entries.length, entries: await ctx.store.library(tableId) };
}
