/** The effects on a unit with their rounds left: one round more or less, remove, or add a new one. */
import { useState } from 'react';
import type { EncounterState, Unit } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

export function EffectsEditor({ state, unit }: { state: EncounterState; unit: Unit }) {
  const s = useOverrideSender();
  const [name, setName] = useState('');
  const [rounds, setRounds] = useState('');
  const [reason, setReason] = useState('');
  const effects = state.effects.filter((f) => f.target === unit.id);
  return (
    <div className="override">
      {effects.length ? (
        <ul className="override-effects" aria-label={`Effects on ${unit.name}`}>
          {effects.map((f) => (
            <li key={f.id}>
              <span>
                {f.name}
                {f.stacks > 1 ? ` ×${f.stacks}` : ''}{' '}
                <span className="muted">{f.remaining !== undefined ? `${f.remaining} round${f.remaining === 1 ? '' : 's'} left` : 'until removed'}</span>
              </span>
              {f.remaining !== undefined && (
                <>
                  <button type="button" className="small" aria-label={`${f.name}: one round less`} disabled={s.sending || f.remaining <= 1} onClick={() => void s.send(withReason({ type: 'gm.set_effect', id: f.id, remaining: f.remaining! - 1 }, reason, 'changed by the GM'))}>−1 round</button>
                  <button type="button" className="small" aria-label={`${f.name}: one round more`} disabled={s.sending} onClick={() => void s.send(withReason({ type: 'gm.set_effect', id: f.id, remaining: f.remaining! + 1 }, reason, 'changed by the GM'))}>+1 round</button>
                </>
              )}
              <button type="button" className="small" aria-label={`Remove ${f.name}`} disabled={s.sending} onClick={() => void s.send(withReason({ type: 'gm.remove_effect', id: f.id }, reason))}>Remove</button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No effects on {unit.name}.</p>
      )}
      <form
        aria-label={`Add an effect to ${unit.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          const n = rounds.trim() === '' ? undefined : Number(rounds);
          if (!name.trim()) return s.setError({ code: 'command/missing_field', message: 'Give the effect a name.' });
          if (n !== undefined && (!Number.isInteger(n) || n < 1)) return s.setError({ code: 'command/bad_field', message: 'Rounds must be a whole number from 1, or empty for "until removed".' });
          void s.send(withReason({ type: 'gm.apply_effect', effect: { name: name.trim(), target: unit.id, ...(n !== undefined ? { remaining: n } : {}) } }, reason)).then((ok) => {
            if (ok) {
              setName('');
              setRounds('');
            }
          });
        }}
      >
        <div className="row">
          <label className="grow">
            Effect name
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} placeholder="e.g. Blessed" />
          </label>
          <label>
            Rounds
            <input type="number" className="short" min={1} value={rounds} onChange={(e) => setRounds(e.target.value)} placeholder="until removed" />
          </label>
        </div>
        <div className="row">
          <ReasonInput value={reason} onChange={setReason} />
          <button type="submit" disabled={s.sending}>Add effect</button>
        </div>
      </form>
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </div>
  );
}
