/** Decisions the rules leave to the GM (a tie, a stray shot…): each option is a button, or the dice decide. */
import type { Command, EncounterState } from '../../../engine/index.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import type { Problem } from '../model/errors.ts';

function words(choice: unknown): string {
  if (typeof choice === 'string') return choice.replace(/_/g, ' ');
  if (typeof choice === 'number' || typeof choice === 'boolean') return String(choice);
  return JSON.stringify(choice);
}

export function PendingPanel({ state, send, error, clearError }: { state: EncounterState; send(cmd: Command): Promise<boolean>; error?: Problem; clearError(): void }) {
  // players' suggestions have their own panel (gm/overrides/Suggestions.tsx)
  const mine = state.pending.filter((p) => p.answeredBy === 'gm' && p.kind !== 'suggestion');
  if (!mine.length) return null;
  return (
    <section className="panel pending" aria-label="Decisions for the GM">
      {mine.map((p) => (
        <div key={p.id} role="group" aria-label={p.prompt}>
          <h2>Your call: {p.prompt}</h2>
          <div className="buttons">
            {p.options.map((o, i) => (
              <button key={i} type="button" onClick={() => void send({ type: 'answer', pending: p.id, choice: o })}>
                {words(o)}
              </button>
            ))}
            <button type="button" className="secondary" onClick={() => void send({ type: 'gm.answer_by_dice', pending: p.id })}>
              Let the dice decide
            </button>
          </div>
        </div>
      ))}
      <ErrorNote problem={error} onDismiss={clearError} />
    </section>
  );
}
