/**
 * The acting unit's legal actions as buttons, grouped ("Attacks", "Spells", "Movement"...). Aimed ones
 * ask for a target — on the board or from the list here (keyboard) — then show the server's odds and
 * wait for Confirm. A decision the rules ask of the unit (a reaction) comes first, as a sentence and its
 * choices, its squares tapped on the board. On a phone, what is chosen and Confirm stay in a bar at the
 * bottom of the screen. Errors from the server appear right here.
 */
import type { EncounterState } from '../../../engine/index.ts';
import type { PreviewJson } from '../api/types.ts';
import { cellOf, costOf, groupTitle, optionWords, type ActionChoice } from '../model/actions.ts';
import type { Decision } from '../model/decision.ts';
import type { Play } from '../model/usePlay.ts';
import { ErrorNote } from './ErrorNote.tsx';
import { hasOdds, OddsPanel, pct } from './OddsPanel.tsx';
import { Words } from './Words.tsx';

interface Props {
  play: Play;
  state: EncounterState;
  unitName: string;
  /** The unit acting (for the odds: who is an ally). */
  actor?: string;
  /** Who plays it, on the GM's page ("played by Ana"). */
  playedBy?: string;
}

/**
 * A decision in the game's words: the rules' sentence, a button for each choice, and for the choices that
 * are squares (evade to…) a word that the board holds them, with a list for the keyboard.
 */
export function DecisionChoices({ decision, answer, disabled }: { decision: Decision; answer(option: unknown): void; disabled?: boolean }) {
  return (
    <div className="decision" role="group" aria-label={decision.sentence} data-pending={decision.pending.id} data-testid="decision">
      <p className="decision-sentence">
        <Words text={decision.sentence} />
      </p>
      {decision.cells.length > 0 && (
        <div className="hint" data-testid="decision-cells">
          Tap a highlighted square on the board ({decision.cells.length} {decision.cells.length === 1 ? 'square' : 'squares'}), or{' '}
          <details className="inline">
            <summary>pick from a list</summary>
            <div className="buttons">
              {decision.cells.map((c) => (
                <button key={c.label} type="button" className="small" disabled={disabled} onClick={() => answer(c.option)} data-group="answer-cell">
                  {c.label}
                </button>
              ))}
            </div>
          </details>
        </div>
      )}
      <div className="buttons">
        {decision.buttons.map((c) => (
          <button key={c.label} type="button" className="action" data-group="answer" disabled={disabled} onClick={() => answer(c.option)}>
            {c.label}
          </button>
        ))}
      </div>
    </div>
  );
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
      disabled={play.sending || play.stale || play.held}
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

export function ActionPanel({ play, state, unitName, actor, playedBy }: Props) {
  const groups = new Map<string, ActionChoice[]>();
  // a decision's answers are shown as the decision (below), not as a group of actions
  for (const c of play.choices) if (!(play.decision && c.group === 'answer')) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  // physical dice are asked by the rules once the action is sent (DicePrompt), one die at a time
  const confirm = () => void play.confirm();

  return (
    <section className="panel actions" aria-label={`Actions for ${unitName}`} data-actions-version={play.choicesVersion} aria-busy={play.stale}>
      <h2>
        {play.decision ? `${unitName} must decide` : `${unitName}'s turn`}
        {playedBy && <span className="muted"> · played by {playedBy}</span>}
      </h2>
      {play.held && (
        <p className="hint held" role="status" data-testid="actions-held">
          {playedBy ? `Paused: resume the fight to play this turn for ${playedBy}.` : 'Paused: the GM has paused the fight; these actions come back when the GM resumes it.'}
        </p>
      )}
      {play.decision && <DecisionChoices decision={play.decision} answer={(o) => void play.answer(o as never)} disabled={play.sending || play.held} />}
      {play.dropped && (
        <p className="dropped" role="status" data-testid="aim-dropped">
          Your aim was dropped: {play.dropped}{' '}
          <button type="button" className="link-button" onClick={play.clearDropped}>OK</button>
        </p>
      )}
      {play.choices.length === 0 && !play.decision && <p className="muted">Waiting for the rules to say what {unitName} may do…</p>}
      {[...groups].map(([group, choices]) => (
        <div key={group} className="action-group" role="group" aria-label={groupTitle(group)}>
          <h3>{groupTitle(group)}</h3>
          {choices.every((c) => c.aim === 'cell') && play.held ? (
            <p className="hint">Moves come back when the GM resumes the fight.</p>
          ) : choices.every((c) => c.aim === 'cell') && !play.marks.moves?.size ? (
            // while another action is being aimed the board shows no move squares: say how to get them back
            <p className="hint" data-testid="move-hint-paused">
              Finish or cancel the action you are aiming to move.
            </p>
          ) : choices.every((c) => c.aim === 'cell') ? (
            <div className="hint" data-testid="move-hint">
              Tap a highlighted square to aim a move there (the number is its cost): its path shows on the board, and Confirm sends it.{' '}
              <details className="inline">
                <summary>List</summary>
                <ul className="move-list">
                  {choices.flatMap((c) => c.options).map((o) => {
                    const at = cellOf(o);
                    return (
                      <li key={JSON.stringify(o.command)}>
                        <button type="button" className="small" onClick={() => at && play.onCell(at)} disabled={play.sending || play.stale || play.held}>
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
          <p className="confirm-label">{optionWords(play.option, state)}</p>
          {play.option.move && (
            <p className="move-facts" data-testid="move-facts">
              The path is drawn on the board; it costs {play.option.move.cost} of {unitName}'s movement.
            </p>
          )}
          <OddsPanel preview={play.preview} loading={play.previewLoading} state={state} actor={actor} />
          {/* on a phone this bar stays at the bottom of the screen, whatever is scrolled into view */}
          <div className="action-bar" data-testid="action-bar">
            <span className="action-bar-what">
              {optionWords(play.option, state)}
              {play.preview?.chance !== undefined && <strong> · {pct(play.preview.chance)}</strong>}
            </span>
            <div className="buttons">
              <button type="button" className="primary" onClick={confirm} disabled={play.sending || play.stale || play.held} data-testid="confirm">
                {play.sending ? 'Sending…' : 'Confirm'}
              </button>
              <button type="button" className="secondary" onClick={play.cancel} disabled={play.sending}>Cancel</button>
            </div>
          </div>
        </div>
      )}
      <ErrorNote problem={play.error} onDismiss={play.clearError} />
    </section>
  );
}
