// Warm simulation threads: kept from one run to the next (counted, not timed), ended when idle, never
// holding the process, and surviving a fight that throws; a thread that dies leaves the set.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadText } from '../rulesets/load.ts';
import { NoThreadsError, simulate, simulateAll, WarmThreads, workerEntry } from './pool.ts';
import { runRange, type SimSpec } from './runner.ts';
import type { FromWorker } from './worker.ts';

function specOf(file: string, over: Partial<SimSpec> = {}): SimSpec {
  const r = loadText(readFileSync(file, 'utf8'), file);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return { ruleset: r.value.ruleset.id, doc: r.value.doc, seed: 7, maxRounds: 100, policies: {}, ...over };
}

const cave = () => specOf('examples/phase20/goblin-cave.yaml');

/** A run on `threads` in which a worker thread plays every fight (`here: false`): fights it played. */
async function twoThreadRun(spec: SimSpec, runs: number, threads: WarmThreads): Promise<{ tally: Awaited<ReturnType<typeof simulate>>; byWorker: number }> {
  let byWorker = 0;
  const tally = await simulate(spec, runs, { workers: 2, chunk: 30, here: false, threads, onChunk: (from, to, inWorker) => inWorker && (byWorker += to - from) });
  return { tally, byWorker };
}

const until = async (what: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !what() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
  return what();
};

describe('warm threads', () => {
  it('a second run plays on the thread the first one started: one thread started for three runs, the tallies those of one thread', async () => {
    const threads = new WarmThreads();
    try {
      const spec = cave();
      const alone = await simulate(spec, 240, { workers: 1 });
      const first = await twoThreadRun(spec, 240, threads);
      expect(first.byWorker).toBe(240);
      expect(threads.started).toBe(1);
      // a comparison's two encounters, then a different seed: the same thread, warm
      const weak = { ...spec, doc: JSON.parse(JSON.stringify(spec.doc).replace('"hp":22', '"hp":8')) };
      const pair = await simulateAll([spec, weak], 240, { workers: 2, chunk: 30, threads });
      const second = await twoThreadRun({ ...spec, seed: 8 }, 240, threads);
      expect(second.byWorker).toBe(240);
      expect(threads.started).toBe(1);
      expect(threads.size).toBe(1);
      expect(first.tally).toEqual(alone);
      expect(pair).toEqual([alone, runRange(weak, 0, 240)]);
      expect(second.tally).toEqual(await simulate({ ...spec, seed: 8 }, 240, { workers: 1 }));
    } finally {
      await threads.close();
    }
  }, 120_000);

  it('an idle thread ends after the idle time', async () => {
    const threads = new WarmThreads({ idleMs: 300 });
    try {
      await twoThreadRun(cave(), 120, threads);
      expect(threads.size).toBe(1);
      expect(await until(() => threads.size === 0, 10_000)).toBe(true);
      // and the next run starts one again
      await simulate(cave(), 120, { workers: 2, here: false, threads });
      expect(threads.started).toBe(2);
    } finally {
      await threads.close();
    }
  }, 60_000);

  it('an idle thread does not keep the process alive: a script that ran on two threads exits long before the idle time', () => {
    const script = `
      import { readFileSync } from 'node:fs';
      import { loadText } from './src/rulesets/load.ts';
      import { simulate, simulationThreads } from './src/sim/pool.ts';
      const r = loadText(readFileSync('examples/phase20/goblin-cave.yaml', 'utf8'), 'cave');
      const spec = { ruleset: r.value.ruleset.id, doc: r.value.doc, seed: 7, maxRounds: 100, policies: {} };
      let lent = false;
      const t = await simulate(spec, 200, { workers: 2, chunk: 20, onThreads: () => (lent = true),
        onChunk: (f, to, w) => { if (!w && lent) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100); } });
      console.log(JSON.stringify({ runs: t.runs, threads: simulationThreads().size }));
    `;
    const t0 = Date.now();
    // the idle time is 60 s: a process held by its thread would be killed at 45 s
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 45_000 });
    expect(r.error, `${Date.now() - t0} ms`).toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    // the thread was alive (idle) when the script ended, and the process exited anyway
    expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!)).toEqual({ runs: 200, threads: 1 });
  }, 60_000);

  it('a fight that throws fails its run, not the thread: the next run plays on it', async () => {
    const threads = new WarmThreads();
    try {
      const bad = { ...cave(), commands: [{ type: 'attack', actor: 'nobody' }] };
      // on the worker only, so the error is surely the worker's
      await expect(simulate(bad, 200, { workers: 2, here: false, threads })).rejects.toThrow(/rejected/);
      expect(threads.started).toBe(1);
      const good = await twoThreadRun(cave(), 120, threads);
      expect(good.byWorker).toBe(120);
      expect(good.tally).toEqual(await simulate(cave(), 120, { workers: 1 }));
      expect(threads.started).toBe(1);
    } finally {
      await threads.close();
    }
  }, 60_000);

  it('a thread that dies leaves the set: its run fails with what happened, the next run starts a new thread', async () => {
    // the real worker, but a chunk of exactly 13 fights kills its thread (listening after the real
    // worker does: a port delivers what waits for it once its first listener is there)
    const real = (await workerEntry()).href;
    const script = `import { parentPort } from 'node:worker_threads';
      await import(${JSON.stringify(real)});
      parentPort.on('message', (m) => { if (m.to - m.from === 13) process.exit(3); });`;
    const entry = new URL(`data:text/javascript,${encodeURIComponent(script)}`);
    const threads = new WarmThreads({ entry: async () => entry });
    try {
      await expect(simulate(cave(), 130, { workers: 2, chunk: 13, here: false, threads })).rejects.toThrow(/stopped \(exit code 3\)/);
      expect(await until(() => threads.size === 0, 5_000)).toBe(true);
      const t = await simulate(cave(), 120, { workers: 2, chunk: 20, here: false, threads });
      expect(t).toEqual(await simulate(cave(), 120, { workers: 1 }));
      expect(threads.started).toBe(2);
    } finally {
      await threads.close();
    }
  }, 60_000);

  it('with here: false every fight is played on a worker thread; with no thread to be had, NoThreadsError', async () => {
    const threads = new WarmThreads();
    try {
      let here = 0;
      const t = await simulate(cave(), 150, { workers: 2, chunk: 25, here: false, threads, onChunk: (f, to, inWorker) => (inWorker ? 0 : (here += to - f)) });
      expect(here).toBe(0);
      expect(t).toEqual(await simulate(cave(), 150, { workers: 1 }));
    } finally {
      await threads.close();
    }
    await expect(simulate(cave(), 150, { workers: 2, here: false, threads: new WarmThreads({ max: 0 }) })).rejects.toBeInstanceOf(NoThreadsError);
  }, 60_000);

  it('an aborted run fails with its reason and gives its thread back; the thread skips the chunks it still held', async () => {
    const threads = new WarmThreads();
    try {
      const stop = new AbortController();
      const run = simulate(cave(), 100_000, { workers: 2, chunk: 50, here: false, threads, signal: stop.signal, onChunk: (from) => from >= 500 && stop.abort(new Error('the GM closed the page')) });
      await expect(run).rejects.toThrow('the GM closed the page');
      const t = await simulate(cave(), 120, { workers: 2, chunk: 20, here: false, threads });
      expect(t).toEqual(await simulate(cave(), 120, { workers: 1 }));
      expect(threads.started).toBe(1);
    } finally {
      await threads.close();
    }
  }, 60_000);

  it('a worker answers a chunk of a run it is not lent to "skipped", without playing it', async () => {
    const threads = new WarmThreads();
    try {
      const [t] = await threads.lend(1, 5);
      const answers: FromWorker[] = [];
      t.onMessage = (m) => answers.push(m);
      t.worker.postMessage({ run: 5, specs: [cave()] });
      t.worker.postMessage({ run: 4, v: 0, from: 0, to: 10 });
      t.worker.postMessage({ run: 5, v: 0, from: 0, to: 10 });
      expect(await until(() => answers.length === 2, 20_000)).toBe(true);
      expect(answers[0]).toEqual({ run: 4, v: 0, from: 0, to: 10, skipped: true });
      expect(answers[1]).toMatchObject({ run: 5, v: 0, from: 0, to: 10, tally: runRange(cave(), 0, 10) });
      threads.giveBack([t]);
    } finally {
      await threads.close();
    }
  }, 60_000);
});
