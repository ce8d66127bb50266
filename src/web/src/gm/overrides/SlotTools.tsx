/**
 * On the GM's turn order, beside the selected unit: move its slot up or down (gm.reorder with the
 * whole new order), give it an extra turn this round, cancel one, or delay its next turn — each with
 * the reason typed here, if any.
 */
import { useState } from 'react';
import type { Command, EncounterState, UnitId } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

interface Props {
  state: EncounterState;
  unit: UnitId;
  /** The slot this row shows, an index into state.turn.order. */
  slot: number;
  /** The unit's first slot in the order: the unit-wide tools show there only. */
  first: boolean;
}

export function SlotTools({ state, unit, slot, first }: Props) {
  const s = useOverrideSender();
  const { order, index } = state.turn;
  const name = state.units[unit]?.name ?? unit;
  const nameOf = (id: UnitId) => state.units[id]?.name ?? id;
  const rest = order.slice(index + 1);
  const pos = rest.findIndex((x) => x.unit === unit);
  const others = pos < 0 ? [] : rest.filter((_, i) => i !== pos);
  const [to, setTo] = useState<number>();
  const [reason, setReason] = useState('');
  const send = (cmd: Command) => s.send(withReason(cmd, reason)).then((ok) => {
    if (ok) setReason('');
    return ok;
  });
  const delayTo = Math.min(to ?? others.length, others.length);
  const hasExtra = rest.some((x) => x.unit === unit && x.kind === 'extra');
  const move = (by: -1 | 1) => {
    const ids = order.map((x) => x.unit);
    const j = slot + by;
    [ids[slot], ids[j]] = [ids[j], ids[slot]];
    void send({ type: 'gm.reorder', order: ids });
  };
  return (
    <div className="slot-tools" role="group" aria-label={`Turn order tools for ${name}`}>
      <div className="buttons">
        <button type="button" className="small" aria-label={`Move ${name} up`} disabled={s.sending || slot === 0} onClick={() => move(-1)}>↑</button>
        <button type="button" className="small" aria-label={`Move ${name} down`} disabled={s.sending || slot >= order.length - 1} onClick={() => move(1)}>↓</button>
        {first && (
          <>
            <button type="button" className="small" disabled={s.sending} onClick={() => void send({ type: 'gm.extra_turn', unit })}>Extra turn</button>
            {hasExtra && <button type="button" className="small" disabled={s.sending} onClick={() => void send({ type: 'gm.cancel_extra_turn', unit })}>Cancel extra turn</button>}
          </>
        )}
      </div>
      <div className="row">
        <ReasonInput value={reason} onChange={setReason} />
      </div>
      {first && pos >= 0 && (
        <div className="row">
          <label>
            Delay {name}
            <select value={delayTo} onChange={(e) => setTo(Number(e.target.value))}>
              {Array.from({ length: others.length + 1 }, (_, i) => (
                <option key={i} value={i}>{i === 0 ? 'to act next' : `to after ${nameOf(others[i - 1].unit)}`}</option>
              ))}
            </select>
          </label>
          <button type="button" className="small" disabled={s.sending} onClick={() => void send({ type: 'gm.delay', unit, to: delayTo }).then((ok) => ok && setTo(undefined))}>Delay</button>
        </div>
      )}
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </div>
  );
}
