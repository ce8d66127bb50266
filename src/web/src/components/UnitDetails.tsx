/** The selected unit's sheet as the viewer may see it: pools, stats, effects, links, status. */
import type { EncounterState, UnitId } from '../../../engine/index.ts';
import { keyName } from '../model/keyNames.ts';
import { playedBy } from '../model/players.ts';
import { linksShown, linkText } from '../model/links.ts';
import { isOut, outWord } from '../model/standing.ts';

/** A heading's word starts with a capital ("stamina" → "Stamina"); the ruleset's own names keep theirs. */
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function UnitDetails({ state, id, playerName }: { state: EncounterState; id?: UnitId; playerName?(id: string): string | undefined }) {
  const u = id ? state.units[id] : undefined;
  if (!u) return null;
  const effects = state.effects.filter((f) => f.target === u.id);
  const links = linksShown(state, u.id);
  return (
    <section className="panel unit-details" aria-label={`${u.name} details`}>
      <h2>{u.name} <span className="muted">· {u.side} · played by {playedBy(u.controller, playerName)}</span></h2>
      <dl className="pools">
        {Object.entries(u.pools).map(([k, p]) => (
          <div key={k}>
            <dt>{label(keyName(state.ruleset, k))}</dt>
            <dd className="num">{p.value}/{p.max}</dd>
          </div>
        ))}
        {u.position && (
          <div>
            <dt>Position</dt>
            <dd className="num">({u.position.x}, {u.position.y}){u.facing ? ` ${u.facing}` : ''}{u.elevation ? ` ▲${u.elevation}` : ''}</dd>
          </div>
        )}
        {u.zone && (
          <div>
            <dt>Zone</dt>
            <dd>{u.zone.replace(/_/g, ' ')}</dd>
          </div>
        )}
      </dl>
      {Object.keys(u.stats).length > 0 && (
        <p className="stats muted">{Object.entries(u.stats).map(([k, v]) => `${keyName(state.ruleset, k)} ${v}`).join(' · ')}</p>
      )}
      {effects.length > 0 && <p>Effects: {effects.map((f) => `${f.name}${f.remaining !== undefined ? ` (${f.remaining})` : ''}`).join(', ')}</p>}
      {links.length > 0 && <p data-testid="unit-links">Links: {links.map(linkText).join(', ')}</p>}
      {isOut(state, u) && <p className="badge">{outWord(u)}</p>}
    </section>
  );
}
