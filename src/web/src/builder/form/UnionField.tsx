/**
 * A field that takes one of several shapes: an effect written in the book's words or in detail, a
 * value or a list... The GM picks the shape; the value keeps whatever of it fits.
 */
import { useId, useState } from 'react';
import { branches, isType, type JsonSchema } from '../model/schema.ts';
import { Field, Row, type FieldProps } from './Field.tsx';
import { fieldLabel } from './labels.ts';

function fits(b: JsonSchema, v: unknown): boolean {
  if (v === undefined) return false;
  if (b.const !== undefined) return v === b.const;
  if (b.enum) return b.enum.includes(v);
  if (isType(b, 'string')) return typeof v === 'string';
  if (isType(b, 'number') || isType(b, 'integer')) return typeof v === 'number';
  if (isType(b, 'boolean')) return typeof v === 'boolean';
  if (isType(b, 'array')) return Array.isArray(v);
  if (isType(b, 'object')) return typeof v === 'object' && v !== null && !Array.isArray(v);
  return false;
}

function shapeName(b: JsonSchema): string {
  if (b.const !== undefined) return String(b.const);
  if (b.enum) return 'one of the choices';
  if (isType(b, 'string')) return 'in words';
  if (isType(b, 'object')) return 'in detail';
  if (isType(b, 'array')) return 'a list';
  return String(b.type ?? 'value');
}

export function UnionField(props: FieldProps) {
  const { node, path, value, onChange, required, name } = props;
  const id = useId();
  const list = branches(node);
  const fitting = list.findIndex((b) => fits(b, value));
  const [picked, setPicked] = useState(Math.max(0, fitting));
  const at = fitting >= 0 ? fitting : picked;
  const chosen = list[at];
  const label = props.label ?? fieldLabel(name);
  return (
    <div className="b-union">
      <Row id={id} label={`${label}: written`} node={{}} path={[...path, '(shape)']} required={required} inline>
        <select
          id={id}
          value={String(at)}
          onChange={(e) => {
            setPicked(Number(e.target.value));
            onChange(undefined);
          }}
        >
          {list.map((b, i) => <option key={i} value={String(i)}>{shapeName(b)}</option>)}
        </select>
      </Row>
      <Field {...props} node={{ ...chosen, description: chosen.description ?? node.description }} label={label} />
    </div>
  );
}
