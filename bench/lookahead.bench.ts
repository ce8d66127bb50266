// Issue 40's look-ahead row: "a clone + decide step cheap enough that a look-ahead policy making 200
// trial moves per decision plays a 4v4 fight in under a second". Before every command of a fight (the
// file's own policies choose it, so the fight is the one the simulator plays), 200 trials: a fork of
// the state, then one of the options listed now decided on it in place and unlogged (the options taken
// in turn). Rows: such fights per CPU-second against the target of one. The fixture (bench/fixtures/
// line-4v4.yaml, phase20, aggressive) and outerah's border-skirmish-4v4 (its own policies, moving units).
// Run alone: node --import tsx bench/lookahead.bench.ts [--quick]
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RandomStream, streamSource } from '../src/dice/index.ts';
import { currentUnit, type Command, type EncounterState } from '../src/engine/index.ts';
import { loadText } from '../src/rulesets/load.ts';
import { playFrom } from '../src/sim/fight.ts';
import { diceFor, prepare, type SimSpec } from '../src/sim/runner.ts';
import type { BenchRow } from './sim.bench.ts';

/** Trial moves per decision. */
export const TRIALS = 200;

function specOf(file: string, policies: Record<string, string>): SimSpec {
  const loaded = loadText(readFileSync(file, 'utf8'), file);
  if (!loaded.ok) throw new Error(`${file}: ${loaded.problems[0]?.message}`);
  return { ruleset: loaded.value.ruleset.id, doc: loaded.value.doc, seed: 1, maxRounds: 100, policies };
}

/** Fights per CPU-second with TRIALS clone + decide steps before every command; and the trials per CPU-second. */
function lookAheadRate(spec: SimSpec, ms: number): { fights: number; trials: number } {
  const { engine, initial } = prepare(spec);
  const trialDice = streamSource(RandomStream.stream(spec.seed, 999_999));
  let trials = 0;
  // before each command: the state it is decided on (playFrom reports a command's events after it)
  const lookAhead = (state: EncounterState): void => {
    const unit = currentUnit(state);
    if (state.status !== 'active' || unit === undefined || state.pending.length) return;
    const options: Command[] = engine.legalActions(state, unit).map((o) => o.command);
    if (!options.length) return;
    for (let k = 0; k < TRIALS; k++) {
      engine.decide(engine.fork(state), options[k % options.length], trialDice, { inPlace: true, unlogged: true, listed: true });
      trials++;
    }
  };
  const play = (i: number, look = lookAhead) => {
    const choices = RandomStream.stream(spec.seed, 2 * i + 1);
    let state = engine.fork(initial);
    look(state);
    return playFrom(engine, state, {
      dice: diceFor(spec, i),
      pick: (n) => choices.nextInt(n),
      maxRounds: spec.maxRounds,
      policies: spec.policies,
      unlogged: true,
      onEvents: (_events, after) => {
        state = after;
        look(state);
      },
    }).state;
  };
  // the trials play on forks: the fight itself must end as it does without them
  for (let i = 0; i < 3; i++) {
    if (JSON.stringify(play(i)) !== JSON.stringify(play(i, () => {}))) throw new Error(`fight ${i}: the look-ahead's trials changed the fight (a fork shares what a decide changed)`);
  }
  let fights = 0;
  trials = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  do play(1 + fights++);
  while (performance.now() - start < ms);
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  return { fights: fights / seconds, trials: trials / seconds };
}

export function benchLookAhead(ms: number): BenchRow[] {
  const fixture = fileURLToPath(new URL('./fixtures/line-4v4.yaml', import.meta.url));
  const border = fileURLToPath(new URL('../examples/outerah/border-skirmish-4v4.yaml', import.meta.url));
  const rows: BenchRow[] = [];
  for (const [name, spec] of [
    ['4v4 fixture, aggressive', specOf(fixture, { blue: 'aggressive', red: 'aggressive' })],
    ['outerah border-skirmish-4v4', specOf(border, {})],
  ] as const) {
    const r = lookAheadRate(spec, Math.max(ms, 1000));
    rows.push({ name: `look-ahead (${TRIALS} fork + decide per command), ${name} (target ≥ 1 fight/s)`, ours: r.fights, baseline: 1, unit: 'fights/CPU-s', ratio: r.fights });
    rows.push({ name: `  the same: fork + decide steps`, ours: r.trials, baseline: Number.NaN, unit: 'steps/CPU-s', ratio: Number.NaN });
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table.ts');
  console.log(printTable(benchLookAhead(process.argv.includes('--quick') ? 200 : 1000)));
}
