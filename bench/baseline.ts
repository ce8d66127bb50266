// The simulator as it was at a given commit, next to today's, in one process: both are bundled by
// esbuild from the same small entry (load a file, prepare, play fights) — the baseline from its sources
// taken out of git into node_modules/.cache/skirmish/ — so a bench can time them in alternating bursts
// and a busy machine slows both alike. Without git history (a shallow clone) there is no baseline.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/skirmish');

/** Plays fights [i, i + batch) of one encounter file, on from the last call; returns the commands decided. */
export type Runner = (batch: number) => number;

export interface Simulator {
  /** A runner for the encounter file (its own policies unless `policies` says otherwise). */
  runner(file: string, policies?: Record<string, string>): Runner;
  /** Where its sources are (the baseline's tree holds the examples as they were then). */
  root?: string;
}

// the same calls at every commit since the runner existed: loadText, prepare, runRange
const ENTRY = `
import { readFileSync } from 'node:fs';
import { loadText } from './src/rulesets/load.ts';
import { prepare, runRange } from './src/sim/runner.ts';
export function runner(file, policies = {}) {
  const loaded = loadText(readFileSync(file, 'utf8'), file);
  if (!loaded.ok) throw new Error(file + ': ' + loaded.problems[0].message);
  const spec = { ruleset: loaded.value.ruleset.id, doc: loaded.value.doc, seed: 1, maxRounds: 100, policies };
  const prepared = prepare(spec);
  let i = 0;
  return (batch) => { const t = runRange(spec, i, i + batch, prepared); i += batch; return t.commands; };
}
`;

function bundleAt(tree: string, out: string): Simulator {
  buildSync({ stdin: { contents: ENTRY, resolveDir: tree, loader: 'ts' }, bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: out, logLevel: 'silent' });
  return createRequire(import.meta.url)(out) as Simulator;
}

/** Today's sources, bundled like the baseline's. */
export function current(): Simulator {
  mkdirSync(CACHE, { recursive: true });
  const out = join(CACHE, `bench-current-${process.pid}.cjs`);
  try {
    return bundleAt(ROOT, out);
  } finally {
    if (existsSync(out)) unlinkSync(out); // loaded: the file is not needed any more
  }
}

/**
 * Today's thread pool (src/sim/pool.ts) as one bundle, so the fights this thread plays run the same
 * compiled code as the workers' bundle: timed through the TypeScript loader instead, one thread ran
 * 1.7–1.9× slower than a worker and two threads looked better against it than they are. The bundle's
 * `import.meta.url` is worker-bundle.ts's own (the only module of the pool that reads it: where the
 * workers' code and its cache are); esbuild is loaded as it is, not bundled.
 */
export function compiledPool(): typeof import('../src/sim/pool.ts') {
  mkdirSync(CACHE, { recursive: true });
  const out = join(CACHE, `bench-pool-${process.pid}.cjs`);
  const workerBundle = new URL('../src/sim/worker-bundle.ts', import.meta.url).href;
  try {
    buildSync({
      entryPoints: [join(ROOT, 'src/sim/pool.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: out, logLevel: 'silent',
      external: ['esbuild'], define: { 'import.meta.url': JSON.stringify(workerBundle) },
    });
    return createRequire(import.meta.url)(out) as typeof import('../src/sim/pool.ts');
  } finally {
    if (existsSync(out)) unlinkSync(out);
  }
}

/** The full hash `commit` (a hash, a branch, `HEAD~2`) names now, or undefined when git does not know it. */
function commitHash(commit: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The sources of `commit`, or undefined when git cannot give them. */
export function baselineAt(commit: string): Simulator | undefined {
  const hash = commitHash(commit);
  if (!hash) return undefined;
  // cached by the hash, never the name: `HEAD` or a branch moves, and its old tree would be timed as new
  const tree = join(CACHE, `baseline-${hash.slice(0, 12)}`);
  const out = join(tree, 'bench.cjs');
  if (!existsSync(out) || !existsSync(join(tree, 'examples'))) {
    try {
      rmSync(tree, { recursive: true, force: true });
      mkdirSync(tree, { recursive: true });
      const tar = execFileSync('git', ['archive', '--format=tar', hash, 'src', 'examples', 'package.json'], { cwd: ROOT, maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
      writeFileSync(join(tree, 'src.tar'), tar);
      execFileSync('tar', ['-xf', 'src.tar'], { cwd: tree });
      return { ...bundleAt(tree, out), root: tree };
    } catch {
      rmSync(tree, { recursive: true, force: true });
      return undefined;
    }
  }
  return { ...(createRequire(import.meta.url)(out) as Simulator), root: tree };
}

/**
 * Fights per CPU-second of each runner, timed in alternating bursts over about `ms` ms each, after a
 * warm-up of `warmMs` (default a quarter of `ms`) for the first runner and the same fights for the
 * others. In each burst the first runner plays for `burst` ms and every other one
 * then plays exactly as many fights: all play the same fights (runners go on from their last call), so
 * an example whose fights differ much in length is compared on equal work, not on whichever fights
 * each happened to reach.
 */
export function alternate(runners: Runner[], ms: number, burst = 100, warmMs = ms / 4): number[] {
  // warm-up: the first runner for `warmMs`, the others over the same fights
  let warm = 0;
  const until = performance.now() + warmMs;
  while (performance.now() < until) {
    runners[0](2);
    warm += 2;
  }
  for (const r of runners.slice(1)) for (let i = 0; i < warm; i += 2) r(2);
  const played = runners.map(() => 0);
  const cpu = runners.map(() => 0);
  const end = performance.now() + ms * runners.length;
  while (performance.now() < end) {
    let n = 0;
    runners.forEach((r, k) => {
      const c0 = process.cpuUsage();
      if (k === 0) {
        const t0 = performance.now();
        while (performance.now() - t0 < burst) {
          r(2);
          n += 2;
        }
      } else {
        for (let i = 0; i < n; i += 2) r(2);
      }
      const c = process.cpuUsage(c0);
      cpu[k] += c.user + c.system;
      played[k] += n;
    });
  }
  return runners.map((_, k) => played[k] / (cpu[k] / 1e6));
}
