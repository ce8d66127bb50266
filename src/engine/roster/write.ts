/**
 * For a ruleset's `fileEntry` hook: the parts of a unit every encounter file writes alike, and a refusal
 * in the roster's words. Each ruleset's own file (src/rulesets/<id>/roster.ts) writes the rest.
 */
import type { z } from 'zod';
import { formatPath } from '../document.ts';
import { reject, type Rejection } from '../rejection.ts';
import type { Json, Unit } from '../types.ts';

/** The refusal of a `fileEntry` hook: what the file cannot say about this unit, in a sentence of its own. */
export function notWritable(why: string, field?: string): Rejection {
  return reject('roster/not_writable', why, field);
}

/** A JSON copy: undefined keys dropped, nothing shared with the unit, so the entry is what a file would hold. */
export function plainEntry(entry: object): Record<string, Json> {
  return JSON.parse(JSON.stringify(entry)) as Record<string, Json>;
}

/** id, name, side, who plays it and the policy that steers it in simulation: as every file writes them. */
export function entryHead(unit: Unit): Record<string, Json> {
  const policy = unit.policy ?? (typeof unit.data.policy === 'string' ? unit.data.policy : undefined); // data.policy: states made before Unit.policy
  return { id: unit.id, name: unit.name, side: unit.side, ...(unit.controller !== undefined ? { controller: unit.controller } : {}), ...(policy !== undefined ? { policy } : {}) };
}

/** The GM's notes, kept in unit data by every ruleset under this key. */
export function entryNotes(data: Record<string, Json>): Record<string, Json> {
  return typeof data.gmNotes === 'string' ? { gmNotes: data.gmNotes } : {};
}

/** The unit's cell as a file writes it (`at: [x, y]`); undefined off the grid. */
export function cellOf(unit: Unit): [number, number] | undefined {
  return unit.position ? [unit.position.x, unit.position.y] : undefined;
}

/**
 * Pools a ruleset's `create` derives from the file's numbers (`movement` from speed × 4): a unit whose
 * pool says otherwise cannot be written, since the file would build it back different.
 */
export function derivedPools(ruleset: string, unit: Unit, expected: Record<string, [max: number, from: string]>): Rejection | undefined {
  for (const [pool, [max, from]] of Object.entries(expected)) {
    const has = unit.pools[pool]?.max;
    if (has !== max) return notWritable(`a ${ruleset} file makes the ${pool} maximum ${from} = ${max}; ${unit.name} has ${has === undefined ? `no ${pool}` : has}`, `pools.${pool}`);
  }
  return undefined;
}

/**
 * The written entry read by the ruleset's schema of one file unit, as `create` would read it (defaults
 * filled in); a unit whose data is not what the ruleset's units hold (a hand-made engine unit missing a
 * field) is refused at that field.
 */
export function parseEntry<T extends z.ZodType>(schema: T, entry: Record<string, Json>): z.output<T> | Rejection {
  const r = schema.safeParse(entry);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = formatPath(['entry', ...(issue.path as (string | number)[])]);
  return notWritable(`its data is not what the file's units hold (${path}: ${issue.message})`, path);
}
