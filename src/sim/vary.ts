/**
 * Sweeps: one encounter played at several values of its fields (`sim enc.yaml --vary units.brute.hp=10..20:2`,
 * or a sweep file naming several fields). A field is a path into the encounter file as written —
 * `units.<id>.<field>` picks the unit entry with that id — and every variant is validated like the file
 * itself, so a value the rules refuse is reported with `validate`'s messages before any fight. Pure: the
 * caller reads the files.
 */
import { z } from 'zod';
import { check, formatProblem, parseText, rulesetIdOf, type Problem } from '../engine/index.ts';
import { rulesets } from '../rulesets/index.ts';
import { isScenario, loadText, validateEncounter, type LoadedScenario } from '../rulesets/load.ts';

/** One varied field and the values it takes. */
export interface Sweep {
  /** As written: 'units.brute.hp'. */
  field: string;
  values: number[];
}

/** The most values one field may take, and the most variants a sweep may have. */
export const MAX_VALUES = 200;
export const MAX_VARIANTS = 400;

/** `units.brute.hp=10..20:2`, `units.brute.hp=10..20` (step 1) or `units.brute.hp=10,14,20`; throws what is wrong. */
export function parseSweep(arg: string): Sweep {
  const m = /^([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)=(.+)$/.exec(arg.trim());
  if (!m) throw new Error(`--vary takes field=A..B:STEP (e.g. units.brute.hp=10..20:2) or field=a,b,c; got "${arg}"`);
  return { field: m[1], values: valuesOf(m[2], m[1]) };
}

/** The values a sweep file or the command line gives a field: a range text, a number, or a list of numbers. */
export function valuesOf(spec: unknown, field: string): number[] {
  const bad = (why: string) => new Error(`${field}: ${why}`);
  let values: number[];
  if (typeof spec === 'number') values = [spec];
  else if (Array.isArray(spec)) values = spec.map((v) => (typeof v === 'number' ? v : Number.NaN));
  else if (typeof spec === 'string') {
    const r = /^\s*(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)\s*(?::\s*(\d+(?:\.\d+)?)\s*)?$/.exec(spec);
    if (r) {
      const [a, b, step] = [Number(r[1]), Number(r[2]), r[3] === undefined ? 1 : Number(r[3])];
      if (!(step > 0)) throw bad(`the step must be above 0, got ${r[3]}`);
      if (b < a) throw bad(`the range ${a}..${b} runs backwards`);
      if ((b - a) / step + 1 > MAX_VALUES) throw bad(`${a}..${b}:${step} is more than ${MAX_VALUES} values`);
      values = [];
      // steps counted, not added up, so 0.1 steps do not drift
      for (let k = 0; a + k * step <= b + 1e-9; k++) values.push(Number((a + k * step).toFixed(10)));
    } else values = spec.split(',').map((v) => (v.trim() === '' ? Number.NaN : Number(v)));
  } else throw bad('give a range "A..B:STEP" or a list of numbers');
  if (!values.length || values.some((v) => !Number.isFinite(v))) throw bad(`not numbers: ${JSON.stringify(spec)}`);
  if (values.length > MAX_VALUES) throw bad(`more than ${MAX_VALUES} values`);
  return values;
}

/** Every combination of the fields' values, the last field changing fastest. */
export function combinations(sweeps: readonly Sweep[]): number[][] {
  let rows: number[][] = [[]];
  for (const s of sweeps) rows = rows.flatMap((r) => s.values.map((v) => [...r, v]));
  if (rows.length > MAX_VARIANTS) throw new Error(`${rows.length} variants is more than ${MAX_VARIANTS}: vary fewer fields or fewer values`);
  return rows;
}

type Writable = Record<string, unknown> | unknown[];

/** Set `value` at `field` (dots; `units.<id>` is the entry with that id) in `doc`, in place; a message when the path leads nowhere. */
export function setField(doc: unknown, field: string, value: number): string | undefined {
  const parts = field.split('.');
  let at: unknown = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i];
    const next = childOf(at, key);
    if (next === undefined || next === null || typeof next !== 'object') {
      const where = parts.slice(0, i + 1).join('.');
      if (Array.isArray(at)) return `${field}: there is no entry "${key}" in ${parts.slice(0, i).join('.') || 'the file'} (ids: ${at.map((e) => (e as { id?: unknown })?.id).filter((x) => typeof x === 'string').join(', ')})`;
      return `${field}: the file has no ${where}`;
    }
    at = next;
  }
  const last = parts[parts.length - 1];
  if (Array.isArray(at)) {
    const i = Number(last);
    if (!Number.isInteger(i) || i < 0 || i >= at.length) return `${field}: ${last} is not an entry of the list`;
    at[i] = value;
  } else (at as Record<string, unknown>)[last] = value;
  return undefined;
}

/** A key of an object, an index of a list, or the entry of a list with that id. */
function childOf(at: unknown, key: string): unknown {
  if (Array.isArray(at)) {
    const byId = at.find((e) => e && typeof e === 'object' && (e as { id?: unknown }).id === key);
    if (byId) return byId;
    return /^\d+$/.test(key) ? at[Number(key)] : undefined;
  }
  return at && typeof at === 'object' && Object.hasOwn(at, key) ? (at as Writable & Record<string, unknown>)[key] : undefined;
}

export type VariantLoad = { ok: true; value: LoadedScenario } | { ok: false; problems: string[] };

/**
 * An encounter (or a scenario's encounter) with the given values, validated as `skirmish validate`
 * validates the file: problems point at the file, line and field, and say which values made them.
 */
export function loadVariant(text: string, file: string, values: readonly [string, number][], readFile?: (name: string) => { text: string; file: string }): VariantLoad {
  const base = loadText(text, file, readFile);
  if (!base.ok) return { ok: false, problems: base.problems.map(formatProblem) };
  const parsed = parseText(text, file);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map(formatProblem) };
  const said = `(with ${values.map(([f, v]) => `${f} = ${v}`).join(', ')})`;
  const fail = (problems: Problem[] | string[]) => ({ ok: false as const, problems: problems.map((p) => `${typeof p === 'string' ? p : formatProblem(p)} ${said}`) });
  // the document the values go into: the file itself, a scenario's inline encounter, or the file it names
  let root: unknown = structuredClone(parsed.value);
  let target: unknown = root;
  let validate: (value: unknown) => ReturnType<typeof validateEncounter> = (v) => validateEncounter(v, file, parsed.parsed);
  if (isScenario(parsed.value)) {
    const enc = (parsed.value as { encounter: unknown }).encounter;
    if (typeof enc === 'string') {
      if (!readFile) return fail(['a scenario naming a file needs a file reader']);
      const inner = readFile(enc);
      const ip = parseText(inner.text, inner.file);
      if (!ip.ok) return fail(ip.problems);
      root = structuredClone(ip.value);
      target = root;
      validate = (v) => validateEncounter(v, inner.file, ip.parsed);
    } else {
      target = (root as { encounter: unknown }).encounter;
      const schema = rulesets[rulesetIdOf(target) ?? '']?.encounterSchema;
      validate = (v) => {
        const r = validateEncounter((v as { encounter: unknown }).encounter, file, parsed.parsed);
        if (r.ok || !schema) return r;
        // positions inside an inline encounter: checked with the path prefix, as the loader does
        const wrapped = check(v, z.object({ encounter: schema }), file, parsed.parsed);
        return wrapped.ok ? r : wrapped;
      };
    }
  }
  for (const [field, value] of values) {
    const why = setField(target, field, value);
    if (why) return fail([why]);
  }
  const r = validate(root);
  if (!r.ok) return fail(r.problems);
  return { ok: true, value: { ...base.value, doc: r.value.doc } };
}
