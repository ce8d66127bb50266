// Where a simulated fight's time goes (issue 40): plays N fights of examples (default: every example of
// every registered ruleset) the way `skirmish sim` does, under the V8 profiler, and prints each part's
// share of the fight loop's samples — a part counts a sample when any frame of its stack is the part's
// function in the part's file (so the parts overlap: "records" is inside "decide"). Usage:
//   node --import tsx scripts/where-time-goes.ts [ruleset/example.yaml | path/to/file.yaml ...] [--n 500] [--top 12] [--policies first]
// A path that is not an example's (bench/fixtures/line-4v4.yaml) is read as it is; --policies gives every side that policy.
import { Session } from 'node:inspector/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadText } from '../src/rulesets/load.ts';
import { EXAMPLES_DIR, listExamples } from '../src/server/examples.ts';
import { prepare, runRange, type SimSpec } from '../src/sim/runner.ts';

interface Frame { functionName: string; url: string }
interface ProfileNode { id: number; callFrame: Frame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** The parts: a name and a test on one stack frame (function name, file ending). */
const PARTS: [string, (f: Frame) => boolean][] = [
  ['fight loop (runRange)', (f) => f.functionName === 'runRange' && f.url.endsWith('sim/runner.ts')],
  ['  policies (nextCommand)', (f) => f.functionName === 'nextCommand' && f.url.endsWith('sim/fight.ts')],
  ['    listing (legalActions)', (f) => f.functionName === 'legalActions' && f.url.endsWith('engine/engine.ts')],
  ['  decide', (f) => f.functionName === 'decide' && f.url.endsWith('engine/engine.ts')],
  ['    turn flow (endTurn)', (f) => f.functionName === 'endTurn' && f.url.endsWith('engine/flow.ts')],
  ['    records (Resolution.emit)', (f) => f.functionName === 'emit' && f.url.endsWith('engine/resolution.ts')],
  ['      applyEvent', (f) => f.functionName === 'applyEvent' && f.url.endsWith('engine/apply.ts')],
  ['  fork of the set-up state', (f) => f.functionName === 'fork' && f.url.endsWith('engine/engine.ts')],
  ['  tally (FightObserver)', (f) => f.url.endsWith('sim/tally.ts')],
  ['  path searches (engine/space)', (f) => /engine\/space\/(path|searches|stops|cell-queue|heap)\.ts$/.test(f.url)],
  ['  garbage collector', (f) => f.functionName === '(garbage collector)'],
];

const { values, positionals } = parseArgs({ allowPositionals: true, options: { n: { type: 'string', default: '500' }, top: { type: 'string', default: '12' }, policies: { type: 'string' } } });

function shares(p: Profile, top: number): string[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  p.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + p.timeDeltas[i]));
  const parts = new Array<number>(PARTS.length).fill(0);
  const files = new Map<string, number>();
  let total = 0;
  for (const [id, t] of self) {
    const stack: Frame[] = [];
    for (let j: number | undefined = id; j !== undefined; j = parent.get(j)) stack.push(byId.get(j)!.callFrame);
    // the GC's samples have no stack: counted against the loop they interrupt
    const gc = stack[0].functionName === '(garbage collector)';
    if (!gc && !stack.some(PARTS[0][1])) continue;
    total += t;
    PARTS.forEach(([, is], k) => {
      if (gc ? k === 0 || k === PARTS.length - 1 : stack.some(is)) parts[k] += t;
    });
    const file = gc ? '(garbage collector)' : stack[0].url.replace(/^.*\/src\//, 'src/') || '(native)';
    files.set(file, (files.get(file) ?? 0) + t);
  }
  const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
  return [
    ...PARTS.map(([name], k) => `${pct(parts[k])}  ${name}`),
    '  self time by file:',
    ...[...files].sort((a, b) => b[1] - a[1]).slice(0, top).map(([f, t]) => `${pct(t)}    ${f}`),
  ];
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
const files = listExamples()
  .filter(({ path }) => !positionals.length || positionals.includes(path))
  .map(({ path }) => ({ path, file: join(EXAMPLES_DIR, path) }));
for (const p of positionals) if (!files.some((f) => f.path === p) && existsSync(p)) files.push({ path: p, file: p });
for (const { path, file } of files) {
  const loaded = loadText(readFileSync(file, 'utf8'), path);
  if (!loaded.ok) throw new Error(`${path}: ${loaded.problems[0]?.message}`);
  const sides = (loaded.value.doc as { sides?: Record<string, unknown> }).sides ?? {};
  const policies = values.policies ? Object.fromEntries(Object.keys(sides).map((s) => [s, values.policies!])) : {};
  const spec: SimSpec = { ruleset: loaded.value.ruleset.id, doc: loaded.value.doc, seed: 1, maxRounds: 100, policies };
  const prepared = prepare(spec);
  const n = Number(values.n);
  runRange(spec, 0, Math.min(100, n), prepared); // warm: compiled before it is measured
  const cpu = process.cpuUsage();
  await session.post('Profiler.start');
  runRange(spec, 0, n, prepared);
  const { profile } = await session.post('Profiler.stop');
  const used = process.cpuUsage(cpu);
  const rate = n / ((used.user + used.system) / 1e6);
  console.log(`${path}: ${Math.round(rate).toLocaleString('en')} fights/CPU-s under the profiler (${n} fights)`);
  for (const line of shares(profile as unknown as Profile, Number(values.top))) console.log(`  ${line}`);
}
session.disconnect();
