/** "Side": the unit changes sides — to one already in the fight or a new one the GM names (gm.set_side). */
import { useState } from 'react';
import type { EncounterState, Unit } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

// the select's value for "a new side…" (a side is never named '')
const NEW = '';

export function SetSide({ state, unit }: { state: EncounterState; unit: Unit }) {
  const s = useOverrideSender();
  const others = state.sides.filter((x) => x !== unit.side);
  const [side, setSide] = useState(others[0] ?? NEW);
  const [named, setNamed] = useState('');
  const [reason, setReason] = useState('');
  const chosen = side === NEW || !others.includes(side) ? NEW : side;
  return (
    <form
      className="override"
      aria-label={`Change the side of ${unit.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        const to = chosen === NEW ? named.trim() : chosen;
        if (!to) return s.setError({ code: 'command/missing_field', message: 'Name the new side.' });
        if (to === unit.side) return s.setError({ code: 'command/bad_field', message: `${unit.name} already fights for ${to}.` });
        void s.send(withReason({ type: 'gm.set_side', unit: unit.id, side: to }, reason)).then((ok) => {
          if (ok) {
            setNamed('');
            setReason('');
          }
        });
      }}
    >
      <p className="hint">Fights for <strong>{unit.side}</strong> now.</p>
      <div className="row">
        <label>
          New side
          <select value={chosen} onChange={(e) => setSide(e.target.value)}>
            {others.map((x) => <option key={x} value={x}>{x}</option>)}
            <option value={NEW}>a new side…</option>
          </select>
        </label>
        {chosen === NEW && (
          <label className="grow">
            Name of the new side
            <input value={named} onChange={(e) => setNamed(e.target.value)} maxLength={64} placeholder="e.g. deserters" />
          </label>
        )}
      </div>
      <div className="row">
        <ReasonInput value={reason} onChange={setReason} />
        <button type="submit" disabled={s.sending}>Change side</button>
      </div>
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </form>
  );
}
