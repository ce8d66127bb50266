// The functions a .cpuprofile spent its time in: self time and time including callees, in percent.
// Usage: node bench/profile-summary.mjs <folder with one .cpuprofile> [rows]
import { readFileSync, readdirSync } from 'node:fs';

const [dir, rows = '40'] = process.argv.slice(2);
const file = readdirSync(dir).find((x) => x.endsWith('.cpuprofile'));
if (!file) throw new Error(`no .cpuprofile in ${dir}`);
const p = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const spent = new Map();
p.samples.forEach((s, i) => spent.set(s, (spent.get(s) ?? 0) + (p.timeDeltas[i] ?? 0)));
const name = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
const self = new Map();
const incl = new Map();
let total = 0;
for (const n of p.nodes) {
  const t = spent.get(n.id) ?? 0;
  if (!t) continue;
  total += t;
  self.set(name(n), (self.get(name(n)) ?? 0) + t);
  // each function once per sample, however deep it recurses
  const seen = new Set();
  for (let id = n.id; id !== undefined; id = parent.get(id)) {
    const k = name(byId.get(id));
    if (!seen.has(k)) incl.set(k, (incl.get(k) ?? 0) + t);
    seen.add(k);
  }
}
const show = (title, m) => {
  console.log(title);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(rows))) console.log(`${((100 * v) / total).toFixed(1).padStart(5)}  ${k}`);
};
show('self', self);
show('with callees', incl);
