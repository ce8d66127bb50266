/**
 * A queue worker's thread: plays chunks of any batch — fights [from, to) of variant v — with the
 * simulator's own `runRange`, as a pool worker does (src/sim/worker.ts). It lives as long as its
 * process, so it stays warm from one batch to the next; a batch's specs come with its first chunk here
 * and are prepared once (the last few batches are kept).
 */
import { parentPort } from 'node:worker_threads';
import { prepare, runRange, type Prepared, type SimSpec } from '../runner.ts';
import type { Tally } from '../tally.ts';

export type ToChunkThread = { batch: string; specs?: SimSpec[]; v: number; from: number; to: number };
export type FromChunkThread = { tally: Tally } | { error: string } | { needSpecs: true };

/** Batches whose specs a thread keeps. */
const KEPT = 4;

const known = new Map<string, { specs: SimSpec[]; prepared: Prepared[] }>();
const port = parentPort!;

port.on('message', (msg: ToChunkThread) => {
  if (msg.specs) {
    known.delete(msg.batch);
    known.set(msg.batch, { specs: msg.specs, prepared: [] });
    while (known.size > KEPT) known.delete(known.keys().next().value!);
  }
  const b = known.get(msg.batch);
  if (!b) return port.postMessage({ needSpecs: true } satisfies FromChunkThread);
  try {
    b.prepared[msg.v] ??= prepare(b.specs[msg.v]);
    port.postMessage({ tally: runRange(b.specs[msg.v], msg.from, msg.to, b.prepared[msg.v]) } satisfies FromChunkThread);
  } catch (err) {
    port.postMessage({ error: (err as Error).message } satisfies FromChunkThread);
  }
});
