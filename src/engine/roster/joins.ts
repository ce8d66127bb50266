/**
 * Who may join the roster after a fight: the characters of the encounter (a unit with a controller, or on
 * a side the file marks `players: true`) not on the roster yet. A character of the file joins as its file
 * entry writes it. One the GM added in the engine's shape (`gm.add_unit {unit}`) has no file entry: the
 * ruleset writes one (`Ruleset.fileEntry`), checked against the encounter's file. When that cannot be done
 * faithfully the character is still listed, with the reason, so the GM sees who stays behind and why.
 */
import type { LoggedEvent } from '../events.ts';
import { undoneCommands } from '../log.ts';
import { isRejection, reject, type Rejection } from '../rejection.ts';
import type { Ruleset } from '../ruleset.ts';
import type { EncounterState, Json, Unit, UnitId } from '../types.ts';
import { rosterEntry } from './next.ts';
import { unitIdOf, type RosterEntry } from './types.ts';
import { checkWritten } from './verify.ts';

/** The parts of a ruleset joining reads (so callers and tests may pass just these). */
export type EntryRules = Partial<Pick<Ruleset, 'name' | 'fileEntry' | 'encounterSchema' | 'create' | 'carryPools'>>;

export interface NewcomerSources {
  /**
   * The encounter's file as it stands: the whole document is best (a written entry is checked against
   * it); `{ruleset, sides, units}` will do. Absent: the encounter keeps no file, every character is written.
   */
  file?: Record<string, unknown>;
  /** Units as they joined the fight (`unitsAsAdded(log.events)`); absent: as they stand at the end. */
  added?: Readonly<Record<UnitId, Unit>>;
}

/** A character not on the roster: the entry it would join with, or why it cannot join. */
export type Newcomer = { unit: UnitId; name: string; text: string } & (
  | { from: 'file' | 'written'; entry: RosterEntry }
  | { rejection: Rejection }
);

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The units the log added (`gm.add_unit`) as they joined, before the fight changed them; undone ones left out. */
export function unitsAsAdded(events: readonly LoggedEvent[]): Record<UnitId, Unit> {
  const undone = undoneCommands(events);
  const out: Record<UnitId, Unit> = {};
  for (const e of events) if (e.type === 'unit.added' && !undone.has(e.cmd)) out[e.unit.id] = e.unit;
  return out;
}

const ENGINE_SHAPE = "was added in the engine's shape, with no entry in the encounter file";

/** The entry written for a unit that has none in the file, or why there is none. */
function written(unit: Unit, state: EncounterState, rules: EntryRules, file: Record<string, unknown> | undefined): Record<string, Json> | Rejection {
  const ruleset = rules.name ?? state.ruleset;
  if (!rules.fileEntry) return reject('roster/no_file_entry', `${ENGINE_SHAPE}, and ${ruleset} cannot write one`);
  let entry: Record<string, Json> | Rejection;
  try {
    entry = rules.fileEntry(unit, state);
  } catch (err) {
    // a hand-made unit the ruleset's writer cannot read: listed, not a failed review
    entry = reject('roster/not_writable', `its data is not what ${ruleset} units hold (${(err as Error).message})`);
  }
  if (isRejection(entry)) return reject(entry.code, `${ENGINE_SHAPE}, and ${ruleset} cannot write one: ${entry.message}`, entry.field);
  if (entry.id !== unit.id) return reject('roster/not_writable', `${ENGINE_SHAPE}, and the entry ${ruleset} writes for it names another unit ("${String(entry.id)}")`);
  const bad = file ? checkWritten(rules, entry, unit, file) : undefined;
  return bad ? reject(bad.code, `${ENGINE_SHAPE}, and the entry ${ruleset} writes for it ${bad.message}`, bad.field) : entry;
}

/**
 * The encounter's characters not on the roster, in the encounter's listing order: each with the entry
 * it would join with (`from: 'file'` as written there, `'written'` by the ruleset), or a rejection saying
 * why it cannot join. A unit is a character as its file entry says; one without an entry, as it stands
 * at the end (a unit the GM handed to a player counts). Pure: the inputs are not changed.
 */
export function newcomers(state: EncounterState, roster: readonly RosterEntry[], rules: EntryRules, sources: NewcomerSources = {}): Newcomer[] {
  const file = sources.file && (sources.file.ruleset === undefined || sources.file.ruleset === state.ruleset) ? sources.file : undefined;
  const fileUnits = new Map((Array.isArray(file?.units) ? file.units : []).filter(isRecord).filter((u) => typeof u.id === 'string').map((u) => [u.id as string, u]));
  const sides = isRecord(file?.sides) ? file.sides : {};
  const playersSide = (side: Json | undefined) => typeof side === 'string' && isRecord(sides[side]) && sides[side].players === true;
  const onRoster = new Set(roster.filter((e) => e.ruleset === state.ruleset).map(unitIdOf));
  const ids = new Map(roster.map((e) => [e.id, e]));
  const out: Newcomer[] = [];

  for (const id of state.unitOrder) {
    const now = state.units[id];
    if (!now || onRoster.has(id)) continue;
    const inFile = fileUnits.get(id);
    const character = inFile ? typeof inFile.controller === 'string' || playersSide(inFile.side) : now.controller !== undefined || playersSide(now.side);
    if (!character) continue;
    const name = inFile && typeof inFile.name === 'string' ? inFile.name : now.name;
    const refuse = (r: Rejection) => {
      const rejection = reject(r.code, `${name} ${r.message}`, r.field);
      out.push({ unit: id, name, rejection, text: `${name} cannot join the roster: ${rejection.message}` });
    };

    const other = ids.get(id);
    if (other) {
      refuse(reject('roster/id_taken', `has the id "${id}", which the roster already gives ${other.name} (${other.ruleset}): rename one of them to carry ${name}`));
      continue;
    }
    if (inFile) {
      out.push({ unit: id, name, from: 'file', entry: { ...rosterEntry(inFile, state.ruleset), name }, text: `${name} joins the roster` });
    } else {
      // who it is as it joined; who plays it as it stands now
      const { controller: _was, ...joined } = sources.added?.[id] ?? now;
      const unit: Unit = now.controller !== undefined ? { ...joined, controller: now.controller } : joined;
      const entry = written(unit, state, rules, file);
      if (isRejection(entry)) {
        refuse(entry);
        continue;
      }
      out.push({ unit: id, name, from: 'written', entry: { ...rosterEntry(entry, state.ruleset), name }, text: `${name} joins the roster (an entry written from the unit)` });
    }
  }
  return out;
}
