/**
 * The builder's words for what the file format says (issue 36): a GM who never wrote YAML reads "Kara ›
 * Start HP: Start HP 30 is more than HP 22", not `built.yaml:19:9: units[0].startHp: startHp 30 is more
 * than hp 22`. The ruleset's messages and help stay the file's (the CLI prints them for a file's author);
 * the page says them in its own words: field names as the form labels them, `content.weapons` as the
 * encounter's weapons, no pointers into the docs, ids as the names of what they name.
 */
import { fieldLabel } from '../form/labels.ts';
import { getAt, type Doc } from './paths.ts';
import { unitsOf } from './units.ts';

/** `units[2].skilled.weapons[1]` → `['units', 2, 'skilled', 'weapons', 1]` (as the check wrote it). */
export function pathOf(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return out;
}

type Named = { id?: unknown; name?: unknown };
const nameOf = (x: unknown): string | undefined => {
  const n = (x as Named | undefined)?.name;
  return typeof n === 'string' && n ? n : undefined;
};

/** Every id of the draft that names something with a name: units, and gear in content or on a unit. */
function namesById(doc: Doc): Map<string, string> {
  const out = new Map<string, string>();
  const add = (x: unknown) => {
    const o = x as Named | undefined;
    if (typeof o?.id === 'string' && nameOf(o)) out.set(o.id, nameOf(o)!);
  };
  for (const list of Object.values((doc.content ?? {}) as Record<string, unknown>)) if (Array.isArray(list)) list.forEach(add);
  for (const u of unitsOf(doc)) {
    for (const v of Object.values(u)) if (Array.isArray(v)) v.forEach(add);
  }
  for (const u of unitsOf(doc)) add(u);
  return out;
}

/**
 * A text of the file format in the page's words: `content.weapons` → "the encounter's weapons",
 * `generalSkill` → "General Skill", `left_cannon` → "left cannon", "(docs/rulesets/outerah.md)" gone, and
 * (with the draft) a quoted id → the quoted name of what it names.
 */
export function pageWords(text: string, doc?: Doc): string {
  const names = doc ? namesById(doc) : new Map<string, string>();
  return text
    .replace(/\s*\((?:see )?[^()]*\bdocs\/[^()]*\)/g, '')
    .replace(/\bcontent\.([A-Za-z]+)\b/g, (_, k: string) => `the encounter's ${fieldLabel(k).toLowerCase()}`)
    .replace(/\b([a-z]{2,})\.([a-z][A-Za-z_]+)\b/g, (m, a: string, b: string) => (/^(yaml|json|md|com|org)$/.test(b) ? m : `${fieldLabel(a)} ${fieldLabel(b).toLowerCase()}`))
    .replace(/\b[a-z]+[A-Z][A-Za-z]*\b/g, (w) => fieldLabel(w))
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (w) => w.replace(/_/g, ' '))
    .replace(/"([^"]+)"/g, (m, id: string) => (names.has(id) ? `"${names.get(id)}"` : m));
}

/**
 * Where a problem is, as the page names it: the unit by its name, a piece of gear by its name, then the
 * fields as the form labels them (`Kara › Skilled › Weapons`). Empty for the encounter as a whole.
 */
export function placeWords(field: string, doc: Doc): string {
  const path = pathOf(field);
  const parts: string[] = [];
  let at: unknown = doc;
  for (const [i, k] of path.entries()) {
    const next = getAt(at, [k]);
    if (typeof k === 'number') {
      const name = nameOf(next);
      if (name) parts.push(name);
      else if (path[i - 1] !== 'units') parts.push(`#${k + 1}`);
    } else if (k === 'content') {
      parts.push('Gear');
    } else if (!(k === 'units' && typeof path[i + 1] === 'number')) {
      parts.push(fieldLabel(k));
    }
    at = next;
  }
  return parts.join(' › ');
}

/** One problem as the page shows it: where, and what, both in the page's words. */
export function problemWords(field: string, message: string, doc: Doc): { place: string; message: string } {
  return { place: field === '(top)' ? '' : placeWords(field, doc), message: pageWords(message, doc) };
}
