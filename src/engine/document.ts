/**
 * Encounter and scenario files (YAML or JSON). Parsing keeps the source positions so that every
 * problem names the file, line, column and field path, and says what was expected.
 */
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { ZodType } from 'zod';
import { builtinNameMessage, findBuiltinName } from './own.ts';
import { MAX_DEPTH, MAX_NODES, yamlShape } from './text-shape.ts';
import './zod-words.ts'; // schema problems in plain words, wherever a schema is parsed

export interface Problem {
  file: string;
  line: number;
  column: number;
  /** Field path like `units[2].stats.agility`. */
  path: string;
  message: string;
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out || '(top)';
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.path}: ${p.message}`;
}

/** Maximum size of a file we read: a sane encounter is far smaller. */
export const MAX_DOCUMENT_BYTES = 2_000_000;

export interface Parsed {
  doc: Document.Parsed;
  lines: LineCounter;
}

function locate(parsed: Parsed, path: readonly (string | number)[]): { line: number; column: number } {
  // walk as deep as the path exists, so a missing field points at its parent
  let node: unknown = parsed.doc.contents;
  let found: unknown = node;
  for (const key of path) {
    if (isMap(node)) node = node.get(key, true);
    else if (isSeq(node) && typeof key === 'number') node = node.get(key, true);
    else break;
    if (node === undefined) break;
    found = node;
  }
  const range = (found as { range?: [number, number, number] } | undefined)?.range;
  const pos = parsed.lines.linePos(range ? range[0] : 0);
  return { line: pos.line, column: pos.col };
}

/** Parse YAML or JSON text (JSON is YAML). Syntax errors come back as problems with positions. */
export function parseText(text: string, file: string): Loaded<unknown> & { parsed?: Parsed } {
  if (text.length > MAX_DOCUMENT_BYTES) {
    return { ok: false, problems: [{ file, line: 1, column: 1, path: '(top)', message: `file is ${text.length} bytes; the limit is ${MAX_DOCUMENT_BYTES}` }] };
  }
  // read before the parser sees it: deep nesting and a flood of values cost the parser dearly
  const shape = yamlShape(text);
  if (shape.depth > MAX_DEPTH) return { ok: false, problems: [{ file, line: shape.line, column: 1, path: '(top)', message: `the data is nested ${shape.depth} deep; the limit is ${MAX_DEPTH}` }] };
  if (shape.nodes > MAX_NODES) return { ok: false, problems: [{ file, line: 1, column: 1, path: '(top)', message: `the file holds about ${shape.nodes} values; the limit is ${MAX_NODES}` }] };
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    return {
      ok: false,
      problems: doc.errors.map((e) => {
        const pos = lines.linePos(e.pos[0]);
        return { file, line: pos.line, column: pos.col, path: '(syntax)', message: e.message.split('\n')[0] };
      }),
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    return { ok: false, problems: [{ file, line: 1, column: 1, path: '(top)', message: (err as Error).message }] };
  }
  return { ok: true, value, parsed: { doc, lines } };
}

/** Validate parsed data against a schema, mapping each issue back to the text. */
export function validate<T>(text: string, file: string, schema: ZodType<T>): Loaded<T> {
  const p = parseText(text, file);
  if (!p.ok) return p;
  return check(p.value, schema, file, p.parsed);
}

/** One problem at `path` of a parsed file (line and column from the text when it is there). */
export function problemAt(file: string, path: readonly (string | number)[], message: string, parsed?: Parsed): Problem {
  const pos = parsed ? locate(parsed, path) : { line: 1, column: 1 };
  return { file, ...pos, path: formatPath(path), message };
}

export function check<T>(value: unknown, schema: ZodType<T>, file: string, parsed?: Parsed): Loaded<T> {
  // ids and keys are looked up in plain objects: none may be a name every object has built in
  const builtin = findBuiltinName(value);
  if (builtin) return { ok: false, problems: [problemAt(file, builtin.path, builtinNameMessage(builtin.name), parsed)] };
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  return {
    ok: false,
    problems: r.error.issues.map((i) => {
      const path = i.path.map((k) => (typeof k === 'symbol' ? String(k) : k));
      const pos = parsed ? locate(parsed, path) : { line: 1, column: 1 };
      return { file, ...pos, path: formatPath(path), message: i.message };
    }),
  };
}

/** The `ruleset:` field of an encounter or scenario, read before the full schema is chosen. */
export function rulesetIdOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.ruleset === 'string') return v.ruleset;
  if (typeof v.encounter === 'object' && v.encounter !== null) return rulesetIdOf(v.encounter);
  return undefined;
}
