/**
 * What the builder asks of the table and the computer: save the draft or a character to the table's
 * library, start the fight, download a file, export and import the library. Each gives the sentence to
 * show, or throws the server's refusal.
 */
import type { Api } from '../api/http.ts';
import { newCommandId } from '../model/useSender.ts';
import type { Checked } from './model/check.ts';
import { characterOf, type LibraryEntry } from './model/characters.ts';
import { draftData, fileNameFor, type Draft } from './model/draft.ts';
import type { UnitDoc } from './model/units.ts';

export const slug = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || 'encounter';

/** Offer `text` as a file download. */
export function downloadText(text: string, name: string, type: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Keep the draft in the table's library (kind encounter), problems and all; returns the id it has there. */
export async function saveEncounter(api: Api, tableId: string, draft: Draft, checked: Checked, id?: string): Promise<{ id: string; note: string }> {
  const name = String(draft.doc.name || '') || 'encounter';
  const key = id ?? slug(name);
  await api.putLibraryEntry(tableId, 'encounter', key, { name, ruleset: String(draft.doc.ruleset), data: draftData(draft) });
  return { id: key, note: `Saved to the table as "${name}"${checked.problems.length ? ', with its problems still to fix' : ''}. Open it again from the encounter loader.` };
}

export async function saveCharacter(api: Api, tableId: string, draft: Draft, unit: UnitDoc, kind: 'character' | 'monster'): Promise<string> {
  const entry = characterOf(draft.doc, unit, kind);
  await api.putLibraryEntry(tableId, kind, entry.id, { name: entry.name, ruleset: entry.ruleset, data: entry.data });
  return `${entry.name} is in the table's library: put them into any ${entry.ruleset} encounter from the palette.`;
}

/** A library character edited on its own, saved back over itself. */
export async function putCharacter(api: Api, tableId: string, e: LibraryEntry): Promise<string> {
  await api.putLibraryEntry(tableId, e.kind, e.id, { name: e.name, ruleset: e.ruleset, data: e.data });
  return `${e.name} is saved in the table's library.`;
}

export async function deleteCharacter(api: Api, tableId: string, e: LibraryEntry): Promise<string> {
  await api.deleteLibraryEntry(tableId, e.kind, e.id);
  return `${e.name} is no longer in the table's library.`;
}

/** Load the file at the table and start it (initiative is rolled); returns the encounter's id. */
export async function startFight(api: Api, tableId: string, draft: Draft, checked: Checked): Promise<string> {
  const enc = await api.loadEncounter(tableId, { text: checked.text, file: fileNameFor(draft) });
  await api.command(enc.id, { id: newCommandId(), expectedVersion: enc.version, command: { type: 'start' } });
  return enc.id;
}

export async function exportLibrary(api: Api, tableId: string): Promise<void> {
  downloadText(`${JSON.stringify(await api.exportLibrary(tableId), null, 2)}\n`, `skirmish-library-${tableId}.json`, 'application/json');
}

export async function importLibrary(api: Api, tableId: string, f: File): Promise<string> {
  let file: unknown;
  try {
    file = JSON.parse(await f.text());
  } catch (err) {
    throw { error: { code: 'file/invalid', message: `${f.name} is not a library file: ${(err as Error).message}` } };
  }
  const r = await api.importLibrary(tableId, file);
  return `Imported ${r.imported} ${r.imported === 1 ? 'entry' : 'entries'} into the table's library.`;
}
