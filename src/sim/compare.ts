/**
 * Comparing two encounter variants: for each side, the difference in win rate (B − A) with
 * Newcombe's 95% interval. An interval that excludes 0 means the change made a difference at that
 * confidence; one that straddles 0 means these runs cannot tell.
 */
import { newcombe } from './stats.ts';
import type { Summary } from './summary.ts';

export interface Difference {
  a: number;
  b: number;
  /** b − a */
  diff: number;
  ci95: [number, number];
  /** The interval excludes 0. */
  significant: boolean;
}

export interface Comparison {
  a: Summary;
  b: Summary;
  /** Win-rate differences for the sides both variants have. */
  sides: Record<string, Difference>;
  draws: Difference;
  timeouts: Difference;
  /** Mean rounds to finish in each. */
  rounds: { a: number; b: number; diff: number };
  /** Sides only one variant has. */
  unmatched: string[];
}

function difference(s1: number, n1: number, s2: number, n2: number): Difference {
  const r = newcombe(s1, n1, s2, n2);
  return { a: n1 ? s1 / n1 : 0, b: n2 ? s2 / n2 : 0, diff: r.diff, ci95: r.ci95, significant: r.ci95[0] > 0 || r.ci95[1] < 0 };
}

export function compare(a: Summary, b: Summary): Comparison {
  const sides: Record<string, Difference> = {};
  for (const s of Object.keys(a.sides)) {
    if (b.sides[s]) sides[s] = difference(a.sides[s].wins, a.runs, b.sides[s].wins, b.runs);
  }
  const unmatched = [...Object.keys(a.sides), ...Object.keys(b.sides)].filter((s) => !(s in a.sides && s in b.sides));
  return {
    a,
    b,
    sides,
    draws: difference(a.draws.count, a.runs, b.draws.count, b.runs),
    timeouts: difference(a.timeouts.count, a.runs, b.timeouts.count, b.runs),
    rounds: { a: a.rounds.mean, b: b.rounds.mean, diff: b.rounds.mean - a.rounds.mean },
    unmatched,
  };
}
