/**
 * A chunk's tally landing: one transaction per chunk, holding the batch's row, so chunks land one at a
 * time per batch. A chunk already landed (a worker presumed lost came back, a retry of a chunk whose
 * answer did land) is counted once: the insert does nothing. In a fixed batch the chunk that completes
 * the plan merges every chunk's tally in fight order and stores the result, in the same transaction —
 * the merge is done once, by whoever lands last.
 */
import type pg from 'pg';
import { mergeTally, type Tally } from '../tally.ts';
import { CHANNEL, type ChunkJob } from './tables.ts';

export type Landing = 'landed' | 'again' | 'ended';

/** Merge the tallies of chunks [0, limit[v]) of each variant, in fight order (outcomes stay in order). */
export async function mergedTallies(db: pg.ClientBase, batch: string, variants: number, limits?: readonly number[]): Promise<Tally[]> {
  const rows = (await db.query<{ v: number; lo: number; hi: number; tally: Tally }>('select v, lo, hi, tally from skirmish_sim.chunk where batch = $1 order by v, lo', [batch])).rows;
  const out: (Tally | undefined)[] = new Array(variants).fill(undefined);
  const at: number[] = new Array(variants).fill(0);
  for (const r of rows) {
    if (limits && r.lo >= limits[r.v]) continue;
    if (r.lo !== at[r.v]) throw new Error(`batch ${batch}: variant ${r.v} has no tally for fights ${at[r.v]}..${r.lo}`);
    at[r.v] = r.hi;
    const t = out[r.v];
    if (t) mergeTally(t, r.tally);
    else out[r.v] = r.tally;
  }
  return out.map((t, v) => {
    if (!t) throw new Error(`batch ${batch}: variant ${v} has no fights`);
    return t;
  });
}

/** Land one chunk's tally, played by worker `by`; 'ended' when the batch was cancelled, failed or done already (nothing written). */
export async function land(db: pg.Pool, c: ChunkJob, tally: Tally, by: string): Promise<Landing> {
  const client = await db.connect();
  let broken = false;
  try {
    await client.query('begin');
    const b = (await client.query<{ state: string; kind: string; chunks: number; landed: number; specs: unknown[] }>('select state, kind, chunks, landed, json_array_length(specs) as specs from skirmish_sim.batch where id = $1 for update', [c.batch])).rows[0];
    if (!b || b.state !== 'running') {
      await client.query('rollback');
      return 'ended';
    }
    const inserted = await client.query('insert into skirmish_sim.chunk (batch, v, lo, hi, tally, by) values ($1, $2, $3, $4, $5, $6) on conflict do nothing', [c.batch, c.v, c.from, c.to, JSON.stringify(tally), by]);
    if (inserted.rowCount !== 1) {
      await client.query('rollback');
      return 'again';
    }
    const landed = b.landed + 1;
    await client.query('update skirmish_sim.batch set landed = $2, fights = fights + $3 where id = $1', [c.batch, landed, tally.runs]);
    if (b.kind === 'fixed' && landed === b.chunks) {
      const result = await mergedTallies(client, c.batch, Number(b.specs));
      await client.query("update skirmish_sim.batch set result = $2, state = 'done', finished = now() where id = $1", [c.batch, JSON.stringify(result)]);
    }
    await client.query('select pg_notify($1, $2)', [CHANNEL, c.batch]);
    await client.query('commit');
    return 'landed';
  } catch (err) {
    broken = true;
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release(broken);
  }
}

/** A batch stops: its state says why, and the jobs not taken yet leave the queue (graphile-worker's remove_job, by key). */
export async function endBatch(db: pg.Pool, batch: string, state: 'cancelled' | 'failed', error?: string): Promise<boolean> {
  // one statement: the state and the jobs' leaving commit together
  const r = await db.query<{ ended: string }>(
    `with b as (update skirmish_sim.batch set state = $2, error = $3, finished = now() where id = $1 and state = 'running' returning id, plan),
          gone as (select graphile_worker.remove_job('skirmish-sim:' || b.id || ':' || (p->>0) || ':' || (p->>1)) from b, jsonb_array_elements(b.plan) p)
     select (select count(*) from b) as ended, (select count(*) from gone) as removed`,
    [batch, state, error ?? null],
  );
  if (r.rows[0].ended === '0') return false;
  await db.query('select pg_notify($1, $2)', [CHANNEL, batch]);
  return true;
}
