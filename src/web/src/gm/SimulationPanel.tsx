/**
 * The GM's quick simulation: the server plays the fight on from where it stands many times (on copies,
 * with the simulator's policies; nothing changes at the table) and this panel shows who tends to win,
 * with the 95% interval as a whisker, how many rounds it takes, and how often each unit goes down.
 * Every chart has its numbers as text too: a table beside each bar, a hidden table under the histogram.
 */
import { useState } from 'react';
import type { EncounterState } from '../../../engine/index.ts';
import type { Api } from '../api/http.ts';
import type { Simulation } from '../api/types.ts';
import { sideColour } from '../board/palette.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { dec, pct } from '../components/OddsPanel.tsx';
import type { Problem } from '../model/errors.ts';
import { problemOf } from '../model/useSender.ts';

const MAX_RUNS = 2000;

/** A rate as a bar from 0 to 1, with its 95% interval as a whisker. Decorative: the numbers sit beside it. */
function RateBar({ rate, ci, colour }: { rate: number; ci?: [number, number]; colour: string }) {
  return (
    <svg className="rate-bar" viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect className="rate-track" x={0} y={2} width={100} height={8} rx={1} />
      <rect x={0} y={2} width={rate * 100} height={8} rx={1} fill={colour} />
      {ci && (
        <g className="whisker">
          <line x1={ci[0] * 100} x2={ci[1] * 100} y1={6} y2={6} vectorEffect="non-scaling-stroke" />
          <line x1={ci[0] * 100} x2={ci[0] * 100} y1={2.5} y2={9.5} vectorEffect="non-scaling-stroke" />
          <line x1={ci[1] * 100} x2={ci[1] * 100} y1={2.5} y2={9.5} vectorEffect="non-scaling-stroke" />
        </g>
      )}
    </svg>
  );
}

const interval = (ci: [number, number]) => `${pct(ci[0])}–${pct(ci[1])}`;

/** Fights by the round they ended in: bars over every round from the first to the last seen. */
function RoundsChart({ sim }: { sim: Simulation }) {
  const h = sim.rounds.histogram;
  if (!h.length) return <p className="muted">No fight ended before the round limit.</p>;
  const first = h[0][0];
  const last = h[h.length - 1][0];
  const counts = new Map(h);
  const rounds = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const top = Math.max(...h.map(([, c]) => c));
  const W = 400;
  const H = 90;
  const base = 74;
  const w = W / rounds.length;
  const every = Math.ceil(rounds.length / 12);
  const summary = `Rounds to the end: median ${sim.rounds.median}, mean ${dec(sim.rounds.mean)}, 90% of fights within ${sim.rounds.p90}`;
  return (
    <figure className="sim-figure">
      {/* captioned above like the tables around it, so the "N fights" scale mark does not read as the title */}
      <div className="sim-caption" aria-hidden="true">
        Round the fight ends in
      </div>
      <svg className="rounds-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} data-testid="sim-rounds">
        <line className="axis" x1={0} x2={W} y1={base + 0.5} y2={base + 0.5} />
        {rounds.map((r, i) => {
          const c = counts.get(r) ?? 0;
          const bh = top ? ((base - 12) * c) / top : 0;
          return (
            <g key={r}>
              <rect className={r === sim.rounds.median ? 'bar bar-median' : 'bar'} x={i * w + w * 0.12} y={base - bh} width={w * 0.76} height={bh}>
                <title>{`round ${r}: ${c} fight${c === 1 ? '' : 's'}`}</title>
              </rect>
              {(i % every === 0 || r === last) && (
                <text className="tick" x={i * w + w / 2} y={base + 12} textAnchor="middle">
                  {r}
                </text>
              )}
            </g>
          );
        })}
        <line className="gridline" x1={0} x2={W} y1={12.5} y2={12.5} />
        <text className="tick" x={0} y={9}>{`${top} fights`}</text>
      </svg>
      <figcaption className="small-text muted">
        Median <strong className="num">{sim.rounds.median}</strong>, mean <span className="num">{dec(sim.rounds.mean)}</span>, 90% by round <span className="num">{sim.rounds.p90}</span>
        {sim.timeouts > 0 && `; ${sim.timeouts} still going after round ${sim.fromRound + sim.maxRounds}`}
      </figcaption>
      <table className="sr-only">
        <caption>Fights by the round they ended in</caption>
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col">Fights</th>
          </tr>
        </thead>
        <tbody>
          {h.map(([r, c]) => (
            <tr key={r}>
              <td>{r}</td>
              <td>{c}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Results({ sim, state }: { sim: Simulation; state: EncounterState }) {
  const sides = Object.keys(sim.sides);
  const sideName = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const rest: [string, number][] = (
    [
      ['Draw', sim.draws],
      ['Still going (timeout)', sim.timeouts],
      ['No winner (fled, truce)', sim.other],
    ] as [string, number][]
  ).filter(([, n]) => n > 0);
  const units = Object.entries(sim.units).sort((a, b) => sides.indexOf(a[1].side) - sides.indexOf(b[1].side));
  return (
    <div className="sim-results" data-testid="sim-results" data-runs={sim.runs}>
      <p className="small-text muted">
        <span data-testid="sim-runs">{sim.runs}</span> fights from {sim.fromRound > 0 ? `round ${sim.fromRound}` : 'the start'}, seed {sim.seed}
        .
      </p>
      <table className="sim-table">
        <caption>Who wins</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Result</th>
            <th scope="col">Chart</th>
            <th scope="col">Share of fights (95% interval)</th>
          </tr>
        </thead>
        <tbody>
          {sides.map((s) => {
            const v = sim.sides[s];
            return (
              <tr key={s} data-testid="sim-side" data-side={s} data-rate={v.winRate}>
                <th scope="row">{sideName(s)}</th>
                <td className="bar-cell">
                  <RateBar rate={v.winRate} ci={v.ci95} colour={sideColour(state.sides, s)} />
                </td>
                <td className="num">
                  <strong>{pct(v.winRate)}</strong> <span className="muted">({interval(v.ci95)})</span>
                </td>
              </tr>
            );
          })}
          {rest.map(([label, n]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="bar-cell">
                <RateBar rate={n / sim.runs} colour="var(--muted)" />
              </td>
              <td className="num">{pct(n / sim.runs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <RoundsChart sim={sim} />
      <table className="sim-table">
        <caption>How often each unit goes down</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Unit</th>
            <th scope="col">Chart</th>
            <th scope="col">Down in (95% interval); mean damage dealt and taken</th>
          </tr>
        </thead>
        <tbody>
          {units.map(([id, u]) => (
            <tr key={id} data-testid="sim-unit" data-unit={id} data-rate={u.downRate}>
              <th scope="row">
                <span className="side-dot" style={{ background: sideColour(state.sides, u.side) }} aria-hidden="true" />
                {u.name}
              </th>
              <td className="bar-cell">
                <RateBar rate={u.downRate} ci={u.downCi95} colour={sideColour(state.sides, u.side)} />
              </td>
              <td className="num" title={`deals ${dec(u.meanDamageDealt)}, takes ${dec(u.meanDamageTaken)} damage on average`}>
                {pct(u.downRate)} <span className="muted small-text">deals {dec(u.meanDamageDealt)} · takes {dec(u.meanDamageTaken)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SimulationPanel({ api, encounterId, state }: { api: Api; encounterId: string; state: EncounterState }) {
  const [runs, setRuns] = useState('200');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Problem>();
  const [result, setResult] = useState<{ sim: Simulation; encounterId: string }>();
  const n = Number(runs);
  const valid = Number.isInteger(n) && n >= 1 && n <= MAX_RUNS;
  const ended = state.status === 'ended';
  const run = async () => {
    if (!valid || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      setResult({ sim: await api.simulate(encounterId, { runs: n }), encounterId });
    } catch (err) {
      setError(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  const shown = result?.encounterId === encounterId ? result.sim : undefined;
  return (
    <section className="panel sim-panel" aria-label="Quick simulation" aria-busy={busy}>
      <h2>Quick simulation</h2>
      <p className="hint">Plays this fight on from where it stands, many times, with the simulator’s tactics. Nothing changes at the table.</p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label>
          Fights
          <input type="number" className="short" min={1} max={MAX_RUNS} step={1} value={runs} onChange={(e) => setRuns(e.target.value)} aria-invalid={!valid} data-testid="sim-runs-input" />
        </label>
        <button type="submit" className="primary" disabled={!valid || busy || ended} data-testid="sim-run">
          {busy ? 'Simulating…' : 'Run'}
        </button>
        {busy && (
          <span className="muted" role="status">
            Playing {n} fights…
          </span>
        )}
      </form>
      {!valid && <p className="hint">From 1 to {MAX_RUNS} fights.</p>}
      {ended && <p className="hint">The fight is over.</p>}
      <ErrorNote problem={error} onDismiss={() => setError(undefined)} />
      {shown && (
        <div aria-live="polite" className={busy ? 'is-stale' : undefined}>
          <Results sim={shown} state={state} />
          {shown.fromRound !== state.turn.round && <p className="hint">The fight has moved on since (round {state.turn.round}): run it again for the odds from here.</p>}
        </div>
      )}
    </section>
  );
}
