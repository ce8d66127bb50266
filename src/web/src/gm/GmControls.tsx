/**
 * Running the fight: start it, undo and redo whole commands, pause, end it by fiat, make GM-only
 * rolls and notes, add a unit mid-fight. Errors from the server appear under the control that caused them.
 */
import { useState } from 'react';
import type { Command, EncounterState } from '../../../engine/index.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import type { Problem } from '../model/errors.ts';
import { AddUnit } from './overrides/AddUnit.tsx';

interface Props {
  state: EncounterState;
  paused: boolean;
  send(cmd: Command): Promise<boolean>;
  setPaused(p: boolean): void;
  error?: Problem;
  clearError(): void;
}

export function GmControls({ state, paused, send, setPaused, error, clearError }: Props) {
  const [roll, setRoll] = useState('1d20');
  const [label, setLabel] = useState('');
  const [note, setNote] = useState('');
  // how the GM ends the fight: a draw, a truce, everyone fled, or a win for one side
  const [ending, setEnding] = useState('draw');
  const endCombat = () => {
    const [outcome, winner] = ending.split(':');
    const text = winner ? `a victory for ${winner}` : `a ${outcome}`;
    if (window.confirm(`End the combat as ${text}?`)) void send({ type: 'end_combat', outcome, ...(winner ? { winner } : {}), reason: 'the GM ended the combat' });
  };
  return (
    <section className="panel gm-controls" aria-label="GM controls">
      <div className="buttons">
        {state.status === 'setup' && (
          <button type="button" className="primary" onClick={() => void send({ type: 'start' })} data-testid="start">Start the fight</button>
        )}
        <button type="button" onClick={() => void send({ type: 'undo' })} data-testid="undo">↶ Undo</button>
        <button type="button" onClick={() => void send({ type: 'redo' })} data-testid="redo">↷ Redo</button>
        <button type="button" onClick={() => setPaused(!paused)} aria-pressed={paused}>{paused ? 'Resume' : 'Pause'}</button>
        {state.status === 'active' && (
          <>
            <label>
              <span className="sr-only">How the combat ends</span>
              <select value={ending} onChange={(e) => setEnding(e.target.value)} data-testid="ending">
                <option value="draw">as a draw</option>
                <option value="truce">as a truce</option>
                <option value="fled">everyone fled</option>
                {state.sides.map((side) => (
                  <option key={side} value={`victory:${side}`}>
                    {side} win
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="secondary" onClick={endCombat}>
              End combat
            </button>
          </>
        )}
      </div>
      <ErrorNote problem={error} onDismiss={clearError} />
      <form
        className="row"
        aria-label="GM-only roll"
        onSubmit={(e) => {
          e.preventDefault();
          void send({ type: 'gm.roll', dice: roll, ...(label.trim() ? { label: label.trim() } : {}) });
        }}
      >
        <label>
          Secret roll
          <input value={roll} onChange={(e) => setRoll(e.target.value)} maxLength={100} className="short" />
        </label>
        <label className="grow">
          for
          <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={100} placeholder="e.g. ambush" />
        </label>
        <button type="submit">Roll</button>
      </form>
      <form
        className="row"
        aria-label="Note"
        onSubmit={(e) => {
          e.preventDefault();
          if (note.trim()) void send({ type: 'gm.note', text: note.trim(), public: true }).then((ok) => ok && setNote(''));
        }}
      >
        <label className="grow">
          Note to the table
          <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
        </label>
        <button type="submit">Post</button>
      </form>
      {state.status !== 'ended' && (
        <details className="overrides">
          <summary>Add a unit</summary>
          <AddUnit state={state} />
        </details>
      )}
    </section>
  );
}
