/**
 * The reading that would hold the server if it ran on its main thread: an encounter file (YAML parsed at
 * about 30 µs a value: a 1,000-unit file takes most of a second) checked and built, and an import file
 * parsed, checked and every log replayed. Pure functions of their input, run in a worker thread
 * (reader.ts); the main thread then only writes the result.
 */
import { applyRoster, formatProblem, parseText, rulesetIdOf, tableImageProblem, type GameEvent, type Json, type LoggedEvent, type Problem, type RosterEntry } from '../engine/index.ts';
import { isScenario, loadText, validateEncounter, type LoadedEncounter } from '../rulesets/load.ts';
import { ApiError } from './errors.ts';
import { planImport, type ImportLimits, type PlannedEncounter } from './import-plan.ts';
import { parseJson } from './json.ts';
import { engineFor } from './live.ts';

export type ReadTask =
  /** An encounter file (or scenario) as text; with `roster` (the table's), the values of its entries of the file's ruleset go in first. */
  | { kind: 'encounter'; text: string; file: string; roster?: RosterEntry[]; maxUnits?: number }
  /** An export file as the request's body: its bytes (UTF-8 JSON), decoded here. */
  | { kind: 'import'; bytes: Uint8Array; maxBytes: number; maxNodes: number; limits: ImportLimits };

export interface ReadEncounter {
  ruleset: string;
  name: string;
  status: 'setup' | 'active' | 'ended';
  events: LoggedEvent[];
  /** The file as written (before defaults; with the roster's values when asked), kept with the encounter. */
  source?: Record<string, Json>;
}

export type ReadResult = ReadEncounter | PlannedEncounter[];

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A file's encounter document: a scenario's inline encounter, or the file itself. */
export function sourceDocument(parsed: unknown): Record<string, Json> | undefined {
  const doc = isScenario(parsed) ? (parsed as { encounter: unknown }).encounter : parsed;
  return isRecord(doc) ? doc : undefined;
}

function invalid(problems: Problem[], suffix = ''): ApiError {
  const listed = problems.map((p) => ({ ...p, text: formatProblem(p) }));
  return new ApiError('INVALID_ENCOUNTER', `${listed[0].text}${suffix}`, problems[0].path, { problems: listed });
}

/**
 * A file's map art held, before anything else of it, to what any image sent to a table is (map-image.ts):
 * its image itself BAD_IMAGE as on every other path, no map beside it on disk (a file sent here has none).
 */
function checkArt(doc: unknown, file: string): void {
  const enc = isScenario(doc) ? (doc as { encounter?: unknown }).encounter : doc;
  const image = (enc as { map?: { image?: unknown } } | undefined)?.map?.image;
  const bad = image === undefined ? undefined : tableImageProblem(image);
  if (!bad) return;
  const field = ['map', 'image', ...(bad.path ? [bad.path] : [])].join('.');
  const beside = /^maps\//.test(String((image as { src?: unknown }).src));
  throw new ApiError(bad.path === 'src' ? 'BAD_IMAGE' : 'INVALID_ENCOUNTER', `${file}: ${field}: ${bad.message}${beside ? '; or the GM adds one on the page' : ''}`, field);
}

/** An encounter file read, checked and built into its first events (INVALID_ENCOUNTER with every problem). */
export function readEncounter(text: string, file: string, roster?: RosterEntry[], maxUnits?: number): ReadEncounter {
  let loaded: LoadedEncounter;
  let source: Record<string, Json> | undefined;
  if (roster) {
    const parsed = parseText(text, file);
    if (!parsed.ok) throw invalid(parsed.problems);
    checkArt(parsed.value, file);
    const ruleset = rulesetIdOf(parsed.value);
    const doc = applyRoster(parsed.value as object, { entries: roster.filter((e) => e.ruleset === ruleset) });
    // problems point at the lines of the file as sent (the paths are the same)
    const checked = validateEncounter(doc, file, parsed.parsed);
    if (!checked.ok) throw invalid(checked.problems, " (with the roster's values)");
    loaded = checked.value;
    source = sourceDocument(doc);
  } else {
    // parsed once (the parse is most of the cost): a scenario goes the whole way through loadText
    const parsed = parseText(text, file);
    if (!parsed.ok) throw invalid(parsed.problems);
    checkArt(parsed.value, file);
    const checked = isScenario(parsed.value) ? loadText(text, file) : validateEncounter(parsed.value, file, parsed.parsed);
    if (!checked.ok) throw invalid(checked.problems);
    loaded = checked.value;
    // the source document as written (before defaults): units added later in the file's shape are built from it
    source = sourceDocument(parsed.value);
  }
  // a server's bound on units (limits.encounterUnits), below the engine's: refused before anything is built
  const units = (loaded.doc as { units?: unknown[] }).units?.length ?? 0;
  if (maxUnits !== undefined && units > maxUnits) {
    throw new ApiError('INVALID_ENCOUNTER', `${file}: units: the file has ${units} units; an encounter on this server holds at most ${maxUnits}`, 'units');
  }
  const engine = engineFor(loaded.ruleset.id)!;
  let created: GameEvent[];
  try {
    created = engine.create(loaded.doc);
  } catch (err) {
    throw new ApiError('INVALID_ENCOUNTER', `${file}: ${(err as Error).message}`);
  }
  const events = created.map((e, i) => ({ ...e, seq: i + 1, cmd: 'c1' }) as LoggedEvent);
  const state = engine.replay(events);
  return { ruleset: engine.ruleset.id, name: state.name, status: state.status, events, ...(source ? { source } : {}) };
}

/** How much a task reads: its text's characters or its body's bytes. */
export const sizeOfTask = (task: ReadTask): number => (task.kind === 'import' ? task.bytes.byteLength : task.text.length);

/** Run one task (throws ApiError as the request's answer). */
export function runReadTask(task: ReadTask): ReadResult {
  if (task.kind === 'encounter') return readEncounter(task.text, task.file, task.roster, task.maxUnits);
  const text = new TextDecoder().decode(task.bytes);
  return planImport(parseJson(text, task.maxBytes, task.maxNodes), task.limits);
}
