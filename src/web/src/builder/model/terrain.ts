/**
 * Painting the battlefield: each `map.terrain` entry is one cell (`at`) or, where the ruleset allows it,
 * a rectangle (`at` to `to`). Painting or erasing a cell inside a rectangle splits it into the cells
 * that stay, so nothing else changes. The last entry naming a cell is the one play reads.
 */
import type { Doc } from './paths.ts';
import type { Cell } from './units.ts';

export type TerrainEntry = Record<string, unknown> & { at: Cell; to?: Cell };

export const terrainOf = (doc: Doc): TerrainEntry[] => {
  const t = (doc.map as { terrain?: unknown } | undefined)?.terrain;
  return Array.isArray(t) ? (t as TerrainEntry[]) : [];
};

function covers(t: TerrainEntry, c: Cell): boolean {
  if (!Array.isArray(t.at)) return false;
  const [x0, y0] = t.at;
  const [x1, y1] = Array.isArray(t.to) ? t.to : t.at;
  return c[0] >= Math.min(x0, x1) && c[0] <= Math.max(x0, x1) && c[1] >= Math.min(y0, y1) && c[1] <= Math.max(y0, y1);
}

/** The terrain entry play reads at a cell, if any. */
export function terrainAt(doc: Doc, c: Cell): TerrainEntry | undefined {
  const list = terrainOf(doc);
  for (let i = list.length - 1; i >= 0; i--) if (covers(list[i], c)) return list[i];
  return undefined;
}

/** Every cell of an entry, one entry each (a rectangle taken apart). */
function cellsOf(t: TerrainEntry): TerrainEntry[] {
  if (!Array.isArray(t.to)) return [t];
  const { to, ...rest } = t;
  const out: TerrainEntry[] = [];
  for (let y = Math.min(t.at[1], to[1]); y <= Math.max(t.at[1], to[1]); y++) {
    for (let x = Math.min(t.at[0], to[0]); x <= Math.max(t.at[0], to[0]); x++) out.push({ ...rest, at: [x, y] });
  }
  return out;
}

const same = (a: Cell, b: Cell) => a[0] === b[0] && a[1] === b[1];

/** Take `cells` out of every entry (erase), then, with `fields`, give each its own new entry (paint). */
export function paint(doc: Doc, cells: readonly Cell[], fields?: Record<string, unknown>): Doc {
  let list = terrainOf(doc);
  const hit = (t: TerrainEntry) => cells.some((c) => covers(t, c));
  list = list.flatMap((t) => (hit(t) ? cellsOf(t).filter((p) => !cells.some((c) => same(p.at, c))) : [t]));
  if (fields) for (const c of cells) list.push({ at: [c[0], c[1]], ...structuredClone(fields) });
  const map = { ...(doc.map as object) } as Record<string, unknown>;
  if (list.length) map.terrain = list;
  else delete map.terrain;
  return { ...doc, map };
}

/** Cells of the line from a to b (a brush dragged across the map paints every cell it crosses). */
export function cellsBetween(a: Cell, b: Cell): Cell[] {
  const n = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
  const out: Cell[] = [];
  for (let i = 0; i <= n; i++) out.push([Math.round(a[0] + ((b[0] - a[0]) * i) / (n || 1)), Math.round(a[1] + ((b[1] - a[1]) * i) / (n || 1))]);
  return out;
}

/** Cells of the rectangle spanned by a and b. */
export function cellsInBox(a: Cell, b: Cell): Cell[] {
  const out: Cell[] = [];
  for (let y = Math.min(a[1], b[1]); y <= Math.max(a[1], b[1]); y++) for (let x = Math.min(a[0], b[0]); x <= Math.max(a[0], b[0]); x++) out.push([x, y]);
  return out;
}

/** Same fields (tags and all) as a brush: the palette shows the cell as that kind. */
export function matchesKind(t: TerrainEntry | undefined, fields: Record<string, unknown>): boolean {
  if (!t) return false;
  const { at: _at, to: _to, ...rest } = t;
  return JSON.stringify(Object.entries(rest).sort()) === JSON.stringify(Object.entries(fields).sort());
}
