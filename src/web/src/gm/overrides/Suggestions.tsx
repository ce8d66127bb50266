/**
 * Players' suggestions waiting for the GM (pending decisions of kind 'suggestion', which never hold up
 * play): who suggests (the player, by name), what they said, what accepting would do — all sentences
 * (model/suggestion.ts) — and Accept / Reject (`answer` with 'accept' | 'reject').
 */
import type { EncounterState } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { suggestionWords } from '../../model/suggestion.ts';
import { useOverrideSender } from './context.ts';

export function Suggestions({ state, playerName }: { state: EncounterState; playerName(id: string): string | undefined }) {
  const s = useOverrideSender();
  const waiting = state.pending.filter((p) => p.kind === 'suggestion' && p.answeredBy === 'gm');
  if (!waiting.length) return null;
  return (
    <section className="panel suggestions" aria-label="Suggestions for the GM">
      <h2>Suggestions</h2>
      {waiting.map((p) => {
        const w = suggestionWords(p, state, playerName);
        return (
          <div key={p.id} role="group" aria-label={`${w.who}: ${w.text}`} className="suggestion" data-pending={p.id} data-testid="suggestion">
            <p>
              <strong>{w.who}:</strong> “{w.text}”
            </p>
            <p className="muted">{w.accepting}</p>
            <div className="buttons">
              <button type="button" className="small" disabled={s.sending} onClick={() => void s.send({ type: 'answer', pending: p.id, choice: 'accept' })}>Accept</button>
              <button type="button" className="small" disabled={s.sending} onClick={() => void s.send({ type: 'answer', pending: p.id, choice: 'reject' })}>Reject</button>
            </div>
          </div>
        );
      })}
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </section>
  );
}
