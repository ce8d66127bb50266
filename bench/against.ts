// Every example (or those named) with its own policies: fights per CPU-second of this checkout against
// the simulator at another commit, rebuilt from git and timed in alternating bursts in this very run
// (bench/baseline.ts, as bench/examples.bench.ts does against the start of session 4) — the ratio a
// change to the engine bought, on a machine however loaded. Usage:
//   node --import tsx bench/against.ts <commit> [ruleset/example.yaml | path/to/file.yaml ...] [--ms 1000] [--policies first] [--svg chart.svg]
// A path that is not an example's (bench/fixtures/line-4v4.yaml) is read as it is; --policies gives every side that policy;
// --svg also writes the rows as a chart (then and now per file, the examples' target as a line).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { alternate, baselineAt, current } from './baseline.ts';
import { againstChart, type AgainstRow } from './against-chart.ts';
import { exampleFiles, TARGET, WARM_MS } from './examples.bench.ts';
import { loadText } from '../src/rulesets/load.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { ms: { type: 'string', default: '1000' }, policies: { type: 'string' }, svg: { type: 'string' } } });
const [commit, ...only] = positionals;
if (!commit) throw new Error('usage: bench/against.ts <commit> [ruleset/example.yaml ...] [--ms 1000]');
const base = baselineAt(commit);
if (!base) throw new Error(`git cannot give the sources of ${commit}`);
const ours = current();
const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));
const ms = Number(values.ms);
console.log(`| example | fights/CPU-s now | at ${commit.slice(0, 7)} | now / then |\n|---|---|---|---|`);
const ratios: number[] = [];
const rows: AgainstRow[] = [];
/** --policies: that policy for every side of the file (its units' sides, as the runner looks them up). */
function policiesFor(file: string): Record<string, string> {
  if (!values.policies) return {};
  const loaded = loadText(readFileSync(file, 'utf8'), file);
  if (!loaded.ok) throw new Error(`${file}: ${loaded.problems[0].message}`);
  const units = (loaded.value.doc as { units: { side: string }[] }).units;
  return Object.fromEntries(units.map((u) => [u.side, values.policies!]));
}
const files = [...exampleFiles().filter((n) => !only.length || only.includes(n)).map((n) => [n, join(EXAMPLES, n)]), ...only.filter((n) => !exampleFiles().includes(n) && existsSync(n)).map((n) => [n, resolve(n)])];
for (const [name, file] of files) {
  const [now, then] = alternate([ours.runner(file, policiesFor(file)), base.runner(file, policiesFor(file))], ms, 100, ms < 500 ? ms / 4 : WARM_MS);
  ratios.push(now / then);
  rows.push({ name: name.replace(/\.yaml$/, ''), now, then });
  console.log(`| ${name} | ${Math.round(now).toLocaleString('en')} | ${Math.round(then).toLocaleString('en')} | ${(now / then).toFixed(2)}× |`);
}
const mean = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
console.log(`\ngeometric mean ${mean.toFixed(3)}×; load average at the end ${loadavg().map((x) => x.toFixed(1)).join(' ')} (2 cores)`);
if (values.svg) {
  const title = `fights per CPU-second against ${commit.slice(0, 7)}: geometric mean ${mean.toFixed(2)}×, ${rows.filter((r) => r.now >= TARGET).length} of ${rows.length} at the target`;
  writeFileSync(values.svg, againstChart(rows, commit.slice(0, 7), TARGET, title));
  console.log(`chart written to ${values.svg}`);
}
