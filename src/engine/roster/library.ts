/**
 * The library: characters, monsters, items and encounters saved as reusable entries, exported and
 * imported as JSON files. Import validates every entry and says exactly what is wrong and where.
 */
import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from '../document.ts';
import type { Json } from '../types.ts';
import { zodProblems } from '../gm/problem.ts';

export const LIBRARY_FORMAT = 'skirmish-library';
export const LIBRARY_VERSION = 1;

export const libraryEntrySchema = z.strictObject({
  /** `encounter`: a whole encounter file the GM saved from the builder (`data` is the file). */
  kind: z.enum(['character', 'monster', 'item', 'encounter']),
  id: z.string().min(1).regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . and - only'),
  name: z.string().min(1),
  /** The ruleset whose encounter files `data` fits (a unit's `units[i]`, an item of `content`, the file itself). */
  ruleset: z.string().min(1),
  data: z.record(z.string(), z.json()),
  tags: z.array(z.string()).optional(),
  notes: z.string().optional(),
});

export type LibraryEntry = z.output<typeof libraryEntrySchema>;

const fileSchema = z.strictObject({
  format: z.literal(LIBRARY_FORMAT),
  version: z.number().int().min(1),
  entries: z.array(z.unknown()),
});

export type Imported = { ok: true; entries: LibraryEntry[] } | { ok: false; problems: string[] };

export function exportLibrary(entries: readonly LibraryEntry[]): string {
  const bad = entries.flatMap((e, i) => {
    const r = libraryEntrySchema.safeParse(e);
    return r.success ? [] : zodProblems(r.error, `entries[${i}]`);
  });
  if (bad.length) throw new Error(`cannot export the library: ${bad.join('; ')}`);
  return `${JSON.stringify({ format: LIBRARY_FORMAT, version: LIBRARY_VERSION, entries }, null, 2)}\n`;
}

export function importLibrary(text: string): Imported {
  if (text.length > MAX_DOCUMENT_BYTES) return { ok: false, problems: [`the file is ${text.length} bytes; the limit is ${MAX_DOCUMENT_BYTES}`] };
  let raw: Json;
  try {
    raw = JSON.parse(text) as Json;
  } catch (err) {
    return { ok: false, problems: [`not a JSON file: ${(err as Error).message}`] };
  }
  const file = fileSchema.safeParse(raw);
  if (!file.success) return { ok: false, problems: zodProblems(file.error) };
  if (file.data.version > LIBRARY_VERSION) return { ok: false, problems: [`version: ${file.data.version} is newer than this Skirmish reads (${LIBRARY_VERSION})`] };
  const problems: string[] = [];
  const entries: LibraryEntry[] = [];
  const seen = new Map<string, number>();
  file.data.entries.forEach((e, i) => {
    const r = libraryEntrySchema.safeParse(e);
    if (!r.success) return void problems.push(...zodProblems(r.error, `entries[${i}]`));
    const key = `${r.data.kind}:${r.data.id}`;
    if (seen.has(key)) problems.push(`entries[${i}].id: ${r.data.kind} "${r.data.id}" is already entries[${seen.get(key)}]`);
    else seen.set(key, i);
    entries.push(r.data);
  });
  return problems.length ? { ok: false, problems } : { ok: true, entries };
}
