// The GM's quick simulation: POST /api/encounters/{id}/simulate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadText } from '../rulesets/load.ts';
import { prepare, runRange } from '../sim/runner.ts';
import { summarize } from '../sim/summary.ts';
import { quickThreadsStarted, simulationsCancelled, simulationsRunning } from './simulate.ts';
import { command, load, testTable, TEST_LIMITS, type TestTable } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  // a budget no loaded machine runs out of: these tests count fights (the cut-off has its own test below)
  t = await testTable({ limits: { ...TEST_LIMITS, simulationMs: 120_000 } });
});
afterAll(() => t.close());

const total = (b: any) => (Object.values(b.sides) as { wins: number }[]).reduce((n, s) => n + s.wins, 0) + b.draws + b.timeouts + b.other;
const rates = (b: any) => (Object.values(b.sides) as { winRate: number }[]).reduce((n, s) => n + s.winRate, 0) + (b.draws + b.timeouts + b.other) / b.runs;

describe('quick simulation', () => {
  it('plays fights from an encounter not yet started, with win rates, intervals, rounds and units', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const r = await t.gm.post(`/api/encounters/${enc}/simulate`, { runs: 60, seed: 7 });
    expect(r.status, r.text).toBe(200);
    const b = r.body;
    expect(b.runs).toBe(60);
    expect(b.seed).toBe(7);
    expect(b.fromRound).toBe(0);
    expect(Object.keys(b.sides).sort()).toEqual(['goblins', 'heroes']);
    expect(total(b)).toBe(60);
    expect(rates(b)).toBeCloseTo(1, 9);
    for (const s of Object.values(b.sides) as { winRate: number; ci95: [number, number] }[]) {
      expect(s.ci95[0]).toBeLessThanOrEqual(s.winRate);
      expect(s.ci95[1]).toBeGreaterThanOrEqual(s.winRate);
    }
    const hist = b.rounds.histogram as [number, number][];
    expect(hist.reduce((n, [, c]) => n + c, 0)).toBe(60 - b.timeouts);
    expect(b.rounds.median).toBeGreaterThanOrEqual(1);
    expect(b.units.kara).toMatchObject({ name: expect.any(String), side: 'heroes' });
    expect(b.units.kara.downRate).toBeGreaterThanOrEqual(0);
    // nothing was written: the encounter is still in setup at the same version
    const after = await t.gm.get(`/api/encounters/${enc}`);
    expect(after.body.encounter.status).toBe('setup');
    // the same seed, the same result
    const again = await t.gm.post(`/api/encounters/${enc}/simulate`, { runs: 60, seed: 7 });
    expect({ ...again.body, elapsedMs: 0 }).toEqual({ ...b, elapsedMs: 0 });
  });

  it('gives the numbers the simulator\'s runner gives for the seed (what `skirmish sim` and the builder\'s page call)', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    // 200 fights: several slices of the server's work, on a quiet machine or a loaded one
    const r = await t.gm.post(`/api/encounters/${enc}/simulate`, { runs: 200, seed: 11, maxRounds: 100 });
    expect(r.body.runs).toBe(200);
    const file = 'examples/phase20/goblin-cave.yaml';
    const loaded = loadText(readFileSync(file, 'utf8'), file);
    if (!loaded.ok) throw new Error('the example does not load');
    const spec = { ruleset: 'phase20', doc: loaded.value.doc, seed: 11, maxRounds: 100, policies: {} };
    const s = summarize(runRange(spec, 0, 200, prepare(spec)), { encounter: 'Goblin cave', ruleset: 'phase20', seed: 11, maxRounds: 100, policies: {} });
    expect(r.body.sides).toEqual(s.sides);
    expect([r.body.draws, r.body.timeouts, r.body.other]).toEqual([s.draws.count, s.timeouts.count, s.other.count]);
    expect(r.body.rounds.mean).toBe(s.rounds.mean);
    expect(r.body.units.kara.downRate).toBe(s.units.find((u) => u.id === 'kara')!.downRate);
  });

  it('plays on from the current state of a started fight', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    expect((await command(t.gm, enc, { type: 'start' })).status).toBe(200);
    const r = await t.gm.post(`/api/encounters/${enc}/simulate`, { runs: 30 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.fromRound).toBe(1);
    expect(r.body.runs).toBe(30);
    expect(typeof r.body.seed).toBe('number');
    expect(rates(r.body)).toBeCloseTo(1, 9);
  });

  it('is the GM\'s alone, and refuses a bad body with a structured error', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const p = await t.p1.post(`/api/encounters/${enc}/simulate`, { runs: 10 });
    expect(p.status).toBe(403);
    expect(p.body.error.code).toBe('FORBIDDEN');
    for (const [body, field] of [[{ runs: 0 }, 'runs'], [{ runs: 2001 }, 'runs'], [{ runs: 'ten' }, 'runs'], [{ nope: 1 }, 'nope'], [{ maxRounds: 1.5 }, 'maxRounds']] as const) {
      const r = await t.gm.post(`/api/encounters/${enc}/simulate`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'BAD_REQUEST', field });
    }
    expect((await t.gm.post('/api/encounters/e_nope/simulate', {})).body.error.code).toBe('NOT_FOUND');
  });

  it('plays every example of every ruleset, before and after the start', async () => {
    const examples = (await t.gm.get('/api/examples')).body as { path: string }[];
    for (const { path } of examples) {
      const enc = await load(t, { example: path });
      const before = await t.gm.post(`/api/encounters/${enc}/simulate`, { runs: 8, seed: 3 });
      expect(before.status, `${path}: ${before.text}`).toBe(200);
      expect(total(before.body), path).toBe(before.body.runs);
      expect((await command(t.gm, enc, { type: 'start' })).status, path).toBe(200);
      const after = await t.gm.post(`/api/encounters/${enc}/simulate`, { runs: 8, seed: 3 });
      expect(after.status, `${path}: ${after.text}`).toBe(200);
      expect(after.body.fromRound, path).toBeGreaterThanOrEqual(1);
    }
  }, 60_000);

  it('past its time limit is cancelled with a clear error and no numbers, never a shorter run', async () => {
    const quick = await testTable({ limits: { ...TEST_LIMITS, simulationMs: 1 } });
    try {
      const enc = await load(quick, { example: 'phase20/crossroads-4v4.yaml' });
      const r = await quick.gm.post(`/api/encounters/${enc}/simulate`, { runs: 2000, seed: 1 });
      expect(r.status, r.text).toBe(503);
      expect(r.body.error.code).toBe('SIMULATION_STOPPED');
      expect(r.body.error.message).toMatch(/cancelled after 1 ms .* of 2000 fights played; no numbers are given/);
      expect(r.body.sides).toBeUndefined();
      // and the server goes on serving
      expect((await quick.gm.post(`/api/encounters/${enc}/simulate`, { runs: 1, seed: 1 })).status).toBeGreaterThanOrEqual(200);
    } finally {
      await quick.close();
    }
  });

  it('stops when its request goes away (the GM closed the page), freeing its slot', async () => {
    const enc = await load(t, { example: 'phase20/crossroads-4v4.yaml' });
    const before = simulationsCancelled.count;
    const abort = new AbortController();
    const asked = fetch(`${t.url}/api/encounters/${enc}/simulate`, { method: 'POST', headers: { authorization: `Bearer ${t.gm.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ runs: 2000, seed: 1 }), signal: abort.signal }).catch(() => 'aborted');
    const until = async (ok: () => boolean) => {
      while (!ok()) await new Promise((r) => setTimeout(r, 5));
    };
    await until(() => simulationsRunning() === 1);
    abort.abort();
    expect(await asked).toBe('aborted');
    // it ended by the cancel, not by playing its 2,000 fights of the 4v4
    await until(() => simulationsRunning() === 0);
    expect(simulationsCancelled.count).toBe(before + 1);
  });

  it('plays on a worker thread kept warm: the next simulation starts no thread, and gives the same numbers for the seed', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const first = await t.gm.post(`/api/encounters/${enc}/simulate`, { runs: 40, seed: 5 });
    expect(first.status, first.text).toBe(200);
    const started = quickThreadsStarted();
    expect(started).toBeGreaterThanOrEqual(1);
    const second = await t.gm.post(`/api/encounters/${enc}/simulate`, { runs: 40, seed: 5 });
    expect(quickThreadsStarted()).toBe(started);
    const { elapsedMs: _a, ...a } = first.body;
    const { elapsedMs: _b, ...b } = second.body;
    expect(b).toEqual(a);
  }, 60_000);

  it('is in the OpenAPI document', async () => {
    const doc = (await t.gm.get('/api/openapi.json')).body;
    const op = doc.paths['/api/encounters/{encounterId}/simulate'].post;
    expect(op['x-role']).toBe('gm');
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties).sort()).toEqual(['maxRounds', 'runs', 'seed']);
  });
});
