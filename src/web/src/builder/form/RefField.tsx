/**
 * A unit's field that names its own gear (the schema's `refersTo`): phase20's skilled weapons, ticked
 * from the weapons it carries; frontline's weapon in hand, chosen from them. The GM picks by name; the
 * file gets the ids. A value naming gear the unit does not carry stays visible (unticked, it goes). outerah's
 * pet trainer and mount name another unit: a choice of the encounter's units, by name.
 */
import { useId } from 'react';
import { getAt } from '../model/paths.ts';
import { unitsOf } from '../model/units.ts';
import { useFormEnv } from './env.ts';
import { defaultNote, Help, Problems, Row, type FieldProps } from './Field.tsx';
import { oneOf } from './GearField.tsx';
import { pathText } from '../model/paths.ts';

type Entry = { id?: unknown; name?: unknown };

/** What the unit at `path` carries of `category`, by id and name (content ids resolved). */
function carried(doc: Record<string, unknown>, path: readonly (string | number)[], category: string): { id: string; name: string }[] {
  const unit = path[0] === 'units' && typeof path[1] === 'number' ? unitsOf(doc)[path[1]] : undefined;
  // a field naming another unit (outerah's pet trainer, mount): the encounter's other units
  if (category === 'units') return unitsOf(doc).filter((u) => u !== unit).map((u) => ({ id: u.id, name: u.name || 'a unit' }));
  const content = (getAt(doc, ['content', category]) ?? []) as Entry[];
  const list = Array.isArray(unit?.[category]) ? (unit[category] as (string | Entry)[]) : [];
  return list.flatMap((g) => {
    const e = typeof g === 'string' ? content.find((c) => c.id === g) ?? { id: g } : g;
    return typeof e.id === 'string' ? [{ id: e.id, name: typeof e.name === 'string' && e.name ? e.name : e.id }] : [];
  });
}

export function RefField({ node, path, value, onChange, required, label }: FieldProps & { label: string }) {
  const id = useId();
  const env = useFormEnv();
  const category = node.refersTo!;
  const gear = carried(env.doc, path, category);
  const one = category === 'units' ? 'unit' : oneOf(category);
  if (node.type === 'array') {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    const stray = chosen.filter((c) => !gear.some((g) => g.id === c));
    const set = (next: string[]) => onChange(next.length || required ? next : undefined);
    return (
      <fieldset className="b-field b-choices" data-field={pathText(path)}>
        <legend>{label}</legend>
        {gear.map((g) => (
          <label key={g.id} className="check">
            <input type="checkbox" checked={chosen.includes(g.id)} onChange={(e) => set(e.target.checked ? [...chosen, g.id] : chosen.filter((x) => x !== g.id))} />
            {g.name}
          </label>
        ))}
        {stray.map((s) => (
          <label key={s} className="check b-stray">
            <input type="checkbox" checked onChange={() => set(chosen.filter((x) => x !== s))} />
            {`a ${one} it does not carry`}
          </label>
        ))}
        {!gear.length && !stray.length && <span className="muted">{`It carries no ${category} yet.`}</span>}
        <Help node={node} />
        <Problems path={path} />
        {chosen.map((_, j) => <Problems key={j} path={[...path, j]} />)}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const known = gear.some((g) => g.id === text);
  return (
    <Row id={id} label={label} node={node} path={path} required={required}>
      <select id={id} value={text} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
        <option value="">{`— ${defaultNote(node) || (node.description?.includes('default') ? 'its first' : 'none')} —`}</option>
        {gear.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
        {text && !known && <option value={text}>{category === 'units' ? 'a unit not in this encounter' : `a ${one} it does not carry`}</option>}
      </select>
    </Row>
  );
}
