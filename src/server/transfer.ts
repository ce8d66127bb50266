/**
 * Export and import of a table's encounters as one JSON file. An export is what the exporter may see:
 * the GM's holds every event; a player's holds its own projection (no hidden units, no GM notes).
 * An import is checked by replaying every log with its ruleset before anything is written.
 */
import { replayLog, type Command, type EncounterState, type LoggedEvent } from '../engine/index.ts';
import { checkTable, liveFor, summaryOf, type Context, type EncounterSummary } from './context.ts';
import { ApiError } from './errors.ts';
import { engineFor } from './live.ts';
import { viewerOf, type Principal } from './policy.ts';
import { projectLog, projectState } from './projection.ts';
import { EXPORT_FORMAT, ImportRequest, parseWith } from './schemas.ts';
import { newId } from './tokens.ts';

export interface ExportedEncounter extends EncounterSummary {
  events: LoggedEvent[];
  state: EncounterState;
  /** GM exports only: the command behind each log command id (they may name hidden units). */
  commands?: Record<string, Command>;
}

export interface TableExport {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  viewer: { role: 'gm' | 'player'; playerId?: string };
  table: { id: string; name: string };
  encounters: ExportedEncounter[];
}

function exportOne(ctx: Context, p: Principal, id: string): ExportedEncounter {
  const { live, p: m } = liveFor(ctx, p, id);
  const viewer = viewerOf(m);
  const out: ExportedEncounter = { ...summaryOf(live.row), events: projectLog(live.log.events, viewer, live.ruleset), state: projectState(live.log.state, viewer, live.ruleset) };
  if (m.role === 'gm') out.commands = { ...live.log.commands };
  return out;
}

export function exportTable(ctx: Context, p: Principal, tableId: string, only?: string): TableExport {
  checkTable(ctx, p, tableId, 'member');
  const t = ctx.store.table(tableId)!;
  const ids = only ? [only] : ctx.store.encounters(tableId).map((e) => e.id);
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    viewer: p.role === 'gm' ? { role: 'gm' } : { role: 'player', playerId: p.playerId },
    table: { id: t.id, name: t.name },
    encounters: ids.map((id) => exportOne(ctx, p, id)),
  };
}

export function exportEncounter(ctx: Context, p: Principal, id: string): TableExport {
  const { live } = liveFor(ctx, p, id);
  return exportTable(ctx, p, live.row.tableId, id);
}

/** New encounters (new ids) at the GM's table from an export file; all of them or none. */
export function importTable(ctx: Context, p: Principal, tableId: string, body: unknown): EncounterSummary[] {
  checkTable(ctx, p, tableId, 'gm');
  const req = parseWith(ImportRequest, body);
  if (ctx.store.encounters(tableId).length + req.encounters.length > ctx.limits.encountersPerTable) {
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
    let state: EncounterState;
    try {
      state = replayLog(engine, events);
    } catch (err) {
      throw new ApiError('INVALID_IMPORT', `${where}: the log does not replay: ${(err as Error).message}`, `${where}.events`);
    }
    if (state.ruleset !== enc.ruleset) throw new ApiError('INVALID_IMPORT', `${where}: the log is a ${state.ruleset} encounter, not ${enc.ruleset}`, `${where}.ruleset`);
    return { id: newId('e_'), ruleset: enc.ruleset, name: enc.name ?? state.name, status: state.status, events, commands: (enc.commands ?? {}) as Record<string, Command> };
  });
  ctx.store.db.transaction(() => {
    for (const e of planned) ctx.store.createEncounter({ id: e.id, tableId, ruleset: e.ruleset, name: e.name, status: e.status }, e.events, e.commands);
  }).immediate();
  const out = planned.map((e) => summaryOf(ctx.store.encounter(e.id)!));
  for (const s of out) ctx.publisher.encounterChanged(s);
  return out;
}
