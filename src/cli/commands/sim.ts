/**
 * `skirmish sim`: one encounter many times; two to compare (fight i of both on the same dice, compared
 * in pairs); one with `--vary` (or a sweep file) to play it at several values of its fields. `-n` fixes
 * the fights; `--precision` plays until every interval is that narrow. See docs/simulator.md.
 */
import { writeFileSync } from 'node:fs';
import { compare, pairCounts } from '../../sim/compare.ts';
import { formatComparison, formatSummary } from '../../sim/format.ts';
import { policyProblems } from '../../sim/policies.ts';
import { defaultWorkers, simulateAll, type Until } from '../../sim/pool.ts';
import { progressBar } from '../../sim/progress.ts';
import { comparisonReport, summaryReport } from '../../sim/report.ts';
import { prepare, type SimSpec } from '../../sim/runner.ts';
import { allPrecise, checkpoints } from '../../sim/sequential.ts';
import { newcombePaired } from '../../sim/stats.ts';
import { summarize, type Summary } from '../../sim/summary.ts';
import { formatSweep, sweepReport, type SweepResult } from '../../sim/sweep.ts';
import type { Tally } from '../../sim/tally.ts';
import { CliExit } from '../exit.ts';
import { loadFile } from '../files.ts';
import type { AddCommand } from './index.ts';
import { sweepOf, type SweepPlan } from './sweep.ts';

interface SimOpts {
  runs?: string;
  seed?: string;
  workers?: string;
  json?: boolean;
  report?: string;
  maxRounds: string;
  policy: string[];
  precision?: string;
  vary: string[];
  queue?: string;
  chunk?: string;
  cancel?: string;
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

const seedOf = (text: string) => (/^-?\d+$/.test(text) ? Number(text) : text);

/** Load and validate a file into a spec (`seed`: the one to use, else the file's, else 1). */
function specFor(file: string, opts: SimOpts, policies: Record<string, string>, maxRounds: number, seed?: number | string): SimSpec {
  const loaded = loadFile(file);
  const spec: SimSpec = { ruleset: loaded.ruleset.id, doc: loaded.doc, seed: seed ?? (opts.seed !== undefined ? seedOf(opts.seed) : loaded.seed ?? 1), maxRounds, policies };
  if (loaded.commands.length) spec.commands = loaded.commands;
  if (loaded.dice?.length) spec.dice = loaded.dice;
  const { engine, initial } = prepare(spec);
  const problems = policyProblems(engine.ruleset, initial, policies);
  if (problems.length) throw new CliExit(2, problems.map((p) => `${file}: ${p}`).join('\n'));
  return spec;
}

/** Play every spec with one pool (or on the queue: `queue`, its database) and one progress bar. */
async function play(specs: SimSpec[], runs: number, workers: number, quiet: boolean, until?: Until, queue?: { url: string; chunk?: number }): Promise<{ tallies: Tally[]; ms: number; workers: number }> {
  const bar = progressBar(process.stderr, !quiet && process.stderr.isTTY === true);
  const start = performance.now();
  let threads = 1; // the threads that played: none start if this one finishes first (on the queue: the cluster's)
  try {
    const tallies = queue
      ? await playOnQueue(specs, runs, queue, quiet, (d, t) => bar.update(d, t), (n) => (threads = Math.max(1, n)), until)
      : await simulateAll(specs, runs, { workers, onThreads: (n) => (threads = n), onProgress: (d, t) => bar.update(d, t), ...(until ? { until } : {}) });
    return { tallies, ms: performance.now() - start, workers: threads };
  } catch (err) {
    if (err instanceof CliExit) throw err;
    throw new CliExit(2, `skirmish: ${(err as Error).message}`);
  } finally {
    bar.finish();
  }
}

/** The run as a batch on the queue; Ctrl-C (or SIGTERM) cancels it, and its chunks leave the queue. */
async function playOnQueue(specs: SimSpec[], runs: number, queue: { url: string; chunk?: number }, quiet: boolean, onProgress: (done: number, total: number) => void, onWorkers: (threads: number) => void, until?: Until): Promise<Tally[]> {
  const { simulateOnQueue, BatchCancelled } = await import('../../sim/queue/submit.ts');
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    return await simulateOnQueue(specs, runs, {
      url: queue.url,
      ...(queue.chunk ? { chunk: queue.chunk } : {}),
      ...(until ? { until } : {}),
      signal: abort.signal,
      onProgress,
      onWorkers,
      onBatch: (id) => quiet || process.stderr.write(`skirmish: batch ${id} queued (cancel it with: skirmish sim --queue URL --cancel ${id})\n`),
      note: (line) => process.stderr.write(`skirmish: ${line}\n`),
    });
  } catch (err) {
    if (err instanceof BatchCancelled) throw new CliExit(130, `skirmish: ${err.message}`);
    const { isConnectionError } = await import('../../sim/queue/retry.ts');
    if (isConnectionError(err)) {
      const { redact } = await import('../../store/postgres.ts');
      throw new CliExit(1, `skirmish: cannot reach the queue ${redact(queue.url)}: ${(err as Error).message}`);
    }
    throw err;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

const summaryOf = (spec: SimSpec, t: Tally): Summary => summarize(t, { encounter: prepare(spec).initial.name, ruleset: spec.ruleset, seed: spec.seed, maxRounds: spec.maxRounds, policies: spec.policies });

/** What --precision asked for and what it took, for the report and the JSON. */
interface PrecisionNote {
  precision: number;
  checkedEvery: number;
  most: number;
  reached: boolean;
}

function precisionLine(p: PrecisionNote, fights: number, what: string): string {
  return p.reached
    ? `--precision ${p.precision}: ${fights.toLocaleString('en-US')} fights, when ${what} was within ±${(p.precision * 100).toFixed(2)} points (looked every ${p.checkedEvery.toLocaleString('en-US')} fights)`
    : `--precision ${p.precision}: not reached in ${fights.toLocaleString('en-US')} fights (the -n cap); every interval is as printed`;
}

export const addSim: AddCommand = (program) => {
  program
    .command('sim')
    .description('play an encounter many times and report win rates, rounds and per-unit statistics; two files: compare them fight by fight; --vary (or a sweep file): play it at several values')
    .argument('[files...]', 'an encounter or scenario file; two to compare variants; or a sweep file (encounter: + vary:)')
    .option('-n, --runs <n>', 'fights to play, per variant (default 10000; with --precision, the most to play)')
    .option('--precision <p>', 'play until every side\'s win-rate 95% interval (comparing: of the difference) is within ±p, e.g. 0.01; checked at fixed points, so the result does not depend on --workers')
    .option('--vary <field=A..B:STEP>', 'play the encounter at each value of a field, e.g. units.brute.hp=10..20:2 or units.brute.hp=10,14,20 (repeat for several fields: every combination)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--seed <seed>', 'seed: fight i uses dice stream 2i and choice stream 2i+1 (default: the scenario\'s, else 1)')
    .option('--workers <k>', 'worker threads (default: every core for 4000+ fights, else 1); results do not depend on it')
    .option('--json', 'print one JSON object')
    .option('--report <file>', 'write a self-contained HTML report with charts')
    .option('--queue <postgres-url>', 'play on the queue: chunks enqueued in PostgreSQL and played by `skirmish worker` processes, on any machines; the same results as here')
    .option('--chunk <n>', 'with --queue: fights per chunk (default: about 200 chunks, 1000..5000 fights each); results do not depend on it')
    .option('--cancel <batch>', 'with --queue: cancel a queued batch by its id (its chunks leave the queue)')
    .option('--max-rounds <r>', 'round cap: a fight still going after it is a timeout', '100')
    .option('--policy <who=name>', 'policy for a side or unit (repeat the flag, or separate with commas): random, first, or the ruleset\'s (e.g. aggressive)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .action(async (files: string[], opts: SimOpts) => {
      if (opts.cancel !== undefined) return cancel(opts);
      if (files.length === 0) throw new CliExit(2, 'skirmish: sim needs an encounter file (or two to compare, or a sweep file)');
      if ((opts.chunk !== undefined) && !opts.queue) throw new CliExit(2, 'skirmish: --chunk is for --queue runs');
      if (opts.queue !== undefined && !/^postgres(ql)?:\/\//.test(opts.queue)) throw new CliExit(2, `skirmish: --queue takes a PostgreSQL URL (postgres://user@host/db), got "${opts.queue}"`);
      const queue = opts.queue ? { url: opts.queue, ...(opts.chunk !== undefined ? { chunk: wholeNumber(opts.chunk, '--chunk', 1) } : {}) } : undefined;
      if (files.length > 2) throw new CliExit(2, 'skirmish: sim takes one encounter, or two to compare');
      let precision: number | undefined;
      if (opts.precision !== undefined) {
        precision = Number(opts.precision);
        if (!(precision > 0 && precision < 0.5)) throw new CliExit(2, `skirmish: --precision is a share between 0 and 0.5 (0.01 = ±1 point), got "${opts.precision}"`);
      }
      const maxRounds = wholeNumber(opts.maxRounds, '--max-rounds', 1);
      const policies = parsePolicies(opts.policy);
      const sweep: SweepPlan | undefined = files.length === 1 ? sweepOf(files[0], opts.vary, (f, seed) => specFor(f, opts, policies, maxRounds, seed), opts.seed !== undefined ? seedOf(opts.seed) : undefined) : undefined;
      if (files.length === 2 && opts.vary.length) throw new CliExit(2, 'skirmish: --vary plays one encounter at several values; give one file, not two');
      const cap = opts.runs !== undefined ? wholeNumber(opts.runs, '--runs', 1) : precision !== undefined ? checkpoints(precision).max : 10_000;
      const step = precision !== undefined ? checkpoints(precision).step : undefined;
      const specs = sweep ? sweep.specs : files.length === 2 ? pairOf(files, opts, policies, maxRounds) : [specFor(files[0], opts, policies, maxRounds)];
      const workers = opts.workers === undefined ? defaultWorkers(cap * specs.length) : wholeNumber(opts.workers, '--workers', 1);

      let until: Until | undefined;
      if (precision !== undefined && step !== undefined) {
        const p = precision;
        until = {
          step,
          done: files.length === 2
            ? (t) => t[0].sides.every((side, i) => {
                const j = t[1].sides.indexOf(side);
                if (j < 0) return true;
                const ci = newcombePaired(pairCounts(t[0].outcomes!, t[1].outcomes!, i, j)).ci95;
                const d = t[1].wins[j] / t[1].runs - t[0].wins[i] / t[0].runs;
                return Math.max(d - ci[0], ci[1] - d) <= p;
              })
            : (t) => t.map((x) => allPrecise(x.wins, x.runs, p)),
        };
      }
      const { tallies, ms, workers: threads } = await play(specs, cap, workers, opts.json === true, until, queue);
      const timing = { ms, workers: threads };
      const fights = tallies.reduce((a, t) => a + t.runs, 0);
      const note = (reached: boolean): PrecisionNote | undefined => (precision !== undefined ? { precision, checkedEvery: step!, most: cap, reached } : undefined);
      const write = (text: string) => process.stdout.write(text.endsWith('\n') ? text : text + '\n');

      if (sweep) {
        const result: SweepResult = { encounter: prepare(specs[0]).initial.name, ruleset: specs[0].ruleset, seed: specs[0].seed, fields: sweep.fields, variants: tallies.map((t, i) => ({ values: sweep.values[i], summary: summaryOf(specs[i], t) })) };
        if (opts.report) writeFileSync(opts.report, sweepReport(result, timing));
        const reached = precision !== undefined ? tallies.map((t) => allPrecise(t.wins, t.runs, precision)) : [];
        if (opts.json) {
          write(JSON.stringify({ ...result, variants: result.variants.map((v) => ({ values: Object.fromEntries(sweep.fields.map((f, k) => [f, v.values[k]])), ...v.summary })), ...(precision !== undefined ? { precision: { precision, checkedEvery: step, most: cap, reached } } : {}), timing: { ms: Math.round(ms), workers: threads, fights } }, null, 2));
        } else {
          write(formatSweep(result, timing));
          const missed = reached.filter((r) => !r).length;
          if (precision !== undefined) write(`--precision ${precision}: each variant played until its intervals were within ±${(precision * 100).toFixed(2)} points (looked every ${step!.toLocaleString('en-US')} fights, at most ${cap.toLocaleString('en-US')})${missed ? `; ${missed} of ${reached.length} did not get there within the cap` : ''}`);
        }
      } else if (tallies.length === 1) {
        const s = summaryOf(specs[0], tallies[0]);
        const p = note(precision !== undefined && allPrecise(tallies[0].wins, tallies[0].runs, precision));
        if (opts.report) writeFileSync(opts.report, summaryReport(s, timing));
        if (opts.json) write(JSON.stringify({ ...s, ...(p ? { precision: p } : {}), timing: { ms: Math.round(ms), workers: threads, fightsPerSecond: Math.round((s.runs / ms) * 1000) } }, null, 2));
        else write(formatSummary(s, timing) + (p ? `\n${precisionLine(p, s.runs, "every side's win rate")}` : ''));
      } else {
        const [a, b] = [summaryOf(specs[0], tallies[0]), summaryOf(specs[1], tallies[1])];
        const c = compare(a, b, { a: tallies[0].outcomes!, b: tallies[1].outcomes! });
        const within = precision !== undefined && Object.values(c.sides).every((d) => Math.max(d.diff - d.ci95[0], d.ci95[1] - d.diff) <= precision);
        const p = note(within);
        const pair: [string, string] = [files[0], files[1]];
        if (opts.report) writeFileSync(opts.report, comparisonReport(c, pair));
        if (opts.json) write(JSON.stringify({ ...c, ...(p ? { precision: p } : {}), timing: { ms: Math.round(ms), workers: threads } }, null, 2));
        else write(formatComparison(c, pair) + (p ? `\n${precisionLine(p, a.runs, "every side's difference B − A")}` : ''));
      }
      if (opts.report && !opts.json) process.stderr.write(`report written to ${opts.report}\n`);
    });
};

/** `sim --queue URL --cancel ID`: the batch stops and its chunks leave the queue. */
async function cancel(opts: SimOpts): Promise<void> {
  if (!opts.queue) throw new CliExit(2, 'skirmish: --cancel needs --queue postgres://… (the queue the batch is on)');
  if (!/^\d+$/.test(opts.cancel!)) throw new CliExit(2, `skirmish: --cancel takes a batch id (a number), got "${opts.cancel}"`);
  const { cancelBatch } = await import('../../sim/queue/submit.ts');
  const done = await cancelBatch(opts.queue, opts.cancel!);
  if (!done) throw new CliExit(2, `skirmish: batch ${opts.cancel} is not running on that queue (finished, cancelled, or never queued)`);
  process.stdout.write(`batch ${opts.cancel} cancelled: its chunks left the queue\n`);
}

/** Two variants on one seed (the first's: --seed, else its file's, else 1), each fight's result kept for pairing. */
function pairOf(files: string[], opts: SimOpts, policies: Record<string, string>, maxRounds: number): SimSpec[] {
  const a = specFor(files[0], opts, policies, maxRounds);
  const b = specFor(files[1], opts, policies, maxRounds, a.seed);
  return [{ ...a, outcomes: true }, { ...b, outcomes: true }];
}
