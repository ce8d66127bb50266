// Where the time of command → broadcast goes, from a traced run of the PostgreSQL bench (issue 42):
//   SKIRMISH_TRACE=/tmp/trace node --import tsx bench/postgres.bench.ts && node --import tsx bench/trace-report.ts /tmp/trace
// Every process of the run (the bench's clients and each server) wrote its marks to <folder>/<pid>.jsonl on
// one monotonic clock (src/store/trace.ts). For each phase (one process or two, at each rate) this prints each
// step's time at the median and over the slowest 1% of deliveries (the ones at or past p99), and what else
// those slow ones overlapped: GC pauses and late turns of the event loop in each server and in the clients.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '/tmp/trace';

type Rec = Record<string, unknown> & { t?: number };
interface Proc {
  pid: number;
  marks: Map<string, Map<string, number>>;
  gc: { t: number; d: number }[];
  late: { t: number; d: number }[];
}

const procs = new Map<number, Proc>();
let client: Rec[] = [];
for (const f of readdirSync(dir).filter((x) => x.endsWith('.jsonl'))) {
  const pid = Number(f.replace('.jsonl', ''));
  const recs = readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Rec);
  if (recs.some((r) => r.c !== undefined || r.phase !== undefined)) {
    client = recs;
  }
  const p: Proc = { pid, marks: new Map(), gc: [], late: [] };
  for (const r of recs) {
    if (typeof r.k === 'string' && typeof r.s === 'string') {
      let m = p.marks.get(r.k);
      if (!m) p.marks.set(r.k, (m = new Map()));
      // the first time a step is marked for an append (a catch-up marks the version it reached)
      if (!m.has(r.s)) m.set(r.s, r.t!);
    } else if (typeof r.gc === 'number') p.gc.push({ t: r.t!, d: r.gc });
    else if (typeof r.late === 'number') p.late.push({ t: r.t! - r.late, d: r.late });
  }
  procs.set(pid, p);
}
const clientPid = [...procs.values()].find((p) => readFileSync(join(dir, `${p.pid}.jsonl`), 'utf8').includes('"c":"send"'))?.pid;

// the paced slices, each with the servers it ran on (one process, or two), grouped by set-up and rate
interface Slice {
  mode: number;
  pids: number[];
  rate: number;
  from: number;
  to: number;
}
interface Phase {
  mode: number;
  pids: number[];
  rate: number;
  slices: Slice[];
}
const phases: Phase[] = [];
for (const r of client) {
  if (typeof r.phase !== 'number' || !Array.isArray(r.pids)) continue;
  const pids = r.pids as number[];
  const slice = { mode: pids.length, pids, rate: r.phase, from: r.from as number, to: r.to as number };
  const phase = phases.find((p) => p.rate === slice.rate && p.pids.join() === pids.join());
  if (phase) phase.slices.push(slice);
  else phases.push({ mode: slice.mode, pids, rate: slice.rate, slices: [slice] });
}
phases.sort((a, b) => a.rate - b.rate || a.mode - b.mode);

interface Delivery {
  phase: Phase;
  key: string;
  v?: string;
  send: number;
  recv: number[];
}
const notes = new Map<string, Delivery>();
for (const r of client) {
  if (r.c === 'send') {
    const phase = phases.find((p) => p.slices.some((x) => r.t! >= x.from && r.t! <= x.to));
    if (phase) notes.set(r.k as string, { phase, key: r.k as string, send: r.t!, recv: [] });
  } else if (r.c === 'ack') {
    const n = notes.get(r.k as string);
    if (n) n.v = r.v as string;
  } else if (r.c === 'recv') notes.get(r.k as string)?.recv.push(r.t!);
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1).padStart(6) : '     —');

/** Time overlapped by `spans` within [a, b]. */
const overlap = (spans: { t: number; d: number }[], a: number, b: number) => spans.reduce((s, x) => s + Math.max(0, Math.min(b, x.t + x.d) - Math.max(a, x.t)), 0);

for (const phase of phases) {
  const ds = [...notes.values()].filter((n) => n.phase === phase && n.v && n.recv.length);
  const samples = ds.flatMap((d) => d.recv.map((r) => r - d.send));
  const p99 = q(samples, 99);
  const slow = ds.filter((d) => d.recv.some((r) => r - d.send >= p99));
  const servers = phase.pids.map((pid) => procs.get(pid)!).filter(Boolean);
  // the steps of one delivery, in order, as spans between consecutive marks
  const steps = (d: Delivery): [string, number][] => {
    const at = (pid: number, s: string) => procs.get(pid)?.marks.get(d.v!)?.get(s);
    const committer = servers.find((p) => p.marks.get(d.v!)?.has('committed'));
    if (!committer) return [];
    const watcher = phase.mode === 2 ? servers.find((p) => p !== committer) : undefined;
    const c = (s: string) => at(committer.pid, s);
    const w = (s: string) => (watcher ? at(watcher.pid, s) : undefined);
    const seq: [string, number | undefined][] = [
      ['client send', d.send],
      ['→ ws message read (A)', c('recv')],
      ['→ command turn (A)', c('turn')],
      ['→ decided, append sent', c('append')],
      ['→ committed', c('committed')],
    ];
    if (watcher) {
      seq.push(['→ notification batch sent', c('sent')], ['→ heard (B)', w('heard')], ['→ encounter turn (B)', w('locked')], ['→ folded (B)', w('folded')], ['→ framed (B)', w('framed')]);
    } else seq.push(['→ framed (A)', c('framed')]);
    seq.push(['→ last client read', Math.max(...d.recv)]);
    const out: [string, number][] = [];
    let prev = d.send;
    for (const [name, t] of seq.slice(1)) {
      if (t === undefined) continue;
      out.push([name, t - prev]);
      prev = t;
    }
    return out;
  };
  const table = (group: Delivery[]) => {
    const by = new Map<string, number[]>();
    for (const d of group) for (const [n, x] of steps(d)) (by.get(n) ?? by.set(n, []).get(n)!).push(x);
    return by;
  };
  const all = table(ds);
  const tail = table(slow);
  console.log(`\n${phase.mode} process${phase.mode > 1 ? 'es' : ''} @${phase.rate}/s: ${ds.length} notes, ${samples.length} deliveries; p50 ${f(q(samples, 50))} p99 ${f(p99)} ms; slowest 1%: ${slow.length} notes`);
  console.log(`${'step'.padEnd(30)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  slow-1% mean   max`);
  for (const [name, xs] of all) console.log(`${name.padEnd(30)} ${f(q(xs, 50))} ${f(q(xs, 99))}  ${f(mean(tail.get(name) ?? []))}     ${f(Math.max(...(tail.get(name) ?? [NaN])))}`);
  // what the slow ones overlapped
  const over = (p: Proc | undefined, what: 'gc' | 'late') => (p ? mean(slow.map((d) => overlap(p[what], d.send, Math.max(...d.recv)))) : NaN);
  const span = phase.slices.reduce((a, x) => a + x.to - x.from, 0);
  const loadOf = (p: Proc | undefined, what: 'gc' | 'late') => (p ? phase.slices.reduce((a, x) => a + overlap(p[what], x.from, x.to), 0) / span : NaN);
  for (const s of servers) console.log(`server ${s.pid}: slow ones overlapped GC ${f(over(s, 'gc'))} ms, late loop ${f(over(s, 'late'))} ms (whole phase: GC ${(100 * loadOf(s, 'gc')).toFixed(1)}%, late ${(100 * loadOf(s, 'late')).toFixed(1)}%)`);
  const cl = clientPid ? procs.get(clientPid) : undefined;
  console.log(`clients ${clientPid}: slow ones overlapped GC ${f(over(cl, 'gc'))} ms, late loop ${f(over(cl, 'late'))} ms (whole phase: GC ${(100 * loadOf(cl, 'gc')).toFixed(1)}%, late ${(100 * loadOf(cl, 'late')).toFixed(1)}%)`);
}
