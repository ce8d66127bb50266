/**
 * The reader: a worker thread for the reading that would hold the event loop (reading.ts). Tasks run
 * one at a time in it; a task past `readMs` stops the thread (a fresh one takes the rest), a queue past
 * `readQueue` is refused with LIMIT_REACHED (429). One thread per process, shared by every server in it,
 * started on the first task; where no thread can start, the task runs here (slower to others, same result).
 */
import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../sim/worker-bundle.ts';
import { ApiError } from './errors.ts';
import type { Limits } from './limits.ts';
import { runReadTask, sizeOfTask, type ReadResult, type ReadTask } from './reading.ts';
import type { ReadReply } from './reader-thread.ts';

interface Job {
  id: number;
  task: ReadTask;
  /** Milliseconds this task may take once the thread takes it up. */
  readMs: number;
  resolve(v: ReadResult): void;
  reject(e: Error): void;
  timer?: NodeJS.Timeout;
}

let worker: Worker | undefined;
let starting: Promise<Worker | undefined> | undefined;
let next = 1;
const jobs = new Map<number, Job>();

function entry(): Promise<URL> {
  return bundledWorker(new URL('./reader-thread.ts', import.meta.url), new URL('./reader-entry.mjs', import.meta.url), 'server-reader-');
}

function start(): Promise<Worker | undefined> {
  starting ??= entry()
    .then((url) => {
      const w = new Worker(url);
      w.on('message', (m: ReadReply) => settle(m));
      w.on('error', (err) => stop(w, new ApiError('INTERNAL', `the reader failed: ${err.message}`)));
      w.on('exit', () => stop(w));
      // after the listeners: adding a 'message' listener refs the thread's port again, and a ref'd port
      // keeps the process alive after the server closes (SIGTERM stopped listening but never exited)
      w.unref();
      worker = w;
      return w;
    })
    .catch(() => undefined);
  return starting;
}

/** The thread is gone (crashed, or stopped for a task that took too long): its jobs fail, the next task starts a new one. */
function stop(w: Worker, why?: Error): void {
  if (worker !== w) return;
  worker = undefined;
  starting = undefined;
  for (const job of jobs.values()) {
    clearTimeout(job.timer);
    job.reject(why ?? new ApiError('INTERNAL', 'the reader stopped'));
  }
  jobs.clear();
}

function settle(m: ReadReply): void {
  const job = jobs.get(m.id);
  if (!job) return;
  if (m.started) {
    // the clock runs from when the thread takes the task up, not while it waits its turn
    job.timer = setTimeout(() => {
      const w = worker;
      jobs.delete(job.id);
      job.reject(new ApiError('PAYLOAD_TOO_LARGE', `reading this took over ${job.readMs / 1000} s; send a smaller file`));
      if (w) {
        // the others were sent to this thread: a fresh one takes them up again
        const waiting = [...jobs.values()];
        jobs.clear();
        worker = undefined;
        starting = undefined;
        void w.terminate();
        for (const j of waiting) void post(j);
      }
    }, job.readMs);
    // nor does a task in hand keep a closed server's process alive: no one waits for its answer any more
    job.timer.unref();
    return;
  }
  jobs.delete(m.id);
  clearTimeout(job.timer);
  if (m.ok) job.resolve(m.value);
  else job.reject(new ApiError(m.error.code, m.error.message, m.error.field, m.error.extra));
}

async function post(job: Job): Promise<void> {
  const w = worker ?? (await start());
  if (!w) {
    // no thread here: read on this one
    try {
      job.resolve(runReadTask(job.task));
    } catch (err) {
      job.reject(err as Error);
    }
    return;
  }
  // a body's buffer moves to the thread (not copied) when it is the body's alone and the thread has
  // nothing else in hand: a task waiting behind one that runs too long is sent again to a fresh thread
  const bytes = job.task.kind === 'import' ? job.task.bytes : undefined;
  const owned = jobs.size === 0 && bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  jobs.set(job.id, job);
  w.postMessage({ id: job.id, task: job.task }, owned ? [bytes.buffer as ArrayBuffer] : []);
}

/**
 * Texts up to this many characters are read on the main thread: a few milliseconds of work (every
 * example file is under 5 KB), less than the hop to the thread and back, and no thread to start.
 */
export const READ_HERE_CHARS = 16_384;

/** Run `task` (in the reader thread unless its text is short); its ApiError comes back as one. */
export async function read(task: ReadTask, limits: Pick<Limits, 'readMs' | 'readQueue'>): Promise<ReadResult> {
  if (sizeOfTask(task) <= READ_HERE_CHARS) return runReadTask(task);
  if (jobs.size >= limits.readQueue) throw new ApiError('LIMIT_REACHED', 'the server is reading other files; try again in a moment');
  return new Promise((resolve, reject) => void post({ id: next++, task, readMs: limits.readMs, resolve, reject }));
}
