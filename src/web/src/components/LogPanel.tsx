/**
 * The referee's log: one line per event (bookkeeping hidden unless asked), each roll expandable into
 * its breakdown, filterable by unit. Lines of undone commands stay, struck through.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { EncounterState } from '../../../engine/index.ts';
import type { LogLine } from '../model/log.ts';
import { playedBy } from '../model/players.ts';
import { BreakdownTable } from './Breakdown.tsx';
import { Words } from './Words.tsx';

interface Props {
  lines: readonly LogLine[];
  undone: ReadonlySet<string>;
  state: EncounterState;
  /** A player's name by id, for "Kara is now played by Ana". */
  playerName?(id: string): string | undefined;
  /** GM page only: controls inside an expanded line with dice (set a die, reroll). Not offered on undone lines. */
  lineTools?(line: LogLine): ReactNode;
}

const SHOWN = 250;

export function LogPanel({ lines, undone, state, lineTools, playerName }: Props) {
  const [unit, setUnit] = useState('');
  const [bookkeeping, setBookkeeping] = useState(false);
  const [all, setAll] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const filtered = useMemo(
    () => lines.filter((l) => (bookkeeping || !l.bookkeeping) && (!unit || l.units.includes(unit))),
    [lines, unit, bookkeeping],
  );
  const shown = all ? filtered : filtered.slice(-SHOWN);
  // follow new lines only inside the log, and only while the reader is at its end (never move the page)
  useEffect(() => {
    const el = list.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [shown.length]);
  return (
    <section className="panel log" aria-label="Combat log">
      <div className="log-head">
        <h2>Log</h2>
        <label>
          Unit{' '}
          <select value={unit} onChange={(e) => setUnit(e.target.value)} aria-label="Show lines about">
            <option value="">everyone</option>
            {state.unitOrder.map((id) => (
              <option key={id} value={id}>{state.units[id]?.name ?? id}</option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={bookkeeping} onChange={(e) => setBookkeeping(e.target.checked)} /> bookkeeping
        </label>
      </div>
      {!all && filtered.length > SHOWN && (
        <button type="button" className="link-button" onClick={() => setAll(true)}>Show {filtered.length - SHOWN} earlier lines</button>
      )}
      <ol
        className="log-lines"
        ref={list}
        aria-live="polite"
        aria-relevant="additions"
        tabIndex={0}
        aria-label="Log lines"
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {shown.map((l) => {
          const cls = `log-line log-${l.type.replace(/[.:]/g, '-')}${undone.has(l.cmd) ? ' is-undone' : ''}${l.gmOnly ? ' is-gm' : ''}`;
          const detail = l.breakdown || (l.dice && l.dice.length > 0);
          const text = l.controller ? `${state.units[l.controller.unit]?.name ?? 'A unit'} is now played by ${playedBy(l.controller.player, playerName)}` : l.text;
          return (
            <li key={l.seq} className={cls} data-seq={l.seq}>
              {detail ? (
                <details>
                  <summary>
                    <Words text={text} />
                    {typedBy(l.dice) && <span className="muted rolled-by"> · {typedBy(l.dice)}</span>}
                  </summary>
                  <BreakdownTable b={l.breakdown} dice={l.dice} />
                  {lineTools && !undone.has(l.cmd) && l.dice && l.dice.length > 0 && lineTools(l)}
                </details>
              ) : (
                <span><Words text={text} /></span>
              )}
              {l.gmOnly && <span className="badge">GM only</span>}
              {l.reason && <span className="muted"> — {l.reason}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Physical dice in a log line: who typed the faces in (the server rolled the others). */
function typedBy(dice: LogLine['dice']): string | undefined {
  if (dice?.some((d) => d.by === 'player')) return 'rolled by the player';
  if (dice?.some((d) => d.by === 'gm')) return 'rolled by the GM';
  return undefined;
}
