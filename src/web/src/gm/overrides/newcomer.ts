/**
 * Where a newcomer to a running fight can start from, without React: a new unit of a side, a copy of one
 * of the file's units, a character or monster of the table's library, or a roster character — each as the
 * file entry the builder's unit form edits — and that entry checked as one more unit of the encounter's
 * file, by the code `skirmish validate` runs (the builder's checkDraft), problems filed by field.
 */
import { keyName } from '../../model/keyNames.ts';
import type { EncounterState, Json, RosterEntry } from '../../../../engine/index.ts';
import { checkDraft } from '../../builder/model/check.ts';
import type { LibraryEntry } from '../../builder/model/characters.ts';
import type { Doc } from '../../builder/model/paths.ts';
import { newUnit, sidesOf } from '../../builder/model/units.ts';
import { entryTemplate, freeCellNear, freshId, parseUnitText, rosterEntryText, type Entry } from '../../model/unitText.ts';

export interface Start {
  key: string;
  label: string;
  entry(): Entry | undefined;
}

const isCell = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number');
const read = (text: string) => {
  const r = parseUnitText(text);
  return r.ok ? r.entry : undefined;
};

/** A library character as an entry of this fight: a fresh id, on the free cell nearest where it was written (grid). */
export function libraryUnit(e: LibraryEntry, state: EncounterState): Entry {
  const unit = structuredClone(e.data) as Entry;
  // its own id while no unit of the fight has it, else numbered afresh
  const base = String(unit.id || e.id);
  const taken = new Set(Object.keys(state.units));
  unit.id = taken.has(base) ? freshId(base, taken) : base;
  if (state.map?.kind === 'grid') {
    const want = isCell(unit.at) ? { x: unit.at[0], y: unit.at[1] } : { x: 0, y: 0 };
    const cell = freeCellNear(state, want);
    if (cell) unit.at = [cell.x, cell.y];
  }
  return unit;
}

/** Every start on offer, in the order the picker lists them. */
export function startsOf(doc: Doc | undefined, fileUnits: Entry[], library: LibraryEntry[], roster: RosterEntry[], state: EncounterState): Start[] {
  const out: Start[] = [];
  if (doc) {
    for (const side of sidesOf(doc)) {
      out.push({
        key: `new:${side}`,
        label: `A new unit of ${side}`,
        entry: () => {
          const cell = state.map?.kind === 'grid' ? freeCellNear(state, { x: 0, y: 0 }) : undefined;
          const u = newUnit({ ...doc, units: [...fileUnits, ...Object.keys(state.units).map((id) => ({ id, name: state.units[id].name }))] }, side, cell ? [cell.x, cell.y] : undefined);
          return structuredClone(u) as unknown as Entry;
        },
      });
    }
  }
  for (const u of fileUnits) {
    const id = String(u.id);
    out.push({ key: `copy:${id}`, label: `A copy of ${state.units[id]?.name ?? String(u.name ?? 'a unit')}`, entry: () => read(entryTemplate(u, state)) });
  }
  for (const e of library) {
    out.push({ key: `library:${e.kind}:${e.id}`, label: `${e.name} (${e.kind === 'monster' ? 'a monster' : 'a character'} of the library)`, entry: () => libraryUnit(e, state) });
  }
  for (const e of roster) {
    const hp = e.current.pools.hp;
    out.push({
      key: `roster:${e.id}`,
      label: `${e.name} (roster${hp ? `, ${keyName(state.ruleset, 'hp')} ${hp.value}/${hp.max}` : ''}${e.current.status === 'dead' ? ', dead' : ''})`,
      entry: () => read(rosterEntryText(e, state)),
    });
  }
  return out;
}

/** The entry checked as one more unit of the file (the fight's units as the file writes them): its problems by field, and its index. */
export function checkNewcomer(doc: Doc, fileUnits: Entry[], entry: Entry): { index: number; problems: Map<string, string[]>; scratch: Doc } {
  const others = fileUnits.filter((u) => u.id !== entry.id);
  const scratch: Doc = { ...doc, units: [...others, entry] as Json[] };
  const checked = checkDraft({ doc: scratch, file: 'new-unit.yaml' });
  const index = others.length;
  const mine = [...checked.byField].filter(([f]) => f === `units[${index}]` || f.startsWith(`units[${index}].`) || f.startsWith(`units[${index}][`));
  return { index, problems: new Map(mine), scratch };
}
