/**
 * `skirmish sim … --queue postgres://…`: the fights of every variant cut into chunks, enqueued on
 * graphile-worker (one bulk addJobs), played by whatever `skirmish worker` processes reach the database,
 * and merged there (land.ts). Every chunk's fights and seed are fixed here, and tallies are integer sums
 * merged in fight order, so the answer is the one `simulateAll` gives on one thread.
 *
 * With `until` (a stated precision) the chunks are enqueued a checkpoint at a time, one checkpoint
 * ahead, and this process looks at each checkpoint as the pool does: a variant whose rule says stop
 * keeps exactly the fights before it, and its chunks past it leave the queue.
 *
 * While it waits it hears the workers' NOTIFY (and asks every half second anyway: a notification sent
 * while the database restarts is lost), frees the chunks of lost workers, and rides out a restart.
 */
import { makeWorkerUtils, type AddJobsJobSpec, type WorkerUtils } from 'graphile-worker';
import pg from 'pg';
import type { Until } from '../pool.ts';
import { prepare, type SimSpec } from '../runner.ts';
import { mergeTally, type Tally } from '../tally.ts';
import { endBatch } from './land.ts';
import { freeLost, lostAfterSeconds } from './presence.ts';
import { isConnectionError, sleep, untilItAnswers } from './retry.ts';
import { CHANNEL, CHUNK_TASK, jobKey, migrate, quietLogger, type ChunkJob } from './tables.ts';

export interface QueueOptions {
  url: string;
  /**
   * Fights per chunk (default: about 200 chunks in all — enough for many machines to share the end of a run —
   * 1,000..5,000 each: a chunk costs the queue 20–35 ms, so it must hold far more play than that even for a fast fight).
   */
  chunk?: number;
  onProgress?: (done: number, total: number) => void;
  /** Told the batch's id once its chunks are queued (to cancel it from elsewhere: `skirmish sim --queue … --cancel ID`). */
  onBatch?: (id: string) => void;
  /** Told the worker threads of the live worker processes, as the run goes. */
  onWorkers?: (threads: number) => void;
  /** Said as things happen (a lost connection). */
  note?: (line: string) => void;
  until?: Until;
  /** Cancels the batch: its chunks leave the queue and the run throws BatchCancelled. */
  signal?: AbortSignal;
}

export class BatchCancelled extends Error {}

/** Tries a chunk gets (a thread lost, the database gone) before graphile-worker stops retrying it. */
const ATTEMPTS = 10;
const POLL_MS = 500;

export function queueChunkSize(total: number, given?: number): number {
  return given ?? Math.max(1000, Math.min(5000, Math.ceil(total / 200)));
}

/** Chunks of at most `size` fights covering [from, to) of variant v. */
function cut(batch: string, v: number, from: number, to: number, size: number): ChunkJob[] {
  const out: ChunkJob[] = [];
  for (let a = from; a < to; a += size) out.push({ batch, v, from: a, to: Math.min(to, a + size) });
  return out;
}

/** Play fights 0..runs of each variant on the queue; the same tallies as `simulateAll(specs, runs, { workers: 1 })`. */
export async function simulateOnQueue(specs: readonly SimSpec[], runs: number, opts: QueueOptions): Promise<Tally[]> {
  // a bad encounter is refused here, before anything reaches the database
  for (const s of specs) prepare(s);
  const note = opts.note ?? (() => undefined);
  const db = new pg.Pool({ connectionString: opts.url, max: 3 });
  // a connection the database drops (a restart): the next query takes a new one
  db.on('error', () => undefined);
  db.on('connect', (c) => c.on('error', () => undefined));
  let utils: WorkerUtils | undefined;
  let listener: pg.Client | undefined;
  let wake: (() => void) | undefined;
  try {
    await migrate(db, opts.url);
    utils = await makeWorkerUtils({ pgPool: db, logger: quietLogger(note) });
    const step = opts.until ? Math.max(1, opts.until.step) : runs;
    const size = Math.min(queueChunkSize(runs * specs.length, opts.chunk), step);
    const kind = opts.until ? 'until' : 'fixed';
    const batch = String((await db.query<{ id: string }>('insert into skirmish_sim.batch (specs, kind, runs) values ($1, $2, $3) returning id', [JSON.stringify(specs), kind, runs])).rows[0].id);

    /** The plan first (the last chunk to land compares against it), then the jobs. */
    let planned = 0;
    const enqueue = async (chunks: ChunkJob[]) => {
      if (!chunks.length) return;
      // both ride out a restart here: a checkpoint's chunks lost between them would leave the run waiting for ever
      const aborted = () => opts.signal?.aborted === true;
      // (appended once, even if a first try committed and only its answer was lost: the count it expects is gone)
      const before = planned;
      planned += chunks.length;
      await untilItAnswers(() => db.query('update skirmish_sim.batch set plan = plan || $2::jsonb, chunks = chunks + $3 where id = $1 and chunks = $4', [batch, JSON.stringify(chunks.map((c) => [c.v, c.from, c.to])), chunks.length, before]), aborted);
      const jobs: AddJobsJobSpec[] = chunks.map((c) => ({ identifier: CHUNK_TASK, payload: c, jobKey: jobKey(c), maxAttempts: ATTEMPTS }));
      await untilItAnswers(() => utils!.addJobs(jobs), aborted);
    };

    const listen = async () => {
      if (listener) return;
      const c = new pg.Client({ connectionString: opts.url });
      c.on('error', () => (listener === c ? (listener = undefined) : undefined));
      c.on('end', () => (listener === c ? (listener = undefined) : undefined));
      c.on('notification', (n) => n.payload === batch && wake?.());
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      listener = c;
    };
    const cancel = () => wake?.();
    opts.signal?.addEventListener('abort', cancel, { once: true });

    // the chunks of a fixed run all at once; of a run to a precision, the first two checkpoints' worth
    const stoppedAt: (number | undefined)[] = specs.map(() => undefined);
    const limitOf = (v: number) => stoppedAt[v] ?? runs;
    const segment = (k: number) => specs.flatMap((_, v) => (stoppedAt[v] === undefined && k * step < runs ? cut(batch, v, k * step, Math.min(runs, (k + 1) * step), size) : []));
    await enqueue(segment(0));
    let queued = 1;
    if (opts.until) await enqueue(segment(queued++));
    opts.onBatch?.(batch);

    // a run to a precision: the merged tallies up to the gate, in memory here
    let gate = Math.min(step, runs);
    const tallies: (Tally | undefined)[] = specs.map(() => undefined);
    const at: number[] = specs.map(() => 0);
    let lastSweep = 0;

    for (;;) {
      if (opts.signal?.aborted) {
        await untilItAnswers(() => endBatch(db, batch, 'cancelled'), () => false);
        throw new BatchCancelled(`batch ${batch} cancelled: its chunks left the queue`);
      }
      try {
        await listen();
        if (performance.now() - lastSweep > 2000) {
          lastSweep = performance.now();
          const lost = await freeLost(db, lostAfterSeconds());
          if (lost.length) note(`freed the chunks of lost workers: ${lost.join(', ')}`);
        }
        const b = (await db.query<{ state: string; error: string | null; fights: string; threads: string }>('select state, error, fights, (select coalesce(sum(threads), 0) from skirmish_sim.worker) as threads from skirmish_sim.batch where id = $1', [batch])).rows[0];
        opts.onWorkers?.(Number(b.threads));
        if (b.state === 'failed') throw new Error(b.error ?? 'the batch failed');
        if (b.state === 'cancelled') throw new BatchCancelled(`batch ${batch} was cancelled`);
        if (!opts.until) {
          opts.onProgress?.(Number(b.fights), runs * specs.length);
          if (b.state === 'done') return (await db.query<{ result: Tally[] }>('select result from skirmish_sim.batch where id = $1', [batch])).rows[0].result;
        } else {
          const done = await landedFights(db, batch, specs.length);
          opts.onProgress?.(done.reduce((a, d, v) => a + Math.min(d, limitOf(v)), 0), specs.reduce((a, _, v) => a + limitOf(v), 0));
          // every checkpoint whose fights have all landed, looked at in order
          while (await reached(db, batch, gate, at, stoppedAt, tallies)) {
            if (gate < runs) {
              const answer = opts.until.done(tallies as Tally[], gate);
              const stopping = specs.map((_, v) => stoppedAt[v] === undefined && (answer === true || (Array.isArray(answer) && answer[v] === true)));
              stopping.forEach((s, v) => s && (stoppedAt[v] = gate));
              if (stopping.some(Boolean)) await dropPast(db, batch, stopping, gate);
            }
            if (gate >= runs || stoppedAt.every((s) => s !== undefined)) {
              const result = tallies as Tally[];
              await db.query("update skirmish_sim.batch set result = $2, state = 'done', finished = now() where id = $1 and state = 'running'", [batch, JSON.stringify(result)]);
              await dropPast(db, batch, specs.map(() => true), 0);
              return result;
            }
            gate = Math.min(runs, gate + step);
            if (queued * step < runs) await enqueue(segment(queued++));
          }
        }
      } catch (err) {
        if (err instanceof BatchCancelled || !isConnectionError(err)) throw err;
        note(`lost the database (${(err as Error).message}); waiting for it`);
        await listener?.end().catch(() => undefined);
        listener = undefined;
      }
      await Promise.race([sleep(POLL_MS), new Promise<void>((r) => (wake = r))]);
      wake = undefined;
    }
  } finally {
    await listener?.end().catch(() => undefined);
    await Promise.resolve(utils?.release()).catch(() => undefined);
    await db.end().catch(() => undefined);
  }
}

/** Fights landed per variant. */
async function landedFights(db: pg.Pool, batch: string, variants: number): Promise<number[]> {
  const out = new Array<number>(variants).fill(0);
  for (const r of (await db.query<{ v: number; n: string }>('select v, sum(hi - lo) as n from skirmish_sim.chunk where batch = $1 group by v', [batch])).rows) out[r.v] = Number(r.n);
  return out;
}

/**
 * Whether every variant still playing has fights [0, gate) landed; if so they are merged into `tallies`
 * (from `at`, where each was merged to) and true is returned.
 */
async function reached(db: pg.Pool, batch: string, gate: number, at: number[], stoppedAt: readonly (number | undefined)[], tallies: (Tally | undefined)[]): Promise<boolean> {
  const playing = at.map((_, v) => v).filter((v) => stoppedAt[v] === undefined);
  const rows = (await db.query<{ v: number; lo: number; hi: number; tally: Tally }>('select v, lo, hi, tally from skirmish_sim.chunk where batch = $1 and v = any($2::int[]) and lo >= $3 and lo < $4 order by v, lo', [batch, playing, Math.min(...playing.map((v) => at[v])), gate])).rows;
  const next = playing.map((v) => at[v]);
  for (const r of rows) {
    const k = playing.indexOf(r.v);
    if (r.lo < at[r.v]) continue;
    if (r.lo === next[k]) next[k] = r.hi;
  }
  if (next.some((n) => n < gate)) return false;
  for (const r of rows) {
    if (r.lo < at[r.v]) continue;
    const t = tallies[r.v];
    if (t) mergeTally(t, r.tally);
    else tallies[r.v] = r.tally;
  }
  for (const v of playing) at[v] = gate;
  return true;
}

/** The queued chunks of the stopping variants from fight `from` on leave the queue (a chunk taken already plays and is ignored). */
async function dropPast(db: pg.Pool, batch: string, stopping: readonly boolean[], from: number): Promise<void> {
  await db.query(
    `select graphile_worker.remove_job('skirmish-sim:' || b.id || ':' || (p->>0) || ':' || (p->>1))
     from skirmish_sim.batch b, jsonb_array_elements(b.plan) p where b.id = $1::bigint and (p->>0)::int = any($2::int[]) and (p->>1)::int >= $3`,
    [batch, stopping.flatMap((s, v) => (s ? [v] : [])), from],
  );
}

/** Cancel a batch by id (another process's): its chunks leave the queue. False when it had ended already. */
export async function cancelBatch(url: string, batch: string): Promise<boolean> {
  const db = new pg.Pool({ connectionString: url, max: 1 });
  db.on('error', () => undefined);
  try {
    return await endBatch(db, batch, 'cancelled');
  } finally {
    await db.end();
  }
}

