/**
 * Running many fights, in this thread or spread over worker threads. The range 0..runs is cut into
 * chunks handed out to whichever worker is free; chunk tallies are sums of integers, so merging them
 * in any order gives the same result as playing every fight in one thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { prepare, runRange, type SimSpec } from './runner.ts';
import { emptyTally, mergeTally, type Tally } from './tally.ts';
import type { FromWorker, ToWorker } from './worker.ts';

export interface PoolOptions {
  /** Worker threads; 1 plays in this thread (no start-up cost). */
  workers: number;
  /** Fights per chunk (default: about 16 chunks per worker, 50..2000). */
  chunk?: number;
  onProgress?: (done: number, total: number) => void;
}

/** A sensible default: every core, but no threads for small runs (starting one costs ~0.3 s). */
export function defaultWorkers(runs: number): number {
  return runs < 4000 ? 1 : Math.max(1, Math.min(availableParallelism(), 16));
}

function chunkSize(runs: number, workers: number, given?: number): number {
  if (given) return given;
  return Math.max(50, Math.min(2000, Math.ceil(runs / (workers * 16))));
}

export async function simulate(spec: SimSpec, runs: number, opts: PoolOptions): Promise<Tally> {
  const prepared = prepare(spec); // also fails early on a bad spec, before any thread starts
  const total = emptyTally(prepared.initial);
  const workers = Math.max(1, Math.min(opts.workers, Math.ceil(runs / 50)));
  const size = chunkSize(runs, workers, opts.chunk);
  if (workers === 1) {
    for (let from = 0; from < runs; from += size) {
      const to = Math.min(runs, from + size);
      mergeTally(total, runRange(spec, from, to, prepared));
      opts.onProgress?.(to, runs);
      // let the event loop breathe between chunks (signals, the progress bar)
      await new Promise((r) => setImmediate(r));
    }
    return total;
  }
  return runOnWorkers(spec, runs, workers, size, total, opts.onProgress);
}

function runOnWorkers(spec: SimSpec, runs: number, count: number, size: number, total: Tally, onProgress?: (done: number, total: number) => void): Promise<Tally> {
  return new Promise((resolve, reject) => {
    const threads: Worker[] = [];
    let next = 0;
    let done = 0;
    let failed = false;
    const finishAll = () => Promise.all(threads.map((w) => w.terminate()));
    const feed = (w: Worker) => {
      if (next >= runs) {
        w.postMessage({ stop: true } satisfies ToWorker);
        return;
      }
      const from = next;
      next = Math.min(runs, next + size);
      w.postMessage({ from, to: next } satisfies ToWorker);
    };
    for (let k = 0; k < count; k++) {
      const w = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: spec });
      threads.push(w);
      w.on('message', (msg: FromWorker) => {
        if (failed) return;
        if ('error' in msg) {
          failed = true;
          void finishAll().then(() => reject(new Error(msg.error)));
          return;
        }
        mergeTally(total, msg.tally);
        done += msg.to - msg.from;
        onProgress?.(done, runs);
        if (done >= runs) {
          void finishAll().then(() => resolve(total));
          return;
        }
        feed(w);
      });
      w.on('error', (err) => {
        if (failed) return;
        failed = true;
        void finishAll().then(() => reject(err));
      });
      feed(w);
    }
  });
}
