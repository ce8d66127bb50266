/**
 * SQLite's checkpoints (the write-ahead log copied into the database file) in a thread of their own.
 * better-sqlite3 runs everything on the calling thread, and SQLite checkpoints inside the COMMIT that
 * takes the log past 1,000 pages: after a long import (100,000 events, a 22 MB log) that copy held the
 * main thread 170–620 ms, measured on a loaded 2-core machine. Here a thread with its own connection to
 * the same file checkpoints (PASSIVE: never in a writer's or a reader's way) every `CHECKPOINT_MS`; the
 * main connection's automatic checkpoint is off. Durability is unchanged: a COMMIT still syncs the log
 * before it returns. Where the thread cannot run, SQLite checkpoints on the main thread as before.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread checkpoints (one with nothing new to copy costs next to nothing). */
export const CHECKPOINT_MS = 200;

const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const every = setInterval(() => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} }, workerData.every);
parentPort.on('message', (m) => {
  if (!m.stop) return;
  clearInterval(every);
  db.close();
  parentPort.close();
});
`;

export class Checkpointer {
  private readonly worker: Worker;
  private down = false;

  /** `fallback` runs if the thread stops on its own (it turns SQLite's own checkpoint back on). */
  constructor(path: string, fallback: () => void) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, { eval: true, workerData: { path, driver, every: CHECKPOINT_MS } });
    const gone = () => {
      if (this.down) return;
      this.down = true;
      fallback();
    };
    this.worker.on('error', gone);
    this.worker.on('exit', gone);
    // its timer does not keep a closed server's process alive
    this.worker.unref();
  }

  /** The thread's connection closed and the thread ended: before the main connection closes, so that close checkpoints the rest. */
  async stop(): Promise<void> {
    if (this.down) return;
    this.down = true;
    // held (ref'd) while it ends: an unref'd thread's exit alone keeps nothing waiting, and a process
    // whose last work is this wait would leave its shutdown unsettled (exit code 13 on SIGTERM)
    this.worker.ref();
    const ended = new Promise((r) => this.worker.once('exit', r));
    this.worker.postMessage({ stop: true });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ended, new Promise((r) => (timer = setTimeout(r, 2000)))]);
    clearTimeout(timer);
    await this.worker.terminate();
  }
}
