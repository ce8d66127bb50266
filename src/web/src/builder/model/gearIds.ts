/**
 * Gear ids follow gear names (issue 36): the page never shows an id, so renaming a piece of gear renames
 * its id (`Short sword` → `short-sword`) and every reference to it in the units — their gear lists and the
 * fields the ruleset's schema marks as naming their gear (`refersTo`: phase20's skilled weapons,
 * frontline's weapon in hand). Nothing a GM does in the page leaves a unit naming gear that is gone.
 */
import type { Doc } from './paths.ts';
import { encounterSchemaOf, type JsonSchema } from './schema.ts';
import { freshId, unitsOf, type UnitDoc } from './units.ts';

type Entry = Record<string, unknown> & { id?: unknown; name?: unknown };
type Ref = { path: string[]; category: string; many: boolean };

/** The fields of a unit that name gear of a category by id, from the schema's `refersTo`. */
export function refFieldsOf(ruleset: string): Ref[] {
  const unit = encounterSchemaOf(ruleset).properties?.units?.items;
  const out: Ref[] = [];
  const walk = (n: JsonSchema | undefined, path: string[]) => {
    if (!n || typeof n !== 'object') return;
    if (n.refersTo) out.push({ path, category: n.refersTo, many: n.type === 'array' });
    for (const [k, c] of Object.entries(n.properties ?? {})) walk(c, [...path, k]);
  };
  walk(unit || undefined, []);
  return out;
}

const slug = (name: string) => name.toLowerCase();

/** The id `name` gives, among `taken` (its own old id not counted). */
export function idFor(name: string, taken: Iterable<string>): string {
  return freshId(slug(name), taken);
}

/** Rename `from` to `to` in what one unit names of `category` (its own list and its reference fields). */
function renameInUnit(u: UnitDoc, category: string, from: string, to: string, refs: Ref[]): UnitDoc {
  let out = u;
  const list = u[category];
  if (Array.isArray(list) && list.includes(from)) out = { ...out, [category]: list.map((g) => (g === from ? to : g)) };
  for (const r of refs.filter((x) => x.category === category)) {
    const [head, ...rest] = r.path;
    const set = (v: unknown, path: string[]): unknown => {
      if (!path.length) return r.many ? (Array.isArray(v) ? v.map((x) => (x === from ? to : x)) : v) : v === from ? to : v;
      if (typeof v !== 'object' || v === null) return v;
      const o = v as Record<string, unknown>;
      const inner = set(o[path[0]], path.slice(1));
      return inner === o[path[0]] ? v : { ...o, [path[0]]: inner };
    };
    const before = out[head];
    const after = set(before, rest);
    if (after !== before) out = { ...out, [head]: after };
  }
  return out;
}

const sameExceptName = (a: Entry, b: Entry) => {
  const ka = Object.keys(a).filter((k) => k !== 'name');
  return a.id === b.id && a.name !== b.name && ka.length === Object.keys(b).filter((k) => k !== 'name').length;
};

/**
 * After a change: each piece of gear whose name changed (and whose id did not) takes the id of its new
 * name, and every unit naming it follows. Content gear is renamed across all units; gear written on a unit
 * only within that unit.
 */
export function followNames(before: Doc, after: Doc): Doc {
  const ruleset = String(after.ruleset);
  const refs = refFieldsOf(ruleset);
  let doc = after;
  const oldContent = (before.content ?? {}) as Record<string, Entry[]>;
  const newContent = (after.content ?? {}) as Record<string, Entry[]>;
  for (const [category, list] of Object.entries(newContent)) {
    const old = oldContent[category];
    if (!Array.isArray(list) || !Array.isArray(old) || old === list || old.length !== list.length) continue;
    list.forEach((e, i) => {
      const o = old[i];
      if (!o || typeof e?.name !== 'string' || !e.name.trim() || typeof e.id !== 'string' || !sameExceptName(o, e)) return;
      const taken = list.filter((_, j) => j !== i).map((x) => String(x?.id));
      const to = idFor(e.name, taken);
      if (to === e.id) return;
      const from = e.id;
      const content = { ...(doc.content as Record<string, Entry[]>) };
      content[category] = content[category].map((x, j) => (j === i ? { ...x, id: to } : x));
      doc = { ...doc, content, units: unitsOf(doc).map((u) => renameInUnit(u, category, from, to, refs)) };
    });
  }
  // gear written on a unit: its id follows its name within that unit
  const oldUnits = new Map(unitsOf(before).map((u) => [u.id, u]));
  doc = {
    ...doc,
    units: unitsOf(doc).map((u) => {
      const was = oldUnits.get(u.id);
      if (!was || was === u) return u;
      let out = u;
      for (const [category, list] of Object.entries(u)) {
        const old = was[category];
        if (!Array.isArray(list) || !Array.isArray(old) || old === list || old.length !== list.length) continue;
        list.forEach((e: Entry | string, i) => {
          const o = old[i] as Entry | string;
          if (typeof e !== 'object' || typeof o !== 'object' || !e || !o || typeof e.name !== 'string' || !e.name.trim() || typeof e.id !== 'string' || !sameExceptName(o, e)) return;
          const mine = (out[category] as (Entry | string)[]).map((x) => (typeof x === 'string' ? x : String(x.id)));
          const content = ((doc.content ?? {}) as Record<string, Entry[]>)[category] ?? [];
          const to = idFor(e.name, [...mine.filter((_, j) => j !== i), ...content.map((c) => String(c.id))]);
          if (to === e.id) return;
          const from = e.id;
          out = { ...out, [category]: (out[category] as (Entry | string)[]).map((x, j) => (j === i ? { ...(x as Entry), id: to } : x)) };
          out = renameInUnit(out, category, from, to, refs);
        });
      }
      return out;
    }),
  };
  return unitsOf(doc).every((u, i) => u === unitsOf(after)[i]) && doc.content === after.content ? after : doc;
}
