/**
 * Small SVG charts for the HTML report, written by hand so the report opens offline with no
 * library: horizontal bars with interval bands, a column histogram, paired bars, step lines. Every
 * axis counts in nice steps (chart-ticks.ts) and names what it counts.
 */
import { niceTicks, tickLabel, type Ticks } from './chart-ticks.ts';

export const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (x: number) => (Math.round(x * 10) / 10).toString();
const pct = (v: number, d = 1) => `${(v * 100).toFixed(d)}%`;
const GRID = '#e5e7eb';
const MUTED = '#4b5563';
const AXIS_TITLE = '#374151';

// scales down with the figure rather than overflowing it on a narrow window
function svg(w: number, h: number, body: string[], title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" style="max-width:100%;height:auto" role="img" aria-label="${esc(title)}" font-family="system-ui, sans-serif" font-size="12">${body.join('')}</svg>`;
}

function text(x: number, y: number, s: string, attrs = ''): string {
  return `<text x="${f(x)}" y="${f(y)}" ${attrs}>${esc(s)}</text>`;
}

/** Vertical grid lines with labels under them, for an axis from 0 to ticks.top along x. */
function xGrid(x0: number, x1: number, top: number, bottom: number, t: Ticks, label: (v: number) => string): string[] {
  return t.values.flatMap((v) => {
    const x = x0 + ((x1 - x0) * v) / t.top;
    return [`<line x1="${f(x)}" y1="${f(top)}" x2="${f(x)}" y2="${f(bottom)}" stroke="${GRID}"/>`, text(x, bottom + 15, label(v), `text-anchor="middle" fill="${MUTED}"`)];
  });
}

/** Horizontal grid lines with labels left of them, for an axis from 0 to ticks.top along y. */
function yGrid(left: number, right: number, top: number, bottom: number, t: Ticks, label: (v: number) => string): string[] {
  return t.values.flatMap((v) => {
    const y = bottom - ((bottom - top) * v) / t.top;
    return [`<line x1="${left}" y1="${f(y)}" x2="${right}" y2="${f(y)}" stroke="${GRID}"/>`, text(left - 6, y + 4, label(v), `text-anchor="end" fill="${MUTED}"`)];
  });
}

/** An axis title along the left edge, read bottom to top. */
function yTitle(x: number, top: number, bottom: number, s: string): string {
  const y = (top + bottom) / 2;
  return text(x, y, s, `text-anchor="middle" fill="${AXIS_TITLE}" transform="rotate(-90 ${f(x)} ${f(y)})"`);
}

export interface IntervalBar {
  label: string;
  value: number;
  lo: number;
  hi: number;
  color: string;
}

/**
 * Rates (0..1) as horizontal bars, each with its 95% interval as a dark band across the bar's end and
 * in figures beside it. A band rather than a capped whisker: a narrow interval with caps reads as an "H".
 */
export function intervalBars(items: IntervalBar[], title: string, width = 560): string {
  const left = 110;
  const right = width - 140;
  const row = 34;
  const top = 8;
  const bottom = top + items.length * row;
  const h = bottom + 40;
  const t = niceTicks(1, 5);
  const body = xGrid(left, right, top, bottom, t, (v) => `${Math.round(v * 100)}%`);
  const x = (v: number) => left + (right - left) * Math.max(0, Math.min(1, v));
  items.forEach((it, i) => {
    const y = top + i * row;
    const mid = y + row / 2;
    body.push(text(left - 8, mid + 4, it.label, 'text-anchor="end"'));
    body.push(`<rect x="${left}" y="${f(mid - 10)}" width="${f(x(it.value) - left)}" height="20" fill="${it.color}" opacity="0.85"><title>${esc(`${it.label}: ${pct(it.value)} (95% interval ${pct(it.lo)} – ${pct(it.hi)})`)}</title></rect>`);
    // at least 3 px wide so a very tight interval still shows where it is
    const [lo, hi] = [x(it.lo), x(it.hi)];
    const w = Math.max(3, hi - lo);
    body.push(`<rect x="${f((lo + hi) / 2 - w / 2)}" y="${f(mid - 13)}" width="${f(w)}" height="26" fill="#111827" opacity="0.4" data-interval="${esc(`${it.lo}-${it.hi}`)}"/>`);
    body.push(text(right + 8, mid + 4, pct(it.value), 'font-weight="600"'));
    body.push(text(right + 56, mid + 4, `${pct(it.lo)}–${pct(it.hi)}`, `fill="${MUTED}" font-size="11"`));
  });
  body.push(text((left + right) / 2, h - 6, 'share of fights', `text-anchor="middle" fill="${AXIS_TITLE}"`));
  return svg(width, h, body, title);
}

/** Counts by integer value (rounds) as columns, labelled on nice steps of the value. */
export function columns(bins: [number, number][], title: string, xLabel: string, width = 560, color = PALETTE[0], yLabel = 'fights'): string {
  const h = 250;
  const left = 64;
  const right = width - 10;
  const bottom = h - 42;
  const top = 10;
  const t = niceTicks(Math.max(1, ...bins.map(([, c]) => c)), 5, true);
  const n = Math.max(1, bins.length);
  const bw = (right - left) / n;
  const body = yGrid(left, right, top, bottom, t, (v) => tickLabel(v, t));
  body.push(yTitle(14, top, bottom, yLabel));
  const every = niceTicks(bins.length ? bins[bins.length - 1][0] : 1, 12, true).step;
  bins.forEach(([v, c], i) => {
    const x = left + i * bw;
    const bh = ((bottom - top) * c) / t.top;
    body.push(`<rect x="${f(x + 1)}" y="${f(bottom - bh)}" width="${f(Math.max(1, bw - 2))}" height="${f(bh)}" fill="${color}"><title>${v}: ${c.toLocaleString('en-US')}</title></rect>`);
    if (v % every === 0 || bins.length <= 12) body.push(text(x + bw / 2, bottom + 15, String(v), `text-anchor="middle" fill="${MUTED}"`));
  });
  body.push(`<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="#9ca3af"/>`);
  body.push(text((left + right) / 2, h - 6, xLabel, `text-anchor="middle" fill="${AXIS_TITLE}"`));
  return svg(width, h, body, title);
}

/** Two values per row (damage dealt and taken) as paired horizontal bars, with a legend above. */
export function pairedBars(rows: { label: string; a: number; b: number }[], names: [string, string], title: string, xLabel: string, width = 560): string {
  const left = 110;
  const right = width - 50;
  const row = 36;
  const top = 30;
  const bottom = top + rows.length * row;
  const h = bottom + 40;
  const t = niceTicks(Math.max(...rows.flatMap((r) => [r.a, r.b]), 0), 5);
  const body = xGrid(left, right, top, bottom, t, (v) => tickLabel(v, t));
  const colors = ['#2563eb', '#f97316'];
  names.forEach((n, i) => {
    body.push(`<rect x="${left + i * 90}" y="6" width="12" height="12" fill="${colors[i]}"/>`);
    body.push(text(left + i * 90 + 17, 16, n));
  });
  rows.forEach((r, i) => {
    const y = top + i * row;
    body.push(text(left - 8, y + row / 2 + 4, r.label, 'text-anchor="end"'));
    [r.a, r.b].forEach((v, k) => {
      const w = ((right - left) * v) / t.top;
      const by = y + 4 + k * 14;
      body.push(`<rect x="${left}" y="${by}" width="${f(w)}" height="13" fill="${colors[k]}"><title>${esc(`${r.label}, ${names[k]}: ${v.toFixed(1)}`)}</title></rect>`);
      body.push(text(left + w + 4, by + 11, v.toFixed(1), `fill="${AXIS_TITLE}" font-size="11"`));
    });
  });
  body.push(text((left + right) / 2, h - 6, xLabel, `text-anchor="middle" fill="${AXIS_TITLE}"`));
  return svg(width, h, body, title);
}

/** Step lines of a share (0..1) by round, one per series, with a legend on the right. */
export function stepLines(series: { label: string; values: number[]; color: string; dash?: boolean }[], title: string, xLabel: string, width = 560, yLabel = 'still standing'): string {
  const left = 64;
  const right = width - 140;
  const top = 10;
  const bottom = 208;
  const h = bottom + 42;
  const xt = niceTicks(Math.max(1, ...series.map((s) => s.values.length)), 10, true);
  const yt = niceTicks(1, 5);
  const x = (r: number) => left + ((right - left) * r) / xt.top;
  const y = (v: number) => bottom - (bottom - top) * v;
  const body = yGrid(left, right, top, bottom, yt, (v) => `${Math.round(v * 100)}%`);
  body.push(yTitle(14, top, bottom, yLabel));
  for (const r of xt.values) body.push(text(x(r), bottom + 15, String(r), `text-anchor="middle" fill="${MUTED}"`));
  body.push(text((left + right) / 2, h - 6, xLabel, `text-anchor="middle" fill="${AXIS_TITLE}"`));
  series.forEach((s, i) => {
    // everyone stands at round 0; the share then drops at the end of each round, and stays put after
    // the last round any fight lasted (to the axis end)
    let d = `M${f(x(0))},${f(y(1))}`;
    let prev = 1;
    s.values.forEach((v, r) => {
      d += ` L${f(x(r + 1))},${f(y(prev))} L${f(x(r + 1))},${f(y(v))}`;
      prev = v;
    });
    d += ` L${f(x(xt.top))},${f(y(prev))}`;
    const dash = s.dash ? ' stroke-dasharray="6 3"' : '';
    body.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"${dash}/>`);
    const ly = top + 8 + i * 18;
    body.push(`<line x1="${right + 12}" y1="${ly}" x2="${right + 34}" y2="${ly}" stroke="${s.color}" stroke-width="2.5"${dash}/>`);
    body.push(text(right + 40, ly + 4, s.label));
  });
  return svg(width, h, body, title);
}

export interface IntervalSeries {
  label: string;
  color: string;
  /** One point per x: the rate and its 95% interval. */
  points: { x: number; value: number; lo: number; hi: number }[];
}

/**
 * Rates (0..1) against a varied value: a line per series through the points, each point with its 95%
 * interval as a whisker and the band between the intervals shaded, so a reader sees both the trend and
 * how sure each point is. The x axis is labelled at the values played.
 */
export function intervalLines(series: IntervalSeries[], title: string, xLabel: string, width = 560, yLabel = 'share of fights won'): string {
  const left = 64;
  const right = series.length > 1 ? width - 150 : width - 20;
  const top = 10;
  const bottom = 208;
  const h = bottom + 42;
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const [lo, hi] = [xs[0] ?? 0, xs[xs.length - 1] ?? 1];
  const span = hi - lo || 1;
  const x = (v: number) => (xs.length === 1 ? (left + right) / 2 : left + 10 + ((right - left - 20) * (v - lo)) / span);
  const y = (v: number) => bottom - (bottom - top) * v;
  const body = yGrid(left, right, top, bottom, niceTicks(1, 5), (v) => `${Math.round(v * 100)}%`);
  body.push(yTitle(14, top, bottom, yLabel));
  // label at most about twelve of the values played, evenly
  const every = Math.max(1, Math.ceil(xs.length / 12));
  xs.forEach((v, i) => {
    if (i % every === 0 || i === xs.length - 1) body.push(text(x(v), bottom + 15, String(v), `text-anchor="middle" fill="${MUTED}"`));
  });
  body.push(text((left + right) / 2, h - 6, xLabel, `text-anchor="middle" fill="${AXIS_TITLE}"`));
  series.forEach((s, i) => {
    const pts = [...s.points].sort((a, b) => a.x - b.x);
    if (pts.length > 1) {
      const band = [...pts.map((p) => `${f(x(p.x))},${f(y(p.hi))}`), ...pts.reverse().map((p) => `${f(x(p.x))},${f(y(p.lo))}`)].join(' ');
      body.push(`<polygon points="${band}" fill="${s.color}" fill-opacity="0.12" stroke="none"/>`);
      pts.reverse();
      body.push(`<polyline points="${pts.map((p) => `${f(x(p.x))},${f(y(p.value))}`).join(' ')}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
    }
    for (const p of pts) {
      body.push(`<line x1="${f(x(p.x))}" y1="${f(y(p.lo))}" x2="${f(x(p.x))}" y2="${f(y(p.hi))}" stroke="${s.color}" stroke-width="1.5"/>`);
      body.push(`<circle cx="${f(x(p.x))}" cy="${f(y(p.value))}" r="3.5" fill="${s.color}"><title>${esc(`${s.label}, ${xLabel} ${p.x}: ${pct(p.value)} (${pct(p.lo)} – ${pct(p.hi)})`)}</title></circle>`);
    }
    if (series.length > 1) {
      const ly = top + 8 + i * 18;
      body.push(`<line x1="${right + 12}" y1="${ly}" x2="${right + 34}" y2="${ly}" stroke="${s.color}" stroke-width="2.5"/>`);
      body.push(text(right + 40, ly + 4, s.label));
    }
  });
  return svg(width, h, body, title);
}
