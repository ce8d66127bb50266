/**
 * An export file checked before anything is written (in the reader's worker thread: reading.ts): the
 * request's schema, every log numbered from 1, starting with its creation, held to what files are held to
 * (imported-log.ts) and replayed with its ruleset, every document validated with that ruleset's schema.
 * All of it or none: the first problem refuses the whole import with INVALID_IMPORT naming the field.
 */
import { replayLog, rulesetIdOf, type Command, type EncounterState, type Json, type LoggedEvent } from '../engine/index.ts';
import { validateEncounter } from '../rulesets/load.ts';
import { eventRowsOf, type EventRows } from '../store/store.ts';
import { ApiError } from './errors.ts';
import { checkImportedLog } from './imported-log.ts';
import { eventHasArt } from './map-images.ts';
import { engineFor } from './live.ts';
import { ImportRequest, parseWith } from './schemas.ts';

export interface ImportLimits {
  eventsPerEncounter: number;
  /** Events of all the file's encounters together. */
  importEvents: number;
  /** Units one encounter holds (limits.encounterUnits). */
  units: number;
}

export interface PlannedEncounter {
  ruleset: string;
  name: string;
  status: EncounterState['status'];
  /** The log as the store keeps it, written here (the reader thread): the main thread only stores it. */
  events: EventRows;
  /** The indices of the events that carry map art: the main thread keeps their images (map-images.ts). */
  art: number[];
  commands: Record<string, Command>;
  document?: Record<string, Json>;
}

export function planImport(body: unknown, limits: ImportLimits): PlannedEncounter[] {
  const req = parseWith(ImportRequest, body);
  const total = req.encounters.reduce((n, e) => n + e.events.length, 0);
  if (total > limits.importEvents) throw new ApiError('INVALID_IMPORT', `the file holds ${total} events; an import takes at most ${limits.importEvents} (import the encounters a few at a time)`, 'encounters');
  return req.encounters.map((enc, n) => {
    const where = `encounters[${n}]`;
    const engine = engineFor(enc.ruleset);
    if (!engine) throw new ApiError('INVALID_IMPORT', `${where}: unknown ruleset "${enc.ruleset}"`, `${where}.ruleset`);
    const events = enc.events as LoggedEvent[];
    if (events.length > limits.eventsPerEncounter) throw new ApiError('INVALID_IMPORT', `${where}: more than ${limits.eventsPerEncounter} events`, `${where}.events`);
    events.forEach((e, i) => {
      if (e.seq !== i + 1) throw new ApiError('INVALID_IMPORT', `${where}.events[${i}]: seq ${e.seq}, expected ${i + 1}`, `${where}.events[${i}].seq`);
    });
    if (events[0].type !== 'encounter.created') throw new ApiError('INVALID_IMPORT', `${where}: a log starts with encounter.created`, `${where}.events[0].type`);
    checkImportedLog(events, enc.commands, where, limits.units);
    let state: EncounterState;
    try {
      state = replayLog(engine, events);
    } catch (err) {
      throw new ApiError('INVALID_IMPORT', `${where}: the log does not replay: ${(err as Error).message}`, `${where}.events`);
    }
    if (state.ruleset !== enc.ruleset) throw new ApiError('INVALID_IMPORT', `${where}: the log is a ${state.ruleset} encounter, not ${enc.ruleset}`, `${where}.ruleset`);
    const document = importedDocument(enc.document, enc.ruleset, `${where}.document`);
    return { ruleset: enc.ruleset, name: enc.name ?? state.name, status: state.status, events: eventRowsOf(events), art: events.flatMap((e, i) => (eventHasArt(e) ? [i] : [])), commands: (enc.commands ?? {}) as Record<string, Command>, ...(document !== undefined ? { document } : {}) };
  });
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
