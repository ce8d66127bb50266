// Fights per CPU-second of every example in one thread, as `skirmish sim <example>` plays them (the
// file's own policies, seed 1): a guide to what a real encounter costs, for docs/benchmarks.md. No
// baseline, so not a `*.bench.ts` of `npm run bench`. Run: node --import tsx bench/examples.ts [ms]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadText } from '../src/rulesets/load.ts';
import { EXAMPLES_DIR, listExamples } from '../src/server/examples.ts';
import { prepare, runRange, type SimSpec } from '../src/sim/runner.ts';
import { rate } from './sim.bench.ts';

const ms = Number(process.argv[2] ?? 1500);
const rows: string[] = ['| ruleset | example | fights/CPU-s | rounds (mean) |', '|---|---|---|---|'];
// every example of every registered ruleset
for (const { ruleset, path } of listExamples()) {
  {
    const file = path.slice(ruleset.length + 1);
    const loaded = loadText(readFileSync(join(EXAMPLES_DIR, path), 'utf8'), `examples/${path}`);
    if (!loaded.ok) throw new Error(`${file}: ${loaded.problems[0].message}`);
    const spec: SimSpec = { ruleset, doc: loaded.value.doc, seed: 1, maxRounds: 100, policies: {} };
    const prepared = prepare(spec);
    let fights = 0;
    let rounds = 0;
    const r = rate((from, batch) => {
      const t = runRange(spec, from, from + batch, prepared);
      // the histogram counts fights by the round they ended in (timeouts left out)
      t.rounds.forEach((count, round) => {
        fights += count;
        rounds += count * round;
      });
    }, 10, ms);
    rows.push(`| ${ruleset} | ${file} | ${Math.round(r).toLocaleString('en')} | ${(rounds / fights).toFixed(1)} |`);
    process.stderr.write(`${rows.at(-1)}\n`);
  }
}
console.log(rows.join('\n'));
