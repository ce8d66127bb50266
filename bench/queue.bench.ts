// The simulation queue (graphile-worker over PostgreSQL) against the local pool, on the same fights.
//   - the row `npm run bench` prints: milliseconds per chunk of 20 fights of duel60's duel, played by one
//     queue worker thread (enqueue, take, play, land in one transaction, merge) vs the local pool on one
//     thread in chunks of the same size; (ours − baseline) is the queue's overhead per chunk;
//   - `node --import tsx bench/queue.bench.ts --scaling [fights] [--chunk n]` (20,000 fights, the queue's own chunks by default): 1, 2 and 4 `skirmish worker --threads 1`
//     processes on this machine, warmed up first (1,000 fights each), then wall clock and fights per
//     CPU-second of the workers over the run (docs/simulator.md).
// A throwaway PostgreSQL cluster of this machine (or SKIRMISH_TEST_PG), fsync on as production runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { createDatabase, postgresBinaries, startCluster } from '../test/pg/cluster.ts';
import { loadText } from '../src/rulesets/load.ts';
import { simulateAll } from '../src/sim/pool.ts';
import type { SimSpec } from '../src/sim/runner.ts';
import { simulateOnQueue } from '../src/sim/queue/submit.ts';
import { runWorkerProcess } from '../src/sim/queue/worker-process.ts';
import type { BenchRow } from './sim.bench.ts';

const ROOT = join(import.meta.dirname, '..');
const CHUNK = 20;

function duel(): SimSpec {
  const file = join(ROOT, 'examples/duel60/duel.yaml');
  const r = loadText(readFileSync(file, 'utf8'), file);
  if (!r.ok) throw new Error('duel.yaml does not load');
  return { ruleset: r.value.ruleset.id, doc: r.value.doc, seed: 1, maxRounds: 100, policies: {} };
}

async function withDatabase<T>(name: string, f: (url: string) => Promise<T>): Promise<T | undefined> {
  if (!postgresBinaries() && !process.env.SKIRMISH_TEST_PG) {
    process.stderr.write('queue.bench.ts: SKIPPED — PostgreSQL is not installed here (apt-get install postgresql, or set SKIRMISH_TEST_PG)\n');
    return undefined;
  }
  const cluster = process.env.SKIRMISH_TEST_PG ? undefined : await startCluster({ fsync: true });
  try {
    return await f(await createDatabase(process.env.SKIRMISH_TEST_PG ?? cluster!.url, `${name}_${process.pid}`));
  } finally {
    cluster?.destroy();
  }
}

export async function benchQueue(ms = 1000): Promise<BenchRow[]> {
  const rows = await withDatabase('bench_queue', async (url) => {
    const spec = duel();
    const abort = new AbortController();
    let ready!: () => void;
    const listening = new Promise<void>((r) => (ready = r));
    const worker = runWorkerProcess({ url, threads: 1, signal: abort.signal, onReady: () => ready() });
    try {
      await listening;
      // warm both: the worker's thread, the pool's code
      await simulateOnQueue([spec], CHUNK * 2, { url, chunk: CHUNK });
      await simulateAll([spec], CHUNK * 2, { workers: 1, chunk: CHUNK });
      // chunks enough for the measuring time (a chunk of the duel is ~80 ms of one core)
      const chunks = Math.max(5, Math.round(ms / 80));
      const t0 = performance.now();
      const local = await simulateAll([spec], chunks * CHUNK, { workers: 1, chunk: CHUNK });
      const t1 = performance.now();
      const queued = await simulateOnQueue([spec], chunks * CHUNK, { url, chunk: CHUNK });
      const t2 = performance.now();
      if (!isDeepStrictEqual(local, queued)) throw new Error('the queue and the pool disagree');
      const ours = (t2 - t1) / chunks;
      const baseline = (t1 - t0) / chunks;
      return [{ name: `sim queue: ms per chunk of ${CHUNK} duel fights, 1 worker thread vs local pool (1 thread)`, ours, baseline, unit: 'ms', ratio: ours / baseline }];
    } finally {
      abort.abort();
      await worker;
    }
  });
  return rows ?? [];
}

/** CPU seconds a process has used (Linux: /proc/<pid>/stat, utime + stime in clock ticks). */
function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

async function scaling(fights: number, chunk?: number): Promise<void> {
  await withDatabase('bench_queue_scaling', async (url) => {
    const spec = duel();
    const out: string[] = [];
    let first: { wall: number; perCpu: number } | undefined;
    for (const n of [1, 2, 4]) {
      const procs: ChildProcess[] = [];
      for (let i = 0; i < n; i++) {
        const p = spawn(process.execPath, [join(ROOT, 'bin/skirmish.js'), 'worker', '--queue', url, '--threads', '1'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
        await new Promise<void>((r) => p.stdout!.on('data', (d: Buffer) => /waiting for chunks/.test(String(d)) && r()));
        procs.push(p);
      }
      // every worker's thread started and warm (a fresh thread's first CPU-second plays slowly)
      await simulateOnQueue([spec], 1000 * n, { url, ...(chunk ? { chunk } : {}) });
      const before = procs.map((p) => cpuSeconds(p.pid!));
      const load = loadavg()[0];
      const t = performance.now();
      await simulateOnQueue([spec], fights, { url, ...(chunk ? { chunk } : {}) });
      const wall = (performance.now() - t) / 1000;
      const cpu = procs.reduce((a, p, i) => a + cpuSeconds(p.pid!) - before[i], 0);
      for (const p of procs) p.kill('SIGTERM');
      await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))));
      const perCpu = fights / cpu;
      first ??= { wall, perCpu };
      out.push(`${n} worker process${n === 1 ? '' : 'es'}: ${wall.toFixed(1)} s wall (×${(first.wall / wall).toFixed(2)} speed), ${Math.round(fights / wall)} fights/s, ${Math.round(perCpu)} fights per CPU-second (×${(perCpu / first.perCpu).toFixed(2)}), load ${load.toFixed(1)} at start`);
      process.stderr.write(out.at(-1) + '\n');
    }
    console.log(out.join('\n'));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--scaling')) {
    const at = process.argv.indexOf('--chunk');
    const n = Number(process.argv.find((a, i) => /^\d+$/.test(a) && i !== at + 1) ?? 20000);
    await scaling(n, at > 0 ? Number(process.argv[at + 1]) : undefined);
  } else {
    const { printTable } = await import('./table.ts');
    console.log(printTable(await benchQueue(process.argv.includes('--quick') ? 200 : 1000)));
  }
}
