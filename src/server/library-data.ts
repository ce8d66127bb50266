/**
 * A library entry's `data` checked against its ruleset as the part of a file it stands for (issue 37):
 * the same schema, the same words, the path from `data`. One check for every way an entry comes in
 * (PUT …/library/{kind}/{id}, …/library/import), before anything is kept.
 *
 * - character, monster: a unit as `units[i]` of a file writes it (a file of the entry's ruleset with this
 *   one unit and its side declared). Two things a unit only has in an encounter are the encounter's
 *   business, checked when it joins one: its place (`at`, which a library unit leaves out) and gear named
 *   by id (resolved against that encounter's content; the builder writes gear inline).
 * - item: an item of one of the ruleset's content lists (weapons, spells…), whichever it fits.
 * - encounter: a file of the entry's ruleset within the bounds any file is read in (units, map, nesting).
 *   The builder keeps drafts with their problems still to fix: the schema's other problems are reported
 *   when the file is loaded, as any file's are.
 */
import { documentOutOfBounds, formatPath, rulesetIdOf, type LibraryEntry, type Problem } from '../engine/index.ts';
import { rulesetById } from '../rulesets/index.ts';
import { validateEncounter } from '../rulesets/load.ts';

export interface DataProblem {
  path: string;
  message: string;
  text: string;
}

/** `head…` of a problem's path → `to…`; undefined for a path elsewhere in the trial document. */
function under(path: string, head: string, to: string): string | undefined {
  if (path === head) return to;
  if (path.startsWith(`${head}.`) || path.startsWith(`${head}[`)) return `${to}${path.slice(head.length)}`;
  return undefined;
}

const problem = (path: string, message: string): DataProblem => ({ path, message, text: `${path}: ${message}` });

/** What only an encounter the unit joins can say (its place left out; gear named by id). */
const encountersBusiness = (p: Problem, data: Record<string, unknown>): boolean =>
  (p.path === 'units[0].at' && !Object.hasOwn(data, 'at')) || /^no \w+ "[^"]*" in content\.\w+$/.test(p.message);

function unitProblems(data: Record<string, unknown>, ruleset: string, at: string): DataProblem[] {
  const side = typeof data.side === 'string' && data.side ? data.side : 'a';
  const trial = { ruleset, name: 'library', sides: { [side]: {}, [`${side} (other)`]: {} }, units: [data] };
  const checked = validateEncounter(trial, at);
  if (checked.ok) return [];
  return checked.problems.flatMap((p) => {
    const path = under(p.path, 'units[0]', at);
    return path && !encountersBusiness(p, data) ? [problem(path, p.message)] : [];
  });
}

/** The content lists of a ruleset's files (weapons, spells, gadgets…), from its schema. */
function contentLists(ruleset: string): string[] {
  let s: unknown = (rulesetById(ruleset)?.encounterSchema as { shape?: Record<string, unknown> } | undefined)?.shape?.content;
  for (let i = 0; s && i < 5; i++) {
    const z = s as { unwrap?: () => unknown; in?: unknown; shape?: Record<string, unknown> };
    if (z.shape) return Object.keys(z.shape);
    s = z.unwrap ? z.unwrap() : z.in;
  }
  return [];
}

function itemProblems(data: Record<string, unknown>, ruleset: string, at: string): DataProblem[] {
  const lists = contentLists(ruleset);
  let best: DataProblem[] | undefined;
  for (const list of lists) {
    const checked = validateEncounter({ ruleset, name: 'library', content: { [list]: [data] }, units: [] }, at);
    const mine = checked.ok ? [] : checked.problems.flatMap((p) => {
      const path = under(p.path, `content.${list}[0]`, at);
      return path ? [problem(path, `${p.message} (as an item of content.${list})`)] : [];
    });
    if (!mine.length) return [];
    if (!best || mine.length < best.length) best = mine;
  }
  return best ?? [problem(at, `${ruleset} files have no content lists to hold an item`)];
}

function encounterProblems(data: Record<string, unknown>, ruleset: string, at: string): DataProblem[] {
  const id = rulesetIdOf(data);
  if (id !== ruleset) return [problem(`${at}.ruleset`, id === undefined ? `missing: the entry is a ${ruleset} encounter` : `the file is a ${id} encounter, the entry a ${ruleset} one`)];
  const out = documentOutOfBounds(data);
  return out ? [problem(out.path.length ? `${at}.${formatPath(out.path)}` : at, out.message)] : [];
}

/** Every problem of `entry.data` for its kind and ruleset, at paths from `at` (`data`, or a file's `entries[i].data`). */
export function libraryDataProblems(entry: LibraryEntry, at = 'data'): DataProblem[] {
  if (!rulesetById(entry.ruleset)) return [];
  const data = entry.data as Record<string, unknown>;
  if (entry.kind === 'character' || entry.kind === 'monster') return unitProblems(data, entry.ruleset, at);
  if (entry.kind === 'item') return itemProblems(data, entry.ruleset, at);
  return encounterProblems(data, entry.ruleset, at);
}
