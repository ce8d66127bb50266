// One timed pool run in a process of its own, as `skirmish sim … --workers K` runs: sim.bench.ts starts
// this file once per run and reads the line it prints. A fresh process per run because, in one
// long-lived process, threads started after an earlier run's workers have come and gone scaled worse
// (about 1.6× for two, against 1.9–2.0× in a fresh process; docs/benchmarks.md, session 9).
//
// node --import tsx bench/pool-run.ts <workers> <fights>  →  {"wall":s,"cpu":s,"runs":n}
import { compiledPool } from './baseline.ts';
import { fixtureSpec } from './sim.bench.ts';

const [workers, runs] = process.argv.slice(2).map(Number);
const spec = fixtureSpec();
const pool = compiledPool();
// this thread warmed, as a worker warms on its first chunks: the run times the threads, not one JIT
await pool.simulate(spec, Math.min(4000, runs / 10), { workers: 1 });
const t0 = performance.now();
const c0 = process.cpuUsage();
const tally = await pool.simulate(spec, runs, { workers });
const c = process.cpuUsage(c0);
console.log(JSON.stringify({ wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6, runs: tally.runs }));
