/**
 * Airship sections (outerah part 2) read from `state.data`, whatever exact shape they land in:
 * `ships` / `ship` / `airships` as a list or a record, each with `sections` as a list or record, each
 * section with hit points as a number, `{ value, max }`, or `hp` + `maxHp`. Unknown shapes read as none.
 */
import type { EncounterState, Json } from '../../../engine/index.ts';

export interface ShipSection {
  id: string;
  name: string;
  hp?: number;
  max?: number;
  destroyed: boolean;
}

export interface Ship {
  id: string;
  name: string;
  side?: string;
  /** Its deck on the grid, when it has one: drawn as an outline under the units. */
  footprint?: { x: number; y: number; w: number; h: number };
  altitude?: number;
  wrecked: boolean;
  sections: ShipSection[];
}

type Obj = { [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function entries(v: Json | undefined): [string, Obj][] {
  if (Array.isArray(v)) return v.filter(isObj).map((o, i) => [String(o.id ?? i), o]);
  if (isObj(v)) return Object.entries(v).filter((e): e is [string, Obj] => isObj(e[1]));
  return [];
}

function num(v: Json | undefined): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function section(id: string, o: Obj): ShipSection {
  const hpField = o.hp ?? o.hitPoints ?? o.structure;
  const hp = isObj(hpField) ? num(hpField.value) : num(hpField);
  const max = isObj(hpField) ? num(hpField.max) : num(o.maxHp ?? o.max ?? o.maxHitPoints);
  return { id, name: typeof o.name === 'string' ? o.name : id, hp, max, destroyed: o.destroyed === true || (hp !== undefined && hp <= 0) };
}

function footprintOf(o: Obj): { footprint?: Ship['footprint'] } {
  const at = o.at;
  const size = o.size;
  if (!isObj(at) || !isObj(size)) return {};
  const [x, y, w, h] = [num(at.x), num(at.y), num(size.w), num(size.h)];
  return x !== undefined && y !== undefined && w !== undefined && h !== undefined ? { footprint: { x, y, w, h } } : {};
}

export function shipsOf(state: EncounterState): Ship[] {
  const d = state.data ?? {};
  const raw = d.ships ?? d.airships ?? (d.ship !== undefined ? [d.ship] : d.airship !== undefined ? [d.airship] : undefined);
  return entries(raw)
    .map(([id, o]) => ({
      id,
      name: typeof o.name === 'string' ? o.name : id,
      ...(typeof o.side === 'string' ? { side: o.side } : {}),
      ...footprintOf(o),
      ...(num(o.altitude) !== undefined ? { altitude: num(o.altitude) } : {}),
      wrecked: o.wrecked === true,
      sections: entries(o.sections).map(([sid, so]) => section(sid, so)),
    }))
    .filter((s) => s.sections.length > 0);
}
