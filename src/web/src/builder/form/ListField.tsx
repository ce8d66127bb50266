/** Lists: of entries (each folded under its name, with Remove and Add), and of words (tags, perks). */
import { useEffect, useId, useState } from 'react';
import { pathText } from '../model/paths.ts';
import { isType, sample, type JsonSchema } from '../model/schema.ts';
import { freshId } from '../model/units.ts';
import { Field, Help, Problems, Row, type FieldProps } from './Field.tsx';
import { choiceLabel } from './labels.ts';

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function itemTitle(item: unknown, i: number): string {
  if (typeof item === 'object' && item !== null) {
    const o = item as Record<string, unknown>;
    const title = o.name ?? o.id;
    if (typeof title === 'string' && title) return title;
  }
  if (typeof item === 'string' && item) return item;
  return `Entry ${i + 1}`;
}

/** A new entry of a list: its required fields, and a fresh id and name when it has them ("New airship"). */
function newItem(node: JsonSchema, items: unknown[], label: string): unknown {
  const v = sample(node);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const o = v as Record<string, unknown>;
  const one = label.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
  const taken = items.map((x) => (x as { id?: unknown })?.id).filter((x): x is string => typeof x === 'string');
  if (node.properties?.id && isType(node.properties.id, 'string')) o.id = freshId(`new-${one}`, taken);
  if (node.properties?.name && isType(node.properties.name, 'string')) o.name = `New ${one}`;
  return o;
}

export function ListField({ node, path, value, onChange, label, required }: FieldProps & { label: string }) {
  const items = asList(value);
  const itemNode: JsonSchema = node.items || {};
  const set = (next: unknown[]) => onChange(next.length || required ? next : undefined);
  return (
    <details className="b-group" open={required || items.length > 0 || undefined} data-field={pathText(path)}>
      <summary>
        {label} <span className="muted">({items.length})</span>
      </summary>
      <Help node={node} />
      <Problems path={path} />
      <div className="b-group-body">
        {items.map((item, i) => (
          <div key={i} className="b-list-item">
            <Field node={itemNode} name={i} label={itemTitle(item, i)} path={[...path, i]} value={item} onChange={(next) => set(next === undefined ? items.filter((_, j) => j !== i) : items.map((x, j) => (j === i ? next : x)))} required />
            <button type="button" className="small secondary" onClick={() => set(items.filter((_, j) => j !== i))}>
              Remove {itemTitle(item, i)}
            </button>
          </div>
        ))}
        <button type="button" className="small" onClick={() => set([...items, newItem(itemNode, items, label)])}>
          Add to {label.toLowerCase()}
        </button>
      </div>
    </details>
  );
}

/** Words, comma separated (`tags: wall, rock`); a list of fixed choices is ticked instead. */
export function StringListField({ node, path, value, onChange, label, required }: FieldProps & { label: string }) {
  const id = useId();
  const items = asList(value).map(String);
  const choices = node.items && typeof node.items === 'object' ? (node.items.enum ?? node.items.anyOf?.flatMap((b) => b.enum ?? (b.const !== undefined ? [b.const] : []))) : undefined;
  const [text, setText] = useState(items.join(', '));
  const joined = items.join(', ');
  useEffect(() => setText((t) => (t.split(',').map((s) => s.trim()).filter(Boolean).join(', ') === joined ? t : joined)), [joined]);
  if (choices?.length) {
    return (
      <fieldset className="b-field b-choices" data-field={pathText(path)}>
        <legend>{label}</legend>
        {choices.map((c) => (
          <label key={String(c)} className="check">
            <input type="checkbox" checked={items.includes(String(c))} onChange={(e) => onChange(e.target.checked ? [...items, c] : items.filter((x) => x !== String(c)))} />
            {choiceLabel(c)}
          </label>
        ))}
        <Help node={node} />
        <Problems path={path} />
      </fieldset>
    );
  }
  return (
    <Row id={id} label={`${label} (separate with commas)`} node={node} path={path} required={required}>
      <input
        id={id}
        type="text"
        value={text}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          const list = e.target.value.split(',').map((s) => s.trim()).filter(Boolean);
          onChange(list.length || required ? (isType(node.items || {}, 'number') ? list.map(Number) : list) : undefined);
        }}
      />
    </Row>
  );
}
