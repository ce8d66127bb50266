/** Under the GM's turn order: end the acting unit's turn, or the whole round, by the GM's word (with a reason, if typed). */
import { useState } from 'react';
import type { Command, EncounterState } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

export function RoundControls({ state }: { state: EncounterState }) {
  const s = useOverrideSender();
  const [reason, setReason] = useState('');
  if (state.status !== 'active') return null;
  const send = (cmd: Command) => void s.send(withReason(cmd, reason)).then((ok) => ok && setReason(''));
  return (
    <div className="round-controls" role="group" aria-label="Turn and round">
      <div className="row">
        <ReasonInput value={reason} onChange={setReason} label="Reason to end the turn or round (optional)" />
      </div>
      <div className="buttons">
        <button type="button" disabled={s.sending} onClick={() => send({ type: 'gm.end_turn' })}>End turn</button>
        <button type="button" disabled={s.sending} onClick={() => window.confirm('End the whole round now? Units still to act this round lose their turn.') && send({ type: 'gm.end_round' })}>End round</button>
      </div>
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </div>
  );
}
