/**
 * Small SVG charts for the HTML report, written by hand so the report opens offline with no
 * library: horizontal bars with interval whiskers, a column histogram, paired bars, step lines.
 */

export const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (x: number) => (Math.round(x * 10) / 10).toString();

function svg(w: number, h: number, body: string[], title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(title)}" font-family="system-ui, sans-serif" font-size="12">${body.join('')}</svg>`;
}

function text(x: number, y: number, s: string, attrs = ''): string {
  return `<text x="${f(x)}" y="${f(y)}" ${attrs}>${esc(s)}</text>`;
}

/** Vertical grid lines and labels for a 0..max axis along x. */
function xAxis(x0: number, x1: number, top: number, bottom: number, max: number, ticks: number, label: (v: number) => string): string[] {
  const out: string[] = [];
  for (let i = 0; i <= ticks; i++) {
    const v = (max * i) / ticks;
    const x = x0 + ((x1 - x0) * i) / ticks;
    out.push(`<line x1="${f(x)}" y1="${f(top)}" x2="${f(x)}" y2="${f(bottom)}" stroke="#e5e7eb"/>`);
    out.push(text(x, bottom + 14, label(v), 'text-anchor="middle" fill="#6b7280"'));
  }
  return out;
}

export interface IntervalBar {
  label: string;
  value: number;
  lo: number;
  hi: number;
  color: string;
}

/** Rates (0..1) as horizontal bars with their 95% interval as a whisker. */
export function intervalBars(items: IntervalBar[], title: string, width = 560): string {
  const left = 140;
  const right = width - 70;
  const row = 30;
  const h = 30 + items.length * row + 24;
  const body = xAxis(left, right, 20, 20 + items.length * row, 1, 4, (v) => `${Math.round(v * 100)}%`);
  items.forEach((it, i) => {
    const y = 20 + i * row;
    const x = (v: number) => left + (right - left) * Math.max(0, Math.min(1, v));
    body.push(text(left - 8, y + 19, it.label, 'text-anchor="end"'));
    body.push(`<rect x="${left}" y="${y + 6}" width="${f(x(it.value) - left)}" height="18" fill="${it.color}" opacity="0.8"/>`);
    body.push(`<line x1="${f(x(it.lo))}" y1="${y + 15}" x2="${f(x(it.hi))}" y2="${y + 15}" stroke="#111827" stroke-width="2"/>`);
    for (const v of [it.lo, it.hi]) body.push(`<line x1="${f(x(v))}" y1="${y + 9}" x2="${f(x(v))}" y2="${y + 21}" stroke="#111827" stroke-width="2"/>`);
    body.push(text(right + 6, y + 19, `${(it.value * 100).toFixed(1)}%`));
  });
  return svg(width, h, body, title);
}

/** Counts by integer value (rounds) as columns. */
export function columns(bins: [number, number][], title: string, xLabel: string, width = 560, color = PALETTE[0]): string {
  const h = 240;
  const left = 50;
  const bottom = h - 40;
  const top = 16;
  const max = Math.max(1, ...bins.map(([, c]) => c));
  const n = Math.max(1, bins.length);
  const bw = (width - left - 10) / n;
  const body: string[] = [];
  for (let i = 0; i <= 4; i++) {
    const y = bottom - ((bottom - top) * i) / 4;
    body.push(`<line x1="${left}" y1="${f(y)}" x2="${width - 10}" y2="${f(y)}" stroke="#e5e7eb"/>`);
    body.push(text(left - 6, y + 4, Math.round((max * i) / 4).toLocaleString('en-US'), 'text-anchor="end" fill="#6b7280"'));
  }
  const every = Math.ceil(n / 20);
  bins.forEach(([v, c], i) => {
    const x = left + i * bw;
    const bh = ((bottom - top) * c) / max;
    body.push(`<rect x="${f(x + 1)}" y="${f(bottom - bh)}" width="${f(Math.max(1, bw - 2))}" height="${f(bh)}" fill="${color}"><title>${v}: ${c}</title></rect>`);
    if (i % every === 0) body.push(text(x + bw / 2, bottom + 14, String(v), 'text-anchor="middle" fill="#6b7280"'));
  });
  body.push(text(left + (width - left) / 2, h - 6, xLabel, 'text-anchor="middle" fill="#374151"'));
  return svg(width, h, body, title);
}

/** Two values per row (damage dealt and taken) as paired horizontal bars. */
export function pairedBars(rows: { label: string; a: number; b: number }[], names: [string, string], title: string, width = 560): string {
  const left = 140;
  const right = width - 50;
  const row = 34;
  const h = 44 + rows.length * row + 20;
  const max = Math.max(1, ...rows.flatMap((r) => [r.a, r.b]));
  const body = xAxis(left, right, 30, 30 + rows.length * row, max, 4, (v) => f(v));
  const colors = ['#2563eb', '#f97316'];
  names.forEach((n, i) => {
    body.push(`<rect x="${left + i * 120}" y="4" width="12" height="12" fill="${colors[i]}"/>`);
    body.push(text(left + i * 120 + 16, 14, n));
  });
  rows.forEach((r, i) => {
    const y = 30 + i * row;
    body.push(text(left - 8, y + 20, r.label, 'text-anchor="end"'));
    [r.a, r.b].forEach((v, k) => {
      const w = ((right - left) * v) / max;
      body.push(`<rect x="${left}" y="${y + 4 + k * 13}" width="${f(w)}" height="12" fill="${colors[k]}"/>`);
      body.push(text(left + w + 4, y + 14 + k * 13, f(v), 'fill="#374151" font-size="10"'));
    });
  });
  return svg(width, h, body, title);
}

/** Step lines of a share (0..1) by round, one per series. */
export function stepLines(series: { label: string; values: number[]; color: string; dash?: boolean }[], title: string, xLabel: string, width = 560): string {
  const left = 50;
  const right = width - 150;
  const top = 14;
  const bottom = 220;
  const h = bottom + 40;
  const n = Math.max(1, ...series.map((s) => s.values.length));
  const x = (r: number) => left + ((right - left) * r) / n;
  const y = (v: number) => bottom - (bottom - top) * v;
  const body: string[] = [];
  for (let i = 0; i <= 4; i++) {
    body.push(`<line x1="${left}" y1="${f(y(i / 4))}" x2="${right}" y2="${f(y(i / 4))}" stroke="#e5e7eb"/>`);
    body.push(text(left - 6, y(i / 4) + 4, `${i * 25}%`, 'text-anchor="end" fill="#6b7280"'));
  }
  const every = Math.ceil(n / 15);
  for (let r = 0; r <= n; r += every) body.push(text(x(r), bottom + 14, String(r), 'text-anchor="middle" fill="#6b7280"'));
  body.push(text((left + right) / 2, h - 6, xLabel, 'text-anchor="middle" fill="#374151"'));
  series.forEach((s, i) => {
    // everyone stands at round 0; the share then drops at the end of each round
    let d = `M${f(x(0))},${f(y(1))}`;
    let prev = 1;
    s.values.forEach((v, r) => {
      d += ` L${f(x(r + 1))},${f(y(prev))} L${f(x(r + 1))},${f(y(v))}`;
      prev = v;
    });
    body.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"${s.dash ? ' stroke-dasharray="5 3"' : ''}/>`);
    body.push(`<line x1="${right + 10}" y1="${top + 6 + i * 16}" x2="${right + 30}" y2="${top + 6 + i * 16}" stroke="${s.color}" stroke-width="2"${s.dash ? ' stroke-dasharray="5 3"' : ''}/>`);
    body.push(text(right + 34, top + 10 + i * 16, s.label));
  });
  return svg(width, h, body, title);
}
