/**
 * A unit's gear (weapons, spells, gadgets, abilities, skills): each named by id from the encounter's
 * content, or written on the unit itself. Pick from the encounter's gear, make a new piece (it joins the
 * content), or open one to edit.
 */
import { useId, useState } from 'react';
import { pathText } from '../model/paths.ts';
import { contentRefBranches, type JsonSchema } from '../model/schema.ts';
import { useFormEnv } from './env.ts';
import { Problems, type FieldProps } from './Field.tsx';
import { fieldLabel } from './labels.ts';
import { ObjectFields } from './ObjectField.tsx';

type Entry = { id: string; name?: string };

/** "weapons" → "weapon": how one piece of a content list is called. */
export const oneOf = (category: string) => (category.endsWith('ies') ? `${category.slice(0, -3)}y` : category.replace(/s$/, ''));

export function GearField({ node, name, path, value, onChange, label }: FieldProps & { label: string }) {
  const env = useFormEnv();
  const id = useId();
  const [editing, setEditing] = useState<number>();
  const category = String(name);
  const library = ((env.doc.content as Record<string, Entry[]> | undefined)?.[category] ?? []).filter((e) => typeof e?.id === 'string');
  const items = Array.isArray(value) ? (value as (string | Entry)[]) : [];
  const entryNode = contentRefBranches(node.items as JsonSchema)!.entry;
  const set = (next: unknown[]) => onChange(next.length ? next : undefined);
  const held = new Set(items.map((g) => (typeof g === 'string' ? g : g.id)));
  const nameOf = (g: string | Entry) => (typeof g === 'string' ? library.find((e) => e.id === g)?.name ?? g : g.name ?? g.id);
  const one = oneOf(category);
  return (
    <div className="b-field b-gear" data-field={pathText(path)}>
      {/* the schema's help speaks of ids and inline entries, the file's business: the controls say it here */}
      <span className="b-gear-title">{label}</span>
      <Problems path={path} />
      <ul className="plain b-gear-list">
        {items.map((g, i) => (
          <li key={i} className="b-gear-item" data-gear={typeof g === 'string' ? g : g.id} data-field={pathText([...path, i])}>
            <span>
              {nameOf(g)}
              {typeof g !== 'string' && <span className="muted"> (on this unit only)</span>}
            </span>
            <Problems path={[...path, i]} />
            {typeof g === 'string' && env.openGear && library.some((e) => e.id === g) && (
              <button type="button" className="small secondary" onClick={() => env.openGear!(category, g)}>
                Edit {nameOf(g)}
              </button>
            )}
            {typeof g !== 'string' && (
              <button type="button" className="small secondary" aria-expanded={editing === i} onClick={() => setEditing(editing === i ? undefined : i)}>
                {editing === i ? 'Done' : `Edit ${nameOf(g)}`}
              </button>
            )}
            <button type="button" className="small secondary" onClick={() => set(items.filter((_, j) => j !== i))}>
              Remove {nameOf(g)}
            </button>
            {editing === i && typeof g !== 'string' && (
              <div className="b-group-body">
                <ObjectFields node={entryNode} path={[...path, i]} value={g} required onChange={(next) => set(items.map((x, j) => (j === i ? next : x)))} />
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="b-gear-add">
        <label htmlFor={id}>Give {fieldLabel(one).toLowerCase()}</label>
        <select
          id={id}
          value=""
          onChange={(e) => {
            const v = e.target.value;
            if (!v) return;
            if (v === '\u0000new') {
              const made = env.addGear?.(category);
              if (made) set([...items, made]);
            } else set([...items, v]);
          }}
        >
          <option value="">— choose —</option>
          {library.filter((e) => !held.has(e.id)).map((e) => <option key={e.id} value={e.id}>{e.name ?? e.id}</option>)}
          {env.addGear && <option value={'\u0000new'}>{`a new ${one}…`}</option>}
        </select>
      </div>
    </div>
  );
}
