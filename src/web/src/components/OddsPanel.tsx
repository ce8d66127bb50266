/**
 * The exact odds of the chosen command, from the server's preview, before anything is rolled:
 * chance of success, damage range on a hit, expected damage, and the damage distribution as bars.
 */
import { dec, hitBars, pct, rangeText, type OddsJson } from '../../../engine/odds.ts';

export { dec, hasOdds, pct } from '../../../engine/odds.ts';
export type PreviewJson = OddsJson;

/** Damage on a hit, as bars; the miss (0) is left out — its share is the chance above. */
function Histogram({ pmf: all }: { pmf: [number, number][] }) {
  const pmf = hitBars(all);
  if (!pmf) return null;
  const top = Math.max(...pmf.map(([, p]) => p));
  const w = 100 / pmf.length;
  return (
    <figure className="histogram-figure">
      <svg className="histogram" viewBox="0 0 100 30" preserveAspectRatio="none" role="img" aria-label="Damage distribution on a hit">
        {pmf.map(([v, p], i) => (
          <rect key={v} x={i * w + w * 0.1} y={30 - (28 * p) / top} width={w * 0.8} height={(28 * p) / top} className={v === 0 ? 'bar-miss' : 'bar'}>
            <title>{`${v} damage: ${pct(p)}`}</title>
          </rect>
        ))}
      </svg>
      {/* bars without an axis read as decoration: name the two ends */}
      <figcaption className="histogram-axis" aria-hidden="true">
        <span>{pmf[0][0]}</span>
        <span>damage on a hit</span>
        <span>{pmf[pmf.length - 1][0]}</span>
      </figcaption>
    </figure>
  );
}

export function OddsPanel({ preview, loading }: { preview?: PreviewJson; loading?: boolean }) {
  if (loading) return <p className="odds muted" aria-live="polite">Working out the odds…</p>;
  if (!preview) return null;
  const { chance, damageOnHit, expectedDamage, damage, notes } = preview;
  return (
    <div className="odds" aria-live="polite" data-testid="odds">
      <dl>
        {chance !== undefined && (
          <div>
            <dt>Chance</dt>
            <dd data-testid="odds-chance" data-value={chance}>{pct(chance)}</dd>
          </div>
        )}
        {damageOnHit && (
          <div>
            <dt>Damage on a hit</dt>
            <dd data-testid="odds-range" data-min={damageOnHit.min} data-max={damageOnHit.max}>
              {rangeText(damageOnHit)} <span className="muted">(avg {dec(damageOnHit.mean)})</span>
            </dd>
          </div>
        )}
        {expectedDamage !== undefined && (
          <div>
            <dt>Expected damage</dt>
            <dd data-testid="odds-expected" data-value={expectedDamage}>{dec(expectedDamage)}</dd>
          </div>
        )}
      </dl>
      {damage?.pmf && <Histogram pmf={damage.pmf} />}
      {notes && notes.length > 0 && (
        <ul className="odds-notes">
          {notes.map((n, i) => <li key={i}>{n}</li>)}
        </ul>
      )}
      {chance === undefined && !damageOnHit && expectedDamage === undefined && !notes?.length && <p className="muted">No roll involved.</p>}
    </div>
  );
}
