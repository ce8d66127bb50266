/** Decisions the rules leave to the GM (a tie, a stray shot…): the rules' sentence and its choices in words, or the dice decide. */
import type { Command, EncounterState } from '../../../engine/index.ts';
import { DecisionChoices } from '../components/ActionPanel.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { gmDecisions } from '../model/decision.ts';
import type { Problem } from '../model/errors.ts';

export function PendingPanel({ state, send, error, clearError }: { state: EncounterState; send(cmd: Command): Promise<boolean>; error?: Problem; clearError(): void }) {
  // players' suggestions have their own panel (gm/overrides/Suggestions.tsx)
  const mine = gmDecisions(state);
  if (!mine.length) return null;
  return (
    <section className="panel pending" aria-label="Decisions for the GM">
      <h2>Your call</h2>
      {mine.map((d) => (
        <div key={d.pending.id}>
          <DecisionChoices decision={d} answer={(o) => void send({ type: 'answer', pending: d.pending.id, choice: o as never })} />
          <button type="button" className="secondary" onClick={() => void send({ type: 'gm.answer_by_dice', pending: d.pending.id })}>
            Let the dice decide
          </button>
        </div>
      ))}
      <ErrorNote problem={error} onDismiss={clearError} />
    </section>
  );
}
