/**
 * The table's roster over HTTP (docs/gm.md, "The roster"): characters that outlive encounters, what
 * carries back from an ended encounter for the GM to review, the next encounter loaded with the
 * roster's current values, and the library exported and imported as a file. GM only, every route.
 *
 * The logic is the engine's (src/engine/roster/, pure); this file reads and writes the store around it.
 * One server-level change is added to the engine's: `join`, a character of the ended encounter's file
 * (a unit with a `controller`, or on a side with `players: true`) that is not on the roster yet. Its
 * other changes apply only when the join is accepted too. The file is the encounter's stored document
 * as it stands, units the GM added in the file's shape included (store/roster.ts, `encounterFile`).
 */
import {
  acceptCarryBack,
  carryBack,
  applyRoster,
  exportLibrary,
  formatProblem,
  importLibrary,
  parseText,
  rosterEntry,
  rosterSetupCommands,
  rulesetIdOf,
  unitIdOf,
  type Change,
  type DiceSource,
  type Json,
  type LoggedEvent,
  type LibraryEntry,
  type RosterEntry,
} from '../engine/index.ts';
import { validateEncounter } from '../rulesets/load.ts';
import { rosterStore, type EncounterFile } from '../store/roster.ts';
import { checkTable, liveFor, summaryOf, type Context, type EncounterSummary } from './context.ts';
import { ApiError } from './errors.ts';
import { readExample } from './examples.ts';
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
  /** The roster as it stands (before any change). */
  roster: RosterEntry[];
}

// ── loading an encounter (with or without the roster) ─────────────────────

const obj = (v: unknown): Record<string, Json> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, Json>) : {});

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
function carryIntoEncounter(ctx: Context, encounterId: string, entries: RosterEntry[]): EncounterSummary | undefined {
  const live = ctx.cache.get(encounterId);
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
    ctx.store.append(encounterId, version, events, { status: live.log.state.status, logCommands });
  } catch (err) {
    ctx.cache.evict(encounterId);
    throw err;
  }
  live.row.version = live.log.version;
  live.row.status = live.log.state.status;
  ctx.publisher.committed(live, before, events);
  const summary = summaryOf(live.row);
  ctx.publisher.encounterChanged(summary);
  return summary;
}

/**
 * POST /api/tables/{t}/encounters. Without `fromRoster`, the referee loads the file as it is. With it,
 * the roster's current values go into the parsed document (`applyRoster`: hp → startHp, never above
 * the file's hp) before it is validated, and the rest follows as GM commands in the new encounter's
 * log (`carryIntoEncounter`). Either way the referee keeps the document (with the roster's values), and
 * with it the file's units for the roster.
 */
export function loadEncounterWithRoster(ctx: Context, p: Principal, tableId: string, body: unknown): EncounterSummary {
  checkTable(ctx, p, tableId, 'gm');
  const req = parseWith(LoadEncounter, body);
  const { fromRoster, ...plain } = req;
  let text: string;
  let file: string;
  if ('example' in plain) {
    const ex = readExample(plain.example);
    if (!ex) return loadEncounter(ctx, p, tableId, plain); // the referee says NOT_FOUND
    ({ text, file } = ex);
  } else {
    text = plain.text;
    file = plain.file ?? 'encounter';
  }
  const parsed = parseText(text, file);
  let summary: EncounterSummary;
  if (!fromRoster || !parsed.ok) {
    summary = loadEncounter(ctx, p, tableId, plain);
  } else {
    const ruleset = rulesetIdOf(parsed.value);
    const entries = rosterStore(ctx.store).roster(tableId).filter((e) => e.ruleset === ruleset);
    const doc = applyRoster(parsed.value as object, { entries });
    // problems point at the lines of the file as sent (the paths are the same)
    const checked = validateEncounter(doc, file, parsed.parsed);
    if (!checked.ok) {
      const problems = checked.problems.map((x) => ({ ...x, text: formatProblem(x) }));
      throw new ApiError('INVALID_ENCOUNTER', `${problems[0].text} (with the roster's values)`, checked.problems[0].path, { problems });
    }
    summary = loadEncounter(ctx, p, tableId, { text: JSON.stringify(doc), file });
    summary = carryIntoEncounter(ctx, summary.id, entries) ?? summary;
  }
  return summary;
}

// ── the roster ────────────────────────────────────────────────────────────

export function getRoster(ctx: Context, p: Principal, tableId: string): { entries: RosterEntry[] } {
  checkTable(ctx, p, tableId, 'gm');
  return { entries: rosterStore(ctx.store).roster(tableId) };
}

/**
 * Characters of the encounter's file not yet on the roster, as fresh entries. `file` is the encounter's
 * document as it stands (so a character the GM added in the file's shape is one), or what schema 2 kept.
 */
function newcomers(live: Live, file: EncounterFile | undefined, roster: readonly RosterEntry[]): RosterEntry[] {
  if (!file || file.ruleset !== live.row.ruleset) return [];
  const taken = new Set(roster.filter((e) => e.ruleset === file.ruleset).map(unitIdOf));
  const ids = new Set(roster.map((e) => e.id));
  const out: RosterEntry[] = [];
  for (const u of file.units) {
    if (typeof u.id !== 'string' || taken.has(u.id) || ids.has(u.id) || !live.log.state.units[u.id]) continue;
    const side = typeof u.side === 'string' ? obj(file.sides[u.side]) : {};
    if (typeof u.controller !== 'string' && side.players !== true) continue;
    out.push(rosterEntry(u, file.ruleset));
    ids.add(u.id);
  }
  return out;
}

function review(ctx: Context, live: Live, roster: RosterEntry[]): { joins: RosterEntry[]; changes: RosterChange[] } {
  const joins = newcomers(live, rosterStore(ctx.store).encounterFile(live.row.id), roster);
  const { changes } = carryBack({ entries: [...roster, ...joins] }, live.log.state, live.ruleset);
  const joinChanges: JoinChange[] = joins.map((e) => ({ id: `${e.id}/join`, entry: e.id, kind: 'join', text: `${e.name} joins the roster` }));
  return { joins, changes: [...joinChanges, ...changes] };
}

function endedLive(ctx: Context, token: Principal, encounterId: string): Live {
  const { live } = liveFor(ctx, token, encounterId, 'gm');
  if (live.log.state.status !== 'ended') {
    throw new ApiError('ENCOUNTER_NOT_ENDED', `the encounter is ${live.log.state.status === 'setup' ? 'not started' : 'still running'}: end it first (end_combat), then carry back`);
  }
  return live;
}

/** POST /api/encounters/{e}/carry-back: what would carry back, for the GM to review. Writes nothing. */
export function proposeCarryBack(ctx: Context, token: Principal, encounterId: string): CarryBackReview {
  const live = endedLive(ctx, token, encounterId);
  const roster = rosterStore(ctx.store).roster(live.row.tableId);
  return { encounter: encounterId, changes: review(ctx, live, roster).changes, roster };
}

/** POST /api/encounters/{e}/carry-back/accept: the accepted changes go to the roster, in one transaction. */
export function acceptChanges(ctx: Context, token: Principal, encounterId: string, body: unknown): { encounter: string; accepted: string[]; entries: RosterEntry[] } {
  const live = endedLive(ctx, token, encounterId);
  const req = parseWith(AcceptCarryBack, body);
  return rosterStore(ctx.store).updateRoster(live.row.tableId, (roster) => {
    const { joins, changes } = review(ctx, live, roster);
    const known = new Set(changes.map((c) => c.id));
    req.accepted.forEach((id, i) => {
      if (!known.has(id)) throw new ApiError('BAD_REQUEST', `accepted[${i}]: "${id}" is not a change of this encounter (ask POST …/carry-back again)`, `accepted[${i}]`);
    });
    const take = new Set(req.accepted);
    const joined = joins.filter((e) => take.has(`${e.id}/join`));
    const engineChanges = changes.filter((c): c is Change => c.kind !== 'join');
    const next = acceptCarryBack({ entries: [...roster, ...joined] }, engineChanges, req.accepted);
    return { encounter: encounterId, accepted: [...take], entries: next.entries };
  });
}

// ── the library ───────────────────────────────────────────────────────────

export function exportLibraryFile(ctx: Context, p: Principal, tableId: string): unknown {
  checkTable(ctx, p, tableId, 'gm');
  return JSON.parse(exportLibrary(rosterStore(ctx.store).library(tableId))) as unknown;
}

/** POST /api/tables/{t}/library/import: every entry checked first; one problem line per mistake. */
export function importLibraryFile(ctx: Context, p: Principal, tableId: string, body: unknown): { imported: number; entries: LibraryEntry[] } {
  checkTable(ctx, p, tableId, 'gm');
  parseWith(LibraryFile, body);
  const r = importLibrary(JSON.stringify(body));
  if (!r.ok) {
    const field = /^([^:\s]+):/.exec(r.problems[0])?.[1];
    throw new ApiError('INVALID_LIBRARY', r.problems.length > 1 ? `${r.problems[0]} (and ${r.problems.length - 1} more)` : r.problems[0], field, { problems: r.problems });
  }
  const store = rosterStore(ctx.store);
  store.putLibrary(tableId, r.entries);
  return { imported: r.entries.length, entries: store.library(tableId) };
}
