import { writeFileSync } from 'node:fs';
import { compare } from '../../sim/compare.ts';
import { formatComparison, formatSummary } from '../../sim/format.ts';
import { policyProblems } from '../../sim/policies.ts';
import { defaultWorkers, simulate } from '../../sim/pool.ts';
import { progressBar } from '../../sim/progress.ts';
import { comparisonReport, summaryReport } from '../../sim/report.ts';
import { prepare, type SimSpec } from '../../sim/runner.ts';
import { summarize, type Summary } from '../../sim/summary.ts';
import { CliExit } from '../exit.ts';
import { loadFile } from '../files.ts';
import type { AddCommand } from './index.ts';

interface SimOpts {
  runs: string;
  seed?: string;
  workers?: string;
  json?: boolean;
  report?: string;
  maxRounds: string;
  policy: string[];
}

function wholeNumber(value: string, flag: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new CliExit(2, `skirmish: ${flag} must be a whole number ≥ ${min}, got "${value}"`);
  return n;
}

function parsePolicies(list: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of list.flatMap((x) => x.split(','))) {
    const m = /^([^=\s]+)=([^=\s]+)$/.exec(p);
    if (!m) throw new CliExit(2, `skirmish: --policy takes side=name or unit=name, got "${p}"`);
    out[m[1]] = m[2];
  }
  return out;
}

/** Load, validate and check a file's policies: everything that can fail does so before any fight. */
function specFor(file: string, opts: SimOpts, policies: Record<string, string>, maxRounds: number): SimSpec {
  const loaded = loadFile(file);
  const seed = opts.seed !== undefined ? (/^-?\d+$/.test(opts.seed) ? Number(opts.seed) : opts.seed) : loaded.seed ?? 1;
  const spec: SimSpec = { ruleset: loaded.ruleset.id, doc: loaded.doc, seed, maxRounds, policies };
  if (loaded.commands.length) spec.commands = loaded.commands;
  if (loaded.dice?.length) spec.dice = loaded.dice;
  const problems = policyProblems(loaded.ruleset, prepare(spec).initial, policies);
  if (problems.length) throw new CliExit(2, problems.map((p) => `${file}: ${p}`).join('\n'));
  return spec;
}

async function run(spec: SimSpec, runs: number, workers: number, quiet: boolean): Promise<{ summary: Summary; ms: number }> {
  const bar = progressBar(process.stderr, !quiet && process.stderr.isTTY === true);
  const start = performance.now();
  try {
    const tally = await simulate(spec, runs, { workers, onProgress: (d, t) => bar.update(d, t) });
    const ms = performance.now() - start;
    const initial = prepare(spec).initial;
    return { summary: summarize(tally, { encounter: initial.name, ruleset: spec.ruleset, seed: spec.seed, maxRounds: spec.maxRounds, policies: spec.policies }), ms };
  } catch (err) {
    throw new CliExit(2, `skirmish: ${(err as Error).message}`);
  } finally {
    bar.finish();
  }
}

export const addSim: AddCommand = (program) => {
  program
    .command('sim')
    .description('play an encounter many times and report win rates, rounds and per-unit statistics; two files: compare them')
    .argument('<files...>', 'encounter or scenario file; give two to compare variants')
    .option('-n, --runs <n>', 'fights to play (per file)', '10000')
    .option('--seed <seed>', 'seed: fight i uses dice stream 2i and choice stream 2i+1 (default: the file\'s, else 1)')
    .option('--workers <k>', 'worker threads (default: every core for 4000+ fights, else 1); results do not depend on it')
    .option('--json', 'print one JSON object')
    .option('--report <file>', 'write a self-contained HTML report with charts')
    .option('--max-rounds <r>', 'round cap: a fight still going after it is a timeout', '100')
    .option('--policy <who=name>', 'policy for a side or unit (repeat the flag, or separate with commas): random, first, or the ruleset\'s (e.g. aggressive)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .action(async (files: string[], opts: SimOpts) => {
      if (files.length > 2) throw new CliExit(2, 'skirmish: sim takes one encounter, or two to compare');
      const runs = wholeNumber(opts.runs, '--runs', 1);
      const maxRounds = wholeNumber(opts.maxRounds, '--max-rounds', 1);
      const workers = opts.workers === undefined ? defaultWorkers(runs) : wholeNumber(opts.workers, '--workers', 1);
      const policies = parsePolicies(opts.policy);
      const specs = files.map((f) => specFor(f, opts, policies, maxRounds));
      const results = [];
      for (const spec of specs) results.push(await run(spec, runs, workers, opts.json === true));
      const timing = { ms: results.reduce((a, r) => a + r.ms, 0), workers };
      if (results.length === 1) {
        const s = results[0].summary;
        if (opts.report) writeFileSync(opts.report, summaryReport(s, timing));
        process.stdout.write(opts.json ? JSON.stringify({ ...s, timing: { ms: Math.round(timing.ms), workers, fightsPerSecond: Math.round((runs / timing.ms) * 1000) } }, null, 2) + '\n' : formatSummary(s, timing) + '\n');
      } else {
        const c = compare(results[0].summary, results[1].summary);
        const pair: [string, string] = [files[0], files[1]];
        if (opts.report) writeFileSync(opts.report, comparisonReport(c, pair));
        process.stdout.write(opts.json ? JSON.stringify({ ...c, timing: { ms: Math.round(timing.ms), workers } }, null, 2) + '\n' : formatComparison(c, pair) + '\n');
      }
      if (opts.report && !opts.json) process.stderr.write(`report written to ${opts.report}\n`);
    });
};
