// Plays one encounter file for a few seconds, bundled as the CLI and the benches run it, so a CPU
// profile sees the simulator and not tsx's loader. Profile, then summarise:
//   node --cpu-prof --cpu-prof-dir=/tmp/p --import tsx bench/profile.ts examples/duel60/duel.yaml 5 [policy]
//   node bench/profile-summary.mjs /tmp/p
import { readFileSync } from 'node:fs';
import { current } from './baseline.ts';
import { loadText } from '../src/rulesets/load.ts';

const [file, secs = '4', policy] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/profile.ts <file.yaml> [seconds] [policy for every side]');
const loaded = loadText(readFileSync(file, 'utf8'), file);
if (!loaded.ok) throw new Error(`${file}: ${loaded.problems[0].message}`);
const sides = Object.keys((loaded.value.doc as { sides?: Record<string, unknown> }).sides ?? {});
const run = current().runner(file, policy ? Object.fromEntries(sides.map((s) => [s, policy])) : {});
const end = Date.now() + Number(secs) * 1000;
let fights = 0;
while (Date.now() < end) {
  run(20);
  fights += 20;
}
console.log(`${fights} fights in ${secs} s`);
