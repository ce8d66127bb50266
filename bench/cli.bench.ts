// The command line's start-up: wall time of `skirmish roll 1d20` and of `skirmish run` on each ruleset's
// showcase example (from the registry), against `node -e 0` timed in the same run, the two alternated so
// the machine's load falls on both alike. Targets (issue 22): roll under 300 ms, run under 1 s. The CLI
// runs compiled (dist/): the bench builds it first when the sources are newer (scripts/build.js --if-stale).
// Run alone: node --import tsx bench/cli.bench.ts [--quick]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rulesets } from '../src/rulesets/index.ts';
import type { BenchRow } from './sim.bench.ts';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin/skirmish.js');

function wall(args: string[]): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median wall ms of the command and of `node -e 0`, alternated, for about `ms` (3 pairs at least). */
function pair(name: string, args: string[], ms: number, target: number): BenchRow {
  const ours: number[] = [];
  const base: number[] = [];
  const until = performance.now() + ms;
  while (ours.length < 3 || performance.now() < until) {
    base.push(wall(['-e', '0']));
    ours.push(wall([BIN, ...args]));
  }
  const o = median(ours);
  const b = median(base);
  return { name, ours: Math.round(o), baseline: Math.round(b), unit: 'ms wall', ratio: o / b, target: { text: `< ${target} ms`, met: o < target } };
}

export function benchCli(ms = 1000): BenchRow[] {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build.js'), '--if-stale'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
  wall([BIN, 'roll', '1d20']); // the disk cache warm, as for any command run twice
  const rows = [pair('cli: skirmish roll 1d20 vs node -e 0', ['roll', '1d20'], ms, 300)];
  for (const r of Object.values(rulesets)) {
    if (!r.showcase) continue;
    rows.push(pair(`cli: skirmish run examples/${r.id}/${r.showcase} vs node -e 0`, ['run', `examples/${r.id}/${r.showcase}`], ms, 1000));
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table.ts');
  console.log(printTable(benchCli(process.argv.includes('--quick') ? 200 : 1000)));
}
