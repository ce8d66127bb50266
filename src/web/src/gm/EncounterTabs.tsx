/** The table's encounters as tabs, newest last, plus the button that opens the loader. */
import type { EncounterSummary } from '../api/types.ts';

interface Props {
  encounters: EncounterSummary[];
  current?: string;
  onPick(id: string): void;
  onNew(): void;
  loaderOpen: boolean;
}

export function EncounterTabs({ encounters, current, onPick, onNew, loaderOpen }: Props) {
  return (
    <nav className="tabs" aria-label="Encounters">
      {encounters.map((e) => (
        <button key={e.id} type="button" className={`tab${e.id === current ? ' is-current' : ''}`} aria-current={e.id === current ? 'page' : undefined} onClick={() => onPick(e.id)}>
          {e.name} <span className="muted">· {e.ruleset} · {e.status}</span>
        </button>
      ))}
      <button type="button" className="tab tab-new" aria-expanded={loaderOpen} onClick={onNew}>
        + Load encounter
      </button>
    </nav>
  );
}
