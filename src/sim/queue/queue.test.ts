/**
 * The simulation queue on a throwaway PostgreSQL cluster of its own (a test restarts it) with real
 * `skirmish worker` processes on loopback, one thread each: the answer is the one of a local run on one
 * thread, exactly; a worker killed mid-chunk, a database restart, a bad encounter and a cancel (Ctrl-C of
 * the submitter, and `sim --cancel` from elsewhere) each do what docs/simulator.md says. Fight counts are
 * small: a fight here costs a few milliseconds of CPU.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresForTests, sayAbsent } from '../../../test/pg/cluster.ts';
import { loadText } from '../../rulesets/load.ts';
import { simulateAll, type Until } from '../pool.ts';
import type { SimSpec } from '../runner.ts';
import { BatchCancelled, cancelBatch, simulateOnQueue } from './submit.ts';

const ROOT = join(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'bin/skirmish.js');
const DUEL = 'examples/duel60/duel.yaml';
const CONVOY = 'examples/frontline/convoy-ambush.yaml';
// a worker unheard for 3 s is taken for lost (20 s in production)
process.env.SKIRMISH_QUEUE_LOST_AFTER = '3';
const env = { ...process.env, SKIRMISH_FROM_SOURCES: '1', SKIRMISH_QUEUE_LOST_AFTER: '3' };

const pgt = await postgresForTests('sim_queue', { ownCluster: true });
if (pgt.absent) sayAbsent('the simulation queue', pgt.absent);
const url = pgt.url!;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function specOf(file: string, over: Partial<SimSpec> = {}): SimSpec {
  const path = join(ROOT, file);
  const r = loadText(readFileSync(path, 'utf8'), path);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return { ruleset: r.value.ruleset.id, doc: r.value.doc, seed: 11, maxRounds: 100, policies: {}, ...over };
}

interface Proc {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function start(args: string[]): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code, signal) => r(code ?? (signal ? 128 : null))));
  return { child, out: () => out, err: () => err, exited };
}

async function until<T>(what: string, f: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (performance.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(50);
  }
}

/** A `skirmish worker --threads 1`, listening. */
async function startWorker(): Promise<Proc> {
  const p = start(['worker', '--queue', url, '--threads', '1']);
  await until('a worker to listen', () => /waiting for chunks/.test(p.out()) || (p.child.exitCode !== null ? Promise.reject(new Error(p.err())) : undefined), 120_000);
  return p;
}

const db = new pg.Pool({ connectionString: url, max: 2 });
db.on('error', () => undefined);
const one = async <T extends pg.QueryResultRow>(sql: string, args: unknown[] = []) => (await db.query<T>(sql, args)).rows[0];
const jobsOf = async (batch: string) => Number((await one<{ n: string }>("select count(*) as n from graphile_worker.jobs where key like 'skirmish-sim:' || $1 || ':%'", [batch])).n);

const workers: Proc[] = [];
beforeAll(async () => {
  if (pgt.absent) return;
  workers.push(...(await Promise.all([startWorker(), startWorker(), startWorker()])));
}, 180_000);
afterAll(async () => {
  for (const w of workers) w.child.kill('SIGKILL');
  await db.end().catch(() => undefined);
  pgt.close();
}, 60_000);

describe.skipIf(pgt.absent !== undefined)('the simulation queue', { timeout: 180_000 }, () => {
  it('gives the tallies of a local run on one thread: one encounter, a comparison, a sweep, and stops at the same checkpoints', async () => {
    const duel = specOf(DUEL);
    const seen: [number, number][] = [];
    const q = await simulateOnQueue([duel], 100, { url, chunk: 20, onProgress: (d, t) => seen.push([d, t]) });
    expect(q).toEqual(await simulateAll([duel], 100, { workers: 1 }));
    expect(seen.at(-1)).toEqual([100, 100]);
    // every chunk landed once
    expect(await one('select count(*)::int as n from skirmish_sim.chunk c join skirmish_sim.batch b on b.id = c.batch where b.runs = 100')).toEqual({ n: 5 });
    // a comparison keeps each fight's result in fight order; a sweep's variants differ by a field
    const pair = [{ ...duel, outcomes: true }, { ...specOf(CONVOY), seed: 11, outcomes: true }];
    expect(await simulateOnQueue(pair, 40, { url, chunk: 15 })).toEqual(await simulateAll(pair, 40, { workers: 1 }));
    // a rule looked at every 30 fights: variant 0 stops at 30, variant 1 at 60, variant 2 plays to the cap
    const rule: Until = { step: 30, done: (t, n) => t.map((_, v) => n >= [30, 60, 1000][v]) };
    const three = [duel, { ...duel, seed: 12 }, { ...duel, seed: 13 }];
    const local = await simulateAll(three, 90, { workers: 1, until: rule });
    expect(local.map((t) => t.runs)).toEqual([30, 60, 90]);
    const queued = await simulateOnQueue(three, 90, { url, chunk: 15, until: rule });
    expect(queued).toEqual(local);
  });

  it('`sim --queue` prints the report of a local run (a sweep to a precision); a bad encounter is refused before anything is queued', async () => {
    const args = ['sim', DUEL, '--vary', 'units.kaela.stats.health=30,46', '--precision', '0.1', '-n', '200', '--seed', '5', '--json'];
    const local = start([...args, '--workers', '1']);
    const queued = start([...args, '--queue', url, '--chunk', '25']);
    expect(await local.exited, local.err()).toBe(0);
    expect(await queued.exited, queued.err()).toBe(0);
    const [a, b] = [JSON.parse(local.out()), JSON.parse(queued.out())];
    delete a.timing;
    delete b.timing;
    expect(b).toEqual(a);
    expect(a.variants.map((v: { runs: number }) => v.runs)).toEqual([100, 100]); // both stopped at the first checkpoint

    const dir = mkdtempSync(join(tmpdir(), 'skirmish-queue-'));
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, readFileSync(join(ROOT, DUEL), 'utf8').replace(/ruleset: duel60/, 'ruleset: duel60\nnonsense: 3'));
    const before = await one<{ n: string }>('select count(*) as n from skirmish_sim.batch');
    const r = start(['sim', bad, '-n', '60', '--queue', url]);
    expect(await r.exited).toBe(2);
    expect(r.err()).toMatch(/bad\.yaml.*nonsense/s);
    expect(await one('select count(*) as n from skirmish_sim.batch')).toEqual(before);
    expect(Number((await one<{ n: string }>('select count(*) as n from graphile_worker.jobs')).n)).toBe(0);
  });

  it('a fight that throws fails the batch at once (the same fights would throw again), saying which and why', async () => {
    const broken: SimSpec = { ...specOf(DUEL), commands: [{ type: 'no_such_command' }] };
    let batch = '';
    await expect(simulateOnQueue([broken], 40, { url, chunk: 10, onBatch: (id) => (batch = id) })).rejects.toThrow(/^fights \d+\.\.\d+: .*no_such_command.*rejected/);
    expect(await one('select state from skirmish_sim.batch where id = $1', [batch])).toEqual({ state: 'failed' });
    await until('the queue to empty', async () => (await jobsOf(batch)) === 0, 30_000);
  });

  it('a worker killed mid-chunk: its chunk is played elsewhere and counted once', async () => {
    const duel = specOf(DUEL, { seed: 21 });
    let batch = '';
    // chunks of 200 fights: long enough (warm, ~0.3 s) to be caught in a worker's hands
    const run = simulateOnQueue([duel], 600, { url, chunk: 200, onBatch: (id) => (batch = id) });
    // a chunk a worker holds: find the worker's process by graphile-worker's id for its runner
    const held = await until('a chunk in a worker\'s hands', async () =>
      batch ? one<{ key: string; pid: string }>("select j.key, split_part(w.id, ':', 2) as pid from graphile_worker.jobs j join skirmish_sim.worker w on j.locked_by = any(w.runners) where j.key like 'skirmish-sim:' || $1 || ':%' and j.locked_at is not null limit 1", [batch]) : undefined,
    );
    const victim = workers.find((w) => String(w.child.pid) === held.pid)!;
    expect(victim).toBeDefined();
    const [, , v, from] = held.key.split(':');
    victim.child.kill('SIGKILL');
    await victim.exited;
    expect(await one('select 1 from skirmish_sim.chunk where batch = $1 and v = $2 and lo = $3', [batch, v, from])).toBeUndefined();
    const tallies = await run;
    expect(tallies).toEqual(await simulateAll([duel], 600, { workers: 1 }));
    expect(tallies[0].runs).toBe(600);
    // the chunk landed once, from another worker
    const landed = await one<{ n: number; by: string }>('select hi - lo as n, by from skirmish_sim.chunk where batch = $1 and v = $2 and lo = $3', [batch, v, from]);
    expect(landed.n).toBe(200);
    expect(landed.by.split(':')[1]).not.toBe(held.pid);
    workers.splice(workers.indexOf(victim), 1, await startWorker());
  });

  it('the database restarted mid-batch: workers and submitter reconnect and the batch finishes', async () => {
    const duel = specOf(DUEL, { seed: 31 });
    let batch = '';
    // 400 chunks of 10: each costs the queue tens of milliseconds, so the batch outlasts the stop however fast the fights
    const run = simulateOnQueue([duel], 4000, { url, chunk: 10, onBatch: (id) => (batch = id) });
    await until('a chunk to land', async () => batch && (await one('select 1 from skirmish_sim.chunk where batch = $1 limit 1', [batch])));
    const before = await one<{ state: string; landed: number; chunks: number }>('select state, landed, chunks from skirmish_sim.batch where id = $1', [batch]);
    pgt.cluster!.stop();
    // the restart came mid-batch: most chunks were still to land
    expect(before.state).toBe('running');
    expect(before.landed).toBeLessThan(before.chunks / 2);
    await sleep(1500);
    pgt.cluster!.start();
    expect(await run).toEqual(await simulateAll([duel], 4000, { workers: 1 }));
    // every worker is still there and takes work again
    expect(workers.filter((w) => w.child.exitCode !== null).map((w) => `exit ${w.child.exitCode}: ${w.err()}`)).toEqual([]);
    expect(await simulateOnQueue([duel], 30, { url, chunk: 10 })).toEqual(await simulateAll([duel], 30, { workers: 1 }));
  });

  it('a chunk locked by a live worker that does not know it (its word lost in a restart) is freed and the batch finishes', async () => {
    // what a restart can leave: graphile-worker records a job's end without awaiting it, so a failure recorded while the
    // database is away leaves the job locked by a runner that lives on and will never finish it (for four hours)
    const duel = specOf(DUEL, { seed: 41 });
    let batch = '';
    const run = simulateOnQueue([duel], 600, { url, chunk: 10, onBatch: (id) => (batch = id) });
    await until('the batch id', () => batch);
    const runner = (await one<{ r: string }>('select runners[1] as r from skirmish_sim.worker where cardinality(runners) > 0 order by seen desc limit 1')).r;
    // the batch's last chunk (taken last), locked in that runner's name before any worker reaches it
    const locked = await one<{ id: string; key: string }>(
      `update graphile_worker._private_jobs set locked_by = $2, locked_at = now()
       where id = (select id from graphile_worker.jobs where key like 'skirmish-sim:' || $1 || ':%' and locked_by is null order by id desc limit 1)
       returning id::text as id, key`,
      [batch, runner],
    );
    expect(locked?.key).toMatch(new RegExp(`^skirmish-sim:${batch}:0:590$`));
    expect(await run).toEqual(await simulateAll([duel], 600, { workers: 1 }));
    expect(await one('select by from skirmish_sim.chunk where batch = $1 and lo = 590', [batch])).toBeDefined();
    // the worker joined again and saying why; nobody left
    const said = `job ${locked.id} is locked by this worker but not in its hands`;
    await until('the worker to say it joined again', () => workers.some((w) => w.err().includes(said)) || undefined, 10_000);
    expect(workers.filter((w) => w.child.exitCode !== null)).toEqual([]);
  });

  it('cancelled by Ctrl-C of the submitter or by `sim --cancel`: its chunks leave the queue', async () => {
    // batches far bigger than the test waits for: three warm workers play ~600 duel fights a second here
    const sub = start(['sim', DUEL, '-n', '100000', '--queue', url, '--chunk', '50']);
    const batch = await until('the batch id', () => /batch (\d+) queued/.exec(sub.err())?.[1]);
    await until('a chunk to land', () => one('select 1 from skirmish_sim.chunk where batch = $1 limit 1', [batch]));
    sub.child.kill('SIGINT');
    expect(await sub.exited).toBe(130);
    expect(sub.err()).toMatch(new RegExp(`batch ${batch} cancelled`));
    expect(await one('select state from skirmish_sim.batch where id = $1', [batch])).toEqual({ state: 'cancelled' });
    // the chunks not taken left at once; those in a worker's hands end within a chunk
    await until('the queue to empty', async () => (await jobsOf(batch)) === 0, 30_000);

    let other = '';
    const run = simulateOnQueue([specOf(DUEL)], 100_000, { url, chunk: 50, onBatch: (id) => (other = id) });
    const refused = expect(run).rejects.toThrow(BatchCancelled);
    await until('the batch id', () => other);
    const c = start(['sim', '--queue', url, '--cancel', other]);
    expect(await c.exited, c.err()).toBe(0);
    expect(c.out()).toMatch(`batch ${other} cancelled`);
    await refused;
    await until('the queue to empty', async () => (await jobsOf(other)) === 0, 30_000);
    // a batch cancelled already is not cancelled twice (the CLI says so and exits 2)
    expect(await cancelBatch(url, other)).toBe(false);
  });
});
