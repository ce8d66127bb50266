/**
 * A player's "Suggest to the GM": what and why in words, and optionally a proposed HP for a unit
 * (a gm.set_pool the GM accepts or rejects). Nothing changes until the GM accepts; play goes on meanwhile.
 */
import { keyName } from '../model/keyNames.ts';
import { useState } from 'react';
import type { EncounterState, Json, UnitId } from '../../../engine/index.ts';
import type { Sender } from '../model/useSender.ts';
import { ErrorNote } from './ErrorNote.tsx';

export function SuggestForm({ state, mine, sender }: { state: EncounterState; mine: UnitId[]; sender: Sender }) {
  const [as, setAs] = useState('');
  const [text, setText] = useState('');
  const [unit, setUnit] = useState('');
  const [value, setValue] = useState('');
  const [sent, setSent] = useState(false);
  const actor = mine.includes(as) ? as : mine[0];
  if (!actor || state.status === 'ended') return null;
  const withHp = state.unitOrder.filter((id) => state.units[id]?.pools.hp);
  // the rules' name for hit points ("HP", "Wounds")
  const hpName = keyName(state.ruleset, 'hp');
  return (
    <details className="panel suggest">
      <summary>Suggest to the GM</summary>
      <form
        aria-label="Suggest to the GM"
        onSubmit={(e) => {
          e.preventDefault();
          setSent(false);
          if (!text.trim()) return sender.setError({ code: 'command/missing_field', message: 'Say what you suggest and why.' });
          let proposal: Record<string, Json>;
          if (unit) {
            const v = Number(value);
            if (value.trim() === '' || !Number.isInteger(v)) return sender.setError({ code: 'command/bad_field', message: `Type the ${hpName} you propose as a whole number.` });
            proposal = { type: 'gm.set_pool', unit, pool: 'hp', value: v };
          } else {
            // a suggestion always carries a GM command; without an HP change it proposes a note for the log
            proposal = { type: 'gm.note', text: text.trim().slice(0, 500), public: true };
          }
          void sender.send({ type: 'suggest', actor, text: text.trim(), proposal }).then((ok) => {
            if (ok) {
              setText('');
              setValue('');
              setUnit('');
              setSent(true);
            }
          });
        }}
      >
        {mine.length > 1 && (
          <label>
            As
            <select value={actor} onChange={(e) => setAs(e.target.value)}>
              {mine.map((id) => <option key={id} value={id}>{state.units[id]?.name ?? id}</option>)}
            </select>
          </label>
        )}
        <label>
          Your suggestion
          <input value={text} onChange={(e) => setText(e.target.value)} maxLength={500} placeholder="e.g. my ring heals 3 at dawn" />
        </label>
        <div className="row">
          <label>
            {hpName} change for
            <select value={unit} onChange={(e) => setUnit(e.target.value)}>
              <option value="">no {hpName} change</option>
              {withHp.map((id) => <option key={id} value={id}>{state.units[id]?.name ?? id}</option>)}
            </select>
          </label>
          <label>
            New {hpName}
            <input type="number" className="short" min={0} value={value} onChange={(e) => setValue(e.target.value)} disabled={!unit} />
          </label>
          <button type="submit" disabled={sender.sending}>Suggest</button>
        </div>
        {sent && <p className="hint" role="status">Sent — the GM will accept or reject it.</p>}
        <ErrorNote problem={sender.error} onDismiss={() => sender.setError(undefined)} />
      </form>
    </details>
  );
}
