/**
 * An entry a ruleset wrote for a unit (`Ruleset.fileEntry`), checked against the encounter's own file:
 * put among the file's units it must validate, and the ruleset's `create` must build back the unit it was
 * written from — name, side, who plays it, stats and the pools the roster carries. This is what lets the
 * roster call the entry faithful instead of trusting each ruleset's writer.
 */
import { formatPath } from '../document.ts';
import { reject, type Rejection } from '../rejection.ts';
import type { Ruleset } from '../ruleset.ts';
import type { Json, Pool, Unit } from '../types.ts';

/** The parts of a ruleset the check needs (absent: nothing to check with, the entry stands). */
export type CheckRules = Partial<Pick<Ruleset, 'encounterSchema' | 'create' | 'carryPools'>>;

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Key order does not matter (a file and a state may list stats differently). */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameJson(a[k], b[k]));
  }
  return a === b;
}

type Parsed = { ok: true; doc: unknown } | { ok: false; mine?: string; others: Set<number> };

/** The trial file, the entry first: a clash of two units (one cell) is then laid on the other unit, not on the entry. */
function parse(rules: Required<Pick<CheckRules, 'encounterSchema'>>, file: Record<string, unknown>, units: unknown[]): Parsed {
  const r = rules.encounterSchema.safeParse({ ...file, units });
  if (r.success) return { ok: true, doc: r.data };
  const others = new Set<number>();
  for (const issue of r.error.issues) {
    const [head, index, ...rest] = issue.path as (string | number)[];
    if (head !== 'units' || typeof index !== 'number') continue;
    if (index === 0) return { ok: false, mine: `${formatPath(['entry', ...rest])}: ${issue.message}`, others };
    others.add(index);
  }
  return { ok: false, others };
}

const showPool = (p: Pool | undefined) => (p ? `${p.value}/${p.max}` : 'none');

function difference(rebuilt: Unit, given: Unit, pools: readonly string[]): string | undefined {
  const fields: [string, unknown, unknown][] = [
    ['name', rebuilt.name, given.name],
    ['side', rebuilt.side, given.side],
    ['controller', rebuilt.controller ?? null, given.controller ?? null],
    ['stats', rebuilt.stats, given.stats],
  ];
  for (const [what, a, b] of fields) if (!sameJson(a, b)) return `${what} ${JSON.stringify(a)}, not ${JSON.stringify(b)}`;
  for (const pool of pools) {
    const a = rebuilt.pools[pool];
    const b = given.pools[pool];
    if (a?.value !== b?.value || a?.max !== b?.max) return `${pool === 'hp' ? 'HP' : pool} ${showPool(a)}, not ${showPool(b)}`;
  }
  return undefined;
}

/**
 * Why `entry` is not a faithful file entry of `unit` in this encounter's file, or undefined when it is —
 * or when the check cannot run (no schema, or the rest of the file does not validate: a file kept from
 * an older Skirmish holds only units and sides).
 */
export function checkWritten(rules: CheckRules, entry: Record<string, Json>, unit: Unit, file: Record<string, unknown>): Rejection | undefined {
  const { encounterSchema, create } = rules;
  if (!encounterSchema || !create) return undefined;
  const others = (Array.isArray(file.units) ? file.units : []).filter((u) => !(isRecord(u) && u.id === entry.id));
  let parsed = parse({ encounterSchema }, file, [entry, ...others]);
  // a unit of the file that now clashes with the entry (it stood on the entry's cell and has moved off): left out once
  if (!parsed.ok && !parsed.mine && parsed.others.size) {
    const named = parsed.others;
    parsed = parse({ encounterSchema }, file, [entry, ...others.filter((_, i) => !named.has(i + 1))]);
  }
  if (!parsed.ok) return parsed.mine ? reject('roster/entry_invalid', `does not fit this encounter's file (${parsed.mine})`, 'entry') : undefined;
  let rebuilt: Unit | undefined;
  try {
    rebuilt = create(parsed.doc).units[unit.id];
  } catch (err) {
    return reject('roster/entry_invalid', `cannot be built by the ruleset (${(err as Error).message})`, 'entry');
  }
  if (!rebuilt) return reject('roster/entry_invalid', `builds no unit "${unit.id}"`, 'entry');
  const diff = difference(rebuilt, unit, rules.carryPools ?? ['hp']);
  return diff ? reject('roster/entry_differs', `builds it with ${diff}`, 'entry') : undefined;
}
