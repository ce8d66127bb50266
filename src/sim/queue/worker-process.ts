/**
 * `skirmish worker --queue postgres://…`: a process that plays simulation chunks from graphile-worker's
 * queue, `threads` at a time (one per core by default), on worker threads (threads.ts), and lands each
 * chunk's tally in one transaction (land.ts). Any number of them, on any machines that reach the database.
 *
 * When the database goes away, graphile-worker's runner may give up (it cannot hand back a job it
 * holds): the process starts a new runner once the database answers, and frees the chunks the old one
 * held. A chunk whose tally is played but cannot land yet is kept and landed when the database is back.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, hostname } from 'node:os';
import { run, type Job, type Runner, type WorkerEvents } from 'graphile-worker';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { endBatch, land } from './land.ts';
import { freeLost, freeRunners, heartbeat, leave, lostAfterSeconds, strandedJobs } from './presence.ts';
import { isConnectionError, sleep, untilItAnswers } from './retry.ts';
import { CHUNK_TASK, migrate, quietLogger, type ChunkJob } from './tables.ts';
import { ChunkThreads, FightError } from './threads.ts';
import type { SimSpec } from '../runner.ts';

export interface WorkerProcessOptions {
  url: string;
  /** Chunks played at once (default: one per core). */
  threads?: number;
  /** Said as things happen (a line each). */
  note?: (line: string) => void;
  /** Stops the worker: chunks in hand are finished, the rest stay queued. */
  signal?: AbortSignal;
  /** Told once the worker is listening for chunks. */
  onReady?: (id: string) => void;
  /** Milliseconds between heartbeats (default 2000). */
  beat?: number;
}

export async function runWorkerProcess(opts: WorkerProcessOptions): Promise<void> {
  const threads = opts.threads ?? Math.max(1, availableParallelism());
  const note = opts.note ?? (() => undefined);
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const db = new pg.Pool({ connectionString: opts.url, max: threads + 2 });
  db.on('error', () => undefined); // an idle connection dropped by a restart: the next query reconnects
  db.on('connect', (c) => c.on('error', () => undefined));
  const stopped = () => opts.signal?.aborted === true;
  const pools = new ChunkThreads();
  const batches = new Map<string, SimSpec[]>();
  const runners = new Set<string>();
  let current: Runner | undefined;

  await migrate(db, opts.url);

  // the jobs this process holds, by id: a job locked by one of our runners and not in here was stranded (presence.ts)
  const inHand = new Set<string>();
  const task = async (payload: unknown, helpers: { job: Job }) => {
    inHand.add(String(helpers.job.id));
    try {
      await play(payload as ChunkJob, helpers.job);
    } finally {
      inHand.delete(String(helpers.job.id));
    }
  };
  const play = async (c: ChunkJob, job: Job) => {
    // rides out a restart: a task that failed for want of the database could not record its failure either
    const row = (
      await untilItAnswers(
        () =>
          db.query<{ state: string; specs: SimSpec[] | null; landed: boolean }>(
            'select state, case when $2 then specs end as specs, exists (select 1 from skirmish_sim.chunk where batch = $1 and v = $3 and lo = $4) as landed from skirmish_sim.batch where id = $1',
            [c.batch, !batches.has(c.batch), c.v, c.from],
          ),
        stopped,
      )
    ).rows[0];
    if (!row || row.state !== 'running') return void batches.delete(c.batch); // cancelled, failed or done: nothing to play
    // landed already, by a worker stopped or taken for lost before graphile-worker heard the chunk was done
    if (row.landed) return;
    if (row.specs) batches.set(c.batch, row.specs);
    let tally;
    try {
      tally = await pools.play(c.batch, batches.get(c.batch)!, c.v, c.from, c.to);
    } catch (err) {
      if (!(err instanceof FightError)) throw err; // a thread lost: graphile-worker retries the chunk
      const which = batches.get(c.batch)!.length > 1 ? ` of variant ${c.v + 1}` : '';
      await endBatch(db, c.batch, 'failed', `fights ${c.from}..${c.to}${which}: ${err.message}`);
      note(`batch ${c.batch} failed: ${err.message}`);
      return;
    }
    const landed = await untilItAnswers(() => land(db, c, tally, id), stopped);
    if (job.attempts > 1) note(`batch ${c.batch}: fights ${c.from}..${c.to} played again (attempt ${job.attempts})${landed === 'again' ? ', counted once' : ''}`);
  };

  // graphile-worker 0.17 records a job's end (done, failed) without awaiting it: when the database goes away just
  // then, that rejection reaches no one and would end this process (seen about one restart in ten in
  // queue.test.ts). The job stays locked by a runner that no longer knows it: the heartbeat's stranded check frees it.
  // A done chunk's tally landed before (one transaction): its job, freed later, plays nothing.
  const stray = (err: unknown) => {
    if (!isConnectionError(err)) throw err;
    note(`the database went away while a job's end was being recorded (${(err as Error).message.split('\n')[0]}); carrying on`);
  };
  process.on('unhandledRejection', stray);

  // a job found stranded on two beats running (not one caught between its lock and its task, or its end and its record)
  let suspects = new Set<string>();
  const rejoinIfStranded = async () => {
    const stranded = await strandedJobs(db, [...runners], inHand);
    const confirmed = stranded.filter((j) => suspects.has(j));
    suspects = new Set(stranded);
    if (!confirmed.length || !current) return;
    note(`job ${confirmed.join(', ')} is locked by this worker but not in its hands (its word was lost to the database); joining again to free it`);
    suspects = new Set();
    await current.stop().catch(() => undefined);
  };
  const beat = setInterval(() => {
    void heartbeat(db, id, hostname(), threads, [...runners])
      .then(() => freeLost(db, lostAfterSeconds()))
      .then((lost) => lost.length && note(`freed the chunks of lost workers: ${lost.join(', ')}`))
      .then(rejoinIfStranded)
      .catch(() => undefined);
  }, opts.beat ?? 2000);
  try {
    await heartbeat(db, id, hostname(), threads, []);
    let first = true;
    while (!stopped()) {
      const events: WorkerEvents = new EventEmitter() as WorkerEvents;
      const mine: string[] = [];
      // the pool's id is what its jobs are locked by (jobs.locked_by)
      events.on('pool:create', ({ workerPool }) => {
        mine.push(workerPool.id);
        runners.add(workerPool.id);
      });
      try {
        current = await run({ connectionString: opts.url, concurrency: threads, maxPoolSize: threads + 2, noHandleSignals: true, pollInterval: 1000, taskList: { [CHUNK_TASK]: task as never }, logger: quietLogger(note), events });
        await heartbeat(db, id, hostname(), threads, [...runners]);
        if (first) opts.onReady?.(id);
        first = false;
        const stop = () => void current?.stop().catch(() => undefined);
        opts.signal?.addEventListener('abort', stop, { once: true });
        await current.promise.finally(() => opts.signal?.removeEventListener('abort', stop));
      } catch (err) {
        if (stopped()) break;
        note(`lost the queue (${(err as Error).message.split('\n')[0]}); joining again when the database answers`);
      }
      // a runner that gave up holds its chunks locked: they are ours to free, once the database answers
      await untilItAnswers(() => freeRunners(db, mine), stopped).catch(() => undefined);
      for (const r of mine) runners.delete(r);
      if (!stopped()) await sleep(500);
    }
  } finally {
    clearInterval(beat);
    process.removeListener('unhandledRejection', stray);
    await pools.close();
    await leave(db, id).catch(() => undefined);
    await db.end().catch(() => undefined);
  }
}
