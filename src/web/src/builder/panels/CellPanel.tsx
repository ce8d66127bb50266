/** One cell of the map picked on open ground: its terrain entry in full, every field the file can hold. */
import { ObjectFields } from '../form/ObjectField.tsx';
import type { Doc } from '../model/paths.ts';
import { encounterSchemaOf, nodeAt } from '../model/schema.ts';
import { paint, terrainAt, terrainOf } from '../model/terrain.ts';
import type { Cell } from '../model/units.ts';

export function CellPanel({ doc, cell, change }: { doc: Doc; cell: Cell; change(next: Doc | ((doc: Doc) => Doc | undefined), field?: string): void }) {
  const node = nodeAt(encounterSchemaOf(String(doc.ruleset)), ['map', 'terrain', 0]);
  const entry = terrainAt(doc, cell);
  const index = entry ? terrainOf(doc).indexOf(entry) : -1;
  if (!node?.properties) return null;
  const { at: _at, to: _to, ...fields } = entry ?? {};
  const skip = ['at', 'to'];
  return (
    <div className="b-cell-panel">
      <h2>Cell ({cell[0]}, {cell[1]})</h2>
      <p className="hint">{entry ? 'Its terrain, as the file writes it:' : 'Open ground. Give it terrain:'}</p>
      <ObjectFields
        node={node}
        path={['map', 'terrain', index < 0 ? terrainOf(doc).length : index]}
        value={fields}
        skip={skip}
        onChange={(next) => {
          const rest = (next ?? {}) as Record<string, unknown>;
          change((d) => paint(d, [cell], Object.keys(rest).length ? rest : undefined), `cell ${cell}`);
        }}
      />
      {entry && (
        <button type="button" className="small secondary" onClick={() => change((d) => paint(d, [cell]))}>
          Make it open ground
        </button>
      )}
    </div>
  );
}
