/**
 * Export and import of a table's encounters as one JSON file. An export is what the exporter may see:
 * the GM's holds every event, the commands and the encounter's source document (it names hidden
 * units); a player's holds its own projection (no hidden units, no GM notes, no document).
 * An import is checked before anything is written: every log replayed with its ruleset, every document
 * validated with its ruleset's schema.
 */
import { replayLog, rulesetIdOf, type Command, type EncounterState, type Json, type LoggedEvent } from '../engine/index.ts';
import { validateEncounter } from '../rulesets/load.ts';
import { checkTable, liveFor, summaryOf, type Context, type EncounterSummary } from './context.ts';
import { ApiError } from './errors.ts';
import { checkImportedLog } from './imported-log.ts';
import { engineFor } from './live.ts';
import type { Principal } from './policy.ts';
import { eventsAfter, liveSummaryFor, stateFor } from './numbering.ts';
import { EXPORT_FORMAT, ImportRequest, parseWith } from './schemas.ts';
import { newId } from './tokens.ts';

export interface ExportedEncounter extends EncounterSummary {
  events: LoggedEvent[];
  state: EncounterState;
  /** GM exports only: the command behind each log command id (they may name hidden units). */
  commands?: Record<string, Command>;
  /**
   * GM exports only, when the encounter keeps one: its source document as it stands (the file as loaded,
   * with the units the GM added in its shape). An import restores it, so the copy takes such units too.
   */
  document?: Record<string, Json>;
}

export interface TableExport {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  viewer: { role: 'gm' | 'player'; playerId?: string };
  table: { id: string; name: string };
  encounters: ExportedEncounter[];
}

async function exportOne(ctx: Context, p: Principal, id: string): Promise<ExportedEncounter> {
  const { live, p: m } = await liveFor(ctx, p, id);
  // a player's events in its own numbering (gap-free, so its export imports), its state at its own version
  const summary = liveSummaryFor(live, m);
  const state = stateFor(live, m, live.log.state, summary.version);
  const out: ExportedEncounter = { ...summary, events: eventsAfter(live, m, 0), state };
  if (m.role === 'gm') {
    out.commands = { ...live.log.commands };
    const document = await ctx.store.encounterDocument(id);
    if (document !== undefined) out.document = document as Record<string, Json>;
  }
  return out;
}

export async function exportTable(ctx: Context, p: Principal, tableId: string, only?: string): Promise<TableExport> {
  const m = await checkTable(ctx, p, tableId, 'member');
  const t = (await ctx.store.table(tableId))!;
  const ids = only ? [only] : (await ctx.store.encounters(tableId)).map((e) => e.id);
  const encounters: ExportedEncounter[] = [];
  for (const id of ids) encounters.push(await exportOne(ctx, m, id));
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    viewer: m.role === 'gm' ? { role: 'gm' } : { role: 'player', playerId: m.playerId },
    table: { id: t.id, name: t.name },
    encounters,
  };
}

export async function exportEncounter(ctx: Context, p: Principal, id: string): Promise<TableExport> {
  const { live } = await liveFor(ctx, p, id);
  return exportTable(ctx, p, live.row.tableId, id);
}

/** New encounters (new ids) at the GM's table from an export file; all of them or none. */
export async function importTable(ctx: Context, p: Principal, tableId: string, body: unknown): Promise<EncounterSummary[]> {
  await checkTable(ctx, p, tableId, 'gm');
  const req = parseWith(ImportRequest, body);
  if ((await ctx.store.encounters(tableId)).length + req.encounters.length > ctx.limits.encountersPerTable) {
    throw new ApiError('LIMIT_REACHED', `a table holds at most ${ctx.limits.encountersPerTable} encounters`);
  }
  const planned = req.encounters.map((enc, n) => {
    const where = `encounters[${n}]`;
    const engine = engineFor(enc.ruleset);
    if (!engine) throw new ApiError('INVALID_IMPORT', `${where}: unknown ruleset "${enc.ruleset}"`, `${where}.ruleset`);
    const events = enc.events as LoggedEvent[];
    if (events.length > ctx.limits.eventsPerEncounter) throw new ApiError('INVALID_IMPORT', `${where}: more than ${ctx.limits.eventsPerEncounter} events`, `${where}.events`);
    events.forEach((e, i) => {
      if (e.seq !== i + 1) throw new ApiError('INVALID_IMPORT', `${where}.events[${i}]: seq ${e.seq}, expected ${i + 1}`, `${where}.events[${i}].seq`);
    });
    if (events[0].type !== 'encounter.created') throw new ApiError('INVALID_IMPORT', `${where}: a log starts with encounter.created`, `${where}.events[0].type`);
    checkImportedLog(events, enc.commands, where);
    let state: EncounterState;
    try {
      state = replayLog(engine, events);
    } catch (err) {
      throw new ApiError('INVALID_IMPORT', `${where}: the log does not replay: ${(err as Error).message}`, `${where}.events`);
    }
    if (state.ruleset !== enc.ruleset) throw new ApiError('INVALID_IMPORT', `${where}: the log is a ${state.ruleset} encounter, not ${enc.ruleset}`, `${where}.ruleset`);
    const document = importedDocument(enc.document, enc.ruleset, `${where}.document`);
    return { id: newId('e_'), ruleset: enc.ruleset, name: enc.name ?? state.name, status: state.status, events, commands: (enc.commands ?? {}) as Record<string, Command>, document };
  });
  await ctx.store.createEncounters(planned.map((e) => ({ row: { id: e.id, tableId, ruleset: e.ruleset, name: e.name, status: e.status }, events: e.events, logCommands: e.commands, ...(e.document !== undefined ? { document: e.document } : {}) })));
  const out: EncounterSummary[] = [];
  for (const e of planned) out.push(summaryOf((await ctx.store.encounter(e.id))!));
  for (const s of out) ctx.publisher.encounterChanged(s);
  return out;
}

/**
 * An imported encounter's document (a GM export's `document`), checked as `skirmish validate` checks a
 * file: an object, of the encounter's ruleset, valid by that ruleset's schema. Undefined (or null): the
 * encounter keeps none. Kept as written (not with the schema's defaults), as a load keeps it.
 */
function importedDocument(value: unknown, ruleset: string, where: string): Record<string, Json> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError('INVALID_IMPORT', `${where}: an encounter document is an object (the encounter file as JSON), not ${Array.isArray(value) ? 'an array' : typeof value}`, where);
  }
  const id = rulesetIdOf(value);
  if (id !== ruleset) {
    const field = `${where}.ruleset`;
    throw new ApiError('INVALID_IMPORT', `${field}: the document is ${id === undefined ? 'of no ruleset' : `a ${id} encounter`}, the log a ${ruleset} one`, field);
  }
  const checked = validateEncounter(value, where);
  if (!checked.ok) {
    const problems = checked.problems.map((p) => {
      const path = p.path && p.path !== '(top)' ? `${where}.${p.path}` : where;
      return { path, message: p.message, text: `${path}: ${p.message}` };
    });
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    throw new ApiError('INVALID_IMPORT', `${problems[0].text}${more}`, problems[0].path, { problems });
  }
  return value as Record<string, Json>;
}
