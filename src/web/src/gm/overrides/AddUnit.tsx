/**
 * "Add a unit": the GM types or pastes a unit in YAML or JSON (or starts from a copy of one on the
 * table), picks where it enters the turn order and whether the players see it, and sends gm.add_unit.
 * The server checks the unit; a refusal names the field (`unit.pools.hp.max: …`) beside the form.
 */
import { useState } from 'react';
import type { Command, EncounterState } from '../../../../engine/index.ts';
import { rulesetById } from '../../../../rulesets/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { parseUnitText, placements, unitTemplate } from '../../model/unitText.ts';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

export function AddUnit({ state }: { state: EncounterState }) {
  const s = useOverrideSender();
  const [text, setText] = useState('');
  const [from, setFrom] = useState(state.unitOrder[0] ?? '');
  // the chosen entry, for the turn order it was chosen in: once the turn moves on, back to the default
  const [where, setWhere] = useState({ at: '', i: 0 });
  const [hidden, setHidden] = useState(false);
  const [reason, setReason] = useState('');
  const [added, setAdded] = useState('');
  const places = placements(state, !!rulesetById(state.ruleset)?.placeInOrder);
  const at = `${state.turn.round}/${state.turn.index}/${state.turn.order.length}`;
  const chosen = where.at === at ? Math.min(where.i, places.length - 1) : 0;
  const place = places[chosen];
  const copyFrom = state.units[from] ?? state.units[state.unitOrder[0]];
  return (
    <form
      className="override add-unit"
      aria-label="Add a unit"
      onSubmit={(e) => {
        e.preventDefault();
        const read = parseUnitText(text);
        if (!read.ok) return s.setError(read.problem);
        const unit = hidden ? { ...read.unit, hidden: true } : read.unit;
        const cmd: Command = { type: 'gm.add_unit', unit, ...(place.slot !== undefined ? { slot: place.slot } : {}) };
        setAdded('');
        void s.send(withReason(cmd, reason)).then((ok) => {
          if (!ok) return;
          setAdded(`${typeof unit.name === 'string' ? unit.name : 'The unit'} joined the fight${hidden ? ', hidden from the players' : ''}.`);
          setText('');
          setReason('');
          setHidden(false);
        });
      }}
    >
      {copyFrom && (
        <div className="row">
          <label>
            Start from a copy of
            <select value={copyFrom.id} onChange={(e) => setFrom(e.target.value)}>
              {state.unitOrder.map((id) => <option key={id} value={id}>{state.units[id]?.name ?? id}</option>)}
            </select>
          </label>
          <button type="button" className="small" onClick={() => setText(unitTemplate(copyFrom, new Set(state.unitOrder)))}>Copy into the box</button>
        </div>
      )}
      <label>
        Unit (YAML or JSON)
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={10}
          spellCheck={false}
          placeholder={'id: wolf-2\nname: Wolf 2\nside: goblins\npools:\n  hp: { value: 6, max: 6 }\nposition: { x: 7, y: 2 }\ndata: {}'}
        />
      </label>
      <p className="hint">
        A unit as the engine holds it: <code>id</code>, <code>name</code> and <code>side</code>, then <code>pools</code> ({'{'}value, max{'}'}),{' '}
        <code>stats</code>, <code>position</code> or <code>zone</code>, and the ruleset's <code>data</code> (weapons…). A copy of a unit of the same
        kind gets it right; change its id, name and position.
      </p>
      <div className="row">
        <label>
          Enters the turn order
          <select value={chosen} onChange={(e) => setWhere({ at, i: Number(e.target.value) })} disabled={places.length < 2}>
            {places.map((p, i) => <option key={i} value={i}>{p.label}</option>)}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> hidden from players
        </label>
      </div>
      <div className="row">
        <ReasonInput value={reason} onChange={setReason} />
        <button type="submit" disabled={s.sending}>Add unit</button>
      </div>
      {added && <p role="status" className="hint">{added}</p>}
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </form>
  );
}
