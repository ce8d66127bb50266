// One timed pool run in a process of its own, as `skirmish sim … --workers K` runs: sim.bench.ts starts
// this file once per run and reads the line it prints. A fresh process per run because, in one
// long-lived process, threads started after an earlier run's workers have come and gone scaled worse
// (1.5–1.65× for two, against 1.85–1.95× in a fresh process; see docs/benchmarks.md, session 9).
//
// node --import tsx bench/pool-run.ts <fixture.yaml> <workers> <fights>  →  {"wall":s,"cpu":s,"runs":n}
import { readFileSync } from 'node:fs';
import { loadText } from '../src/rulesets/load.ts';
import { compiledPool } from './baseline.ts';

const [file, workersArg, runsArg] = process.argv.slice(2);
const loaded = loadText(readFileSync(file, 'utf8'), file);
if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
const spec = { ruleset: loaded.value.ruleset.id, doc: loaded.value.doc, seed: 1, maxRounds: 100, policies: { blue: 'first', red: 'first' } };
const workers = Number(workersArg);
const runs = Number(runsArg);
const pool = compiledPool();
// this thread warmed, as a worker warms on its first chunks: the run times the threads, not one JIT
await pool.simulate(spec, Math.min(4000, runs / 10), { workers: 1 });
const t0 = performance.now();
const c0 = process.cpuUsage();
const tally = await pool.simulate(spec, runs, { workers });
const c = process.cpuUsage(c0);
console.log(JSON.stringify({ wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6, runs: tally.runs }));
