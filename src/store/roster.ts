/**
 * The roster and the library of a table, in the same SQLite file as everything else (schema.ts,
 * version 2). Bodies are the engine's plain JSON (`RosterEntry`, `LibraryEntry`); the engine's pure
 * functions compute them. Every write is one transaction: `updateRoster` reads, computes and writes
 * inside it, so two GMs' devices accepting at once cannot lose each other's changes.
 */
import type { Statement } from 'better-sqlite3';
import type { Json, LibraryEntry, RosterEntry } from '../engine/index.ts';
import type { Store } from './store.ts';

/** What the roster needs of a loaded encounter file: its units as written, and its sides. */
export interface EncounterFile {
  ruleset: string;
  sides: Record<string, Json>;
  units: Record<string, Json>[];
}

export class RosterStore {
  private readonly st: Record<'roster' | 'clearRoster' | 'insertRoster' | 'library' | 'upsertLibrary' | 'libraryCount' | 'file' | 'insertFile', Statement>;

  constructor(readonly store: Store) {
    const db = store.db;
    this.st = {
      roster: db.prepare('SELECT body FROM roster_entries WHERE table_id = ? ORDER BY position, entry_id').pluck(),
      clearRoster: db.prepare('DELETE FROM roster_entries WHERE table_id = ?'),
      insertRoster: db.prepare('INSERT INTO roster_entries (table_id, entry_id, position, body) VALUES (?, ?, ?, ?)'),
      library: db.prepare('SELECT body FROM library_entries WHERE table_id = ? ORDER BY position, kind, entry_id').pluck(),
      upsertLibrary: db.prepare(
        'INSERT INTO library_entries (table_id, kind, entry_id, position, body) VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, kind, entry_id) DO UPDATE SET body = excluded.body',
      ),
      libraryCount: db.prepare('SELECT count(*) FROM library_entries WHERE table_id = ?').pluck(),
      file: db.prepare('SELECT body FROM encounter_files WHERE encounter_id = ?').pluck(),
      insertFile: db.prepare('INSERT OR REPLACE INTO encounter_files (encounter_id, body) VALUES (?, ?)'),
    };
  }

  roster(tableId: string): RosterEntry[] {
    return (this.st.roster.all(tableId) as string[]).map((b) => JSON.parse(b) as RosterEntry);
  }

  /**
   * Read the roster, compute the next one and write it, in one transaction. `next` may throw: then
   * nothing is written. Returns what `next` returned.
   */
  updateRoster<T extends { entries: RosterEntry[] }>(tableId: string, next: (entries: RosterEntry[]) => T): T {
    return this.store.db.transaction(() => {
      const out = next(this.roster(tableId));
      this.st.clearRoster.run(tableId);
      out.entries.forEach((e, i) => this.st.insertRoster.run(tableId, e.id, i, JSON.stringify(e)));
      return out;
    }).immediate();
  }

  library(tableId: string): LibraryEntry[] {
    return (this.st.library.all(tableId) as string[]).map((b) => JSON.parse(b) as LibraryEntry);
  }

  /** Add or replace (by kind and id) library entries, all in one transaction. */
  putLibrary(tableId: string, entries: readonly LibraryEntry[]): void {
    this.store.db.transaction(() => {
      let n = this.st.libraryCount.get(tableId) as number;
      for (const e of entries) this.st.upsertLibrary.run(tableId, e.kind, e.id, n++, JSON.stringify(e));
    }).immediate();
  }

  encounterFile(encounterId: string): EncounterFile | undefined {
    const b = this.st.file.get(encounterId) as string | undefined;
    return b === undefined ? undefined : (JSON.parse(b) as EncounterFile);
  }

  setEncounterFile(encounterId: string, file: EncounterFile): void {
    this.st.insertFile.run(encounterId, JSON.stringify(file));
  }
}

const cache = new WeakMap<Store, RosterStore>();

/** The roster store of a Store (one per Store, its statements prepared once). */
export function rosterStore(store: Store): RosterStore {
  let r = cache.get(store);
  if (!r) cache.set(store, (r = new RosterStore(store)));
  return r;
}
