/** Airships and their sections' hit points, when the encounter has any (see ships.ts). */
import type { EncounterState } from '../../../engine/index.ts';
import { shipsOf } from './ships.ts';

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
