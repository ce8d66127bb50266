/**
 * Players' suggestions waiting for the GM (pending decisions of kind 'suggestion', which never hold up
 * play): what was asked, the change proposed, and Accept / Reject (`answer` with 'accept' | 'reject').
 */
import type { EncounterState, Json } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useOverrideSender } from './context.ts';
import { poolName } from './AdjustPool.tsx';

/** The proposed GM command in words. */
export function proposalText(proposal: Json | undefined, state: EncounterState): string {
  if (!proposal || typeof proposal !== 'object' || Array.isArray(proposal)) return 'no change proposed';
  const p = proposal as Record<string, Json>;
  const who = typeof p.unit === 'string' ? (state.units[p.unit]?.name ?? p.unit) : '';
  switch (p.type) {
    case 'gm.set_pool':
      return `set ${who}'s ${poolName(String(p.pool), state.ruleset)} to ${String(p.value)}`;
    case 'gm.heal':
      return `heal ${who} by ${String(p.amount)}`;
    case 'gm.damage':
      return `${String(p.amount)} damage to ${who}`;
    default:
      return `${String(p.type)} ${JSON.stringify(Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'type')))}`;
  }
}

export function Suggestions({ state }: { state: EncounterState }) {
  const s = useOverrideSender();
  const waiting = state.pending.filter((p) => p.kind === 'suggestion' && p.answeredBy === 'gm');
  if (!waiting.length) return null;
  return (
    <section className="panel suggestions" aria-label="Suggestions for the GM">
      <h2>Suggestions</h2>
      {waiting.map((p) => (
        <div key={p.id} role="group" aria-label={p.prompt} className="suggestion" data-pending={p.id}>
          <p>{p.prompt}</p>
          <p className="muted">Proposed: {proposalText(p.data.proposal, state)}</p>
          <div className="buttons">
            <button type="button" className="small" disabled={s.sending} onClick={() => void s.send({ type: 'answer', pending: p.id, choice: 'accept' })}>Accept</button>
            <button type="button" className="small" disabled={s.sending} onClick={() => void s.send({ type: 'answer', pending: p.id, choice: 'reject' })}>Reject</button>
          </div>
        </div>
      ))}
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </section>
  );
}
