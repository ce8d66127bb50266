// Where a two-thread sweep loses (issue 40): one cold run of `skirmish sim --vary`'s shape — 10 variants
// of the 4v4 fixture, N fights each, the pool compiled as pool-run.ts runs it — with a timeline of every
// chunk merged (who played it, when it came back) and what this thread did: when the worker thread was
// lent, when its first answer came, how long this thread waited with nothing to play, and the fights
// played twice at the end.
//   node --import tsx bench/sweep-timeline.ts [fights per variant = 10000] [variants = 10]
import { compiledPool } from './baseline.ts';
import { fixtureSweep } from './sim.bench.ts';

const [runs = 10_000, variants = 10] = process.argv.slice(2).map(Number);
const specs = fixtureSweep(variants);
const pool = compiledPool();
const t0 = performance.now();
const c0 = process.cpuUsage();
const ms = () => Math.round(performance.now() - t0);
let threadsAt = -1;
const chunks: { at: number; n: number; worker: boolean }[] = [];
await pool.simulateAll(specs, runs, {
  workers: 2,
  onThreads: () => (threadsAt = ms()),
  onChunk: (from, to, inWorker) => chunks.push({ at: ms(), n: to - from, worker: inWorker }),
});
const wall = ms();
const c = process.cpuUsage(c0);
const worker = chunks.filter((x) => x.worker);
const here = chunks.filter((x) => !x.worker);
const total = variants * runs;
console.log(`wall ${wall} ms, CPU ${Math.round((c.user + c.system) / 1000)} ms, ${total} fights; worker lent at ${threadsAt} ms, its first answer at ${worker[0]?.at ?? '-'} ms`);
console.log(`this thread played ${here.reduce((a, x) => a + x.n, 0)} fights in ${here.length} chunks, the worker ${worker.reduce((a, x) => a + x.n, 0)} in ${worker.length}`);
// the worker's rate by second of the run: its warm-up
const bySecond = new Map<number, [number, number]>();
for (const x of chunks) {
  const s = Math.floor(x.at / 1000);
  const v = bySecond.get(s) ?? [0, 0];
  v[x.worker ? 1 : 0] += x.n;
  bySecond.set(s, v);
}
console.log('second: fights merged (this thread / worker)');
for (const [s, [h, w]] of [...bySecond].sort((a, b) => a[0] - b[0])) console.log(`  ${s}: ${h} / ${w}`);
console.log('last chunks:', chunks.slice(-8).map((x) => `${x.at}ms ${x.n}${x.worker ? 'w' : 'h'}`).join(', '));
