/**
 * What the roster needs of an encounter's file, as both stores read it. Roster and library bodies are the
 * engine's plain JSON (`RosterEntry`, `LibraryEntry`); the engine's pure functions compute them, the
 * stores keep them (SQLite schema version 2; PostgreSQL from its first version).
 *
 * An encounter's units as written (for the roster's joins) come from its document (`encounters.document`,
 * SQLite schema version 3), which holds the units the GM added in the file's shape too; only an encounter
 * loaded under SQLite schema version 2, which has no document, falls back to `encounter_files` (version 4).
 */
import type { Json } from '../engine/index.ts';

/** What the roster needs of an encounter's file: its units as written, and its sides. */
export interface EncounterFile {
  ruleset: string;
  sides: Record<string, Json>;
  units: Record<string, Json>[];
}

/**
 * The encounter's units as written and its sides, from its stored document (JSON text) — every unit of it,
 * the file's and those the GM added in its shape — or, without one, from what `encounter_files` kept
 * (`legacy`, JSON text). Undefined when neither is kept (an import without a document).
 */
export function encounterFileOf(ruleset: string, document: string | null, legacy: string | null): EncounterFile | undefined {
  if (document !== null) {
    const doc = JSON.parse(document) as unknown;
    if (!isRecord(doc)) return undefined;
    const units = Array.isArray(doc.units) ? doc.units.filter(isRecord) : [];
    return { ruleset, sides: isRecord(doc.sides) ? doc.sides : {}, units };
  }
  return legacy === null ? undefined : (JSON.parse(legacy) as EncounterFile);
}

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
