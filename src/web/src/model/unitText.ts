/**
 * The GM's "Add a unit" form, without React: read the typed or pasted unit — written as in the encounter
 * file (`hp: 9`, `at: [7, 2]`, `weapons: [spear]`), in YAML or JSON (YAML reads both) — into the server's
 * `gm.add_unit {entry}`, offer a copy of one of the file's units as a starting point (on a free cell
 * near the original), and list where the newcomer may enter the turn order (`slot`). The server builds
 * the unit from the encounter's file and says what is wrong and where (`entry.hp: …`); only text that
 * is not YAML at all is refused here, with its line and column.
 */
import { Document, isScalar, parse, visit, YAMLParseError } from 'yaml';
import { unitIdOf, type Cell, type Command, type EncounterState, type Json, type RosterEntry, type Unit } from '../../../engine/index.ts';
import type { Problem } from './errors.ts';

export type Entry = { [key: string]: Json };
export type UnitText = { ok: true; entry: Entry } | { ok: false; problem: Problem };

const unreadable = (message: string): UnitText => ({ ok: false, problem: { code: 'input/unreadable', message, field: 'entry' } });

const isRecord = (v: unknown): v is Entry => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The unit in `text`: a mapping of its fields, or a one-item list of one (pasted from a file's `units:`). */
export function parseUnitText(text: string): UnitText {
  if (!text.trim()) return unreadable('Paste or type the unit first, in YAML or JSON, as the encounter file writes it.');
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
  return { ok: true, entry: value };
}

export interface AddOptions {
  /** gm.add_unit's slot; absent: the ruleset's rule, or the end of the round. */
  slot?: number;
  /** Ticked: the unit comes in hidden from the players, whatever the entry says. */
  hidden?: boolean;
}

/** The server's `gm.add_unit {entry, slot?, hidden?}` for the typed text, or why the text cannot be read. */
export function addUnitCommand(text: string, opts: AddOptions = {}): { ok: true; command: Command; name: string } | { ok: false; problem: Problem } {
  const read = parseUnitText(text);
  if (!read.ok) return read;
  const command: Command = { type: 'gm.add_unit', entry: read.entry, ...(opts.slot !== undefined ? { slot: opts.slot } : {}), ...(opts.hidden ? { hidden: true } : {}) };
  return { ok: true, command, name: typeof read.entry.name === 'string' ? read.entry.name : 'The unit' };
}

/** `base` with a number that no unit uses yet: goblin → goblin-2, goblin-2 → goblin-3. */
export function freshId(base: string, taken: ReadonlySet<string>): string {
  const stem = base.replace(/-\d+$/, '');
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

const occupies = (u: Unit) => (u.status === 'active' || u.status === 'down') && u.position !== undefined;

/**
 * The free cell nearest `from` on the grid as it stands (on the map, not a wall, no unit standing on it),
 * ring by ring, each ring row by row; undefined on a zone map or a full one.
 */
export function freeCellNear(state: EncounterState, from: Cell): Cell | undefined {
  const map = state.map;
  if (!map || map.kind !== 'grid') return undefined;
  const taken = new Set(Object.values(state.units).filter(occupies).map((u) => `${u.position!.x},${u.position!.y}`));
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < map.width && y < map.height && !map.cells[`${x},${y}`]?.blocksMove && !taken.has(`${x},${y}`);
  for (let r = 0; r < Math.max(map.width, map.height); r++) {
    for (let y = from.y - r; y <= from.y + r; y++) {
      for (let x = from.x - r; x <= from.x + r; x++) {
        if (Math.max(Math.abs(x - from.x), Math.abs(y - from.y)) === r && free(x, y)) return { x, y };
      }
    }
  }
  return undefined;
}

/** What belongs to the original, not to a unit of its kind: its player, hiding, wounds, links, notes, scars. */
const OWN = ['controller', 'hidden', 'startHp', 'pet', 'mount', 'gmNotes', 'battlescars'];

const isCell = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number');

/**
 * A copy of one of the file's units (`entry`, as the file writes it) to start from, as YAML: a new id and
 * name, full health, on the free cell nearest where the original stands now, and without what belongs to
 * the original (its player, being hidden, its wounds, links and notes).
 */
export function entryTemplate(entry: Entry, state: EncounterState): string {
  const original = typeof entry.id === 'string' ? entry.id : 'unit';
  const id = freshId(original, new Set(Object.keys(state.units)));
  const n = id.slice(id.lastIndexOf('-') + 1);
  const copy: Entry = structuredClone(entry);
  for (const k of OWN) delete copy[k];
  // duel60 writes a wounded or tired start as start: {health, stamina}; frontline's start is a zone
  if (isRecord(copy.start)) {
    const { health: _h, stamina: _s, ...rest } = copy.start;
    if (Object.keys(rest).length) copy.start = rest;
    else delete copy.start;
  }
  copy.id = id;
  copy.name = `${typeof entry.name === 'string' ? entry.name.replace(/ \d+$/, '') : original} ${n}`;
  if (isCell(copy.at)) {
    const now = state.units[original]?.position ?? { x: copy.at[0], y: copy.at[1] };
    const cell = freeCellNear(state, now);
    if (cell) copy.at = [cell.x, cell.y];
  }
  // the id and name first, as a file writes them
  const { id: _i, name: _n, ...rest } = copy;
  return entryYaml({ id: copy.id, name: copy.name, ...rest });
}

/** The roster's characters who may join this encounter: of its ruleset, and not in it already (by unit id). */
export function rosterChoices(entries: readonly RosterEntry[], state: EncounterState): RosterEntry[] {
  return entries.filter((e) => e.ruleset === state.ruleset && !state.units[unitIdOf(e)]);
}

/**
 * A roster character as the file entry it joined with (`entry.unit`), as YAML, carrying its current hit
 * points as `startHp` when below its `hp` — as the server's applyRoster fills a next file, and only when
 * the entry writes `hp` (a duel60 entry keeps Health in `stats`). On a grid, a cell someone now stands
 * on moves to the nearest free one, so the entry is not refused for it.
 */
export function rosterEntryText(entry: RosterEntry, state: EncounterState): string {
  const unit: Entry = structuredClone(entry.unit);
  const hp = entry.current.pools.hp;
  if (hp && typeof unit.hp === 'number') {
    // a stale startHp from the old file would undo the roster's value: the roster's word is the newer
    if (hp.value < unit.hp) unit.startHp = Math.max(0, hp.value);
    else delete unit.startHp;
  }
  if (isCell(unit.at)) {
    const cell = freeCellNear(state, { x: unit.at[0], y: unit.at[1] });
    if (cell) unit.at = [cell.x, cell.y];
  }
  return entryYaml(unit);
}

/** YAML as a file writes a unit: lists of plain values on one line (`at: [8, 0]`, `weapons: [rusty]`). */
export function entryYaml(entry: Entry): string {
  const doc = new Document(entry);
  visit(doc, {
    Seq(_, node) {
      if (node.items.every((i) => isScalar(i))) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
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
