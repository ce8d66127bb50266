import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadText } from '../rulesets/load.ts';
import { simulate, simulateAll, startWorker, workerArgv, workerEntry, type Until } from './pool.ts';
import type { FromWorker } from './worker.ts';
import { runRange, type SimSpec } from './runner.ts';
import { summarize } from './summary.ts';

/** Blocks this thread, as a long chunk would. */
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** A worker of a test's own, as a module with `parentPort` in scope. */
const workerScript = (body: string) =>
  new URL(`data:text/javascript,${encodeURIComponent(`import { parentPort } from 'node:worker_threads';\n${body}`)}`);

/** Where chunks [from, to) fail to cover 0..runs exactly once: [] when they tile it. */
function gapsAndOverlaps(chunks: [number, number][], runs: number): string[] {
  const out: string[] = [];
  let at = 0;
  for (const [from, to] of [...chunks].sort((a, b) => a[0] - b[0])) {
    if (from !== at) out.push(from > at ? `gap ${at}..${from}` : `overlap at ${from}`);
    at = Math.max(at, to);
  }
  if (at !== runs) out.push(`ends at ${at}`);
  return out;
}

function specOf(file: string, over: Partial<SimSpec> = {}): SimSpec {
  const r = loadText(readFileSync(file, 'utf8'), file);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return { ruleset: r.value.ruleset.id, doc: r.value.doc, seed: 7, maxRounds: 100, policies: {}, ...over };
}

describe('the workers\' code', () => {
  it('is one bundle kept on disk under a fingerprint of the sources, so later runs skip building it', async () => {
    const url = await workerEntry();
    expect(url.protocol).toBe('file:');
    expect(url.pathname).toMatch(/\/node_modules\/\.cache\/skirmish\/sim-worker-[0-9a-f]{16}\.mjs$/);
    expect(existsSync(url)).toBe(true);
  });
});

describe('a worker\'s flags', () => {
  it('are this process\'s without the TypeScript loader, which the bundle does not need', () => {
    expect(workerArgv(['--import', 'tsx', '--max-old-space-size=4096'])).toEqual(['--max-old-space-size=4096']);
    expect(workerArgv(['--import=tsx/esm', '--cpu-prof', '--loader', 'tsx', '-r', 'tsx/cjs'])).toEqual(['--cpu-prof']);
    expect(workerArgv(['--import', './tracing.mjs', '--require=dotenv/config'])).toEqual(['--import', './tracing.mjs', '--require=dotenv/config']);
    // `node --input-type=module -e …` (a script given as text): the flag is the main script's, and a worker refuses it
    expect(workerArgv(['--input-type=module', '--import', 'tsx', '--no-warnings'])).toEqual(['--no-warnings']);
    expect(workerArgv(['--input-type', 'module', '--cpu-prof'])).toEqual(['--cpu-prof']);
  });

  it('leave out what a worker refuses (V8\'s own flags, which every thread has already), and the worker plays', async () => {
    const spec = specOf('examples/phase20/goblin-cave.yaml');
    for (const argv of [['--max-old-space-size=4096'], ['--expose-gc', '--import', 'tsx'], ['--no-warnings']]) {
      const w = startWorker(await workerEntry(), { specs: [spec] }, argv);
      try {
        const back = await new Promise<FromWorker>((resolve, reject) => {
          w.once('message', resolve);
          w.once('error', reject);
          w.postMessage({ v: 0, from: 0, to: 20 });
        });
        expect('tally' in back ? back.tally : back).toEqual(runRange(spec, 0, 20));
      } finally {
        await w.terminate();
      }
    }
  }, 60_000);

  it('let `node --max-old-space-size=… skirmish sim --workers 2` run, workers and all (a flag users give big runs)', () => {
    const bin = join(process.cwd(), 'bin/skirmish.js');
    const r = spawnSync(process.execPath, ['--max-old-space-size=1024', bin, 'sim', 'examples/phase20/goblin-cave.yaml', '-n', '4000', '--workers', '2', '--seed', '3', '--json'], { encoding: 'utf8' });
    expect(r.stderr).not.toContain('invalid execArgv');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ runs: 4000 });
  }, 120_000);
});

describe('simulate', () => {
  it('gives the same tally with 1 worker (in this thread) and 2 worker threads, however the range is cut', async () => {
    const spec = specOf('examples/phase20/goblin-cave.yaml');
    const one = await simulate(spec, 300, { workers: 1 });
    // with the workers' code bundled already, a worker starts after this thread's first chunk; this
    // thread then dawdles a quarter of a second after each chunk of its own, so the worker answers some
    // (else this thread would play them all: it takes up what a worker holds once nothing is left)
    await workerEntry();
    let byWorker = 0;
    let spawned = false;
    const onChunk = (from: number, to: number, inWorker: boolean) => {
      if (inWorker) byWorker += to - from;
      else if (spawned) sleep(250);
    };
    const two = await simulate(spec, 300, { workers: 2, chunk: 37, onChunk, onThreads: () => (spawned = true) });
    expect(spawned).toBe(true);
    expect(byWorker).toBeGreaterThan(0);
    expect(two).toEqual(one);
    // and fight i is fight i: tallying [0, 150) and [150, 300) separately adds up to the whole
    const a = runRange(spec, 0, 150);
    const b = runRange(spec, 150, 300);
    expect(a.wins.map((w, i) => w + b.wins[i])).toEqual(one.wins);
    expect(one.runs).toBe(300);
  }, 60_000);

  it('stops each variant at its first accepted checkpoint, with exactly the fights before it, on 1 or 2 threads', async () => {
    const cave = specOf('examples/phase20/goblin-cave.yaml', { outcomes: true });
    const weak = { ...cave, doc: JSON.parse(JSON.stringify(cave.doc).replace('"hp":22', '"hp":8')) };
    // a rule that asks for 3 checkpoints of the first variant and 5 of the second
    const looked: number[] = [];
    const until = (): Until => ({ step: 40, done: (_t, n) => (looked.push(n), [n >= 120, n >= 200]) });
    const one = await simulateAll([cave, weak], 400, { workers: 1, until: until() });
    expect(looked).toEqual([40, 80, 120, 160, 200]);
    expect(one.map((t) => t.runs)).toEqual([120, 200]);
    expect(one[0]).toEqual(runRange(cave, 0, 120));
    expect(one[1]).toEqual(runRange(weak, 0, 200));
    await workerEntry();
    const two = await simulateAll([cave, weak], 400, { workers: 2, chunk: 23, until: until() });
    expect(two).toEqual(one);
  }, 120_000);

  it('finishes on this thread the chunks a worker holds and does not answer', async () => {
    const spec = specOf('examples/phase20/goblin-cave.yaml');
    const mute = workerScript('parentPort.on("message", () => {});');
    const merged: [number, number][] = [];
    let threads = 0;
    let byWorker = 0;
    const t = await simulate(spec, 300, {
      workers: 2, chunk: 25, entry: mute, onThreads: (n) => (threads = n),
      onChunk: (from, to, inWorker) => (inWorker ? byWorker++ : merged.push([from, to])),
    });
    expect([threads, byWorker]).toEqual([2, 0]);
    expect(t).toEqual(await simulate(spec, 300, { workers: 1 }));
    expect(gapsAndOverlaps(merged, 300)).toEqual([]);
  }, 60_000);

  it('counts a chunk once when a slow worker answers after this thread played it too', async () => {
    const spec = specOf('examples/phase20/goblin-cave.yaml');
    // the real worker, each answer held back 150 ms, and this thread 50 ms on each chunk of its own:
    // at the end this thread plays the chunks the worker holds, and their answers come back meanwhile
    const slow = workerScript(`const post = parentPort.postMessage.bind(parentPort);
      parentPort.postMessage = (m) => setTimeout(() => post(m), 150);
      await import(${JSON.stringify((await workerEntry()).href)});`);
    const merged: [number, number][] = [];
    const onChunk = (from: number, to: number, inWorker: boolean) => {
      merged.push([from, to]);
      if (!inWorker) sleep(50);
    };
    const t = await simulate(spec, 600, { workers: 2, chunk: 20, entry: slow, onChunk });
    expect(t).toEqual(await simulate(spec, 600, { workers: 1 }));
    expect(gapsAndOverlaps(merged, 600)).toEqual([]);
  }, 60_000);

  it('different seeds give different fights', async () => {
    const spec = specOf('examples/phase20/goblin-cave.yaml');
    const a = await simulate(spec, 100, { workers: 1 });
    const b = await simulate({ ...spec, seed: 8 }, 100, { workers: 1 });
    expect(a.rounds).not.toEqual(b.rounds);
  });

  it('plays every phase20 example to a result and accounts for every fight', async () => {
    for (const f of readdirSync('examples/phase20').filter((x) => x.endsWith('.yaml'))) {
      const spec = specOf(join('examples/phase20', f));
      const t = await simulate(spec, 40, { workers: 1 });
      const s = summarize(t, { encounter: f, ruleset: spec.ruleset, seed: spec.seed, maxRounds: spec.maxRounds, policies: {} });
      const wins = Object.values(s.sides).reduce((a, x) => a + x.wins, 0);
      expect(wins + s.draws.count + s.timeouts.count + s.other.count, f).toBe(40);
      expect(s.rounds.mean, f).toBeGreaterThan(0);
      expect(s.units.length, f).toBeGreaterThan(1);
      expect(s.units.some((u) => u.damageDealt > 0), f).toBe(true);
    }
  });

  it('reports a rejected policy command as an error, not a hang', async () => {
    const spec = specOf('examples/phase20/goblin-cave.yaml', { commands: [{ type: 'attack', actor: 'nobody' }] });
    await expect(simulate(spec, 10, { workers: 1 })).rejects.toThrow(/rejected/);
    await expect(simulate(spec, 200, { workers: 2 })).rejects.toThrow(/rejected/);
  }, 60_000);
});
