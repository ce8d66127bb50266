/**
 * Which worker processes are alive: each writes its heartbeat (and the ids graphile-worker gave its
 * runners) every `beat`; one not heard from for `lostAfter` is taken for lost — killed, its machine
 * gone — and the chunks it held are unlocked for the others (graphile-worker's force_unlock_workers;
 * on its own it frees a lost worker's jobs only after four hours). Every worker and every submitter
 * sweeps, so a batch finishes while any of them runs. A worker taken for lost that was only cut off
 * plays on: its chunk is then played twice, and the first tally to land counts (land.ts).
 */
import type pg from 'pg';

/** Seconds a worker may go unheard before its chunks go back to the queue (SKIRMISH_QUEUE_LOST_AFTER overrides). */
export function lostAfterSeconds(): number {
  const given = Number(process.env.SKIRMISH_QUEUE_LOST_AFTER);
  return given > 0 ? given : 20;
}

export async function heartbeat(db: pg.Pool, id: string, host: string, threads: number, runners: readonly string[]): Promise<void> {
  await db.query(
    `insert into skirmish_sim.worker (id, host, threads, runners, seen) values ($1, $2, $3, $4, now())
     on conflict (id) do update set runners = excluded.runners, threads = excluded.threads, seen = now()`,
    [id, host, threads, runners],
  );
}

export async function leave(db: pg.Pool, id: string): Promise<void> {
  await db.query('delete from skirmish_sim.worker where id = $1', [id]);
}

/** Free the chunks of workers unheard for `lostAfter` seconds; the ids of those workers. In one statement: forgotten and freed together. */
export async function freeLost(db: pg.Pool, lostAfter: number): Promise<string[]> {
  const r = await db.query<{ ids: string[] }>(
    `with lost as (delete from skirmish_sim.worker where seen < now() - make_interval(secs => $1) returning id, runners),
          freed as (select graphile_worker.force_unlock_workers(coalesce((select array_agg(r) from lost, unnest(lost.runners) r), '{}')))
     select coalesce((select array_agg(id) from lost), '{}') as ids, (select count(*) from freed) as n`,
    [lostAfter],
  );
  return r.rows[0]?.ids ?? [];
}

/** Free the chunks of runners this process knows are gone (a runner it started again after a lost connection). */
export async function freeRunners(db: pg.Pool, runners: readonly string[]): Promise<void> {
  if (runners.length) await db.query('select graphile_worker.force_unlock_workers($1::text[])', [runners]);
}

/**
 * The ids of jobs locked by these runners that this process does not hold: a lock whose word was lost when
 * the database went away (graphile-worker 0.17 records a job's end without awaiting it, and a job fetched just
 * as the database stopped may be locked without the runner knowing). graphile-worker would free such a job only
 * after four hours; the worker that finds one joins again, which frees its old runner's locks.
 */
export async function strandedJobs(db: pg.Pool, runners: readonly string[], inHand: ReadonlySet<string>): Promise<string[]> {
  if (!runners.length) return [];
  const r = await db.query<{ id: string }>('select id::text as id from graphile_worker.jobs where locked_by = any($1::text[]) and not (id = any($2::bigint[]))', [runners, [...inHand]]);
  return r.rows.map((row) => row.id);
}
