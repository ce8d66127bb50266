/**
 * Simulation worker threads kept warm from one run to the next. Starting a thread and warming up its
 * code costs about 0.75 CPU-seconds on Node 20 (docs/benchmarks.md, session 12): paid once per process,
 * not once per run, a sweep's variants, a comparison's second encounter and the server's next quick
 * simulation play on threads already warm.
 *
 * A run borrows threads (`lend`) and gives them back (`giveBack`); a thread is lent to one run at a
 * time. A thread lent to no run is `unref`'d, so it never keeps the process alive, and it ends after
 * `idleMs` without a run. One whose code fails (an uncaught error, an exit) leaves the set; a fight that
 * throws is only an answer (worker.ts catches it), and the thread goes on serving. `close` ends all.
 */
import type { Worker } from 'node:worker_threads';
import { workerEntry } from './worker-bundle.ts';
import { startWorker } from './worker-start.ts';
import type { FromWorker, WarmWorkerData } from './worker.ts';

/** How long a thread waits for a next run before it ends (a GM's next quick simulation, a script's next call). */
export const IDLE_MS = 60_000;

export interface WarmThreadsOptions {
  /** The threads' script (default: the simulation worker's bundle). */
  entry?: () => Promise<URL>;
  /** Idle time after which a thread ends (default IDLE_MS). */
  idleMs?: number;
  /** The most threads at once, lent or idle (default: no bound; the caller asks for what it wants). */
  max?: number;
}

/** One worker thread, lent to a run or idle. */
export interface WarmThread {
  readonly worker: Worker;
  /** The run it plays for now (0: none); the worker reads it before each chunk. */
  readonly current: Int32Array;
  /** Its answers and its end, for the run it is lent to. */
  onMessage?: (msg: FromWorker) => void;
  onEnd?: (err: Error) => void;
  /** It stopped (exited or failed): it is out of the set. */
  gone: boolean;
  idleTimer?: NodeJS.Timeout;
}

export class WarmThreads {
  private readonly idle: WarmThread[] = [];
  private readonly all = new Set<WarmThread>();
  private lastRun = 0;
  private closed = false;
  /** Threads started since this set was made (tests count them: a second run starts none). */
  started = 0;

  constructor(private readonly options: WarmThreadsOptions = {}) {}

  /** Threads alive now, lent or idle. */
  get size(): number {
    return this.all.size;
  }

  /** A new run's number: a thread plays the chunks of the run it is lent to, and skips any other's. */
  nextRun(): number {
    this.lastRun = this.lastRun >= 0x7fffffff ? 1 : this.lastRun + 1;
    return this.lastRun;
  }

  /** Up to `n` threads for `run`: idle ones first, then new ones (fewer when `max` is reached or the set is closed). */
  async lend(n: number, run: number): Promise<WarmThread[]> {
    const out: WarmThread[] = [];
    while (out.length < n && this.idle.length) out.push(this.idle.pop()!);
    if (out.length < n && !this.closed) {
      const room = Math.min(n - out.length, (this.options.max ?? Infinity) - this.all.size);
      if (room > 0) {
        const entry = await (this.options.entry ?? workerEntry)();
        // the set may have closed, or other runs taken the room, while the entry was found
        for (let k = 0; k < room && !this.closed && this.all.size < (this.options.max ?? Infinity); k++) out.push(this.start(entry));
      }
    }
    for (const t of out) {
      clearTimeout(t.idleTimer);
      t.idleTimer = undefined;
      Atomics.store(t.current, 0, run);
      t.worker.ref();
    }
    return out;
  }

  /** Threads back from a run: what they still hold of it is skipped, and they wait for the next. */
  giveBack(threads: readonly WarmThread[]): void {
    for (const t of threads) {
      t.onMessage = undefined;
      t.onEnd = undefined;
      Atomics.store(t.current, 0, 0);
      if (t.gone) continue;
      if (this.closed) {
        void this.stop(t);
        continue;
      }
      t.worker.unref();
      t.idleTimer = setTimeout(() => {
        const at = this.idle.indexOf(t);
        if (at >= 0) this.idle.splice(at, 1);
        void this.stop(t);
      }, this.options.idleMs ?? IDLE_MS);
      t.idleTimer.unref();
      this.idle.push(t);
    }
  }

  /** End every thread (a server shutting down; a test's own set). Runs still playing fail with "stopped". */
  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    await Promise.all([...this.all].map((t) => this.stop(t)));
  }

  private start(entry: URL): WarmThread {
    const current = new SharedArrayBuffer(4);
    const worker = startWorker(entry, { current } satisfies WarmWorkerData);
    this.started++;
    const t: WarmThread = { worker, current: new Int32Array(current), gone: false };
    this.all.add(t);
    const leave = (err: Error) => {
      if (t.gone) return;
      t.gone = true;
      clearTimeout(t.idleTimer);
      this.all.delete(t);
      const at = this.idle.indexOf(t);
      if (at >= 0) this.idle.splice(at, 1);
      t.onEnd?.(err);
    };
    worker.on('message', (msg: FromWorker) => t.onMessage?.(msg));
    worker.on('error', leave);
    worker.on('exit', (code) => leave(new Error(`a simulation worker stopped (exit code ${code})`)));
    return t;
  }

  private async stop(t: WarmThread): Promise<void> {
    clearTimeout(t.idleTimer);
    this.all.delete(t);
    await t.worker.terminate();
  }
}

let shared: WarmThreads | undefined;

/** This process's warm simulation threads (`skirmish sim`, the library's `simulate`). */
export function simulationThreads(): WarmThreads {
  return (shared ??= new WarmThreads());
}

/** End this process's warm threads now (they would end by themselves after IDLE_MS idle). */
export async function closeSimulationThreads(): Promise<void> {
  const s = shared;
  shared = undefined;
  await s?.close();
}
