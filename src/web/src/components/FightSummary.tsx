/**
 * An ended fight, kept on screen: its result, how many rounds it took, who went down (and when), and the
 * damage each unit dealt and took — from its events as this page received them. It stays until a person
 * moves on (`onMoveOn`); the GM moves on by picking another tab.
 */
import { useMemo } from 'react';
import type { EncounterState, LoggedEvent } from '../../../engine/index.ts';
import { summarizeFight } from '../model/fightSummary.ts';

interface Props {
  name: string;
  state: EncounterState;
  events: readonly LoggedEvent[];
  undone: ReadonlySet<string>;
  onMoveOn?: () => void;
}

export function FightSummary({ name, state, events, undone, onMoveOn }: Props) {
  const s = useMemo(() => summarizeFight(state, events, undone), [state, events, undone]);
  return (
    <section className="panel fight-summary" aria-label="How the fight ended" data-testid="fight-summary">
      <h2>
        {name} is over{s.result ? `: ${s.result}` : ''}
      </h2>
      <p>
        {s.rounds === 1 ? 'One round' : `${s.rounds} rounds`}.{' '}
        {s.down.length ? `Went down: ${s.down.map((d) => `${d.name} (${d.word}${d.round ? `, round ${d.round}` : ''})`).join(', ')}.` : 'No one went down.'}
      </p>
      {s.damage.length > 0 && (
        <table className="damage">
          <caption>Damage</caption>
          <thead>
            <tr>
              <th scope="col">Unit</th>
              <th scope="col">Dealt</th>
              <th scope="col">Taken</th>
            </tr>
          </thead>
          <tbody>
            {s.damage.map((d) => (
              <tr key={d.unit}>
                <th scope="row">{d.name}</th>
                <td>{d.dealt}</td>
                <td>{d.taken}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {s.unnamed > 0 && <p className="muted">{s.unnamed} damage came from no unit named here (the GM's hand, a trap, or something unseen).</p>}
      {onMoveOn && (
        <button type="button" onClick={onMoveOn}>
          Move on
        </button>
      )}
    </section>
  );
}
