/**
 * The table's library one entry at a time (the encounter builder's characters and saved encounters):
 * list, put (add or replace by kind and id) and delete. GM only. The whole file goes in and out through
 * …/library/export and …/library/import (roster.ts).
 */
import { libraryEntrySchema, type LibraryEntry } from '../engine/index.ts';
import { zodProblems } from '../engine/gm/problem.ts';
import { rulesetById } from '../rulesets/index.ts';
import { checkTable, type Context } from './context.ts';
import { ApiError, notFound } from './errors.ts';
import type { Principal } from './policy.ts';
import { libraryDataProblems, type DataProblem } from './library-data.ts';
import { SLICE_MS } from './live.ts';
import { LibraryEntryBody, parseWith } from './schemas.ts';

/** An entry's size as it is kept and sent: its JSON. */
const sizeOf = (e: LibraryEntry): number => JSON.stringify(e).length;

/**
 * Refuse before anything is written unless the library, with `incoming` added (same kind and id:
 * replaced), stays within `libraryEntryBytes` an entry and `libraryEntries` / `libraryBytes` a table:
 * reading it all, or exporting it, stays small work however many times a GM adds to it.
 */
export async function checkLibraryRoom(ctx: Context, tableId: string, incoming: readonly LibraryEntry[], fromFile = false): Promise<void> {
  const { libraryEntryBytes, libraryEntries, libraryBytes } = ctx.limits;
  incoming.forEach((e, i) => {
    const n = sizeOf(e);
    const where = fromFile ? `entries[${i}]` : 'data';
    if (n > libraryEntryBytes) throw new ApiError('PAYLOAD_TOO_LARGE', `${where}: the ${e.kind} "${e.id}" is ${n} characters; a library entry holds at most ${libraryEntryBytes}`, where);
  });
  const key = (e: LibraryEntry) => `${e.kind}/${e.id}`;
  const kept = new Map((await ctx.store.library(tableId)).map((e) => [key(e), sizeOf(e)]));
  for (const e of incoming) kept.set(key(e), sizeOf(e));
  if (kept.size > libraryEntries) throw new ApiError('LIMIT_REACHED', `a table's library holds at most ${libraryEntries} entries (this would make ${kept.size}); delete some first`);
  const total = [...kept.values()].reduce((a, b) => a + b, 0);
  if (total > libraryBytes) throw new ApiError('LIMIT_REACHED', `a table's library holds at most ${libraryBytes} characters (this would make ${total}); delete some entries first`);
}

/** INVALID_LIBRARY for `data` problems (library-data.ts): the first in the message, all of them listed. */
export function invalidData(bad: readonly DataProblem[]): ApiError {
  const more = bad.length > 1 ? ` (and ${bad.length - 1} more)` : '';
  return new ApiError('INVALID_LIBRARY', `${bad[0].text}${more}`, bad[0].path, { problems: bad.map((p) => p.text) });
}

/**
 * Entries of a library file checked as PUT checks one: a ruleset the server knows, `data` valid for it
 * (library-data.ts). In slices: 500 entries of units checked by their ruleset's schema is tens of ms.
 */
export async function checkLibraryEntries(entries: readonly LibraryEntry[]): Promise<void> {
  const bad: DataProblem[] = [];
  let until = performance.now() + SLICE_MS;
  for (const [i, e] of entries.entries()) {
    if (!rulesetById(e.ruleset)) bad.push({ path: `entries[${i}].ruleset`, message: `unknown ruleset "${e.ruleset}"`, text: `entries[${i}].ruleset: unknown ruleset "${e.ruleset}"` });
    else bad.push(...libraryDataProblems(e, `entries[${i}].data`));
    if (performance.now() > until) {
      await new Promise((r) => setImmediate(r));
      until = performance.now() + SLICE_MS;
    }
  }
  if (bad.length) throw invalidData(bad);
}

export async function listLibrary(ctx: Context, p: Principal, tableId: string): Promise<{ entries: LibraryEntry[] }> {
  await checkTable(ctx, p, tableId, 'gm');
  return { entries: await ctx.store.library(tableId) };
}

/** PUT /api/tables/{t}/library/{kind}/{id}: the entry checked as an import checks it (its `data` by its ruleset), then kept. */
export async function putLibraryEntry(ctx: Context, p: Principal, tableId: string, kind: string, id: string, body: unknown): Promise<LibraryEntry> {
  await checkTable(ctx, p, tableId, 'gm');
  const fields = parseWith(LibraryEntryBody, body);
  const r = libraryEntrySchema.safeParse({ ...fields, kind, id });
  if (!r.success) {
    const problems = zodProblems(r.error);
    throw new ApiError('INVALID_LIBRARY', problems[0], /^([^:\s]+):/.exec(problems[0])?.[1], { problems });
  }
  if (!rulesetById(r.data.ruleset)) throw new ApiError('INVALID_LIBRARY', `ruleset: unknown ruleset "${r.data.ruleset}"`, 'ruleset');
  await checkLibraryRoom(ctx, tableId, [r.data]);
  const bad = libraryDataProblems(r.data);
  if (bad.length) throw invalidData(bad);
  await ctx.store.putLibrary(tableId, [r.data]);
  return r.data;
}

export async function deleteLibraryEntry(ctx: Context, p: Principal, tableId: string, kind: string, id: string): Promise<{ deleted: true }> {
  await checkTable(ctx, p, tableId, 'gm');
  if (!(await ctx.store.deleteLibrary(tableId, kind, id))) throw notFound(`no ${kind} "${id}" in the library`);
  return { deleted: true };
}
