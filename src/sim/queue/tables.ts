/**
 * The simulation queue's own tables, beside graphile-worker's schema (which holds the jobs): a batch
 * (its specs, its plan of chunks, how far it got, its merged result), the tallies of the chunks that
 * landed, and the worker processes' heartbeats. Jobs carry only (batch, variant, fights from..to); the
 * tallies never pass through graphile-worker.
 */
import { Logger, runMigrations } from 'graphile-worker';
import type pg from 'pg';

/** The task every chunk job names. */
export const CHUNK_TASK = 'skirmish_sim_chunk';
/** Notified (payload: the batch id) when a chunk lands or a batch ends. */
export const CHANNEL = 'skirmish_sim';

/** A chunk job's payload: fights [from, to) of variant v of a batch. */
export interface ChunkJob {
  batch: string;
  v: number;
  from: number;
  to: number;
}

/** One key per chunk: graphile-worker keeps one job per key (an enqueue twice is one job), and a cancel removes them by key. */
export const jobKey = (c: ChunkJob) => `skirmish-sim:${c.batch}:${c.v}:${c.from}`;

const SCHEMA = `
create schema if not exists skirmish_sim;
create table if not exists skirmish_sim.batch (
  id bigserial primary key,
  -- json, not jsonb: kept as written, key order too (jsonb would sort an encounter's keys)
  specs json not null,
  -- 'fixed': every chunk is enqueued at once and the last to land merges; 'until': the submitter looks at checkpoints
  kind text not null,
  runs integer not null,
  -- [[v, from, to], ...]: every chunk enqueued so far
  plan jsonb not null default '[]',
  chunks integer not null default 0,
  landed integer not null default 0,
  fights bigint not null default 0,
  state text not null default 'running',
  error text,
  result json,
  created timestamptz not null default now(),
  finished timestamptz
);
create table if not exists skirmish_sim.chunk (
  batch bigint not null references skirmish_sim.batch(id) on delete cascade,
  v integer not null,
  lo integer not null,
  hi integer not null,
  tally json not null,
  -- the worker process that played it
  by text not null,
  primary key (batch, v, lo)
);
create table if not exists skirmish_sim.worker (
  id text primary key,
  host text not null,
  threads integer not null,
  -- graphile-worker's ids of this process's worker pools (what its jobs are locked by)
  runners text[] not null default '{}',
  seen timestamptz not null default now()
);
`;

/** graphile-worker's schema and ours; several processes may do this at once (an advisory lock serialises ours). */
export async function migrate(pool: pg.Pool, connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: quietLogger() });
  const c = await pool.connect();
  try {
    await c.query('select pg_advisory_lock(4141)');
    await c.query(SCHEMA);
  } finally {
    await c.query('select pg_advisory_unlock(4141)').catch(() => undefined);
    c.release();
  }
}


/** graphile-worker's logger, saying only warnings and errors (to stderr), each on one line. */
export function quietLogger(say: (line: string) => void = (l) => process.stderr.write(l + '\n')): Logger {
  return new Logger(() => (level, message) => {
    if (level === 'error' || level === 'warning') say(`queue: ${message.split('\n')[0]}`);
  });
}
