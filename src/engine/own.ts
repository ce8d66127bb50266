/**
 * Keys that come from a client or a file are looked up as own properties only. On a plain object
 * `units["toString"]` finds Object.prototype's function, and `pools["__proto__"].value = 1` writes into
 * every object of the process. So no id or key may be one of those built-in names (a command naming
 * one is refused before any rule runs, a file giving one is refused by its schema), and lookups by a
 * given key go through `own`.
 */
import { reject, type Rejection } from './rejection.ts';

const OBJECT = Object.prototype;

/**
 * `record[key]` if `key` is the record's own, else undefined (never an inherited property). Asked for
 * every unit and pool a rule or an event names, so the own-key test is made only when the value could
 * be inherited: a record here is plain JSON (its prototype Object.prototype, or none), whose inherited
 * members are functions and `__proto__` (the prototype itself) — a value that is neither is the
 * record's own. One property load instead of a call to Object.hasOwn and a load.
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  const v = record[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'function' && (v as unknown) !== OBJECT) return v;
  return Object.hasOwn(record, key) ? v : undefined;
}

/**
 * `own` for a state's units record, and for a unit's pools: the same test, each in a function of its
 * own so each lookup sees one kind of record (a lookup shared by every kind of record is a slow,
 * generic one, and these two are asked for every unit and pool a rule names).
 */
export function ownUnit<T>(units: Readonly<Record<string, T>>, id: string): T | undefined {
  const v = units[id];
  if (v === undefined) return undefined;
  if (typeof v !== 'function' && (v as unknown) !== OBJECT) return v;
  return Object.hasOwn(units, id) ? v : undefined;
}

export function ownPool<T>(pools: Readonly<Record<string, T>>, name: string): T | undefined {
  const v = pools[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'function' && (v as unknown) !== OBJECT) return v;
  return Object.hasOwn(pools, name) ? v : undefined;
}

/** Object.prototype's own names and 'prototype': asked of every string in every command, so a set, not a property lookup. */
const BUILTIN = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** A name every object answers to (`toString`, `constructor`, `__proto__`, `hasOwnProperty`, ...). */
export function isBuiltinName(key: string): boolean {
  return BUILTIN.has(key);
}

export const builtinNameMessage = (name: string) => `"${name}" cannot be a name here: it is a name every object has built in (toString, constructor, __proto__ ...)`;

/** Fields holding words for people, not names of anything: never looked up. */
const WORDS = new Set(['text', 'reason', 'label', 'name', 'prompt', 'description']);
/** Fields holding free data (a unit's `data`, `gm.set_data`'s value): stored as given, never looked up. */
const FREE = new Set(['data', 'value', 'gmNotes']);

/**
 * Where the first built-in name stands in `value` — as a key, or as a string that could be looked up
 * (words for people and free data aside) — and the name; undefined when there is none.
 */
export function findBuiltinName(value: unknown): { name: string; path: (string | number)[] } | undefined {
  // every command decide is given is asked this: a scan that builds nothing, then the path only for a hit
  if (!hasBuiltinName(value, 0)) return undefined;
  const path: (string | number)[] = [];
  const walk = (v: unknown): string | undefined => {
    if (typeof v === 'string') return isBuiltinName(v) ? v : undefined;
    if (typeof v !== 'object' || v === null || path.length > 64) return undefined;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        const hit = walk(v[i]);
        if (hit !== undefined) return hit;
        path.pop();
      }
      return undefined;
    }
    for (const k of Object.keys(v)) {
      path.push(k);
      if (isBuiltinName(k)) return k;
      const hit = WORDS.has(k) || FREE.has(k) ? undefined : walk((v as Record<string, unknown>)[k]);
      if (hit !== undefined) return hit;
      path.pop();
    }
    return undefined;
  };
  const name = walk(value);
  return name === undefined ? undefined : { name, path };
}

/** Whether `findBuiltinName` would find one (the same walk, without keeping the path). */
function hasBuiltinName(v: unknown, depth: number): boolean {
  if (typeof v === 'string') return isBuiltinName(v);
  if (typeof v !== 'object' || v === null || depth > 64) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (hasBuiltinName(v[i], depth + 1)) return true;
    return false;
  }
  // for…in with an own-key test walks Object.keys' keys without building the array
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    if (isBuiltinName(k)) return true;
    const x = (v as Record<string, unknown>)[k];
    // numbers and booleans, the most of a command, are no names
    if ((typeof x === 'string' || (typeof x === 'object' && x !== null)) && !WORDS.has(k) && !FREE.has(k) && hasBuiltinName(x, depth + 1)) return true;
  }
  return false;
}

/** A command giving a built-in name as an id or key, refused before any rule runs; undefined when it gives none. */
export function builtinNameIn(command: unknown): Rejection | undefined {
  const found = findBuiltinName(command);
  if (!found) return undefined;
  const field = found.path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
  return reject('command/builtin_name', builtinNameMessage(found.name), field || undefined);
}
