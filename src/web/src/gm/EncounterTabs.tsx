/**
 * The table's encounters as tabs, newest last, plus the button that opens the loader. Each tab says its
 * fight's state at a glance (whose turn, waiting on whom, paused, ended) and marks one that waits on the
 * GM, so the GM can run several fights and switch without losing any: players' pages never follow this.
 */
import type { EncounterSummary } from '../api/types.ts';
import { glanceWords, type FightGlance } from '../model/fights.ts';

interface Props {
  encounters: EncounterSummary[];
  /** Each encounter at a glance, as the GM sees it. */
  fights?: readonly FightGlance[];
  current?: string;
  onPick(id: string): void;
  onNew(): void;
  loaderOpen: boolean;
}

const NEED_WORDS = { turn: 'your move', decide: 'you decide', dice: 'your dice' } as const;

export function EncounterTabs({ encounters, fights, current, onPick, onNew, loaderOpen }: Props) {
  return (
    <nav className="tabs" aria-label="Encounters">
      {encounters.map((e) => {
        const g = fights?.find((f) => f.id === e.id);
        return (
          <button
            key={e.id}
            type="button"
            className={`tab${e.id === current ? ' is-current' : ''}${g?.needs ? ' needs-you' : ''}`}
            aria-current={e.id === current ? 'page' : undefined}
            data-status={g?.status ?? e.status}
            onClick={() => onPick(e.id)}
          >
            {e.name} <span className="muted">· {e.ruleset}</span>
            <span className="fight-state">
              {g ? glanceWords(g) : e.status}
              {g?.needs && <strong className="needs"> · {NEED_WORDS[g.needs]}</strong>}
            </span>
          </button>
        );
      })}
      <button type="button" className="tab tab-new" aria-expanded={loaderOpen} onClick={onNew}>
        + Load encounter
      </button>
    </nav>
  );
}
