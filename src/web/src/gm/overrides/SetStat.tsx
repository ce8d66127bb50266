/** "Set stat": any stat of the unit (or a new one) to a number (gm.set_stat). */
import { useState } from 'react';
import type { Unit } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

export function SetStat({ unit }: { unit: Unit }) {
  const s = useOverrideSender();
  const stats = Object.keys(unit.stats);
  const [stat, setStat] = useState(stats[0] ?? '');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const listId = `stats-${unit.id}`;
  return (
    <form
      className="override"
      aria-label={`Set a stat of ${unit.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!stat.trim()) return s.setError({ code: 'command/missing_field', message: 'Name the stat.' });
        if (value.trim() === '' || !Number.isFinite(Number(value))) return s.setError({ code: 'command/bad_field', message: 'Type the value as a number.' });
        void s.send(withReason({ type: 'gm.set_stat', unit: unit.id, stat: stat.trim(), value: Number(value) }, reason)).then((ok) => ok && setValue(''));
      }}
    >
      <div className="row">
        <label>
          Stat
          <input className="short" list={listId} value={stat} onChange={(e) => setStat(e.target.value)} maxLength={64} />
          <datalist id={listId}>{stats.map((k) => <option key={k} value={k} />)}</datalist>
        </label>
        <label>
          Value{unit.stats[stat] !== undefined && <span className="muted"> (now {unit.stats[stat]})</span>}
          <input type="number" className="short" step="any" value={value} onChange={(e) => setValue(e.target.value)} required />
        </label>
        <ReasonInput value={reason} onChange={setReason} />
        <button type="submit" disabled={s.sending}>Set stat</button>
      </div>
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </form>
  );
}
