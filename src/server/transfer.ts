/**
 * Export and import of a table's encounters as one JSON file. An export is what the exporter may see:
 * the GM's holds every event, the commands and the encounter's source document (it names hidden
 * units); a player's holds its own projection (no hidden units, no GM notes, no document).
 * An import is checked before anything is written, off the main thread (import-plan.ts).
 */
import type { Command, EncounterState, Json, LoggedEvent } from '../engine/index.ts';
import { checkTable, liveFor, summaryOf, type Context, type EncounterSummary } from './context.ts';
import { chatMessage, readerOf, type ChatMessage } from './chat-view.ts';
import { ApiError } from './errors.ts';
import { keepImagesOfRows } from './map-images.ts';
import type { PlannedEncounter } from './import-plan.ts';
import type { Principal } from './policy.ts';
import { eventsAfter, liveSummaryFor, stateFor } from './numbering.ts';
import { read } from './reader.ts';
import { EXPORT_FORMAT } from './schemas.ts';
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
  /**
   * A whole table's export: its chat as the exporter reads it (whispers and secret rolls only its own,
   * or every one for the GM), oldest first — a record of the evening. An import leaves it: the players
   * it names are this table's.
   */
  chat?: ChatMessage[];
}

async function exportOne(ctx: Context, p: Principal, id: string): Promise<ExportedEncounter> {
  const { live, p: m } = await liveFor(ctx, p, id);
  // a player's events in its own numbering (gap-free, so its export imports), its state at its own version
  const summary = liveSummaryFor(live, m);
  const state = stateFor(live, m, live.log.state, summary.version);
  const out: ExportedEncounter = { ...summary, events: eventsAfter(live, m, 0).events, state };
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
  const out: TableExport = {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    viewer: m.role === 'gm' ? { role: 'gm' } : { role: 'player', playerId: m.playerId },
    table: { id: t.id, name: t.name },
    encounters,
  };
  // the store keeps at most chatKept messages a table, so this read is bounded like a page
  if (!only) out.chat = (await ctx.store.chat(tableId, { reader: readerOf(m), limit: ctx.limits.chatKept })).reverse().map(chatMessage);
  return out;
}

export async function exportEncounter(ctx: Context, p: Principal, id: string): Promise<TableExport> {
  const { live } = await liveFor(ctx, p, id);
  return exportTable(ctx, p, live.row.tableId, id);
}

/** New encounters (new ids) at the GM's table from an export file; all of them or none. */
export async function importTable(ctx: Context, p: Principal, tableId: string, bytes: Uint8Array): Promise<EncounterSummary[]> {
  await checkTable(ctx, p, tableId, 'gm');
  // parsed, checked and every log replayed off the main thread (reading.ts); this thread writes the result
  const planned = (await read({ kind: 'import', bytes, maxBytes: ctx.limits.importBytes, maxNodes: ctx.limits.importNodes, limits: { eventsPerEncounter: ctx.limits.eventsPerEncounter, importEvents: ctx.limits.importEvents, units: ctx.limits.encounterUnits } }, ctx.limits)) as PlannedEncounter[];
  if ((await ctx.store.encounters(tableId)).length + planned.length > ctx.limits.encountersPerTable) {
    throw new ApiError('LIMIT_REACHED', `a table holds at most ${ctx.limits.encountersPerTable} encounters`);
  }
  // map art an export brings as data: is kept once by address; an address is claimed (map-images.ts)
  for (const [n, e] of planned.entries()) await keepImagesOfRows(ctx, tableId, e, `encounters[${n}].`);
  const rows = planned.map((e) => ({ ...e, id: newId('e_') }));
  await ctx.store.createEncounters(rows.map((e) => ({ row: { id: e.id, tableId, ruleset: e.ruleset, name: e.name, status: e.status }, events: e.events, logCommands: e.commands, ...(e.document !== undefined ? { document: e.document } : {}) })));
  const out: EncounterSummary[] = [];
  for (const e of rows) out.push(summaryOf((await ctx.store.encounter(e.id))!));
  for (const s of out) ctx.publisher.encounterChanged(s);
  return out;
}
