// `skirmish roll "<notation>" [--seed S] [--json] [--dist]`: roll dice, or print exact odds.
import { randomInt } from 'node:crypto';
import { DiceError, distributionOf, formatDice, parseDice, rollDice, seededSource, type Distribution } from '../../dice/index.ts';
import { CliExit } from '../exit.ts';
import type { AddCommand } from './index.ts';

interface RollOptions {
  seed?: string;
  dist?: boolean;
  json?: boolean;
}

/** "12345" → 12345 (a safe integer seed); anything else is a text seed. */
function parseSeed(text: string): number | string {
  if (/^-?\d+$/.test(text)) {
    const n = Number(text);
    if (Number.isSafeInteger(n)) return n;
  }
  return text;
}

function fail(err: unknown): never {
  if (err instanceof DiceError) {
    const aboutNotation = err.code === 'dice/syntax' || err.code === 'dice/invalid' || err.code === 'dice/limit';
    const head = aboutNotation ? 'bad dice notation' : err.code === 'dice/unsupported' ? 'not supported' : 'cannot roll';
    const pointer = err.pointer('  ');
    throw new CliExit(2, `skirmish: ${head}: ${err.message}${pointer ? `\n${pointer}` : ''}`);
  }
  if (err instanceof RangeError) throw new CliExit(2, `skirmish: ${err.message}`);
  throw err;
}

const pct = (p: number) => {
  const x = p * 100;
  if (x === 0) return '0%';
  if (x < 0.001) return `${x.toExponential(1)}%`;
  return `${x.toFixed(x < 1 ? 3 : 2)}%`;
};

const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(4).replace(/\.?0+$/, ''));

/**
 * Rows of [label, probability, P(≥ low end)]: one per value, or (past 60 values) about 40
 * equal-width buckets, with a negligible far tail (P < 1e-9, e.g. of exploding dice) in one last row.
 */
function rows(d: Distribution): [string, number, number][] {
  const n = d.values.length;
  const ge = new Array<number>(n + 1).fill(0); // P(X ≥ values[i]), summed from the top
  for (let i = n - 1; i >= 0; i--) ge[i] = ge[i + 1] + d.probs[i];
  if (n <= 60) return d.values.map((v, i) => [num(v), d.probs[i], ge[i]]);
  let end = n; // values[end..] form the negligible tail
  while (end > 1 && ge[end - 1] < 1e-9) end--;
  const out: [string, number, number][] = [];
  const integral = d.values.every(Number.isInteger);
  const top = d.values[end - 1];
  const span = top - d.min + (integral ? 1 : 0);
  const width = integral ? Math.max(1, Math.ceil(span / 40)) : span / 40;
  let i = 0;
  for (let b = 0; i < end; b++) {
    const lo = d.min + b * width;
    const hi = b >= 39 ? Infinity : lo + width; // exclusive
    const start = i;
    let p = 0;
    while (i < end && d.values[i] < hi) p += d.probs[i++];
    if (i === start) continue;
    const last = d.values[i - 1];
    const label = integral ? (width === 1 ? `${lo}` : `${lo}–${Math.min(lo + width - 1, top)}`) : `${num(lo)}–${num(last)}`;
    out.push([label, p, ge[start]]);
  }
  if (end < n) out.push([`≥${num(d.values[end])}`, ge[end], ge[end]]);
  return out;
}

function distTable(notation: string, d: Distribution): string {
  const r = rows(d);
  const peak = Math.max(...r.map((x) => x[1]));
  const w0 = Math.max('value'.length, ...r.map((x) => x[0].length));
  const lines = [`${notation}`, `${'value'.padStart(w0)}  ${'P(=)'.padStart(9)}  ${'P(≥)'.padStart(9)}`];
  for (const [label, p, ge] of r) {
    const bar = '█'.repeat(Math.round((p / peak) * 40)) || (p > 0 ? '▏' : '');
    lines.push(`${label.padStart(w0)}  ${pct(p).padStart(9)}  ${pct(Math.min(1, ge)).padStart(9)}  ${bar}`);
  }
  lines.push(`min ${num(d.min)}  max ${num(d.max)}  mean ${d.mean.toFixed(4)}  stdev ${d.stdev.toFixed(4)}`);
  if (d.tailMass > 0) lines.push(`(explosions cut off: ${d.tailMass.toExponential(2)} of the probability is not shown)`);
  return lines.join('\n') + '\n';
}

export const addRoll: AddCommand = (program) => {
  program
    .command('roll')
    .description('roll dice notation (e.g. "4d6kh3+2"), or show its exact distribution with --dist')
    .argument('<notation>', 'dice notation; see docs/dice.md')
    .option('--seed <seed>', 'seed (integer or text) to make the roll reproducible')
    .option('--dist', 'print the exact probability distribution instead of rolling')
    .option('--json', 'print one JSON object')
    .action((notation: string, opts: RollOptions) => {
      let expr;
      try {
        expr = parseDice(notation);
      } catch (err) {
        fail(err);
      }
      if (opts.dist) {
        let d: Distribution;
        try {
          d = distributionOf(expr);
        } catch (err) {
          fail(err);
        }
        const canonical = formatDice(expr);
        if (opts.json) {
          const out = { notation: canonical, min: d.min, max: d.max, mean: d.mean, stdev: d.stdev, pmf: d.pmf(), tailMass: d.tailMass };
          process.stdout.write(JSON.stringify(out) + '\n');
        } else {
          process.stdout.write(distTable(canonical, d));
        }
        return;
      }
      const seed = opts.seed !== undefined ? parseSeed(opts.seed) : randomInt(0, 2 ** 48 - 1);
      let result;
      try {
        result = rollDice(expr, seededSource(seed));
      } catch (err) {
        fail(err);
      }
      if (opts.json) {
        const { notation: n, total, dice, breakdown } = result;
        process.stdout.write(JSON.stringify({ notation: n, total, dice, breakdown, seed }) + '\n');
      } else {
        process.stdout.write(`${result.breakdown}\n(seed ${typeof seed === 'string' ? JSON.stringify(seed) : seed})\n`);
      }
    });
};
