/**
 * A mapping of fields: every property the schema lists, each its own field (nested mappings folded
 * until opened when they are optional), or a mapping of free names to values (modifiers, resistances).
 */
import { useId, useState } from 'react';
import { pathText, type Path } from '../model/paths.ts';
import type { JsonSchema } from '../model/schema.ts';
import { Field, Help, Problems, type FieldProps } from './Field.tsx';
import { choiceLabel, fieldLabel } from './labels.ts';

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});

/** Set one key; an object left empty is no value at all (the file leaves it out) unless it is required. */
function withKey(v: unknown, k: string, next: unknown, required?: boolean): Obj | undefined {
  const o = { ...asObj(v) };
  if (next === undefined) delete o[k];
  else o[k] = next;
  return Object.keys(o).length || required ? o : undefined;
}

/**
 * A unit, a piece of gear in the content or written on a unit: its id is the file's business (units keep
 * theirs; gear takes the id of its name, model/gearIds.ts), so the page never shows it.
 */
const idHidden = (node: JsonSchema, path: Path) =>
  !!node.properties?.id && !!node.properties.name && (path[0] === 'content' || (path[0] === 'units' && (path.length === 2 || (path.length === 4 && typeof path[3] === 'number'))));

export function ObjectFields({ node, path, value, onChange, required, only, skip }: Omit<FieldProps, 'name'> & { only?: string[]; skip?: string[] }) {
  const hide = idHidden(node, path);
  const props = Object.entries(node.properties ?? {}).filter(([k]) => (!only || only.includes(k)) && !skip?.includes(k) && !(hide && k === 'id'));
  const req = new Set(node.required ?? []);
  return (
    <>
      {hide && <Problems path={[...path, 'id']} />}
      {props.map(([k, n]) => (
        <Field key={k} node={n} name={k} path={[...path, k]} value={asObj(value)[k]} required={req.has(k)} onChange={(next) => onChange(withKey(value, k, next, required))} />
      ))}
    </>
  );
}

export function ObjectField(props: FieldProps & { label: string }) {
  const { node, path, value, required, label } = props;
  const open = required || value !== undefined;
  return (
    <details className="b-group" open={open || undefined} data-field={pathText(path)}>
      <summary>
        {label}
        {required && <span className="b-required" aria-label="required"> *</span>}
      </summary>
      <Help node={node} />
      <Problems path={path} />
      <div className="b-group-body">
        <ObjectFields {...props} />
      </div>
    </details>
  );
}

export function RecordField({ node, path, value, onChange, label, required }: FieldProps & { label: string }) {
  const id = useId();
  const [newKey, setNewKey] = useState('');
  const valueNode: JsonSchema = typeof node.additionalProperties === 'object' ? node.additionalProperties : {};
  const fixed = node.propertyNames?.enum?.map(String);
  const o = asObj(value);
  const keys = fixed ?? Object.keys(o);
  const set = (k: string, next: unknown) => onChange(withKey(value, k, next, required));
  return (
    <details className="b-group" open={required || value !== undefined || undefined} data-field={pathText(path)}>
      <summary>{label}</summary>
      <Help node={node} />
      <Problems path={path} />
      <div className="b-group-body b-record">
        {keys.map((k) => (
          <div key={k} className="b-record-row">
            <Field node={valueNode} name={k} label={fixed ? choiceLabel(k) : fieldLabel(k)} path={[...path, k]} value={o[k]} onChange={(next) => set(k, next)} />
            {!fixed && (
              <button type="button" className="small secondary" onClick={() => set(k, undefined)} aria-label={`Remove ${fieldLabel(k)}`}>
                Remove
              </button>
            )}
          </div>
        ))}
        {!fixed && (
          <div className="b-record-add">
            <label htmlFor={id}>New entry</label>
            <input id={id} type="text" value={newKey} onChange={(e) => setNewKey(e.target.value.trim())} placeholder="its name" autoComplete="off" />
            <button
              type="button"
              className="small"
              disabled={!newKey || newKey in o}
              onClick={() => {
                const first = valueNode.type === 'integer' || valueNode.type === 'number' ? 0 : valueNode.type === 'boolean' ? false : '';
                set(newKey, first);
                setNewKey('');
              }}
            >
              Add to {label.toLowerCase()}
            </button>
          </div>
        )}
      </div>
    </details>
  );
}
