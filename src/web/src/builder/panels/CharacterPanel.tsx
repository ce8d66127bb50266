/**
 * A character or monster of the table's library in the unit form, outside any encounter: checked as a
 * unit of this encounter would be (the same messages at the same fields), saved back to the library, or
 * taken out of it. Its gear is written on it, so it means the same in every encounter of its ruleset.
 */
import { useMemo, useState } from 'react';
import { FormContext, useFormEnv } from '../form/env.ts';
import { ObjectFields } from '../form/ObjectField.tsx';
import { checkDraft } from '../model/check.ts';
import { characterOf, type LibraryEntry } from '../model/characters.ts';
import type { Doc } from '../model/paths.ts';
import { encounterSchemaOf, nodeAt } from '../model/schema.ts';
import { freeCellNear, hasGrid, unitsOf } from '../model/units.ts';

interface Props {
  entry: LibraryEntry;
  doc: Doc;
  onSave(entry: LibraryEntry): void;
  onDelete(entry: LibraryEntry): void;
  onClose(): void;
}

export function CharacterPanel({ entry, doc, onSave, onDelete, onClose }: Props) {
  const env = useFormEnv();
  const [data, setData] = useState(entry.data);
  const schema = nodeAt(encounterSchemaOf(entry.ruleset), ['units', 0]);
  // checked as one more unit of this encounter, on a free cell (where it stands here is not its business)
  const { scratch, index, problems } = useMemo(() => {
    const others = unitsOf(doc).filter((u) => u.id !== data.id);
    const unit = { ...data, ...(hasGrid(doc) ? { at: freeCellNear({ ...doc, units: others }, [0, 0]) ?? [0, 0] } : {}) };
    const scratch = { ...doc, units: [...others, unit] };
    const checked = checkDraft({ doc: scratch, file: `${entry.id}.yaml` });
    const index = others.length;
    const mine = [...checked.byField].filter(([f]) => f.startsWith(`units[${index}]`) && !f.startsWith(`units[${index}].at`));
    return { scratch, index, problems: new Map(mine) };
  }, [data, doc, entry.id]);
  const changed = JSON.stringify(data) !== JSON.stringify(entry.data);
  return (
    <div className="b-character-panel" data-character-form={entry.id}>
      <h2>{String(data.name ?? entry.name)}</h2>
      <p className="muted small-text">A {entry.kind} of the table's library ({entry.ruleset}).</p>
      <div className="b-actions">
        <button type="button" className="small primary" disabled={!changed || problems.size > 0} onClick={() => onSave({ ...entry, name: String(data.name || entry.name), data: characterOf(scratch, data as never, entry.kind === 'monster' ? 'monster' : 'character').data })}>
          Save to the library
        </button>
        <button type="button" className="small secondary" onClick={() => onDelete(entry)}>Delete from the library</button>
        <button type="button" className="small secondary" onClick={onClose}>Close</button>
      </div>
      {problems.size > 0 && <p className="b-problem small-text">Fix the problems below to save it.</p>}
      {schema && (
        // gear picked from this encounter's content is written on the character when saved; no new gear here
        <FormContext.Provider value={{ ...env, doc: scratch, problems: (f) => problems.get(f) ?? [], addGear: undefined, openGear: undefined }}>
          <ObjectFields node={schema} path={['units', index]} value={data} required skip={['at']} onChange={(next) => setData((next ?? {}) as Record<string, unknown>)} />
        </FormContext.Provider>
      )}
    </div>
  );
}
