/**
 * "Damage / Heal": an amount, a damage type (free text), and whether the ruleset's damage rules apply
 * (resistances, fainting…: gm.damage rules true) or the raw amount comes off the unit's hit points (rules false).
 */
import { useState } from 'react';
import type { Command, Unit } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

export function DamageHeal({ unit }: { unit: Unit }) {
  const s = useOverrideSender();
  const [amount, setAmount] = useState('');
  const [damageType, setDamageType] = useState('');
  const [rules, setRules] = useState(true);
  const [reason, setReason] = useState('');
  const go = (heal: boolean) => {
    const n = Number(amount);
    if (amount.trim() === '' || !Number.isInteger(n) || n < 0) {
      s.setError({ code: 'command/bad_field', message: 'Type the amount as a whole number.' });
      return;
    }
    const cmd: Command = heal
      ? { type: 'gm.heal', unit: unit.id, amount: n }
      : { type: 'gm.damage', unit: unit.id, amount: n, rules, ...(damageType.trim() ? { damageType: damageType.trim() } : {}) };
    void s.send(withReason(cmd, reason)).then((ok) => {
      if (ok) {
        setAmount('');
        setReason('');
      }
    });
  };
  return (
    <form
      className="override"
      aria-label={`Damage or heal ${unit.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        go(false);
      }}
    >
      <div className="row">
        <label>
          Amount
          <input type="number" className="short" min={0} value={amount} onChange={(e) => setAmount(e.target.value)} required />
        </label>
        <label className="grow">
          Damage type
          <input value={damageType} onChange={(e) => setDamageType(e.target.value)} maxLength={64} placeholder="e.g. fire (optional)" />
        </label>
        <label className="check">
          <input type="checkbox" checked={rules} onChange={(e) => setRules(e.target.checked)} /> apply the rules
        </label>
      </div>
      <div className="row">
        <ReasonInput value={reason} onChange={setReason} />
        <button type="submit" disabled={s.sending}>Damage</button>
        <button type="button" disabled={s.sending} onClick={() => go(true)}>Heal</button>
      </div>
      <p className="hint">{rules ? 'By the rules: resistances, bracing and fainting at 0 apply.' : 'Raw: the amount comes straight off, nothing else (no fainting).'}</p>
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </form>
  );
}
