/** Under the GM's turn order: end the acting unit's turn, or the whole round, by the GM's word. */
import type { EncounterState } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useOverrideSender } from './context.ts';

export function RoundControls({ state }: { state: EncounterState }) {
  const s = useOverrideSender();
  if (state.status !== 'active') return null;
  return (
    <div className="round-controls" role="group" aria-label="Turn and round">
      <div className="buttons">
        <button type="button" disabled={s.sending} onClick={() => void s.send({ type: 'gm.end_turn' })}>End turn</button>
        <button type="button" disabled={s.sending} onClick={() => window.confirm('End the whole round now? Units still to act this round lose their turn.') && void s.send({ type: 'gm.end_round' })}>End round</button>
      </div>
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </div>
  );
}
