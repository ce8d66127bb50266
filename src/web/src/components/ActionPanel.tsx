/**
 * The acting unit's legal actions as buttons, grouped ("Attacks", "Spells", "Movement"...). Aimed ones
 * ask for a target — on the board or from the list here (keyboard) — then show the server's odds and
 * wait for Confirm. Errors from the server appear right here.
 */
import { useState } from 'react';
import type { EncounterState } from '../../../engine/index.ts';
import type { PreviewJson } from '../api/types.ts';
import { cellOf, costOf, groupTitle, type ActionChoice } from '../model/actions.ts';
import type { Play } from '../model/usePlay.ts';
import { DiceEntry, parseFaces } from './DiceEntry.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import { hasOdds, OddsPanel } from './OddsPanel.tsx';

interface Props {
  play: Play;
  state: EncounterState;
  unitName: string;
  diceMode: 'off' | 'optional' | 'required';
}

/** Actions that end something for good: always confirmed. */
const GRAVE = new Set(['give_up', 'flee', 'surrender']);

function sendsAtOnce(c: ActionChoice): boolean {
  const o = c.options[0];
  return c.aim === 'none' && c.options.length === 1 && !hasOdds((o as { preview?: PreviewJson }).preview) && !GRAVE.has(o.command.type);
}

/** The words several labels share at the start: "End the turn facing E", "… N" → "End the turn facing". */
function commonPrefix(labels: string[]): string {
  const words = labels.map((l) => l.split(' '));
  let n = 0;
  while (words.every((w) => n < w.length - 1 && w[n] === words[0][n])) n++;
  return words[0].slice(0, n).join(' ');
}

/**
 * One button per choice; a run of three or more variants of one command (ending the turn facing each of
 * eight ways) becomes one line of small buttons under their shared words.
 */
function ChoiceButtons({ choices, play }: { choices: ActionChoice[]; play: Play }) {
  const byType = new Map<string, ActionChoice[]>();
  for (const c of choices) {
    const k = c.aim === 'none' ? c.options[0].command.type : `aim:${c.key}`;
    byType.set(k, [...(byType.get(k) ?? []), c]);
  }
  const button = (c: ActionChoice, text: string, small = false) => (
    <button
      key={c.key}
      type="button"
      className={`action${small ? ' small' : ''}${play.choice?.key === c.key ? ' is-chosen' : ''}`}
      aria-pressed={play.choice?.key === c.key}
      aria-label={small ? c.label : undefined}
      disabled={play.sending || play.stale}
      data-command={c.options[0].command.type}
      data-group={c.group}
      onClick={() => (sendsAtOnce(c) ? void play.send(c.options[0].command) : play.choose(play.choice?.key === c.key ? undefined : c))}
    >
      {text}
      {c.aim !== 'none' && c.options.length > 1 && <span className="muted"> ({c.options.length})</span>}
    </button>
  );
  return (
    <div className="buttons">
      {[...byType.values()].map((run) => {
        const prefix = run.length >= 3 ? commonPrefix(run.map((c) => c.label)) : '';
        if (!prefix) return run.map((c) => button(c, c.label));
        return (
          <div key={run[0].key} className="variants" role="group" aria-label={prefix}>
            <span className="variants-label">{prefix}</span>
            <div className="buttons">{run.map((c) => button(c, c.label.slice(prefix.length).trim(), true))}</div>
          </div>
        );
      })}
    </div>
  );
}

export function ActionPanel({ play, state, unitName, diceMode }: Props) {
  const [dice, setDice] = useState('');
  const groups = new Map<string, ActionChoice[]>();
  for (const c of play.choices) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const faces = parseFaces(dice);
  const needDice = diceMode === 'required' && !(faces && faces.length);
  const confirm = async () => {
    if (await play.confirm(diceMode !== 'off' && faces?.length ? faces : undefined)) setDice('');
  };

  return (
    <section className="panel actions" aria-label={`Actions for ${unitName}`} data-actions-version={play.choicesVersion} aria-busy={play.stale}>
      <h2>{unitName}'s turn</h2>
      {play.choices.length === 0 && <p className="muted">Waiting for the rules to say what {unitName} may do…</p>}
      {[...groups].map(([group, choices]) => (
        <div key={group} className="action-group" role="group" aria-label={groupTitle(group)}>
          <h3>{groupTitle(group)}</h3>
          {choices.every((c) => c.aim === 'cell') && !play.marks.moves?.size ? (
            // while another action is being aimed the board shows no move squares: say how to get them back
            <p className="hint" data-testid="move-hint-paused">
              Finish or cancel the action you are aiming to move.
            </p>
          ) : choices.every((c) => c.aim === 'cell') ? (
            <div className="hint" data-testid="move-hint">
              Tap a highlighted square to move there (the number is its cost).{' '}
              <details className="inline">
                <summary>List</summary>
                <ul className="move-list">
                  {choices.flatMap((c) => c.options).map((o) => {
                    const at = cellOf(o.command);
                    return (
                      <li key={JSON.stringify(o.command)}>
                        <button type="button" className="small" onClick={() => at && play.onCell(at)} disabled={play.sending || play.stale}>
                          ({at?.x}, {at?.y}){costOf(o) !== undefined ? ` · ${costOf(o)}` : ''}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </details>
            </div>
          ) : (
            <ChoiceButtons choices={choices} play={play} />
          )}
        </div>
      ))}

      {play.choice && play.choice.aim !== 'none' && !play.option && (
        <div className="aiming" role="group" aria-label="Choose a target">
          <p>{play.choice.aim === 'zone' ? 'Pick a zone' : 'Pick a target'} on the board, or here:</p>
          <div className="buttons">
            {play.choice.options.map((o) => {
              const t = typeof o.command.target === 'string' ? state.units[o.command.target]?.name ?? o.command.target : String(o.command.zone ?? '').replace(/_/g, ' ');
              return (
                <button key={JSON.stringify(o.command)} type="button" className="target" onClick={() => play.pick(o)} data-target={String(o.command.target ?? o.command.zone ?? '')}>
                  {t}
                </button>
              );
            })}
            <button type="button" className="secondary" onClick={play.cancel}>Cancel</button>
          </div>
        </div>
      )}

      {play.option && (
        <div className="confirm" role="group" aria-label="Confirm the action" data-command-json={JSON.stringify(play.option.command)}>
          <p className="confirm-label">{play.option.label}</p>
          <OddsPanel preview={play.preview} loading={play.previewLoading} />
          {diceMode !== 'off' && <DiceEntry mode={diceMode} value={dice} onChange={setDice} />}
          <div className="buttons">
            <button type="button" className="primary" onClick={confirm} disabled={play.sending || play.stale || needDice || faces === undefined} data-testid="confirm">
              {play.sending ? 'Sending…' : 'Confirm'}
            </button>
            <button type="button" className="secondary" onClick={play.cancel} disabled={play.sending}>Cancel</button>
          </div>
        </div>
      )}
      <ErrorNote problem={play.error} onDismiss={play.clearError} />
    </section>
  );
}
