// `npm run bench [-- --quick]`: runs every exported `bench*` function of every bench/*.bench.ts and
// prints one table. Each function takes the measuring time per case in ms (--quick: 200, else 1000)
// and returns rows of { name, ours, baseline, unit, ratio }.
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { printTable } from './table.ts';
import type { BenchRow } from './sim.bench.ts';

const quick = process.argv.includes('--quick');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const dir = new URL('./', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!only.length || only.some((o) => f.includes(o)))).sort();
const rows: BenchRow[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(new URL(file, dir).pathname).href)) as Record<string, unknown>;
  for (const [name, fn] of Object.entries(mod)) {
    if (!name.startsWith('bench') || typeof fn !== 'function') continue;
    process.stderr.write(`${file}: ${name}...\n`);
    rows.push(...((await fn(quick ? 200 : 1000)) as BenchRow[]));
  }
}
console.log(printTable(rows));
console.log(`\n${quick ? 'quick run (200 ms per case)' : '1 s per case'}; node ${process.version}; ratio = ours / baseline.`);
