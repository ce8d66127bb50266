/**
 * A simulation worker thread: plays the ranges of fights it is sent and posts back their tallies.
 * Started by warm-threads.ts from the bundle (worker-bundle.ts) and kept from one run to the next: a
 * run's SimSpecs come first (`{ run, specs }`), then its chunks. `workerData.current` (shared memory)
 * holds the run the thread is lent to now; a chunk of any other run — one queued here when its run
 * ended — is answered `skipped` without playing, so a finished run never delays the next.
 *
 * Started with `workerData` holding the specs themselves (one spec, or `{ specs }`), it plays those as
 * run 0 (the bench and tests talk to a worker directly that way).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepare, runRange, type SimSpec } from './runner.ts';

/** The specs of a run; then fights [from, to) of variant `v` (default 0: the one encounter). */
export type ToWorker = { run?: number; specs: SimSpec[] } | { run?: number; v?: number; from: number; to: number };
export type FromWorker =
  | { run?: number; v?: number; tally: import('./tally.ts').Tally; from: number; to: number }
  | { run?: number; v?: number; from: number; to: number; skipped: true }
  | { run?: number; error: string };

/** What a warm thread is started with: where the pool says which run the thread works for now. */
export interface WarmWorkerData {
  current: SharedArrayBuffer;
}

const data = (workerData ?? {}) as SimSpec | { specs: SimSpec[] } | WarmWorkerData;
const current = 'current' in data ? new Int32Array(data.current) : undefined;
const port = parentPort!;

let run = 0;
let specs: SimSpec[] = 'current' in data ? [] : 'specs' in data ? data.specs : [data];
let prepared: ReturnType<typeof prepare>[] = [];

port.on('message', (msg: ToWorker) => {
  const r = msg.run ?? 0;
  if ('specs' in msg) {
    // a new run: the last one's prepared states go
    run = r;
    specs = msg.specs;
    prepared = [];
    return;
  }
  const v = msg.v ?? 0;
  if ((current && Atomics.load(current, 0) !== r) || r !== run) {
    port.postMessage({ run: r, v, from: msg.from, to: msg.to, skipped: true } satisfies FromWorker);
    return;
  }
  try {
    prepared[v] ??= prepare(specs[v]);
    const tally = runRange(specs[v], msg.from, msg.to, prepared[v]);
    port.postMessage({ run: r, v, tally, from: msg.from, to: msg.to } satisfies FromWorker);
  } catch (err) {
    port.postMessage({ run: r, error: (err as Error).message } satisfies FromWorker);
  }
});
