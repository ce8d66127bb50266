/** Airships: heading, where the cannons fire, and the sections' hit points, when the encounter has any (see ships.ts). */
import type { EncounterState } from '../../../engine/index.ts';
import { COMPASS, shipsOf } from './ships.ts';

export function ShipPanel({ state }: { state: EncounterState }) {
  const ships = shipsOf(state);
  if (!ships.length) return null;
  return (
    <section className="panel ships" aria-label="Airships">
      {ships.map((ship) => (
        <div key={ship.id} className="ship">
          <h3>
            {ship.name}
            {ship.side ? <span className="muted"> · {ship.side}</span> : null}
            {ship.altitude !== undefined ? <span className="muted"> · altitude {ship.altitude}</span> : null}
            {ship.wrecked && <span className="badge">wrecked</span>}
          </h3>
          <p className="ship-heading" data-testid="ship-heading" data-ship={ship.id} data-heading={ship.heading}>
            Bow heading <strong>{ship.heading}</strong> ({COMPASS[ship.heading]})
            {ship.broadsides && (
              <span className="muted">
                {' '}· left cannon fires {COMPASS[ship.broadsides.left]} (port), right cannon {COMPASS[ship.broadsides.right]} (starboard)
              </span>
            )}
          </p>
          <ul className="ship-sections">
            {ship.sections.map((s) => (
              <li key={s.id} className={s.destroyed ? 'section-destroyed' : undefined}>
                <span>{s.name}</span>
                {s.hp !== undefined && (
                  <>
                    <meter min={0} max={s.max ?? s.hp} value={Math.max(0, s.hp)} aria-label={`${s.name} hit points`} />
                    <span className="num">{s.hp}{s.max !== undefined ? `/${s.max}` : ''}</span>
                  </>
                )}
                {s.destroyed && <span className="badge">destroyed</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
