/**
 * Reading the ruleset's encounter JSON Schema (the one `skirmish schema` prints) to build forms: which
 * kind of field a node is, its bounds and choices, and a first value for a required field.
 */
import { encounterJsonSchema } from '../../../../rulesets/json-schema.ts';
import type { Path } from './paths.ts';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  /** Sample values (dice fields carry "1d6", "1d8"...): the first is a new field's first value. */
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  pattern?: string;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  /** A unit's field naming its own gear of this content list by id (phase20's skilled weapons). */
  refersTo?: string;
}

const cache = new Map<string, JsonSchema>();

/** The encounter schema of a ruleset, made once. */
export function encounterSchemaOf(ruleset: string): JsonSchema {
  let s = cache.get(ruleset);
  if (!s) cache.set(ruleset, (s = encounterJsonSchema(ruleset) as JsonSchema));
  return s;
}

/** One choice of a union: the object form of "an id or the entry itself", the text form otherwise. */
export function branches(n: JsonSchema): JsonSchema[] {
  return n.anyOf ?? n.oneOf ?? [n];
}

/** The schema node of the value at `path` (object branches of unions are followed by string keys). */
export function nodeAt(root: JsonSchema, path: Path): JsonSchema | undefined {
  let n: JsonSchema | undefined = root;
  for (const k of path) {
    if (!n) return undefined;
    if (n.anyOf || n.oneOf) n = branches(n).find((b) => (typeof k === 'number' ? b.type === 'array' : b.type === 'object')) ?? n;
    if (typeof k === 'number') n = n.prefixItems?.[k] ?? (n.items || undefined);
    else n = n.properties?.[k] ?? (typeof n.additionalProperties === 'object' ? n.additionalProperties : undefined);
  }
  return n;
}

/** Bounds a person can use (zod writes the safe-integer limits when there are none). */
export function bounds(n: JsonSchema): { min?: number; max?: number } {
  const ok = (v: number | undefined) => (v !== undefined && Math.abs(v) < 1e12 ? v : undefined);
  const min = ok(n.minimum) ?? ok(n.exclusiveMinimum);
  const max = ok(n.maximum) ?? ok(n.exclusiveMaximum);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export const isType = (n: JsonSchema, t: string) => n.type === t || (Array.isArray(n.type) && n.type.includes(t));

/** A "name an entry of content by id, or write it inline" list item. */
export function contentRefBranches(n: JsonSchema): { id: JsonSchema; entry: JsonSchema } | undefined {
  const b = n.anyOf;
  if (!b || b.length !== 2) return undefined;
  const id = b.find((x) => isType(x, 'string'));
  const entry = b.find((x) => isType(x, 'object') && x.properties?.id);
  return id && entry ? { id, entry } : undefined;
}

/** A first value for a required field: the first choice, the first example, a bound, 10 for a number, empty text. */
export function sample(n: JsonSchema, fill: (path: Path, n: JsonSchema) => unknown = () => undefined, path: Path = []): unknown {
  const own = fill(path, n);
  if (own !== undefined) return own;
  if (n.const !== undefined) return n.const;
  if (n.enum) return n.enum[0];
  if (n.examples?.length) return n.examples[0];
  if (n.anyOf || n.oneOf) return sample(branches(n)[0], fill, path);
  if (isType(n, 'integer') || isType(n, 'number')) {
    const { min, max } = bounds(n);
    const v = Math.max(min ?? 10, 10);
    return max !== undefined ? Math.min(v, max) : v;
  }
  if (isType(n, 'boolean')) return false;
  if (isType(n, 'string')) return '';
  if (isType(n, 'array')) {
    // a cell starts at the corner, not at [10, 10] (which may be off the map)
    if (n.prefixItems) return n.prefixItems.map((p, i) => fill([...path, i], p) ?? bounds(p).min ?? 0);
    return [];
  }
  if (isType(n, 'object')) {
    const out: Record<string, unknown> = {};
    for (const k of n.required ?? []) if (n.properties?.[k]) out[k] = sample(n.properties[k], fill, [...path, k]);
    return out;
  }
  return undefined;
}
