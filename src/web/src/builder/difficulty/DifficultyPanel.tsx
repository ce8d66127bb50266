/**
 * How the fight is likely to go, while building: each side's chance to win with its 95% interval, the
 * rounds it takes, who is likely to go down, and how many fights that is from; compared with the last
 * version of the draft (the change in win chance, with its interval).
 */
import { useId } from 'react';
import { compare } from '../../../../sim/compare.ts';
import type { Summary } from '../../../../sim/summary.ts';
import type { Difficulty } from './useDifficulty.ts';

const pct = (r: number) => `${Math.round(r * 100)}%`;
const pts = (d: number) => `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(Math.round(d * 100))}`;

interface Props {
  difficulty: Difficulty;
  valid: boolean;
  runs: number;
  setRuns(n: number): void;
  seed: number;
  setSeed(n: number): void;
}

function Bar({ rate, ci }: { rate: number; ci: [number, number] }) {
  return (
    <svg className="b-odds-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden>
      <rect x={0} y={2} width={100} height={6} className="b-bar-track" />
      <rect x={0} y={2} width={rate * 100} height={6} className="b-bar-fill" />
      <line x1={ci[0] * 100} x2={ci[1] * 100} y1={5} y2={5} className="b-bar-ci" />
    </svg>
  );
}

function Odds({ s }: { s: Summary }) {
  const down = [...s.units].filter((u) => u.down > 0).sort((a, b) => b.downRate - a.downRate);
  return (
    <>
      <ul className="plain b-sides">
        {Object.entries(s.sides).map(([side, r]) => (
          <li key={side} data-side={side} data-wins={r.wins}>
            <span className="b-side-name">{side} win</span>
            <strong className="num">{pct(r.winRate)}</strong>
            <span className="muted small-text num"> (95%: {pct(r.ci95[0])}–{pct(r.ci95[1])})</span>
            <Bar rate={r.winRate} ci={r.ci95} />
          </li>
        ))}
        {s.draws.count > 0 && <li className="muted small-text">Draws: {pct(s.draws.rate)}</li>}
        {s.timeouts.count > 0 && <li className="muted small-text" data-timeouts={s.timeouts.count}>Still going after {s.maxRounds} rounds: {pct(s.timeouts.rate)}</li>}
      </ul>
      <p className="small-text" data-rounds-mean={s.rounds.mean}>
        Rounds to finish: about <strong className="num">{s.rounds.mean.toFixed(1)}</strong> (half end by round {s.rounds.median}, nine in ten by {s.rounds.p90})
      </p>
      <h3>Likely to go down</h3>
      {down.length ? (
        <ul className="plain b-down">
          {down.slice(0, 8).map((u) => (
            <li key={u.id} data-unit={u.id} data-down={u.down}>
              {u.name} <span className="muted">({u.side})</span>: <span className="num">{pct(u.downRate)}</span>
              <span className="muted small-text num"> of fights (95%: {pct(u.downCi95[0])}–{pct(u.downCi95[1])})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small-text">No one went down.</p>
      )}
    </>
  );
}

export function DifficultyPanel({ difficulty, valid, runs, setRuns, seed, setSeed }: Props) {
  const runsId = useId();
  const seedId = useId();
  const { now, before, error, stale } = difficulty;
  const cmp = now?.done && before ? compare(before.summary, now.summary) : undefined;
  return (
    <section className="panel b-difficulty" aria-label="Difficulty" data-played={now?.played} data-runs={now?.runs} data-seed={seed} data-done={now?.done ? 'yes' : 'no'} data-stale={stale ? 'yes' : 'no'}>
      <h2>Difficulty</h2>
      <div className="b-sim-settings">
        <label htmlFor={runsId}>Fights</label>
        <select id={runsId} value={runs} onChange={(e) => setRuns(Number(e.target.value))}>
          {[100, 200, 500, 1000, 2000, 5000].map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
        <label htmlFor={seedId}>Seed</label>
        <input id={seedId} type="number" className="b-number" step={1} value={seed} onChange={(e) => e.target.value !== '' && setSeed(Math.trunc(Number(e.target.value)))} />
      </div>
      {!valid && <p className="hint">Once the encounter has no problems, its fights are played here as you build (the simulator's own engine and tactics, in this browser).</p>}
      {error && <p className="b-problem" role="alert">The simulation stopped: {error}</p>}
      {valid && !now && !error && <p className="muted">Playing the first fights…</p>}
      {now && (
        <div className={stale ? 'b-stale' : undefined}>
          <p className="small-text" role="status">
            <strong className="num">{now.played}</strong> of {now.runs} fights played{now.done ? '' : '…'}
            {stale && <span className="muted"> — from the version before your last change; updating…</span>}
            <span className="muted"> (seed {seed}: the same as <code>skirmish sim --seed {seed} --runs {now.runs}</code> on the downloaded file)</span>
          </p>
          <Odds s={now.summary} />
        </div>
      )}
      {cmp && (
        <div className="b-compare" aria-label="Compared with the last version">
          <h3>Compared with the last version</h3>
          <ul className="plain">
            {Object.entries(cmp.sides).map(([side, d]) => (
              <li key={side} data-side={side} data-diff={d.diff}>
                {side} win: {pct(d.a)} → <strong>{pct(d.b)}</strong> ({pts(d.diff)} points; 95%: {pts(d.ci95[0])} to {pts(d.ci95[1])})
                <span className="muted small-text"> {d.significant ? '— a real change' : '— too close to tell at this many fights'}</span>
              </li>
            ))}
          </ul>
          <p className="small-text">Rounds: {cmp.rounds.a.toFixed(1)} → {cmp.rounds.b.toFixed(1)}</p>
        </div>
      )}
    </section>
  );
}
