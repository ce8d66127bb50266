// Why an append's NOTIFY is sent after its commit (docs/deploy.md, issue 42): commits a second of
// one-row INSERTs on a throwaway fsync-on cluster, with the NOTIFY inside the commit, just after it (a
// connection of its own, synchronous_commit off, as src/store/postgres.ts sends it), or none; on pools of
// 1, 10 and 25 connections, 3 s each. PostgreSQL serialises committing transactions that notified on one
// lock held through their WAL flush, so "in the commit" stops growing with the pool.
// Run alone: node --import tsx bench/notify-lock.ts
import pg from 'pg';
import { createDatabase, startCluster } from '../test/pg/cluster.ts';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const cluster = await startCluster({ fsync: true });
try {
  const url = await createDatabase(cluster.url, 'notify_lock');
  const setup = new pg.Client(url);
  await setup.connect();
  await setup.query('CREATE TABLE t (id serial PRIMARY KEY, body text)');
  await setup.end();
  for (const size of [1, 10, 25]) {
    for (const mode of ['in the commit', 'after it', 'none'] as const) {
      const pool = new pg.Pool({ connectionString: url, max: size });
      const notifier = new pg.Pool({ connectionString: url, max: 1, options: '-c synchronous_commit=off' });
      const told: Promise<unknown>[] = [];
      const times: number[] = [];
      let stop = false;
      let n = 0;
      const worker = async () => {
        while (!stop) {
          const key = `k${n++}`;
          const t0 = performance.now();
          if (mode === 'in the commit') await pool.query("WITH i AS (INSERT INTO t (body) VALUES ($1) RETURNING id) SELECT pg_notify('ch', $1) FROM i", [key]);
          else await pool.query('INSERT INTO t (body) VALUES ($1)', [key]);
          times.push(performance.now() - t0);
          if (mode === 'after it') told.push(notifier.query("SELECT pg_notify('ch', $1)", [key]));
        }
      };
      const t0 = performance.now();
      const workers = Array.from({ length: size }, worker);
      await new Promise((r) => setTimeout(r, 3000));
      stop = true;
      await Promise.all(workers);
      const s = (performance.now() - t0) / 1000;
      await Promise.all(told);
      console.log(`${String(size).padStart(2)} connections, NOTIFY ${mode.padEnd(13)}: ${Math.round(times.length / s)} commits/s, commit p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms`);
      await pool.end();
      await notifier.end();
    }
  }
} finally {
  cluster.destroy();
}
