/**
 * A simulation worker thread: receives a SimSpec once (workerData), then plays the ranges of fights
 * it is sent and posts back their tallies. Started by pool.ts with the TypeScript loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepare, runRange, type SimSpec } from './runner.ts';

export type ToWorker = { from: number; to: number };
export type FromWorker = { tally: import('./tally.ts').Tally; from: number; to: number } | { error: string };

const spec = workerData as SimSpec;
const port = parentPort!;
let prepared: ReturnType<typeof prepare>;
try {
  prepared = prepare(spec);
} catch (err) {
  port.postMessage({ error: (err as Error).message } satisfies FromWorker);
}

port.on('message', (msg: ToWorker) => {
  try {
    const tally = runRange(spec, msg.from, msg.to, prepared);
    port.postMessage({ tally, from: msg.from, to: msg.to } satisfies FromWorker);
  } catch (err) {
    port.postMessage({ error: (err as Error).message } satisfies FromWorker);
  }
});
