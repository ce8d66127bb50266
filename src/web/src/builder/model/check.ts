/**
 * Validation as the GM builds: the draft is written as its download would be and read back by the very
 * code `skirmish validate` runs (src/rulesets/load.ts: the ruleset's schema over the parsed text), so each
 * problem is the same line the command prints for the downloaded file. Problems are also filed by field,
 * so each form field shows its own.
 */
import { formatProblem, type Problem } from '../../../../engine/index.ts';
import { loadText, type LoadedScenario } from '../../../../rulesets/load.ts';
import { draftText, type Draft } from './draft.ts';

export interface Checked {
  /** The text as *Download* writes it. */
  text: string;
  /** Every problem, as `skirmish validate` prints them, in its order. */
  problems: Problem[];
  /** `skirmish validate`'s lines: `file:line:col: path: message`. */
  lines: string[];
  /** Problems by the field of the encounter they are about (`units[2].hp`; a scenario's `encounter.` taken off). */
  byField: Map<string, string[]>;
  /** The validated encounter (defaults filled in), when it has no problem: what the simulator and the table take. */
  loaded?: LoadedScenario;
}

export function fieldOf(p: Problem, scenario: boolean): string {
  if (!scenario) return p.path;
  if (p.path === 'encounter') return '(top)';
  return p.path.startsWith('encounter.') ? p.path.slice('encounter.'.length) : p.path.startsWith('encounter[') ? p.path.slice('encounter'.length) : p.path;
}

export function checkDraft(d: Draft): Checked {
  const text = draftText(d);
  const r = loadText(text, d.file);
  const problems = r.ok ? [] : r.problems;
  const byField = new Map<string, string[]>();
  for (const p of problems) {
    const f = fieldOf(p, d.scenario !== undefined);
    byField.set(f, [...(byField.get(f) ?? []), p.message]);
  }
  return { text, problems, lines: problems.map(formatProblem), byField, ...(r.ok ? { loaded: r.value } : {}) };
}

/** Problems about a field or anything inside it (`units[2]` gathers `units[2].hp`...). */
export function problemsWithin(c: Checked, field: string): string[] {
  const out: string[] = [];
  for (const [f, msgs] of c.byField) if (f === field || f.startsWith(`${field}.`) || f.startsWith(`${field}[`)) out.push(...msgs);
  return out;
}
