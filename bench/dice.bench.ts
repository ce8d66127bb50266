// Rolls per second: Skirmish dice (pre-parsed, seeded source, rollTotal) against
// @dice-roller/rpg-dice-roller (pre-parsed: one DiceRoll re-rolled with .roll(), reading .total),
// measured in the same run. Run alone: node --import tsx bench/dice.bench.ts
import { pathToFileURL } from 'node:url';
import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { parseDice, rollTotal, seededSource } from '../src/dice/index.ts';

export interface BenchRow {
  name: string;
  ours: number;
  baseline: number;
  unit: string;
  ratio: number;
  /** What the row is held to, and whether this run met it (none: a row that only informs). */
  target?: import('./table.ts').Target;
}

let sink = 0;

/** Calls per second of `fn(batch)` (which does `batch` rolls) over about `ms` after a warm-up. */
function rate(fn: (batch: number) => void, batch: number, ms = 1000): number {
  const warmUntil = performance.now() + ms / 4;
  while (performance.now() < warmUntil) fn(batch);
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    fn(batch);
    n += batch;
    now = performance.now();
  }
  return n / ((now - start) / 1000);
}

export async function benchDice(ms = 1000): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const notation of ['4d6kh3+2', '1d20+5']) {
    const expr = parseDice(notation);
    const source = seededSource(20240601);
    const ours = rate((batch) => {
      let s = 0;
      for (let i = 0; i < batch; i++) s += rollTotal(expr, source);
      sink += s;
    }, 100_000, ms);
    const theirs = new DiceRoll(notation);
    const baseline = rate((batch) => {
      let s = 0;
      for (let i = 0; i < batch; i++) {
        theirs.roll();
        s += theirs.total;
      }
      sink += s;
    }, 200, ms);
    rows.push({ name: `roll ${notation}`, ours, baseline, unit: 'rolls/s', ratio: ours / baseline });
  }
  if (sink === 0.5) console.log(sink); // keep the work observable
  return rows;
}

function table(rows: BenchRow[]): string {
  const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
  const lines = [['benchmark', 'ours', 'rpg-dice-roller', 'unit', 'ratio']];
  for (const r of rows) lines.push([r.name, fmt(r.ours), fmt(r.baseline), r.unit, `${r.ratio.toFixed(1)}×`]);
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  return lines.map((l) => l.map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchDice();
  console.log(table(rows));
}
