// One timed pool run in a process of its own, as `skirmish sim … --workers K` runs: sim.bench.ts starts
// this file once per run and reads the line it prints. A fresh process per run, cold, as a user's
// `skirmish sim` is: the time is the whole run's, the worker thread's start and warm-up included (and
// this thread's warm-up too: nothing is played before the clock starts).
//
// The run is a sweep: <variants> variants of the 4v4 fixture (the first unit's hit points +0, +1, …,
// as `--vary` makes them), <fights> each, all in one pool call as `skirmish sim --vary` plays them.
//
// node --import tsx bench/pool-run.ts <workers> <fights> [variants=1]  →  {"wall":s,"cpu":s,"runs":n}
import { compiledPool } from './baseline.ts';
import { fixtureSweep } from './sim.bench.ts';

const [workers, runs, variants = 1] = process.argv.slice(2).map(Number);
const specs = fixtureSweep(variants);
const pool = compiledPool();
const t0 = performance.now();
const c0 = process.cpuUsage();
const tallies = await pool.simulateAll(specs, runs, { workers });
const c = process.cpuUsage(c0);
console.log(JSON.stringify({ wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6, runs: tallies.reduce((a, t) => a + t.runs, 0) }));
