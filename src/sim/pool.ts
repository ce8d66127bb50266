/**
 * Running many fights on K threads: this one and K − 1 worker threads. The fights 0..runs of each
 * variant (one encounter, or several: two to compare, a sweep's) are cut into chunks; each worker keeps
 * three in flight, and this thread plays chunks too, from the start, while the workers' code is found or
 * bundled (worker-bundle.ts) and they start. Chunk tallies are merged in fight order, so the result is
 * the one of playing every fight in one thread.
 *
 * A fight is the same whoever plays it, so when this thread has nothing left to hand out it plays the
 * chunks the workers hold and have not answered yet, from the last sent back: the first answer for a
 * chunk counts, the other is dropped. A cold or slow worker then never holds up the end of a run.
 *
 * The workers are borrowed from a set of threads kept warm across runs (warm-threads.ts: by default this
 * process's own) and given back at the end: a second run — a sweep's, a comparison's, the server's next
 * quick simulation — starts no thread and pays no warm-up.
 *
 * With `until` (a stated precision) the results are looked at only at checkpoints — every `step` fights
 * of each variant — and a variant stops at the first checkpoint its rule accepts: its tally then holds
 * exactly the fights before that checkpoint, whichever threads played them and in whatever order they
 * came back (fights handed out past it are dropped).
 */
import { availableParallelism } from 'node:os';
import { prepare, runRange, type Prepared, type SimSpec } from './runner.ts';
import { emptyTally, mergeTally, type Tally } from './tally.ts';
import { simulationThreads, WarmThreads, type WarmThread } from './warm-threads.ts';
import type { FromWorker, ToWorker } from './worker.ts';
import { workerEntry } from './worker-bundle.ts';

export { workerEntry }; // the bench and tests start workers of their own
export { startWorker, workerArgv } from './worker-start.ts';
export { closeSimulationThreads, simulationThreads, WarmThreads } from './warm-threads.ts';

/** A run told to play on worker threads only (`here: false`) got none: the caller plays some other way. */
export class NoThreadsError extends Error {}

/** Looking at the results as they come: at every `step` fights of every variant, `done` says which may stop. */
export interface Until {
  step: number;
  /** The tallies of fights 0..n of every variant still playing (stopped ones as they stopped); true, or one answer per variant. */
  done(tallies: readonly Tally[], n: number): boolean | readonly boolean[];
}

export interface PoolOptions {
  /** Threads that play fights, this one included; 1 plays everything here (no start-up cost). */
  workers: number;
  /** Fights per chunk (default: about 16 chunks per thread, 50..2000). */
  chunk?: number;
  /** Fights merged so far, of all variants, and the most there will be. */
  onProgress?: (done: number, total: number) => void;
  /** Told of each chunk merged (a chunk played twice, once) and whether a worker thread played it. */
  onChunk?: (from: number, to: number, inWorker: boolean, variant: number) => void;
  /** Told how many threads play, this one included, once the workers start (none start if this thread finishes first). */
  onThreads?: (threads: number) => void;
  /** Stop early at a checkpoint (`runs` is then the most each variant plays). */
  until?: Until;
  /** The workers' script (default: the bundle of the sources, worker-bundle.ts); tests give their own. Threads of another script are started for this run and ended after it. */
  entry?: URL;
  /** Where the worker threads are borrowed from (default: this process's warm threads, simulationThreads()). */
  threads?: WarmThreads;
  /** false: this thread plays no fight, only hands out chunks and merges (a server keeps serving); NoThreadsError if no worker thread could be had. */
  here?: boolean;
  /** Stop the run: it fails with the signal's reason, and the threads go back to their set. */
  signal?: AbortSignal;
}

/** A sensible default: every core, but no extra threads for small runs. */
export function defaultWorkers(runs: number): number {
  return runs < 4000 ? 1 : Math.max(1, Math.min(availableParallelism(), 16));
}

function chunkSize(total: number, workers: number, given?: number): number {
  if (given) return given;
  return Math.max(50, Math.min(2000, Math.ceil(total / (workers * 16))));
}

const tick = () => new Promise<void>((r) => setImmediate(r));

/**
 * Chunks each worker holds at once. This thread reads their results only between its own chunks, so a
 * worker with one chunk queued behind the one it plays ran dry whenever it finished both before this
 * thread looked up (idle 100–170 ms of a 5 s run of 100,000 fights): two queued outlast its chunk.
 */
const IN_FLIGHT = 3;

/** Fights this thread plays at a time until the workers are spawned: a chunk holds the spawn back until it ends. */
const BEFORE_SPAWN = 10;

/** A chunk sent to a worker and not answered yet. */
interface Sent {
  v: number;
  from: number;
  to: number;
  by: WarmThread;
  /** This thread has taken it up too. */
  taken: boolean;
}

/** One variant's progress: fights handed out, fights merged (in order), chunks come back out of order. */
interface Variant {
  next: number;
  merged: number;
  tally: Tally;
  waiting: Map<number, { to: number; tally: Tally }>;
  /** Where it stopped (a checkpoint), once its rule said so. */
  stoppedAt?: number;
}

/** Play fights 0..runs of one encounter. */
export async function simulate(spec: SimSpec, runs: number, opts: PoolOptions): Promise<Tally> {
  return (await simulateAll([spec], runs, opts))[0];
}

/** Play fights 0..runs of each variant; fight i of every variant draws the same streams of the seed. */
export async function simulateAll(specs: readonly SimSpec[], runs: number, opts: PoolOptions): Promise<Tally[]> {
  // also fails early on a bad spec, before any thread starts
  const prepared: Prepared[] = specs.map((s) => prepare(s));
  const variants: Variant[] = prepared.map((p) => ({ next: 0, merged: 0, tally: emptyTally(p.initial), waiting: new Map() }));
  if (specs.some((s) => s.outcomes)) for (const v of variants) v.tally.outcomes = [];
  const total = runs * specs.length;
  const here = opts.here !== false;
  const threads = Math.max(here ? 1 : 2, Math.min(opts.workers, Math.ceil(total / 50)));
  const size = chunkSize(total, threads, opts.chunk);
  const step = opts.until ? Math.max(1, opts.until.step) : runs;
  /** The next checkpoint to look at; no variant merges past it until it is looked at. */
  let gate = Math.min(step, runs);

  const limitOf = (v: Variant) => v.stoppedAt ?? runs;
  const finished = () => variants.every((v) => v.merged >= limitOf(v));
  const progress = () => opts.onProgress?.(variants.reduce((a, v) => a + Math.min(v.merged, limitOf(v)), 0), variants.reduce((a, v) => a + limitOf(v), 0));

  /** Hand out the next chunk: of the variant furthest behind, never across a checkpoint, at most a checkpoint ahead of the gate. */
  const take = (most = Infinity): [number, number, number] | undefined => {
    let pick = -1;
    for (let i = 0; i < variants.length; i++) {
      const v = variants[i];
      if (v.next >= limitOf(v) || v.next >= gate + step) continue;
      if (pick < 0 || v.next < variants[pick].next) pick = i;
    }
    if (pick < 0) return undefined;
    const v = variants[pick];
    const from = v.next;
    const boundary = Math.min(limitOf(v), (Math.floor(from / step) + 1) * step);
    // chunks shrink toward the end (never below 50), so the threads finish together instead of one
    // waiting while another plays a last big chunk; a given chunk size is kept as it is
    const left = variants.reduce((a, w) => a + Math.max(0, limitOf(w) - w.next), 0);
    const want = opts.chunk ? size : Math.min(size, Math.max(50, Math.ceil(left / (threads * 4))));
    v.next = Math.min(boundary, from + Math.min(want, most));
    return [pick, from, v.next];
  };

  /** Merge what has come back, in order, up to the gate; look at the checkpoint once every variant is there. */
  const settle = () => {
    for (;;) {
      for (const v of variants) {
        for (let c = v.waiting.get(v.merged); c && v.merged < Math.min(gate, limitOf(v)); c = v.waiting.get(v.merged)) {
          v.waiting.delete(v.merged);
          mergeTally(v.tally, c.tally);
          v.merged = c.to;
        }
      }
      if (!variants.every((v) => v.merged >= Math.min(gate, limitOf(v)))) return;
      if (opts.until && gate < runs) {
        const answer = opts.until.done(variants.map((v) => v.tally), gate);
        variants.forEach((v, i) => {
          if (v.stoppedAt === undefined && (answer === true || (Array.isArray(answer) && answer[i]))) v.stoppedAt = gate;
        });
        if (variants.every((v) => v.stoppedAt !== undefined)) return;
      }
      if (gate >= runs) return;
      gate = Math.min(runs, gate + step);
    }
  };

  const done = (v: number, from: number, to: number, tally: Tally, inWorker: boolean) => {
    const w = variants[v];
    // a chunk both a worker and this thread played: the first answer counts, and it was merged or is waiting
    if (from < w.merged || w.waiting.has(from)) return;
    opts.onChunk?.(from, to, inWorker, v);
    if (from < limitOf(w)) w.waiting.set(from, { to, tally });
    settle();
    progress();
  };

  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const onAbort = () => {
    failure ??= opts.signal?.reason instanceof Error ? opts.signal.reason : new Error('the simulation was stopped');
    wake?.();
  };
  if (opts.signal?.aborted) onAbort();
  opts.signal?.addEventListener('abort', onAbort);
  // threads of a script of the caller's own are this run's only; else borrowed from the warm set
  const own = opts.entry ? new WarmThreads({ entry: async () => opts.entry! }) : undefined;
  const set = own ?? opts.threads ?? simulationThreads();
  const run = set.nextRun();
  const workers: WarmThread[] = [];
  /** What the workers hold, in the order sent: each plays its own in that order. */
  const sent: Sent[] = [];
  const feed = (w: WarmThread) => {
    if (w.gone) return false;
    const c = take();
    if (!c) return false;
    sent.push({ v: c[0], from: c[1], to: c[2], by: w, taken: false });
    w.worker.postMessage({ run, v: c[0], from: c[1], to: c[2] } satisfies ToWorker);
    return true;
  };
  /** The chunk a worker holds that it would come to last, for this thread to play too (as `take` gives one). */
  const takeUp = (): [number, number, number] | undefined => {
    for (let i = sent.length - 1; i >= 0; i--) {
      const c = sent[i];
      if (!c.taken && c.from < limitOf(variants[c.v])) return ((c.taken = true), [c.v, c.from, c.to]);
    }
    return undefined;
  };
  const idle = new Set<WarmThread>();
  const lent: WarmThread[] = [];
  const spawn = (got: WarmThread[]) => {
    lent.push(...got);
    // this thread may have played everything while the threads started: then they are given back unused
    for (const w of got) {
      if (finished() || failure) break;
      workers.push(w);
      w.onMessage = (msg: FromWorker) => {
        if ((msg.run ?? 0) !== run) return; // an answer of an earlier run this thread was lent to
        if ('error' in msg) failure ??= new Error(msg.error);
        else {
          const v = msg.v ?? 0;
          const at = sent.findIndex((c) => c.by === w && c.v === v && c.from === msg.from);
          if (at >= 0) sent.splice(at, 1);
          if (!('skipped' in msg)) done(v, msg.from, msg.to, msg.tally, true);
          if (!failure && !feed(w)) idle.add(w);
          // a merge may have opened the next checkpoint's work for the idle ones
          for (const i of [...idle]) if (feed(i)) idle.delete(i);
        }
        wake?.();
      };
      w.onEnd = (err) => {
        idle.delete(w);
        // its chunks are lost (this thread could play them again, but a fight that kills a thread would
        // kill this one too); without this thread playing, no one is left to
        if (sent.some((c) => c.by === w) || !here) failure ??= err;
        wake?.();
      };
      w.worker.postMessage({ run, specs: [...specs] } satisfies ToWorker);
      if (!feed(w)) idle.add(w);
      for (let k = 1; k < IN_FLIGHT; k++) feed(w);
    }
    opts.onThreads?.((here ? 1 : 0) + workers.length);
  };
  // the workers are borrowed (or started, their code found or bundled) in the background while this thread already plays
  let started = threads === 1;
  // (a one-file server has no worker code beside it: without this thread, that is "no threads")
  const borrow = () => set.lend(threads - 1, run).catch((err: Error) => (here ? Promise.reject(err) : []));
  const spawned = threads > 1 ? borrow().then(spawn).finally(() => (started = true)) : Promise.resolve();
  const playHere = (v: number, from: number, to: number) => done(v, from, to, runRange(specs[v], from, to, prepared[v]), false);
  try {
    // this thread works too, yielding between chunks so worker results are taken in and answered; in
    // small chunks until the workers are spawned, so they start now and not after a whole chunk
    while (!failure && !finished()) {
      // a new chunk, or else one a worker holds (played twice, the first answer counts)
      const c = here ? take(started ? Infinity : BEFORE_SPAWN) ?? takeUp() : undefined;
      if (c) playHere(c[0], c[1], c[2]);
      else {
        // every chunk is in hand: wait for the workers' answers (or for the workers to start)
        if (started && sent.length === 0) {
          if (!here && workers.length === 0) throw new NoThreadsError('no simulation thread could be started');
          throw new Error('the simulation has fights left but none to play (a bug)');
        }
        const back = new Promise<void>((r) => (wake = r));
        await (started ? back : Promise.race([spawned, back]));
        wake = undefined;
        continue;
      }
      for (const i of [...idle]) if (feed(i)) idle.delete(i);
      await tick();
    }
    await spawned;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    sent.length = 0; // a thread ending now is not this run's failure
    await spawned.catch(() => undefined);
    set.giveBack(lent);
    if (own) await own.close();
  }
  if (failure) throw failure;
  return variants.map((v) => v.tally);
}
