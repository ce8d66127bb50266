// The one table `npm run bench` prints: every row with ours, its baseline, the ratio ours/baseline, and
// its target with whether this run met it (a row that only informs says so).
import type { BenchRow } from './sim.bench.ts';

/** What a row is held to: the words printed, and whether this run's figure met it. */
export interface Target {
  text: string;
  met: boolean;
}

/** Target: `value` ≥ `goal`, in words. */
export const atLeast = (value: number, goal: number, text: string): Target => ({ text, met: value >= goal });
/** Target: `value` ≤ `goal`, in words. */
export const atMost = (value: number, goal: number, text: string): Target => ({ text, met: value <= goal });

const NONE = 'none (information)';

export function printTable(rows: BenchRow[]): string {
  const fmt = (x: number) => (Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: x < 100 ? 2 : 0 }) : '—');
  const lines = [['benchmark', 'ours', 'baseline', 'unit', 'ours/baseline', 'target', 'met']];
  for (const r of rows) {
    lines.push([r.name, fmt(r.ours), fmt(r.baseline), r.unit, Number.isFinite(r.ratio) ? `${r.ratio.toFixed(r.ratio < 1 ? 3 : 2)}×` : '—', r.target?.text ?? NONE, r.target ? (r.target.met ? 'yes' : 'NO') : '—']);
  }
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const left = new Set([0, 3, 5, 6]);
  const out = lines.map((l) => l.map((c, i) => (left.has(i) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd());
  const held = rows.filter((r) => r.target);
  const missed = held.filter((r) => !r.target!.met);
  const names = missed.length <= 6 ? `: ${missed.map((r) => r.name).join('; ')}` : ' (the met column says which)';
  out.push('', `targets: ${held.length - missed.length} of ${held.length} met${missed.length ? `; ${missed.length} not met${names}` : ''}`);
  return out.join('\n');
}
