/** A new encounter from nothing: the ruleset, a name, and a map of a size (grid rulesets) or the zones. */
import type { Draft } from './draft.ts';
import { encounterSchemaOf, nodeAt } from './schema.ts';

export interface NewEncounter {
  ruleset: string;
  name: string;
  width?: number;
  height?: number;
  /** The players' side and the other (two sides: frontline takes exactly two). */
  sides?: [string, string];
}

/** Whether a ruleset fights on a grid: its map has a size (frontline's map holds only an image under its zones). */
export const onAGrid = (ruleset: string): boolean => !!encounterSchemaOf(ruleset).properties?.map?.properties?.width;

export function newDraft(n: NewEncounter): Draft {
  const schema = encounterSchemaOf(n.ruleset);
  const side = nodeAt(schema, ['sides', 'x']);
  const knowsPlayers = !!side?.properties?.players;
  const [ours, theirs] = n.sides ?? ['heroes', 'foes'];
  const doc: Record<string, unknown> = { ruleset: n.ruleset, name: n.name };
  if (onAGrid(n.ruleset)) doc.map = { width: n.width ?? 10, height: n.height ?? 8 };
  doc.sides = { [ours]: knowsPlayers ? { players: true } : {}, [theirs]: {} };
  doc.units = [];
  const slug = n.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'encounter';
  return { doc, file: `${slug}.yaml` };
}
