/**
 * The selected unit in a form made from the ruleset's schema: every field its file entry can hold, with
 * the guide's words as help and validate's problems at each field. Several selected: what they can do
 * together (copy, remove, hide, change side).
 */
import { ObjectFields } from '../form/ObjectField.tsx';
import { Problems } from '../form/Field.tsx';
import type { Doc } from '../model/paths.ts';
import { encounterSchemaOf, nodeAt } from '../model/schema.ts';
import { sidesOf, unitsOf, updateUnit, type UnitDoc } from '../model/units.ts';

interface Props {
  doc: Doc;
  selected: string[];
  change(next: Doc | ((doc: Doc) => Doc | undefined), field?: string): void;
  select(ids: string[]): void;
  onDuplicate(): void;
  onRemove(): void;
  onSave(kind: 'character' | 'monster'): void;
  saved?: string;
}

export function UnitPanel({ doc, selected, change, select, onDuplicate, onRemove, onSave, saved }: Props) {
  const units = unitsOf(doc);
  const chosen = units.filter((u) => selected.includes(u.id));
  const schema = nodeAt(encounterSchemaOf(String(doc.ruleset)), ['units', 0]);
  if (!chosen.length) return <p className="hint">Select a unit on the map (shift-click or drag a box for several), or put one there from the palette.</p>;
  const index = units.indexOf(chosen[0]);
  const tools = (
    <div className="b-actions">
      <button type="button" className="small" onClick={onDuplicate}>{chosen.length > 1 ? `Duplicate ${chosen.length} units` : 'Duplicate'}</button>
      <button type="button" className="small secondary" onClick={onRemove}>{chosen.length > 1 ? `Remove ${chosen.length} units` : 'Remove'}</button>
    </div>
  );
  if (chosen.length > 1) {
    const allHidden = chosen.every((u) => u.hidden === true);
    const setAll = (patch: Partial<UnitDoc>) => change((d) => ({ ...d, units: unitsOf(d).map((u) => (selected.includes(u.id) ? { ...u, ...patch } : u)) }));
    return (
      <div className="b-unit-panel">
        <h2>{chosen.length} units selected</h2>
        <p className="muted small-text">{chosen.map((u) => u.name).join(', ')}</p>
        {tools}
        <div className="b-actions">
          <button type="button" className="small" onClick={() => setAll({ hidden: !allHidden })}>{allHidden ? 'Show them to players' : 'Hide them from players'}</button>
          <label className="b-inline">
            Side for all
            <select value="" onChange={(e) => e.target.value && setAll({ side: e.target.value })}>
              <option value="">— choose —</option>
              {sidesOf(doc).map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
        </div>
      </div>
    );
  }
  const u = chosen[0];
  return (
    <div className="b-unit-panel" data-unit-form={u.id} data-field={`units[${index}]`}>
      <h2>{u.name || u.id}</h2>
      {tools}
      <div className="b-actions">
        <button type="button" className="small" onClick={() => onSave('character')}>Save to the library as a character</button>
        <button type="button" className="small secondary" onClick={() => onSave('monster')}>… as a monster</button>
      </div>
      {saved && <p className="b-ok" role="status">{saved}</p>}
      <Problems path={['units', index]} />
      {schema && (
        <ObjectFields
          node={schema}
          path={['units', index]}
          value={u}
          required
          onChange={(next) => {
            const n = next as UnitDoc;
            change((d) => updateUnit(d, u.id, n), `units[${index}]`);
            if (n.id !== u.id) select([n.id]);
          }}
        />
      )}
    </div>
  );
}
