/**
 * On a GM log line with dice: set one die to a chosen face, or reroll the line's dice (gm.set_die /
 * gm.reroll with the event's seq). The commands after it are decided again; the original lines stay,
 * struck through, like any undone command.
 */
import { useState } from 'react';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import type { LogLine } from '../../model/log.ts';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

export function RollTools({ line }: { line: LogLine }) {
  const s = useOverrideSender();
  const dice = line.dice ?? [];
  const [open, setOpen] = useState(false);
  const [die, setDie] = useState(0);
  const [face, setFace] = useState('');
  const [reason, setReason] = useState('');
  if (!dice.length) return null;
  const sides = dice[die]?.sides ?? 1;
  return (
    <div className="roll-tools" role="group" aria-label={`Replace the roll of line ${line.seq}`}>
      <div className="buttons">
        <button type="button" className="small" aria-expanded={open} onClick={() => setOpen(!open)}>Set die…</button>
        <button type="button" className="small" disabled={s.sending} onClick={() => void s.send(withReason({ type: 'gm.reroll', event: line.seq }, reason))}>
          Reroll
        </button>
      </div>
      {open && (
        <form
          className="row"
          aria-label={`Set a die of line ${line.seq}`}
          onSubmit={(e) => {
            e.preventDefault();
            const f = Number(face);
            if (!Number.isInteger(f) || f < 1 || f > sides) return s.setError({ code: 'dice/bad_face', message: `A d${sides} shows 1 to ${sides}.` });
            void s.send(withReason({ type: 'gm.set_die', event: line.seq, die, face: f }, reason)).then((ok) => ok && setOpen(false));
          }}
        >
          <label>
            Die
            <select value={die} onChange={(e) => setDie(Number(e.target.value))}>
              {dice.map((d, i) => (
                <option key={i} value={i}>#{i + 1} d{d.sides}: {d.face}{d.label ? ` (${d.label})` : ''}</option>
              ))}
            </select>
          </label>
          <label>
            New face
            <input type="number" className="short" min={1} max={sides} value={face} onChange={(e) => setFace(e.target.value)} required />
          </label>
          <ReasonInput value={reason} onChange={setReason} />
          <button type="submit" className="small" disabled={s.sending}>Set</button>
        </form>
      )}
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </div>
  );
}
