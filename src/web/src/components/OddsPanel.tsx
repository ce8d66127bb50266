/**
 * The exact odds of the chosen command, from the server's preview, before anything is rolled: the chance
 * with one line of why under it, the damage on a hit, the expected damage and the chart — all four from
 * the one distribution the server sends — then everyone else it would affect (allies named as such), and
 * what may go wrong beyond the target (a stray shot).
 */
import type { EncounterState, UnitId } from '../../../engine/index.ts';
import { dec, hasOdds, hitBars, pct, rangeText, type OddsJson } from '../../../engine/odds.ts';
import { harmWord } from '../model/keyNames.ts';

export { dec, hasOdds, pct } from '../../../engine/odds.ts';
export type PreviewJson = OddsJson;

/** Damage on a hit, as bars: the chart of the same distribution, its misses (0) left out — their share is the chance above. */
function Histogram({ pmf: all, harm }: { pmf: [number, number][]; harm: string }) {
  const pmf = hitBars(all);
  if (!pmf) return null;
  const top = Math.max(...pmf.map(([, p]) => p));
  const w = 100 / pmf.length;
  return (
    <figure className="histogram-figure" data-testid="odds-chart" data-min={pmf[0][0]} data-max={pmf[pmf.length - 1][0]}>
      <svg className="histogram" viewBox="0 0 100 30" preserveAspectRatio="none" role="img" aria-label={`${harm} on a hit, ${pmf[0][0]} to ${pmf[pmf.length - 1][0]}`}>
        {pmf.map(([v, p], i) => (
          <rect key={v} x={i * w + w * 0.1} y={30 - (28 * p) / top} width={w * 0.8} height={(28 * p) / top} className="bar">
            <title>{`${v} ${harm.toLowerCase()}: ${pct(p)}`}</title>
          </rect>
        ))}
      </svg>
      {/* bars without an axis read as decoration: name the two ends */}
      <figcaption className="histogram-axis" aria-hidden="true">
        <span>{pmf[0][0]}</span>
        <span>{harm.toLowerCase()} on a hit</span>
        <span>{pmf[pmf.length - 1][0]}</span>
      </figcaption>
    </figure>
  );
}

interface Props {
  preview?: PreviewJson;
  loading?: boolean;
  /** For names and sides of the units affected. */
  state?: EncounterState;
  actor?: UnitId;
}

export function OddsPanel({ preview, loading, state, actor }: Props) {
  if (loading) return <p className="odds muted" aria-live="polite">Working out the odds…</p>;
  if (!hasOdds(preview)) return null;
  const { chance, damageOnHit, expectedDamage, damage, notes, why, risk, affected } = preview;
  const side = actor ? state?.units[actor]?.side : undefined;
  // the rules' word for harm: "Wounds on a hit", not "Damage"
  const harm = harmWord(state?.ruleset);
  const name = (id: string) => state?.units[id]?.name ?? 'someone';
  // the aimed-at unit is the panel's headline: the list is for everyone else the command reaches
  const others = (affected ?? []).slice(1);
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
            <dt>{harm} on a hit</dt>
            <dd data-testid="odds-range" data-min={damageOnHit.min} data-max={damageOnHit.max}>
              {rangeText(damageOnHit)} <span className="muted">(avg {dec(damageOnHit.mean)})</span>
            </dd>
          </div>
        )}
        {expectedDamage !== undefined && (
          <div>
            <dt>Expected {harm.toLowerCase()}</dt>
            <dd data-testid="odds-expected" data-value={expectedDamage}>{dec(expectedDamage)}</dd>
          </div>
        )}
      </dl>
      {why && <p className="odds-why" data-testid="odds-why">{why}</p>}
      {damage?.pmf && <Histogram pmf={damage.pmf} harm={harm} />}
      {others.length > 0 && (
        <table className="odds-affected" data-testid="odds-affected">
          <caption>Also affected</caption>
          <thead>
            <tr>
              <th scope="col">Who</th>
              <th scope="col">Chance</th>
              <th scope="col">Expected</th>
              <th scope="col">On a hit</th>
            </tr>
          </thead>
          <tbody>
            {others.map((a) => {
              const ally = side !== undefined && state?.units[a.unit]?.side === side;
              return (
                <tr key={a.unit} data-unit={a.unit} data-chance={a.chance} data-expected={a.expectedDamage} className={ally ? 'is-ally' : undefined}>
                  <th scope="row">
                    {name(a.unit)}
                    {ally && <> <span className="badge badge-ally">ally</span></>}
                    {a.note && <span className="muted small-text"> {a.note}</span>}
                  </th>
                  <td className="num">{a.chance !== undefined ? pct(a.chance) : '—'}</td>
                  <td className="num">{a.expectedDamage !== undefined ? dec(a.expectedDamage) : '—'}</td>
                  <td className="num">{a.damageOnHit ? rangeText(a.damageOnHit) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {risk && (
        <p className="odds-risk" data-testid="odds-risk" role="note">
          Risk: {risk}
        </p>
      )}
      {notes && notes.length > 0 && (
        <ul className="odds-notes">
          {notes.map((n, i) => <li key={i}>{n}</li>)}
        </ul>
      )}
    </div>
  );
}
