/**
 * A queue worker's threads: for each batch it serves, worker threads running the pool's own thread code
 * (src/sim/worker.ts, from the same bundle: runRange on fights from..to of a variant), started on first
 * need and stopped once the batch has been quiet a while. The process's main thread only talks to the
 * database, so its heartbeat keeps beating while chunks play.
 */
import type { Worker } from 'node:worker_threads';
import type { SimSpec } from '../runner.ts';
import type { Tally } from '../tally.ts';
import type { FromWorker, ToWorker } from '../worker.ts';
import { startWorker } from '../worker-start.ts';

/** The rules threw while playing: the same fights would throw again, so the batch fails instead of retrying. */
export class FightError extends Error {}

interface BatchSet {
  idle: Worker[];
  all: Set<Worker>;
  used: number;
}

/** Batches quiet this long give their threads back. */
const QUIET_MS = 15_000;

export class BatchThreads {
  private readonly sets = new Map<string, BatchSet>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly entry: () => Promise<URL>) {
    this.timer = setInterval(() => {
      for (const [batch, s] of this.sets) if (s.idle.length === s.all.size && performance.now() - s.used > QUIET_MS) this.drop(batch);
    }, 5000);
    this.timer.unref();
  }

  /** Play fights [from, to) of variant v of a batch on one of its threads. */
  async play(batch: string, specs: readonly SimSpec[], v: number, from: number, to: number): Promise<Tally> {
    let set = this.sets.get(batch);
    if (!set) this.sets.set(batch, (set = { idle: [], all: new Set(), used: performance.now() }));
    const entry = await this.entry();
    const w = set.idle.pop() ?? startWorker(entry, { specs });
    set.all.add(w);
    try {
      const msg = await new Promise<FromWorker>((resolve, reject) => {
        const off = () => {
          w.off('message', onMessage);
          w.off('error', onError);
          w.off('exit', onExit);
        };
        const onMessage = (m: FromWorker) => (off(), resolve(m));
        const onError = (err: Error) => (off(), reject(err));
        const onExit = (code: number) => (off(), reject(new Error(`a simulation thread stopped (exit code ${code})`)));
        w.on('message', onMessage);
        w.on('error', onError);
        w.on('exit', onExit);
        w.postMessage({ v, from, to } satisfies ToWorker);
      });
      if ('error' in msg) throw new FightError(msg.error);
      set.idle.push(w);
      return msg.tally;
    } catch (err) {
      set.all.delete(w);
      void w.terminate();
      throw err;
    } finally {
      set.used = performance.now();
    }
  }

  drop(batch: string): void {
    const s = this.sets.get(batch);
    if (!s) return;
    this.sets.delete(batch);
    for (const w of s.all) void w.terminate();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.sets.values()].flatMap((s) => [...s.all]);
    this.sets.clear();
    await Promise.all(all.map((w) => w.terminate()));
  }
}
