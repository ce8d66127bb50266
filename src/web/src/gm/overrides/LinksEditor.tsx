/**
 * "Links": the unit's links to others (a pet and its owner, a rider and its mount), each with Unlink
 * (gm.unlink), and a new link — with which unit, what kind, who leads (gm.link, the leader as `unit`).
 * Links are unit data to the engine, bookkeeping in the log: the page always sends a reason so the table
 * reads a line for them.
 */
import { useState } from 'react';
import type { EncounterState, Unit } from '../../../../engine/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { linksShown, linkText } from '../../model/links.ts';
import { useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

/** Kinds the rulesets read (outerah: pet, mount); any other word is kept for the table. */
const KINDS = ['pet', 'mount', 'bond'];

export function LinksEditor({ state, unit }: { state: EncounterState; unit: Unit }) {
  const s = useOverrideSender();
  const candidates = state.unitOrder.filter((id) => id !== unit.id && state.units[id] && state.units[id].status !== 'removed');
  const [other, setOther] = useState(candidates[0] ?? '');
  const [kind, setKind] = useState('pet');
  const [leads, setLeads] = useState(true);
  const [reason, setReason] = useState('');
  const links = linksShown(state, unit.id);
  const target = candidates.includes(other) ? other : (candidates[0] ?? '');
  const otherName = state.units[target]?.name ?? 'the other unit';
  const listId = `link-kinds-${unit.id}`;
  return (
    <div className="override">
      {links.length ? (
        <ul className="override-effects" aria-label={`Links of ${unit.name}`}>
          {links.map((l) => (
            <li key={`${l.with}/${l.kind}`}>
              <span>{linkText(l)}</span>
              <button
                type="button"
                className="small"
                aria-label={`Unlink ${unit.name} and ${l.name} (${l.kind})`}
                disabled={s.sending}
                onClick={() => void s.send(withReason({ type: 'gm.unlink', unit: unit.id, other: l.with, kind: l.kind }, reason, 'unlinked by the GM'))}
              >
                Unlink
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{unit.name} has no links.</p>
      )}
      <form
        aria-label={`Link ${unit.name} with another unit`}
        onSubmit={(e) => {
          e.preventDefault();
          if (!target) return s.setError({ code: 'command/missing_field', message: 'There is no other unit to link with.' });
          if (!kind.trim()) return s.setError({ code: 'command/missing_field', message: 'Say what kind of link it is (pet, mount…).' });
          const [lead, follow] = leads ? [unit.id, target] : [target, unit.id];
          void s.send(withReason({ type: 'gm.link', unit: lead, other: follow, kind: kind.trim() }, reason, 'linked by the GM')).then((ok) => ok && setReason(''));
        }}
      >
        <div className="row">
          <label>
            Link with
            <select value={target} onChange={(e) => setOther(e.target.value)}>
              {candidates.map((id) => <option key={id} value={id}>{state.units[id].name}</option>)}
            </select>
          </label>
          <label>
            Kind
            <input className="short" list={listId} value={kind} onChange={(e) => setKind(e.target.value)} maxLength={32} />
            <datalist id={listId}>{KINDS.map((k) => <option key={k} value={k} />)}</datalist>
          </label>
          <label>
            Who leads
            <select value={leads ? 'this' : 'other'} onChange={(e) => setLeads(e.target.value === 'this')}>
              <option value="this">{unit.name} (owner, rider)</option>
              <option value="other">{otherName}</option>
            </select>
          </label>
        </div>
        <div className="row">
          <ReasonInput value={reason} onChange={setReason} />
          <button type="submit" disabled={s.sending || !target}>Link</button>
        </div>
      </form>
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </div>
  );
}
