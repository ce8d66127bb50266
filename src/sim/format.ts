/** The simulator's results as text for a terminal: tables, a small histogram, and the comparison. */
import type { Comparison } from './compare.ts';
import type { Summary } from './summary.ts';

const pct = (x: number, d = 1) => `${(x * 100).toFixed(d)}%`;
const int = (x: number) => Math.round(x).toLocaleString('en-US');
const num = (x: number, d = 1) => x.toFixed(d);
const ci = ([lo, hi]: [number, number]) => `${pct(lo)} – ${pct(hi)}`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${pct(Math.abs(x))}`;

/** Columns padded to their widest cell; `right` lists the right-aligned columns. */
export function table(rows: string[][], right: number[] = []): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (right.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd()).join('\n');
}

/** One bar per round; a long tail past the 99th percentile is folded into one "N+" line. */
function histogramLines(h: Record<string, number>, total: number, width = 40): string[] {
  const entries = Object.entries(h).map(([k, v]) => [Number(k), v] as const);
  if (!entries.length) return [];
  const max = Math.max(...entries.map(([, v]) => v));
  const lo = entries[0][0];
  let hi = entries[entries.length - 1][0];
  if (hi - lo >= 25) {
    let seen = 0;
    hi = entries.find(([, c]) => (seen += c) >= 0.99 * total)![0];
  }
  const line = (label: string, c: number) => {
    const bar = '█'.repeat(Math.round((c / max) * width)) || (c ? '▏' : '');
    return `  ${label.padStart(4)} │${bar.padEnd(width)} ${int(c).padStart(7)}  ${pct(total ? c / total : 0).padStart(6)}`;
  };
  const lines: string[] = [];
  for (let r = lo; r <= hi; r++) lines.push(line(String(r), h[String(r)] ?? 0));
  const tail = entries.filter(([r]) => r > hi).reduce((a, [, c]) => a + c, 0);
  if (tail) lines.push(line(`${hi + 1}+`, tail));
  return lines;
}

export function formatSummary(s: Summary, timing?: { ms: number; workers: number }, withHistogram = true): string {
  const out: string[] = [];
  const head = `${s.encounter} — ${s.ruleset}, ${int(s.runs)} fights, seed ${s.seed}, round cap ${s.maxRounds}`;
  out.push(timing ? `${head}  (${num(timing.ms / 1000, 2)} s, ${int((s.runs / timing.ms) * 1000)} fights/s, ${timing.workers} worker${timing.workers === 1 ? '' : 's'})` : head);
  const pol = Object.entries(s.policies);
  if (pol.length) out.push(`policies: ${pol.map(([k, v]) => `${k}=${v}`).join(', ')}`);
  out.push('');
  const rows = [['', 'wins', 'rate', '95% CI']];
  for (const [side, r] of Object.entries(s.sides)) rows.push([side, int(r.wins), pct(r.winRate), ci(r.ci95)]);
  rows.push(['draws', int(s.draws.count), pct(s.draws.rate), ci(s.draws.ci95)]);
  rows.push(['timeouts', int(s.timeouts.count), pct(s.timeouts.rate), ci(s.timeouts.ci95)]);
  if (s.other.count) rows.push(['other (fled, truce)', int(s.other.count), pct(s.other.rate), ci(s.other.ci95)]);
  out.push(table(rows, [1, 2, 3]));
  out.push('');
  const r = s.rounds;
  if (r.fights) {
    out.push(`Rounds to finish: mean ${num(r.mean, 2)}, median ${r.median}, 90th percentile ${r.p90}, range ${r.min}–${r.max}${r.fights < s.runs ? `  (${int(r.fights)} fights with a result; timeouts left out)` : ''}`);
    if (withHistogram) out.push(...histogramLines(r.histogram, r.fights));
  } else out.push('Rounds to finish: no fight ended before the round cap');
  out.push('');
  const units = [['unit', 'side', 'went down', 'dmg dealt', 'dmg taken', 'first down (round)']];
  for (const u of s.units) units.push([u.name, u.side, pct(u.downRate), num(u.damageDealt), num(u.damageTaken), u.firstDownRound === null ? '—' : num(u.firstDownRound, 2)]);
  out.push(table(units, [2, 3, 4, 5]));
  out.push('  (damage: mean per fight; first down: mean over the fights in which the unit went down)');
  return out.join('\n');
}

export function formatComparison(c: Comparison, files: [string, string]): string {
  const out: string[] = [];
  out.push(`A: ${files[0]} — ${c.a.encounter}`);
  out.push(`B: ${files[1]} — ${c.b.encounter}`);
  const paired = Object.values(c.sides).some((d) => d.method === 'paired');
  out.push(`${int(c.a.runs)} + ${int(c.b.runs)} fights, seed ${c.a.seed}, round cap ${c.a.maxRounds}${paired ? ': fight i of A and of B on the same dice (paired)' : ''}`);
  out.push('');
  const head = paired ? ['win rate', 'A', 'B', 'B − A', '95% CI (paired)', '', 'unpaired: CI, fights for the same width'] : ['win rate', 'A', 'B', 'B − A', '95% CI (Newcombe)', ''];
  const rows = [head];
  const row = (name: string, d: Comparison['draws']) => {
    const r = [name, pct(d.a), pct(d.b), signed(d.diff), `${signed(d.ci95[0])} … ${signed(d.ci95[1])}`, d.significant ? 'changed' : 'no clear change'];
    if (paired) r.push(d.unpairedCi95 ? `${signed(d.unpairedCi95[0])} … ${signed(d.unpairedCi95[1])}, ${int(d.unpairedFights!)} + ${int(d.unpairedFights!)}` : '');
    return r;
  };
  for (const [side, d] of Object.entries(c.sides)) rows.push(row(side, d));
  for (const [name, d] of [['draws', c.draws], ['timeouts', c.timeouts]] as const) if (d.a || d.b) rows.push(row(name, d));
  out.push(table(rows, [1, 2, 3]));
  out.push('');
  out.push(`Rounds to finish (mean): A ${num(c.rounds.a, 2)}, B ${num(c.rounds.b, 2)} (${c.rounds.diff >= 0 ? '+' : '−'}${num(Math.abs(c.rounds.diff), 2)})`);
  if (c.unmatched.length) out.push(`Sides in only one variant (not compared): ${c.unmatched.join(', ')}`);
  out.push('"changed": the 95% interval of B − A excludes 0. "no clear change": it includes 0 — run more fights or accept the difference is small.');
  if (paired) out.push('"unpaired": the interval had A and B been played on different dice, and how many fights each would then need for the paired interval\'s width.');
  return out.join('\n');
}
