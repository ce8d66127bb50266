/**
 * A sweep's results: each variant's values and summary, as a table for a terminal, as JSON, and as an
 * HTML report charting each side's win rate with its 95% interval against the first varied field (one
 * line per combination of the others). Every variant plays fights 0..n of the same seed, so its points
 * share their dice: neighbours differ by what was varied, not by luck alone, and the curve is smooth.
 */
import { intervalLines, PALETTE, type IntervalSeries } from './chart-svg.ts';
import { table } from './format.ts';
import type { Summary } from './summary.ts';

export interface SweepVariant {
  /** The value of each varied field, in `fields` order. */
  values: number[];
  summary: Summary;
}

export interface SweepResult {
  encounter: string;
  ruleset: string;
  seed: number | string;
  fields: string[];
  variants: SweepVariant[];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function formatSweep(r: SweepResult, timing?: { ms: number; workers: number }): string {
  const sides = Object.keys(r.variants[0]?.summary.sides ?? {});
  const fights = r.variants.reduce((a, v) => a + v.summary.runs, 0);
  const out = [`${r.encounter} — ${r.ruleset}, ${r.variants.length} variants, ${fights.toLocaleString('en-US')} fights, seed ${r.seed}${timing ? `  (${(timing.ms / 1000).toFixed(2)} s, ${timing.workers} worker${timing.workers === 1 ? '' : 's'})` : ''}`, ''];
  const rows = [[...r.fields, 'fights', ...sides.map((s) => `${s} wins (95% CI)`), 'rounds']];
  for (const v of r.variants) {
    rows.push([
      ...v.values.map(String),
      v.summary.runs.toLocaleString('en-US'),
      ...sides.map((s) => {
        const w = v.summary.sides[s];
        return `${pct(w.winRate)} (${pct(w.ci95[0])} – ${pct(w.ci95[1])})`;
      }),
      v.summary.rounds.mean.toFixed(2),
    ]);
  }
  out.push(table(rows, rows[0].map((_, i) => i)));
  out.push('', 'Every variant plays fights 0..n of the same seed: they differ by what was varied, fight by fight.');
  return out.join('\n');
}

/** Series of one side's win rate against the first field: one per combination of the other fields. */
export function sweepSeries(r: SweepResult, side: string): IntervalSeries[] {
  const groups = new Map<string, IntervalSeries['points']>();
  for (const v of r.variants) {
    const key = r.fields.slice(1).map((f, i) => `${f} = ${v.values[i + 1]}`).join(', ');
    const s = v.summary.sides[side];
    if (!s) continue;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push({ x: v.values[0], value: s.winRate, lo: s.ci95[0], hi: s.ci95[1] });
  }
  return [...groups].map(([label, points], i) => ({ label: label || side, color: PALETTE[i % PALETTE.length], points }));
}

export function sweepReport(r: SweepResult, timing?: { ms: number; workers: number }): string {
  const sides = Object.keys(r.variants[0]?.summary.sides ?? {});
  const charts = sides
    .map((side) => `<figure><figcaption>${esc(side)}: win rate against ${esc(r.fields[0])}</figcaption>${intervalLines(sweepSeries(r, side), `${side} win rate against ${r.fields[0]}`, r.fields[0])}<div class="note">Points: share of fights won; whiskers and shading: Wilson 95% intervals.</div></figure>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(`Skirmish sweep — ${r.encounter}`)}</title><style>
body{font-family:system-ui,sans-serif;margin:24px auto;max-width:1180px;color:#111827;padding:0 16px}h1{font-size:22px;margin:0 0 4px}
.meta{color:#6b7280;margin-bottom:12px}.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(560px,100%),1fr));gap:16px}
figure{margin:0;border:1px solid #e5e7eb;border-radius:6px;padding:10px;background:#fff}figcaption{font-weight:600;margin-bottom:6px}
pre{white-space:pre;background:#f9fafb;border:1px solid #e5e7eb;padding:10px;overflow:auto;font-size:12px}.note{color:#6b7280;font-size:13px}
</style></head><body><h1>${esc(r.encounter)}: a sweep of ${esc(r.fields.join(', '))}</h1>
<div class="meta">${esc(r.ruleset)} · ${r.variants.length} variants · seed ${esc(String(r.seed))}</div>
<div class="grid">${charts}</div><h2>Numbers</h2><pre>${esc(formatSweep(r, timing))}</pre></body></html>
`;
}
