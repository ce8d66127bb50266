/**
 * A simulation worker thread: receives its SimSpecs once (workerData), then plays the ranges of fights
 * it is sent and posts back their tallies. Started by pool.ts from the bundle (worker-bundle.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepare, runRange, type SimSpec } from './runner.ts';

/** Fights [from, to) of variant `v` (default 0: the one encounter). */
export type ToWorker = { v?: number; from: number; to: number };
export type FromWorker = { v?: number; tally: import('./tally.ts').Tally; from: number; to: number } | { error: string };

// workerData: one spec, or the variants of a comparison or sweep
const data = workerData as SimSpec | { specs: SimSpec[] };
const specs = 'specs' in data ? data.specs : [data];
const port = parentPort!;
const prepared: ReturnType<typeof prepare>[] = [];

port.on('message', (msg: ToWorker) => {
  try {
    const v = msg.v ?? 0;
    prepared[v] ??= prepare(specs[v]);
    const tally = runRange(specs[v], msg.from, msg.to, prepared[v]);
    port.postMessage({ v, tally, from: msg.from, to: msg.to } satisfies FromWorker);
  } catch (err) {
    port.postMessage({ error: (err as Error).message } satisfies FromWorker);
  }
});
