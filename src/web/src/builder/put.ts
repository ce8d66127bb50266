/** Putting things from the palette on the map: a new unit of a side, a library character; a new side; a new piece of gear. */
import { rulesetById } from '../../../rulesets/index.ts';
import type { Dragged } from './canvas/drag.ts';
import { addCharacter, type LibraryEntry } from './model/characters.ts';
import type { Doc } from './model/paths.ts';
import { encounterSchemaOf, nodeAt, sample } from './model/schema.ts';
import { addUnit, freeCellNear, freshId, hasGrid, newUnit, unitsOf, type Cell } from './model/units.ts';
import { oneOf } from './form/GearField.tsx';

export type Place = { cell: Cell } | { zone: 'frontline' | 'rearguard'; side?: string } | undefined;

/** The doc with the dragged thing put at `place` (or the first free cell), and the new unit's id. */
export function putOnMap(doc: Doc, d: Dragged, place: Place, characters: Map<string, LibraryEntry>): { doc: Doc; id: string } | undefined {
  const cell = place && 'cell' in place ? place.cell : hasGrid(doc) ? freeCellNear(doc, [0, 0]) : undefined;
  if (hasGrid(doc) && !cell) return undefined;
  const zone = place && 'zone' in place ? place.zone : undefined;
  let out: { doc: Doc; id: string };
  if (d.kind === 'new') {
    const side = zone === 'rearguard' && place && 'side' in place && place.side ? place.side : d.side;
    const u = newUnit(doc, side, cell);
    out = { doc: addUnit(doc, u), id: u.id };
  } else {
    const entry = characters.get(d.key);
    if (!entry) return undefined;
    const side = zone === 'rearguard' && place && 'side' in place ? place.side : undefined;
    out = addCharacter(doc, entry, cell, side);
  }
  if (zone) out.doc = { ...out.doc, units: unitsOf(out.doc).map((u) => (u.id === out.id ? { ...u, start: zone } : u)) };
  return out;
}

/** A new side in `sides` (marked as the players' when it is the first and the file knows the mark). */
export function addSide(doc: Doc, name: string): Doc {
  const sides = { ...((doc.sides as Record<string, unknown> | undefined) ?? {}) };
  if (name in sides) return doc;
  sides[name] = {};
  return { ...doc, sides };
}

/** A new entry of a content list with every field it requires (`a new weapon…`), and its id. */
export function addGear(doc: Doc, category: string): { doc: Doc; id: string } | undefined {
  const node = nodeAt(encounterSchemaOf(String(doc.ruleset)), ['content', category, 0]);
  if (!node) return undefined;
  const content = { ...((doc.content as Record<string, { id: string }[]> | undefined) ?? {}) };
  const list = content[category] ?? [];
  const one = oneOf(category);
  const id = freshId(`new-${one}`, list.map((x) => x.id));
  const entry: Record<string, unknown> = { ...(sample(node) as Record<string, unknown>), id, name: `New ${one}` };
  // dice a piece may leave out (outerah takes an improvised weapon's from Strength) are given their first
  // example too, as most need them; not to a device that may heal instead of harm (frontline's gadgets)
  if (!node.properties?.heal) for (const [k, n] of Object.entries(node.properties ?? {})) if (entry[k] === undefined && n.examples?.length) entry[k] = n.examples[0];
  content[category] = [...list, entry as { id: string }];
  return { doc: { ...doc, content }, id };
}

export const terrainKindsOf = (ruleset: string) => rulesetById(ruleset)?.terrainKinds ?? [];
