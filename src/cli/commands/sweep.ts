/**
 * The sweep of `skirmish sim`: `--vary field=A..B:STEP` on the command line, or a sweep file naming
 * the encounter and several fields. Every variant is built and validated before any fight: a value the
 * rules refuse is reported with `skirmish validate`'s messages (file, line, field) and the values that
 * made it, and nothing is played.
 */
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { check, formatProblem, parseText } from '../../engine/index.ts';
import type { SimSpec } from '../../sim/runner.ts';
import { combinations, loadVariant, parseSweep, valuesOf, type Sweep } from '../../sim/vary.ts';
import { CliExit } from '../exit.ts';
import { readText } from '../files.ts';

export interface SweepPlan {
  fields: string[];
  /** One row per variant: the value of each field, in `fields` order. */
  values: number[][];
  specs: SimSpec[];
}

const sweepFileSchema = z.strictObject({
  /** The encounter (or scenario) file, relative to the sweep file. */
  encounter: z.string().min(1),
  description: z.string().optional(),
  /** Field → values: "A..B:STEP", a number, or a list of numbers. */
  vary: z.record(z.string().regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/, 'a field path like units.brute.hp'), z.union([z.string(), z.number(), z.array(z.number())])).refine((v) => Object.keys(v).length > 0, 'name at least one field'),
});

/** Is `file` a sweep file (a top-level `vary:`)? Then its encounter and fields. */
function sweepFile(file: string): { encounter: string; sweeps: Sweep[] } | undefined {
  const text = readText(file);
  const p = parseText(text, file);
  if (!p.ok || !p.value || typeof p.value !== 'object' || !('vary' in p.value)) return undefined;
  const r = check(p.value, sweepFileSchema, file, p.parsed);
  if (!r.ok) throw new CliExit(2, r.problems.map(formatProblem).join('\n'));
  try {
    return { encounter: resolve(dirname(file), r.value.encounter), sweeps: Object.entries(r.value.vary).map(([field, spec]) => ({ field, values: valuesOf(spec, field) })) };
  } catch (err) {
    throw new CliExit(2, `${file}: vary.${(err as Error).message}`);
  }
}

/**
 * The sweep `sim` was asked for, or undefined when it was not. `specFor` loads a file as the simulator
 * would (policies checked); every variant shares its seed.
 */
export function sweepOf(file: string, vary: string[], specFor: (file: string, seed?: number | string) => SimSpec, seed?: number | string): SweepPlan | undefined {
  let base = file;
  let sweeps: Sweep[];
  if (vary.length) {
    try {
      sweeps = vary.map(parseSweep);
    } catch (err) {
      throw new CliExit(2, `skirmish: ${(err as Error).message}`);
    }
  } else {
    const fromFile = sweepFile(file);
    if (!fromFile) return undefined;
    base = fromFile.encounter;
    sweeps = fromFile.sweeps;
  }
  const fields = sweeps.map((s) => s.field);
  if (new Set(fields).size !== fields.length) throw new CliExit(2, `skirmish: a field is varied twice: ${fields.join(', ')}`);
  let rows: number[][];
  try {
    rows = combinations(sweeps);
  } catch (err) {
    throw new CliExit(2, `skirmish: ${(err as Error).message}`);
  }
  const spec = specFor(base, seed);
  const text = readText(base);
  const readFile = (name: string) => {
    const path = resolve(dirname(base), name);
    return { text: readText(path), file: path };
  };
  const problems: string[] = [];
  const specs: SimSpec[] = [];
  for (const row of rows) {
    const v = loadVariant(text, base, fields.map((f, i) => [f, row[i]] as [string, number]), readFile);
    if (v.ok) specs.push({ ...spec, doc: v.value.doc });
    else problems.push(...v.problems);
  }
  if (problems.length) {
    const shown = problems.slice(0, 20);
    if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more`);
    throw new CliExit(2, `${shown.join('\n')}\nskirmish: ${rows.length - specs.length} of ${rows.length} variants do not validate; nothing was played`);
  }
  return { fields, values: rows, specs };
}
