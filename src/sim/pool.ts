/**
 * Running many fights on K threads: this one and K − 1 worker threads. The range 0..runs is cut into
 * chunks; each worker keeps two in flight, and this thread plays chunks too, from the start, while the
 * workers' code is found or bundled (worker-bundle.ts) and they start. Chunk tallies are sums of
 * integers, so merging them in any order gives the same result as playing every fight in one thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { prepare, runRange, type SimSpec } from './runner.ts';
import { emptyTally, mergeTally, type Tally } from './tally.ts';
import type { FromWorker, ToWorker } from './worker.ts';
import { workerEntry } from './worker-bundle.ts';

export { workerEntry }; // the bench and tests start workers of their own

export interface PoolOptions {
  /** Threads that play fights, this one included; 1 plays everything here (no start-up cost). */
  workers: number;
  /** Fights per chunk (default: about 16 chunks per thread, 50..2000). */
  chunk?: number;
  onProgress?: (done: number, total: number) => void;
  /** Told of each chunk played and whether a worker thread played it (tests check both kinds work). */
  onChunk?: (from: number, to: number, inWorker: boolean) => void;
}

/** A sensible default: every core, but no extra threads for small runs. */
export function defaultWorkers(runs: number): number {
  return runs < 4000 ? 1 : Math.max(1, Math.min(availableParallelism(), 16));
}

function chunkSize(runs: number, workers: number, given?: number): number {
  if (given) return given;
  return Math.max(50, Math.min(2000, Math.ceil(runs / (workers * 16))));
}

const tick = () => new Promise<void>((r) => setImmediate(r));

export async function simulate(spec: SimSpec, runs: number, opts: PoolOptions): Promise<Tally> {
  const prepared = prepare(spec); // also fails early on a bad spec, before any thread starts
  const total = emptyTally(prepared.initial);
  const threads = Math.max(1, Math.min(opts.workers, Math.ceil(runs / 50)));
  const size = chunkSize(runs, threads, opts.chunk);
  let next = 0;
  let done = 0;
  const take = (): [number, number] | undefined => {
    if (next >= runs) return undefined;
    const from = next;
    // chunks shrink toward the end (never below 50), so the threads finish together instead of one
    // waiting while another plays a last big chunk; a given chunk size is kept as it is
    const step = opts.chunk ? size : Math.min(size, Math.max(50, Math.ceil((runs - next) / (threads * 4))));
    next = Math.min(runs, next + step);
    return [from, next];
  };
  const finished = (from: number, to: number, tally: Tally, inWorker: boolean) => {
    opts.onChunk?.(from, to, inWorker);
    mergeTally(total, tally);
    done += to - from;
    opts.onProgress?.(done, runs);
  };

  let failure: Error | undefined;
  let outstanding = 0;
  let wake: (() => void) | undefined;
  const workers: Worker[] = [];
  const feed = (w: Worker) => {
    const c = take();
    if (!c) return;
    outstanding++;
    w.postMessage({ from: c[0], to: c[1] } satisfies ToWorker);
  };
  const spawn = (entry: URL) => {
    // this thread may have played everything while the bundle was built: then no worker is needed
    for (let k = 1; k < threads && next < runs && !failure; k++) {
      const w = new Worker(entry, { workerData: spec });
      workers.push(w);
      w.on('message', (msg: FromWorker) => {
        outstanding--;
        if ('error' in msg) failure ??= new Error(msg.error);
        else {
          finished(msg.from, msg.to, msg.tally, true);
          if (!failure) feed(w);
        }
        wake?.();
      });
      w.on('error', (err) => {
        failure ??= err;
        wake?.();
      });
      w.on('exit', (code) => {
        if (outstanding > 0) failure ??= new Error(`a simulation worker stopped (exit code ${code})`);
        wake?.();
      });
      feed(w);
      feed(w);
    }
  };
  // the workers' code is bundled in the background while this thread already plays
  const spawned = threads > 1 ? workerEntry().then(spawn) : Promise.resolve();
  try {
    // this thread works too, yielding between chunks so worker results are taken in and answered
    for (let c = take(); c && !failure; c = take()) {
      finished(c[0], c[1], runRange(spec, c[0], c[1], prepared), false);
      await tick();
    }
    await spawned;
    while (!failure && outstanding > 0) await new Promise<void>((r) => (wake = r));
  } finally {
    outstanding = 0; // terminating is not a failure
    await spawned.catch(() => undefined);
    await Promise.all(workers.map((w) => w.terminate()));
  }
  if (failure) throw failure;
  return total;
}
