/**
 * "Set stat": one of the unit's own stats, chosen by its name in the ruleset's words, to a number
 * (gm.set_stat). Pools (HP, stamina…) are set under Adjust; a typed name would make a stat the rules never read.
 */
import { useState } from 'react';
import type { Unit } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { keyName } from '../../model/keyNames.ts';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

export function SetStat({ unit, ruleset }: { unit: Unit; ruleset: string }) {
  const s = useOverrideSender();
  const stats = Object.keys(unit.stats).filter((k) => !Object.hasOwn(unit.pools, k));
  const [chosen, setStat] = useState(stats[0] ?? '');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  if (!stats.length) return <p className="muted">{unit.name} has no stats to set; its pools are under Adjust.</p>;
  // the unit changed under the form (another unit selected, a stat gone): the first of its own
  const stat = stats.includes(chosen) ? chosen : stats[0];
  return (
    <form
      className="override"
      aria-label={`Set a stat of ${unit.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim() === '' || !Number.isFinite(Number(value))) return s.setError({ code: 'command/bad_field', message: 'Type the value as a number.' });
        void s.send(withReason({ type: 'gm.set_stat', unit: unit.id, stat, value: Number(value) }, reason)).then((ok) => {
          if (ok) {
            setValue('');
            setReason('');
          }
        });
      }}
    >
      <div className="row">
        <label>
          Stat
          <select value={stat} onChange={(e) => setStat(e.target.value)}>
            {stats.map((k) => <option key={k} value={k}>{keyName(ruleset, k)}</option>)}
          </select>
        </label>
        <label>
          Value <span className="muted">(now {unit.stats[stat]})</span>
          <input type="number" className="short" step="any" value={value} onChange={(e) => setValue(e.target.value)} required />
        </label>
        <ReasonInput value={reason} onChange={setReason} />
        <button type="submit" disabled={s.sending}>Set stat</button>
      </div>
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </form>
  );
}
