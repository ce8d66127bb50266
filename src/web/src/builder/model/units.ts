/**
 * Units in the draft: where each stands (a cell on a grid, a zone in frontline), a new one from the
 * schema's required fields, a copy, several moved at once, and fresh ids and names.
 */
import { encounterSchemaOf, nodeAt, sample } from './schema.ts';
import type { Doc } from './paths.ts';

export type UnitDoc = Record<string, unknown> & { id: string; name: string; side: string };
export type Cell = [number, number];

export const unitsOf = (doc: Doc): UnitDoc[] => (Array.isArray(doc.units) ? (doc.units as UnitDoc[]) : []);
// a map with a size: frontline's map may hold only an image under its zones
export const hasGrid = (doc: Doc): boolean => typeof doc.map === 'object' && doc.map !== null && typeof (doc.map as { width?: unknown }).width === 'number';
export const mapSize = (doc: Doc): { width: number; height: number } => {
  const m = (doc.map ?? {}) as { width?: unknown; height?: unknown };
  return { width: typeof m.width === 'number' ? m.width : 0, height: typeof m.height === 'number' ? m.height : 0 };
};

export function cellOf(u: UnitDoc): Cell | undefined {
  const at = u.at;
  return Array.isArray(at) && at.length === 2 && at.every((n) => typeof n === 'number') ? (at as Cell) : undefined;
}

/** Sides in the order the file names them: its `sides`, then any side only a unit names. */
export function sidesOf(doc: Doc): string[] {
  const out = Object.keys((doc.sides as object | undefined) ?? {});
  for (const u of unitsOf(doc)) if (typeof u.side === 'string' && u.side && !out.includes(u.side)) out.push(u.side);
  return out;
}

/** `base`, or `base-2`, `base-3`... whichever is not taken. */
export function freshId(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const stem = base.replace(/-\d+$/, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'unit';
  if (!used.has(stem)) return stem;
  for (let i = 2; ; i++) if (!used.has(`${stem}-${i}`)) return `${stem}-${i}`;
}

export function freshName(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const stem = base.replace(/ \d+$/, '');
  if (!used.has(stem)) return stem;
  for (let i = 2; ; i++) if (!used.has(`${stem} ${i}`)) return `${stem} ${i}`;
}

const key = (c: readonly number[]) => `${c[0]},${c[1]}`;

/** The free cell nearest `near` (rings outward), or undefined when the map is full. */
export function freeCellNear(doc: Doc, near: Cell, ignore: ReadonlySet<string> = new Set()): Cell | undefined {
  const { width, height } = mapSize(doc);
  const taken = new Set(unitsOf(doc).filter((u) => !ignore.has(u.id)).flatMap((u) => (cellOf(u) ? [key(cellOf(u)!)] : [])));
  for (let r = 0; r < Math.max(width, height); r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const c: Cell = [near[0] + dx, near[1] + dy];
        if (c[0] >= 0 && c[1] >= 0 && c[0] < width && c[1] < height && !taken.has(key(c))) return c;
      }
    }
  }
  return undefined;
}

/** A new unit with every field the ruleset requires, on `side`, at `cell` (grid) or in the frontline. */
export function newUnit(doc: Doc, side: string, cell?: Cell): UnitDoc {
  const schema = nodeAt(encounterSchemaOf(String(doc.ruleset)), ['units', 0]);
  const units = unitsOf(doc);
  const name = freshName(`New ${side || 'unit'}`, units.map((u) => u.name));
  const id = freshId(name.toLowerCase(), units.map((u) => u.id));
  const base = (schema ? sample(schema, (path) => (path.length === 1 && path[0] === 'at' ? cell ?? [0, 0] : undefined)) : {}) as Record<string, unknown>;
  return { ...base, id, name, side } as UnitDoc;
}

export function addUnit(doc: Doc, unit: UnitDoc): Doc {
  return { ...doc, units: [...unitsOf(doc), unit] };
}

/** A copy of each unit with a fresh id and name, on the free cell nearest it (no player, not the original's notes). */
export function duplicateUnits(doc: Doc, ids: readonly string[]): { doc: Doc; ids: string[] } {
  let out = doc;
  const made: string[] = [];
  for (const id of ids) {
    const u = unitsOf(out).find((x) => x.id === id);
    if (!u) continue;
    const copy = structuredClone(u) as UnitDoc;
    copy.id = freshId(u.id, unitsOf(out).map((x) => x.id));
    copy.name = freshName(u.name, unitsOf(out).map((x) => x.name));
    delete copy.controller;
    const at = cellOf(u);
    if (at && hasGrid(out)) {
      const free = freeCellNear(out, at);
      if (free) copy.at = free;
    }
    out = addUnit(out, copy);
    made.push(copy.id);
  }
  return { doc: out, ids: made };
}

export function removeUnits(doc: Doc, ids: readonly string[]): Doc {
  const gone = new Set(ids);
  return { ...doc, units: unitsOf(doc).filter((u) => !gone.has(u.id)) };
}

export function updateUnit(doc: Doc, id: string, next: UnitDoc): Doc {
  return { ...doc, units: unitsOf(doc).map((u) => (u.id === id ? next : u)) };
}

/**
 * Move units together by the offset that takes `lead` to `to`. Refused (undefined) when one would leave
 * the map or land where another unit stands that is not moving.
 */
export function moveUnits(doc: Doc, ids: readonly string[], lead: string, to: Cell): Doc | undefined {
  const units = unitsOf(doc);
  const from = cellOf(units.find((u) => u.id === lead)!);
  if (!from) return undefined;
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  if (!dx && !dy) return undefined;
  const moving = new Set(ids);
  const { width, height } = mapSize(doc);
  const still = new Set(units.filter((u) => !moving.has(u.id) && cellOf(u)).map((u) => key(cellOf(u)!)));
  const next = units.map((u) => {
    const c = cellOf(u);
    return moving.has(u.id) && c ? { ...u, at: [c[0] + dx, c[1] + dy] as Cell } : u;
  });
  for (const u of next) {
    if (!moving.has(u.id)) continue;
    const c = cellOf(u)!;
    if (c[0] < 0 || c[1] < 0 || c[0] >= width || c[1] >= height || still.has(key(c))) return undefined;
  }
  return { ...doc, units: next };
}

/** Frontline: put units in the frontline or their own side's rearguard. */
export function setZone(doc: Doc, ids: readonly string[], zone: 'frontline' | 'rearguard'): Doc {
  const moving = new Set(ids);
  return { ...doc, units: unitsOf(doc).map((u) => (moving.has(u.id) ? { ...u, start: zone } : u)) };
}
