/**
 * Reading and changing a plain JSON document at a path (`['units', 2, 'hp']`) without touching the
 * original: every change returns a new document that shares what did not change (undo keeps the old).
 */
export type Path = readonly (string | number)[];
export type Doc = Record<string, unknown>;

export function getAt(value: unknown, path: Path): unknown {
  let v = value;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

/** Set (or with `undefined`, remove) the value at `path`, creating objects and lists on the way. */
export function setAt<T>(root: T, path: Path, value: unknown): T {
  if (!path.length) return value as T;
  const [k, ...rest] = path;
  const base: unknown = root ?? (typeof k === 'number' ? [] : {});
  if (Array.isArray(base)) {
    const copy = base.slice();
    const next = setAt(copy[k as number], rest, value);
    if (next === undefined && !rest.length) copy.splice(k as number, 1);
    else copy[k as number] = next;
    return copy as T;
  }
  const obj = { ...(base as Record<string, unknown>) };
  const next = setAt(obj[k as string], rest, value);
  if (next === undefined) delete obj[k as string];
  else obj[k as string] = next;
  return obj as T;
}

/** A field path as `skirmish validate` prints it: `units[2].stats.agility`. */
export function pathText(path: Path): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out || '(top)';
}

/** Deep equality of plain JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Doc)[k], (b as Doc)[k]));
}
