/**
 * The HTML report: one self-contained file (inline CSS and SVG, no scripts, no network) with win
 * rates and their intervals, the rounds histogram, damage by unit and survival by round — and, for a
 * comparison, both variants side by side with the differences.
 */
import { columns, intervalBars, pairedBars, PALETTE, stepLines, type IntervalBar } from './chart-svg.ts';
import type { Comparison } from './compare.ts';
import { formatComparison, formatSummary } from './format.ts';
import type { Summary } from './summary.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const CSS = `body{font-family:system-ui,sans-serif;margin:24px auto;max-width:1180px;color:#111827;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
.meta{color:#6b7280;margin-bottom:12px}.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(560px,100%),1fr));gap:16px}
figure{margin:0;border:1px solid #e5e7eb;border-radius:6px;padding:10px;background:#fff}figcaption{font-weight:600;margin-bottom:6px}
pre{white-space:pre;background:#f9fafb;border:1px solid #e5e7eb;padding:10px;overflow:auto;font-size:12px}
.note{color:#6b7280;font-size:13px}`;

function sideColors(s: Summary): Record<string, string> {
  const out: Record<string, string> = {};
  Object.keys(s.sides).forEach((side, i) => (out[side] = PALETTE[i % PALETTE.length]));
  return out;
}

function winBars(s: Summary, colors: Record<string, string>, prefix = ''): IntervalBar[] {
  const bars: IntervalBar[] = Object.entries(s.sides).map(([side, r]) => ({ label: `${prefix}${side}`, value: r.winRate, lo: r.ci95[0], hi: r.ci95[1], color: colors[side] }));
  if (s.draws.count) bars.push({ label: `${prefix}draws`, value: s.draws.rate, lo: s.draws.ci95[0], hi: s.draws.ci95[1], color: '#9ca3af' });
  if (s.timeouts.count) bars.push({ label: `${prefix}timeouts`, value: s.timeouts.rate, lo: s.timeouts.ci95[0], hi: s.timeouts.ci95[1], color: '#6b7280' });
  return bars;
}

function figure(caption: string, svg: string, note = ''): string {
  return `<figure><figcaption>${esc(caption)}</figcaption>${svg}${note ? `<div class="note">${esc(note)}</div>` : ''}</figure>`;
}

/** The four charts of one summary. */
function charts(s: Summary, tag = ''): string {
  const colors = sideColors(s);
  // every round from the first to the last, empty ones included, so the axis is even
  const bins: [number, number][] = [];
  for (let r = s.rounds.min; r <= s.rounds.max && s.rounds.fights; r++) bins.push([r, s.rounds.histogram[String(r)] ?? 0]);
  const series = s.units.map((u, i) => ({ label: u.name, values: u.survival, color: PALETTE[i % PALETTE.length], dash: Object.keys(s.sides).indexOf(u.side) % 2 === 1 }));
  return `<div class="grid">
${figure(`Win rate by side${tag}`, intervalBars(winBars(s, colors), 'win rates'), 'Bars: share of fights won; dark band and grey figures: Wilson 95% interval.')}
${figure(`Rounds to finish${tag}`, columns(bins, 'rounds histogram', 'round in which the fight ended'), `Mean ${s.rounds.mean.toFixed(2)}, median ${s.rounds.median}, 90th percentile ${s.rounds.p90}; timeouts left out.`)}
${figure(`Damage by unit${tag} (mean per fight)`, pairedBars(s.units.map((u) => ({ label: u.name, a: u.damageDealt, b: u.damageTaken })), ['dealt', 'taken'], 'damage by unit', 'hit points of damage per fight (mean)'))}
${figure(`Survival by round${tag}`, stepLines(series, 'survival by round', 'end of round'), 'Share of fights in which each unit has not yet gone down; dashed: second side.')}
</div>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${CSS}</style></head><body>${body}</body></html>\n`;
}

export function summaryReport(s: Summary, timing?: { ms: number; workers: number }): string {
  return page(`Skirmish sim — ${s.encounter}`, `<h1>${esc(s.encounter)}</h1>
<div class="meta">${esc(s.ruleset)} · ${s.runs.toLocaleString('en-US')} fights · seed ${esc(String(s.seed))} · round cap ${s.maxRounds}</div>
${charts(s)}
<h2>Numbers</h2><pre>${esc(formatSummary(s, timing, false))}</pre>`);
}

export function comparisonReport(c: Comparison, files: [string, string]): string {
  const colors = sideColors(c.a);
  const bars: IntervalBar[] = [];
  for (const side of Object.keys(c.sides)) {
    const a = c.a.sides[side];
    const b = c.b.sides[side];
    bars.push({ label: `A ${side}`, value: a.winRate, lo: a.ci95[0], hi: a.ci95[1], color: colors[side] });
    bars.push({ label: `B ${side}`, value: b.winRate, lo: b.ci95[0], hi: b.ci95[1], color: colors[side] });
  }
  return page(`Skirmish sim — ${c.a.encounter} vs ${c.b.encounter}`, `<h1>${esc(c.a.encounter)} vs ${esc(c.b.encounter)}</h1>
<div class="meta">A: ${esc(files[0])} · B: ${esc(files[1])} · ${c.a.runs.toLocaleString('en-US')} fights each · seed ${esc(String(c.a.seed))}</div>
<div class="grid">${figure('Win rate, A against B', intervalBars(bars, 'win rates A and B'), 'Dark bands and grey figures: Wilson 95% intervals of each variant.')}
<figure><figcaption>Difference B − A</figcaption><pre>${esc(formatComparison(c, files))}</pre></figure></div>
<h2>A — ${esc(c.a.encounter)}</h2>${charts(c.a, ' (A)')}
<h2>B — ${esc(c.b.encounter)}</h2>${charts(c.b, ' (B)')}`);
}
