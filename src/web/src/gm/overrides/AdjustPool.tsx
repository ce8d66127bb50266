/** "Adjust": set one of the unit's pools (HP, stamina…) to a value, with an optional reason (gm.set_pool). */
import { useState } from 'react';
import type { Unit } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';
import { keyName } from '../../model/keyNames.ts';

/** A pool in the ruleset's words (model/keyNames.ts). */
export const poolName = (k: string, ruleset = '') => keyName(ruleset, k);

export function AdjustPool({ unit, ruleset }: { unit: Unit; ruleset: string }) {
  const s = useOverrideSender();
  const pools = Object.keys(unit.pools);
  const [pool, setPool] = useState(pools.includes('hp') ? 'hp' : (pools[0] ?? ''));
  const [value, setValue] = useState('');
  const [max, setMax] = useState('');
  const [reason, setReason] = useState('');
  if (!pools.length) return <p className="muted">{unit.name} has no pools to adjust.</p>;
  const current = unit.pools[pool];
  return (
    <form
      className="override"
      aria-label={`Adjust ${unit.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim() === '' || !Number.isFinite(Number(value))) {
          s.setError({ code: 'command/bad_field', message: 'Type the new value as a number.' });
          return;
        }
        if (max.trim() !== '' && !Number.isFinite(Number(max))) {
          s.setError({ code: 'command/bad_field', message: 'Type the new maximum as a number, or leave it empty.' });
          return;
        }
        // a maximum only when asked for: the pool keeps its own otherwise
        const cmd = { type: 'gm.set_pool', unit: unit.id, pool, value: Number(value), ...(max.trim() !== '' ? { max: Number(max) } : {}) };
        void s.send(withReason(cmd, reason, 'set by the GM')).then((ok) => {
          if (ok) {
            setValue('');
            setMax('');
            setReason('');
          }
        });
      }}
    >
      <div className="row">
        <label>
          Pool
          <select value={pool} onChange={(e) => setPool(e.target.value)}>
            {pools.map((k) => <option key={k} value={k}>{poolName(k, ruleset)}</option>)}
          </select>
        </label>
        <label>
          New value{current ? <span className="muted"> (now {current.value}/{current.max})</span> : null}
          <input type="number" className="short" value={value} onChange={(e) => setValue(e.target.value)} required />
        </label>
        <label>
          New maximum <span className="muted">(optional)</span>
          <input type="number" className="short" value={max} onChange={(e) => setMax(e.target.value)} />
        </label>
        <ReasonInput value={reason} onChange={setReason} />
        <button type="submit" disabled={s.sending}>Set</button>
      </div>
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </form>
  );
}
