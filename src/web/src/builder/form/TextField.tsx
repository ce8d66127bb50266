/**
 * A text field. Three names mean something to the table and get their own control: `side` (the sides of
 * the encounter, or a new one), `controller` (the table's players, or the GM) and notes (several lines).
 */
import { useId, useState } from 'react';
import { rulesetById } from '../../../../rulesets/index.ts';
import { policyNames } from '../../../../sim/policies.ts';
import { sidesOf } from '../model/units.ts';
import { useFormEnv } from './env.ts';
import { defaultNote, Row, type FieldProps } from './Field.tsx';
import { InviteLink, SeatPlayer } from './SeatPlayer.tsx';

const LONG = new Set(['gmNotes', 'description', 'notes']);

export function TextField({ node, name, path, value, onChange, required, label }: FieldProps & { label: string }) {
  const id = useId();
  const env = useFormEnv();
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  const set = (s: string) => onChange(s === '' && !required ? undefined : s);
  if (name === 'side' && path[0] === 'units') return <SideField id={id} {...{ node, path, value: text, onChange, required, label }} />;
  if (name === 'controller') return <PlayedBy id={id} node={node} path={path} text={text} set={set} label={label} />;
  if (name === 'policy') {
    const rs = rulesetById(env.ruleset);
    const names = rs ? policyNames(rs) : [];
    return (
      <Row id={id} label="Tactics in simulation" node={{ description: node.description ?? 'how the simulator plays it: the ruleset\'s aggressive by default' }} path={path}>
        <select id={id} value={text} onChange={(e) => set(e.target.value)}>
          <option value="">— the ruleset's default —</option>
          {names.map((n) => <option key={n} value={n}>{n}</option>)}
          {text && !names.includes(text) && <option value={text}>{text} (not known to {rs?.name ?? 'this ruleset'})</option>}
        </select>
      </Row>
    );
  }
  if (LONG.has(String(name))) {
    return (
      <Row id={id} label={label} node={node} path={path} required={required}>
        <textarea id={id} rows={3} value={text} onChange={(e) => set(e.target.value)} />
      </Row>
    );
  }
  return (
    <Row id={id} label={label} node={node} path={path} required={required}>
      <input id={id} type="text" value={text} placeholder={defaultNote(node)} onChange={(e) => set(e.target.value)} autoComplete="off" spellCheck={false} />
    </Row>
  );
}

/** The unit's side: one of the encounter's sides, or a new one typed in. */
function SideField({ id, node, path, value, onChange, required, label }: Omit<FieldProps, 'name'> & { id: string; value: string; label: string }) {
  const sides = sidesOf(useFormEnv().doc);
  const [typing, setTyping] = useState(false);
  if (typing || (value && !sides.includes(value))) {
    return (
      <Row id={id} label={label} node={node} path={path} required={required}>
        <input id={id} type="text" value={value} placeholder="the new side's name" onChange={(e) => onChange(e.target.value)} autoFocus={typing} onBlur={() => setTyping(false)} />
      </Row>
    );
  }
  return (
    <Row id={id} label={label} node={node} path={path} required={required}>
      <select id={id} value={value} onChange={(e) => (e.target.value === '\u0000new' ? setTyping(true) : onChange(e.target.value))}>
        {!value && <option value="">— choose —</option>}
        {sides.map((s) => <option key={s} value={s}>{s}</option>)}
        <option value={'\u0000new'}>a new side…</option>
      </select>
    </Row>
  );
}

/** Who plays the unit: the GM, a player at the table, or a player seated here and now. */
function PlayedBy({ id, node, path, text, set, label }: { id: string; node: FieldProps['node']; path: FieldProps['path']; text: string; set(s: string): void; label: string }) {
  const env = useFormEnv();
  const [seating, setSeating] = useState(false);
  const known = env.players.find((p) => p.id === text);
  return (
    <Row id={id} label={label} node={node} path={path}>
      <select id={id} value={text} onChange={(e) => (e.target.value === '\u0000new' ? setSeating(true) : set(e.target.value))}>
        <option value="">the GM</option>
        {env.players.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        {/* the file's own name for the player is an id to the table: say what it is, not the id */}
        {text && !known && <option value={text}>a player not at this table yet</option>}
        {env.seatPlayer && <option value={'\u0000new'}>a new player…</option>}
      </select>
      {seating && (
        <SeatPlayer label="The new player's name" autoFocus onSeated={(p) => {
          setSeating(false);
          set(p.id);
        }} />
      )}
      {known?.link && <InviteLink name={known.name} link={known.link} />}
    </Row>
  );
}
