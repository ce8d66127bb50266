/**
 * The roster and the library of a table, in the same SQLite file as everything else (schema.ts,
 * version 2). Bodies are the engine's plain JSON (`RosterEntry`, `LibraryEntry`); the engine's pure
 * functions compute them. Every write is one transaction: `updateRoster` reads, computes and writes
 * inside it, so two GMs' devices accepting at once cannot lose each other's changes.
 *
 * An encounter's units as written (for the roster's joins) come from its document (`encounters.document`,
 * schema version 3), which holds the units the GM added in the file's shape too; only an encounter loaded
 * under version 2, which has no document, falls back to `encounter_files` (schema.ts, version 4).
 */
import type { Statement } from 'better-sqlite3';
import type { Json, LibraryEntry, RosterEntry } from '../engine/index.ts';
import type { Store } from './store.ts';

/** What the roster needs of an encounter's file: its units as written, and its sides. */
export interface EncounterFile {
  ruleset: string;
  sides: Record<string, Json>;
  units: Record<string, Json>[];
}

export class RosterStore {
  private readonly st: Record<'roster' | 'clearRoster' | 'insertRoster' | 'library' | 'upsertLibrary' | 'deleteLibrary' | 'libraryCount' | 'file', Statement>;

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
      deleteLibrary: db.prepare('DELETE FROM library_entries WHERE table_id = ? AND kind = ? AND entry_id = ?'),
      libraryCount: db.prepare('SELECT count(*) FROM library_entries WHERE table_id = ?').pluck(),
      file: db.prepare('SELECT e.ruleset, e.document, f.body AS legacy FROM encounters e LEFT JOIN encounter_files f ON f.encounter_id = e.id WHERE e.id = ?'),
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

  /** Take one library entry out; false when there was none of that kind and id. */
  deleteLibrary(tableId: string, kind: string, id: string): boolean {
    return this.st.deleteLibrary.run(tableId, kind, id).changes > 0;
  }

  /**
   * The encounter's units as written and its sides: every unit of its document — the file's and those
   * the GM added in its shape — or, for an encounter loaded under schema version 2 (no document), what
   * `encounter_files` kept of its file. Undefined when neither is kept (an import without a document).
   */
  encounterFile(encounterId: string): EncounterFile | undefined {
    const r = this.st.file.get(encounterId) as { ruleset: string; document: string | null; legacy: string | null } | undefined;
    if (!r) return undefined;
    if (r.document !== null) {
      const doc = JSON.parse(r.document) as unknown;
      if (!isRecord(doc)) return undefined;
      const units = Array.isArray(doc.units) ? doc.units.filter(isRecord) : [];
      return { ruleset: r.ruleset, sides: isRecord(doc.sides) ? doc.sides : {}, units };
    }
    return r.legacy === null ? undefined : (JSON.parse(r.legacy) as EncounterFile);
  }
}

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

const cache = new WeakMap<Store, RosterStore>();

/** The roster store of a Store (one per Store, its statements prepared once). */
export function rosterStore(store: Store): RosterStore {
  let r = cache.get(store);
  if (!r) cache.set(store, (r = new RosterStore(store)));
  return r;
}
