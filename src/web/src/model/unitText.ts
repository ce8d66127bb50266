/**
 * The GM's "Add a unit" form, without React: read the typed or pasted unit (YAML or JSON — YAML reads
 * both), offer a copy of a unit already on the table as a starting point, and list where the newcomer
 * may enter the turn order (gm.add_unit's `slot`). The server checks the unit itself and says what is
 * wrong and where; only text that is not YAML at all is refused here, with its line and column.
 */
import { parse, stringify, YAMLParseError } from 'yaml';
import type { EncounterState, Json, Unit } from '../../../engine/index.ts';
import type { Problem } from './errors.ts';

export type UnitText = { ok: true; unit: { [key: string]: Json } } | { ok: false; problem: Problem };

const unreadable = (message: string): UnitText => ({ ok: false, problem: { code: 'input/unreadable', message, field: 'unit' } });

const isRecord = (v: unknown): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The unit in `text`: a mapping of its fields, or a one-item list of one (pasted from a file's `units:`). */
export function parseUnitText(text: string): UnitText {
  if (!text.trim()) return unreadable('Paste or type the unit first, in YAML or JSON.');
  let value: unknown;
  try {
    value = parse(text, { uniqueKeys: true });
  } catch (err) {
    if (!(err instanceof YAMLParseError)) throw err;
    // "Map keys must be unique at line 2, column 1:" and a code frame: the first line says it all
    return unreadable(err.message.split('\n')[0].replace(/:$/, ''));
  }
  if (Array.isArray(value) && value.length === 1) value = value[0];
  if (!isRecord(value)) {
    return unreadable(Array.isArray(value) ? `that is a list of ${value.length} items; add one unit at a time` : 'a unit is a set of fields (id: …, name: …, side: …), not a single value');
  }
  return { ok: true, unit: value };
}

/** `base` with a number that no unit uses yet: goblin → goblin-2, goblin-2 → goblin-3. */
export function freshId(base: string, taken: ReadonlySet<string>): string {
  const stem = base.replace(/-\d+$/, '');
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/**
 * A copy of `unit` to start from, as YAML: a new id and name, its HP full, and without what belongs to
 * the original (its player, its links, being hidden or down).
 */
export function unitTemplate(unit: Unit, taken: ReadonlySet<string>): string {
  const id = freshId(unit.id, taken);
  const n = id.slice(id.lastIndexOf('-') + 1);
  const { id: _id, name, side, controller: _c, hidden: _h, status: _s, data, pools, ...rest } = structuredClone(unit);
  const { links: _l, ...ownData } = data;
  const fresh = Object.fromEntries(Object.entries(pools).map(([k, p]) => [k, k === 'hp' ? { ...p, value: p.max } : p]));
  return stringify({ id, name: `${name.replace(/ \d+$/, '')} ${n}`, side, ...rest, pools: fresh, data: ownData }, { lineWidth: 0 });
}

export interface Placement {
  label: string;
  /** gm.add_unit's slot; absent: the ruleset's rule, or the end of the round. */
  slot?: number;
}

/**
 * Where an added unit may enter the turn order: by the rules (when the ruleset places newcomers
 * itself), before any slot still to come, or at the end of the round. Before the start there is one
 * choice: the start orders everyone.
 */
export function placements(state: EncounterState, rulesPlace: boolean): Placement[] {
  const { order, index, round } = state.turn;
  if (state.status !== 'active' || round === 0) return [{ label: 'the start orders everyone' }];
  const name = (id: string) => state.units[id]?.name ?? id;
  const out: Placement[] = [{ label: rulesPlace ? 'by the rules' : 'at the end of the round' }];
  for (let s = index + 1; s < order.length; s++) out.push({ label: `before ${name(order[s].unit)}${order[s].kind === 'extra' ? ' (extra turn)' : ''}`, slot: s });
  if (rulesPlace) out.push({ label: 'at the end of the round', slot: order.length });
  return out;
}
