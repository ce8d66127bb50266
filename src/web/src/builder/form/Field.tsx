/**
 * One field of a builder form, chosen by its schema node: choices for an enum, a number with its bounds,
 * a tick box, a cell, a list, a mapping, gear named from the encounter's content. Each shows its help
 * (the schema's description) and the problems `skirmish validate` has about it.
 */
import { useId, type ReactNode } from 'react';
import { pathText, type Path } from '../model/paths.ts';
import { pageWords } from '../model/words.ts';
import { bounds, contentRefBranches, isType, type JsonSchema } from '../model/schema.ts';
import { useFormEnv } from './env.ts';
import { GearField } from './GearField.tsx';
import { choiceLabel, fieldLabel } from './labels.ts';
import { ListField, StringListField } from './ListField.tsx';
import { ObjectField, RecordField } from './ObjectField.tsx';
import { TextField } from './TextField.tsx';
import { RefField } from './RefField.tsx';
import { UnionField } from './UnionField.tsx';

export interface FieldProps {
  node: JsonSchema;
  name: string | number;
  path: Path;
  value: unknown;
  onChange(next: unknown): void;
  required?: boolean;
  /** Shown instead of the field's own name. */
  label?: string;
}

export function Problems({ path }: { path: Path }) {
  const env = useFormEnv();
  const list = env.problems(pathText(path)).map((m) => pageWords(m, env.doc));
  if (!list.length) return null;
  return (
    <ul className="b-problems-at" role="alert">
      {list.map((m, i) => <li key={i}>{m}</li>)}
    </ul>
  );
}

export function Help({ node }: { node: JsonSchema }) {
  return node.description ? <span className="b-help">{pageWords(node.description)}</span> : null;
}

const shown = (v: unknown) => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? '' : String(v));
export const defaultNote = (node: JsonSchema) => (node.default !== undefined && shown(node.default) !== '' ? `default ${shown(node.default)}` : '');

/** A label, the control, its help and its problems, laid out alike for every simple field. */
export function Row({ id, label, node, path, required, children, inline }: { id: string; label: string; node: JsonSchema; path: Path; required?: boolean; children: ReactNode; inline?: boolean }) {
  return (
    <div className={`b-field${inline ? ' b-field-inline' : ''}`} data-field={pathText(path)}>
      <label htmlFor={id}>
        {label}
        {required && <span className="b-required" aria-label="required"> *</span>}
      </label>
      {children}
      <Help node={node} />
      <Problems path={path} />
    </div>
  );
}

export function Field(props: FieldProps) {
  const { node, name, path, value, onChange, required } = props;
  const id = useId();
  const label = props.label ?? fieldLabel(name);
  if (node.anyOf || node.oneOf) return <UnionField {...props} />;
  if (node.refersTo && props.path[0] === 'units') return <RefField {...props} label={label} />;
  if (node.enum) {
    return (
      <Row id={id} label={label} node={node} path={path} required={required}>
        <select id={id} value={value === undefined ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? undefined : node.enum!.find((x) => String(x) === e.target.value))}>
          {(!required || value === undefined) && <option value="">{required ? '— choose —' : `— ${defaultNote(node) || 'none'} —`}</option>}
          {node.enum.map((v) => <option key={String(v)} value={String(v)}>{choiceLabel(v)}</option>)}
        </select>
      </Row>
    );
  }
  if (node.const !== undefined) {
    return (
      <Row id={id} label={label} node={node} path={path}>
        <output id={id}>{String(node.const)}</output>
      </Row>
    );
  }
  if (isType(node, 'boolean')) {
    return (
      <div className="b-field b-field-check" data-field={pathText(path)}>
        <label className="check" htmlFor={id}>
          <input id={id} type="checkbox" checked={value === undefined ? node.default === true : value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
        <Help node={node} />
        <Problems path={path} />
      </div>
    );
  }
  if (isType(node, 'integer') || isType(node, 'number')) {
    const { min, max } = bounds(node);
    const range = min !== undefined && max !== undefined ? `${min} to ${max}` : min !== undefined ? `at least ${min}` : max !== undefined ? `at most ${max}` : '';
    return (
      <Row id={id} label={label} node={node} path={path} required={required}>
        <input
          id={id}
          type="number"
          className="b-number"
          inputMode="numeric"
          min={min}
          max={max}
          step={isType(node, 'integer') ? 1 : 'any'}
          value={typeof value === 'number' ? value : ''}
          placeholder={defaultNote(node)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
        {range && <span className="b-bounds">{range}</span>}
      </Row>
    );
  }
  if (isType(node, 'string') || Object.keys(node).length === 0 || (node.description && !node.type)) return <TextField {...props} label={label} />;
  if (isType(node, 'array')) {
    const items = node.items || undefined;
    if (node.prefixItems) return <CellField {...props} label={label} />;
    if (items && contentRefBranches(items)) return <GearField {...props} label={label} />;
    if (items && (isType(items, 'string') || items.enum)) return <StringListField {...props} label={label} />;
    return <ListField {...props} label={label} />;
  }
  if (isType(node, 'object')) {
    if (node.properties) return <ObjectField {...props} label={label} />;
    return <RecordField {...props} label={label} />;
  }
  return <TextField {...props} label={label} />;
}

/** A cell `[x, y]` (or any fixed pair of numbers) as two small number boxes. */
function CellField({ node, path, value, onChange, required, label }: FieldProps & { label: string }) {
  const id = useId();
  const parts = node.prefixItems ?? [];
  const v = Array.isArray(value) ? value : [];
  const names = parts.length === 2 ? ['x', 'y'] : parts.map((_, i) => `#${i + 1}`);
  const set = (i: number, n: string) => {
    const next = parts.map((_, j) => (j === i ? (n === '' ? undefined : Number(n)) : v[j]));
    onChange(next.every((x) => x === undefined) ? undefined : next.map((x) => x ?? 0));
  };
  return (
    <Row id={`${id}-0`} label={label} node={node} path={path} required={required}>
      <span className="b-cell-inputs">
        {parts.map((p, i) => (
          <label key={i} className="b-cell-part">
            {names[i]}
            <input id={`${id}-${i}`} type="number" className="b-number" min={bounds(p).min} max={bounds(p).max} step={1} value={typeof v[i] === 'number' ? v[i] : ''} onChange={(e) => set(i, e.target.value)} aria-label={`${label} ${names[i]}`} />
          </label>
        ))}
      </span>
    </Row>
  );
}
