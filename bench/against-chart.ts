// bench/against.ts's result as a chart: each example's fights per CPU-second then and now as paired
// bars, the target as a dashed line, so a reader sees at a glance which examples reach it and by how
// much the change moved each. One SVG, no library, the report's nice ticks (src/sim/chart-ticks.ts).
import { niceTicks, tickLabel } from '../src/sim/chart-ticks.ts';

export interface AgainstRow {
  name: string;
  now: number;
  then: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const COLORS = { then: '#9ca3af', now: '#2563eb', target: '#dc2626', grid: '#e5e7eb', muted: '#4b5563' };

/** `then` names the baseline (a commit), `target` the fights per CPU-second every row is held to. */
export function againstChart(rows: readonly AgainstRow[], then: string, target: number, title: string): string {
  const width = 760;
  const left = 230;
  const right = width - 120; // room for the longest value's words after its bar
  const row = 34;
  const top = 44;
  const bottom = top + rows.length * row;
  const h = bottom + 44;
  const t = niceTicks(Math.max(target, ...rows.flatMap((r) => [r.now, r.then])), 6);
  const x = (v: number) => left + ((right - left) * v) / t.top;
  const body: string[] = [];
  const text = (tx: number, ty: number, s: string, attrs = '') => `<text x="${tx.toFixed(1)}" y="${ty.toFixed(1)}" ${attrs}>${esc(s)}</text>`;
  body.push(text(8, 16, title, 'font-weight="600"'));
  for (const v of t.values) {
    body.push(`<line x1="${x(v).toFixed(1)}" y1="${top}" x2="${x(v).toFixed(1)}" y2="${bottom}" stroke="${COLORS.grid}"/>`);
    body.push(text(x(v), bottom + 15, tickLabel(v, t), `text-anchor="middle" fill="${COLORS.muted}"`));
  }
  // the legend: what each bar is
  [['then', `at ${then}`], ['now', 'now']].forEach(([k, label], i) => {
    body.push(`<rect x="${left + i * 120}" y="24" width="12" height="12" fill="${COLORS[k as 'then' | 'now']}"/>`);
    body.push(text(left + i * 120 + 17, 34, label));
  });
  body.push(`<line x1="${left + 250}" y1="30" x2="${left + 270}" y2="30" stroke="${COLORS.target}" stroke-width="2" stroke-dasharray="4 3"/>`);
  body.push(text(left + 275, 34, `target ${n0(target)}`));
  // under the bars and their words, so a value beside the line still reads
  body.push(`<line x1="${x(target).toFixed(1)}" y1="${top - 4}" x2="${x(target).toFixed(1)}" y2="${bottom}" stroke="${COLORS.target}" stroke-width="2" stroke-dasharray="4 3"/>`);
  rows.forEach((r, i) => {
    const y = top + i * row;
    const met = r.now >= target;
    // an example below the target in bold
    body.push(text(left - 8, y + row / 2 + 4, r.name, `text-anchor="end"${met ? '' : ' font-weight="600"'}`));
    [r.then, r.now].forEach((v, k) => {
      const by = y + 4 + k * 13;
      const key = k ? 'now' : 'then';
      body.push(`<rect x="${left}" y="${by}" width="${(x(v) - left).toFixed(1)}" height="12" fill="${COLORS[key]}"><title>${esc(`${r.name}, ${k ? 'now' : `at ${then}`}: ${n0(v)} fights per CPU-second`)}</title></rect>`);
      body.push(text(x(v) + 4, by + 10, k ? `${n0(v)} (${(r.now / r.then).toFixed(2)}×)` : n0(v), `fill="${COLORS.muted}" font-size="11"`));
    });
  });
  body.push(text((left + right) / 2, h - 8, 'fights per CPU-second, one thread, each example with its own policies', `text-anchor="middle" fill="#374151"`));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${h}" width="${width}" height="${h}" style="max-width:100%;height:auto" role="img" aria-label="${esc(title)}" font-family="system-ui, sans-serif" font-size="12"><rect width="${width}" height="${h}" fill="#fff"/>${body.join('')}</svg>`;
}
