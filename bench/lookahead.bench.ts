// Issue 40's look-ahead target: a `clone + decide` step cheap enough that a policy making 200 trial
// moves per decision plays a 4v4 fight in under a second. Timed on bench/fixtures/line-4v4.yaml (the
// 4v4 fixture) from the states of real fights, every move open at each decision tried in turn, on one
// esbuild bundle of today's sources (as the simulator runs compiled). Run alone:
// node --import tsx bench/lookahead.bench.ts [--quick]
import { existsSync, mkdirSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import type { BenchRow } from './sim.bench.ts';
import { atLeast, atMost } from './table.ts';

/** Trial moves a look-ahead policy makes per decision, and the most one fight may take with them. */
export const TRIALS = 200;
export const FIGHT_SECONDS = 1;

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/line-4v4.yaml', import.meta.url));

function compiled(): typeof import('./lookahead-steps.ts') {
  const cache = join(ROOT, 'node_modules/.cache/skirmish');
  mkdirSync(cache, { recursive: true });
  const out = join(cache, `bench-lookahead-${process.pid}.cjs`);
  try {
    buildSync({ entryPoints: [join(ROOT, 'bench/lookahead-steps.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: out, logLevel: 'silent' });
    return createRequire(import.meta.url)(out) as typeof import('./lookahead-steps.ts');
  } finally {
    if (existsSync(out)) unlinkSync(out);
  }
}

export function benchLookAhead(ms = 1000): BenchRow[] {
  const r = compiled().lookAhead(FIXTURE, { blue: 'first', red: 'first' }, ms < 500 ? 20 : 100, ms);
  const stepUs = 1e6 / r.stepsPerCpuSecond;
  // the budget: TRIALS trial moves at each of a fight's decisions, all within FIGHT_SECONDS
  const budgetUs = (FIGHT_SECONDS * 1e6) / (TRIALS * r.decisionsPerFight);
  const fightSeconds = (TRIALS * r.decisionsPerFight * stepUs) / 1e6;
  return [
    { name: `look-ahead: clone + decide, one trial move (4v4 fixture, ${r.movesPerDecision.toFixed(1)} moves open a decision)`, ours: stepUs, baseline: budgetUs, unit: 'µs cpu', ratio: stepUs / budgetUs, target: atMost(stepUs, budgetUs, `≤ ${budgetUs.toFixed(1)} µs (1 s ÷ ${TRIALS} trials × ${r.decisionsPerFight.toFixed(1)} decisions)`) },
    { name: `look-ahead: a 4v4 fixture fight at ${TRIALS} trial moves a decision (trials only)`, ours: fightSeconds, baseline: FIGHT_SECONDS, unit: 's cpu', ratio: fightSeconds / FIGHT_SECONDS, target: atMost(fightSeconds, FIGHT_SECONDS, `< ${FIGHT_SECONDS} s`) },
    { name: 'look-ahead: trial moves', ours: r.stepsPerCpuSecond, baseline: NaN, unit: 'steps/cpu-s', ratio: NaN, target: atLeast(r.stepsPerCpuSecond, 1e6 / budgetUs, `≥ ${Math.round(1e6 / budgetUs).toLocaleString('en-US')}`) },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table.ts');
  console.log(printTable(benchLookAhead(process.argv.includes('--quick') ? 200 : 1000)));
}
