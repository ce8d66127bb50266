/**
 * A queue worker's threads: `threads` worker threads for the whole process (chunk-thread.ts, from one
 * esbuild bundle as the pool's are: runRange on fights from..to of a variant), kept warm from one batch
 * to the next; a batch's specs are sent to a thread with its first chunk of that batch. The process's
 * main thread only talks to the database, so its heartbeat keeps beating while chunks play.
 */
import type { Worker } from 'node:worker_threads';
import type { SimSpec } from '../runner.ts';
import type { Tally } from '../tally.ts';
import { bundledWorker } from '../worker-bundle.ts';
import { startWorker } from '../worker-start.ts';
import type { FromChunkThread, ToChunkThread } from './chunk-thread.ts';

/** The rules threw while playing: the same fights would throw again, so the batch fails instead of retrying. */
export class FightError extends Error {}

/** Where the threads' code is: one bundle of the sources (worker-bundle.ts). */
export function chunkThreadEntry(): Promise<URL> {
  return bundledWorker(new URL('./chunk-thread.ts', import.meta.url), new URL('./chunk-thread-entry.mjs', import.meta.url), 'sim-queue-thread-');
}

interface Thread {
  worker: Worker;
  /** Batches whose specs it was sent (it keeps the last few: it asks again for one it dropped). */
  knows: Set<string>;
}

export class ChunkThreads {
  private readonly idle: Thread[] = [];
  private readonly all = new Set<Thread>();

  constructor(private readonly entry: () => Promise<URL> = chunkThreadEntry) {}

  /** Play fights [from, to) of variant v of a batch on an idle thread (the caller plays at most `threads` at once). */
  async play(batch: string, specs: readonly SimSpec[], v: number, from: number, to: number): Promise<Tally> {
    const t = this.idle.pop() ?? { worker: startWorker(await this.entry(), {}), knows: new Set<string>() };
    this.all.add(t);
    try {
      let msg = await this.ask(t, { batch, ...(t.knows.has(batch) ? {} : { specs: [...specs] }), v, from, to });
      if ('needSpecs' in msg) msg = await this.ask(t, { batch, specs: [...specs], v, from, to });
      t.knows.add(batch);
      if ('needSpecs' in msg) throw new Error('a queue thread lost its batch twice (a bug)');
      if ('error' in msg) throw new FightError(msg.error);
      this.idle.push(t);
      return msg.tally;
    } catch (err) {
      if (err instanceof FightError) this.idle.push(t);
      else {
        this.all.delete(t);
        void t.worker.terminate();
      }
      throw err;
    }
  }

  private ask(t: Thread, msg: ToChunkThread): Promise<FromChunkThread> {
    const w = t.worker;
    return new Promise<FromChunkThread>((resolve, reject) => {
      const off = () => {
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
      };
      const onMessage = (m: FromChunkThread) => (off(), resolve(m));
      const onError = (err: Error) => (off(), reject(err));
      const onExit = (code: number) => (off(), reject(new Error(`a simulation thread stopped (exit code ${code})`)));
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      w.postMessage(msg);
    });
  }

  async close(): Promise<void> {
    const all = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(all.map((t) => t.worker.terminate()));
  }
}
