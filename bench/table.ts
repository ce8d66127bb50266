// The one table `npm run bench` prints: every row with ours, its baseline and the ratio ours/baseline.
import type { BenchRow } from './sim.bench.ts';

export function printTable(rows: BenchRow[]): string {
  const fmt = (x: number) => (Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: x < 100 ? 2 : 0 }) : '—');
  const lines = [['benchmark', 'ours', 'baseline', 'unit', 'ours/baseline']];
  for (const r of rows) lines.push([r.name, fmt(r.ours), fmt(r.baseline), r.unit, Number.isFinite(r.ratio) ? `${r.ratio.toFixed(r.ratio < 1 ? 3 : 2)}×` : '—']);
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  return lines.map((l) => l.map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n');
}
