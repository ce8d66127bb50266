/**
 * Characters that outlive an encounter, kept in the table's library (kind `character` for the players',
 * `monster` for the GM's): a unit as the file writes it, its gear written inline so it means the same in
 * any encounter of its ruleset. Added to an encounter, gear the encounter's content already holds (same id,
 * same entry) is named by id, new gear joins the content, and gear that differs from the content's stays
 * inline on the unit.
 */
import type { Doc } from './paths.ts';
import { sameJson } from './paths.ts';
import { encounterSchemaOf } from './schema.ts';
import { cellOf, freeCellNear, freshId, hasGrid, unitsOf, type Cell, type UnitDoc } from './units.ts';

export interface LibraryEntry {
  kind: 'character' | 'monster' | 'item' | 'encounter';
  id: string;
  name: string;
  ruleset: string;
  data: Record<string, unknown>;
  tags?: string[];
  notes?: string;
}

type Content = Record<string, { id: string }[]>;
const contentOf = (doc: Doc): Content => ((doc.content as Content | undefined) ?? {});

/** The unit's lists that name the encounter's content by the same key (`weapons` → `content.weapons`). */
function gearKeys(doc: Doc, u: UnitDoc, ruleset?: string): string[] {
  const known = new Set([...Object.keys(contentOf(doc)), ...contentKeysOf(ruleset ?? String(doc.ruleset))]);
  return Object.keys(u).filter((k) => known.has(k) && Array.isArray(u[k]));
}

/** The content lists a ruleset's file has (weapons, spells, gadgets...). */
export function contentKeysOf(ruleset: string): string[] {
  return Object.keys(encounterSchemaOf(ruleset).properties?.content?.properties ?? {});
}

/** A library entry of a unit of the draft: its gear inline, its place on this map left out. */
export function characterOf(doc: Doc, unit: UnitDoc, kind: 'character' | 'monster'): LibraryEntry {
  const data = structuredClone(unit) as Record<string, unknown>;
  for (const k of gearKeys(doc, unit)) {
    data[k] = (unit[k] as unknown[]).map((g) => (typeof g === 'string' ? structuredClone(contentOf(doc)[k]?.find((c) => c.id === g)) ?? g : g));
  }
  return { kind, id: unit.id, name: unit.name, ruleset: String(doc.ruleset), data };
}

/** Put a library character into the draft, at `at` (grid) or the frontline; its gear into the content where it fits. */
export function addCharacter(doc: Doc, entry: LibraryEntry, at?: Cell, side?: string): { doc: Doc; id: string } {
  const unit = structuredClone(entry.data) as UnitDoc;
  const content = structuredClone(contentOf(doc));
  let contentChanged = false;
  for (const k of gearKeys(doc, unit, entry.ruleset)) {
    unit[k] = (unit[k] as unknown[]).map((g) => {
      if (typeof g !== 'object' || g === null || typeof (g as { id?: unknown }).id !== 'string') return g;
      const item = g as { id: string };
      const list = (content[k] ??= []);
      const have = list.find((c) => c.id === item.id);
      if (have) return sameJson(have, item) ? item.id : g;
      list.push(item);
      contentChanged = true;
      return item.id;
    });
  }
  unit.id = freshId(unit.id || entry.id, unitsOf(doc).map((u) => u.id));
  if (side) unit.side = side;
  if (hasGrid(doc)) {
    const want = at ?? cellOf(unit) ?? [0, 0];
    unit.at = freeCellNear(doc, want) ?? want;
  }
  const out: Doc = { ...doc, units: [...unitsOf(doc), unit] };
  if (contentChanged) out.content = content;
  return { doc: out, id: unit.id };
}

/** A roster character as a library entry: the unit it joined with, wounded as it now is (`startHp`). */
export function rosterCharacter(r: { id: string; name: string; ruleset: string; unit: Record<string, unknown>; current?: { pools?: Record<string, { value: number }>; status?: string } }): LibraryEntry {
  const data = structuredClone(r.unit);
  const hp = r.current?.pools?.hp?.value;
  if (typeof hp === 'number' && typeof data.hp === 'number' && hp < data.hp) data.startHp = hp;
  return { kind: 'character', id: r.id, name: r.name, ruleset: r.ruleset, data, tags: ['roster'] };
}
