/**
 * Comparing two encounter variants: for each side, the difference in win rate (B − A) with its 95%
 * interval. Fight i of both variants draws the same dice and choices (common random numbers), so when
 * each fight's result is kept the fights are compared in pairs — Newcombe's paired interval, narrower
 * than the independent one whenever the variants' fights go alike — and the report says how many
 * unpaired fights the same width would have taken. An interval that excludes 0 means the change made a
 * difference at that confidence; one that straddles 0 means these runs cannot tell.
 */
import { newcombe, newcombePaired, type PairedCounts } from './stats.ts';
import type { Summary } from './summary.ts';
import { DRAW, TIMEOUT } from './tally.ts';

export interface Difference {
  a: number;
  b: number;
  /** b − a */
  diff: number;
  /** The interval reported: paired when the fights' results were kept, else Newcombe's for independent samples. */
  ci95: [number, number];
  /** The interval excludes 0. */
  significant: boolean;
  /** How the interval was made. */
  method: 'paired' | 'independent';
  /** Paired only: the interval the same fights would give taken as independent samples. */
  unpairedCi95?: [number, number];
  /** Paired only: fights per variant independent samples would need for the paired interval's width (≈ n × (unpaired / paired width)²). */
  unpairedFights?: number;
  /** Paired only: the joint results of fight i in A and in B. */
  pairs?: PairedCounts;
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

/** Each fight's result in each variant (Tally.outcomes), to compare fight i with fight i. */
export interface PairedOutcomes {
  a: readonly number[];
  b: readonly number[];
}

function independent(s1: number, n1: number, s2: number, n2: number): Difference {
  const r = newcombe(s1, n1, s2, n2);
  return { a: n1 ? s1 / n1 : 0, b: n2 ? s2 / n2 : 0, diff: r.diff, ci95: r.ci95, significant: r.ci95[0] > 0 || r.ci95[1] < 0, method: 'independent' };
}

/** Counts of fights where A's and B's result is the given one, fight by fight. */
export function pairCounts(a: readonly number[], b: readonly number[], codeA: number, codeB: number): PairedCounts {
  const c: PairedCounts = { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] === codeA;
    const y = b[i] === codeB;
    if (x && y) c.both++;
    else if (x) c.onlyA++;
    else if (y) c.onlyB++;
    else c.neither++;
  }
  return c;
}

function paired(c: PairedCounts): Difference {
  const n = c.both + c.onlyA + c.onlyB + c.neither;
  const p = newcombePaired(c);
  const sA = c.both + c.onlyA;
  const sB = c.both + c.onlyB;
  const u = newcombe(sA, n, sB, n);
  const width = p.ci95[1] - p.ci95[0];
  const unpairedWidth = u.ci95[1] - u.ci95[0];
  return {
    a: n ? sA / n : 0,
    b: n ? sB / n : 0,
    diff: p.diff,
    ci95: p.ci95,
    significant: p.ci95[0] > 0 || p.ci95[1] < 0,
    method: 'paired',
    unpairedCi95: u.ci95,
    // widths shrink like 1/√n: the same width unpaired takes (ratio)² as many fights
    unpairedFights: width > 0 ? Math.round(n * (unpairedWidth / width) ** 2) : n,
    pairs: c,
  };
}

export function compare(a: Summary, b: Summary, outcomes?: PairedOutcomes): Comparison {
  const sidesA = Object.keys(a.sides);
  const sidesB = Object.keys(b.sides);
  const pair = outcomes && outcomes.a.length === a.runs && outcomes.b.length === b.runs && a.runs === b.runs ? outcomes : undefined;
  const diff = (sA: number, sB: number, codeA: number, codeB: number) => (pair ? paired(pairCounts(pair.a, pair.b, codeA, codeB)) : independent(sA, a.runs, sB, b.runs));
  const sides: Record<string, Difference> = {};
  for (const s of sidesA) {
    if (b.sides[s]) sides[s] = diff(a.sides[s].wins, b.sides[s].wins, sidesA.indexOf(s), sidesB.indexOf(s));
  }
  const unmatched = [...sidesA, ...sidesB].filter((s) => !(s in a.sides && s in b.sides));
  return {
    a,
    b,
    sides,
    draws: diff(a.draws.count, b.draws.count, DRAW, DRAW),
    timeouts: diff(a.timeouts.count, b.timeouts.count, TIMEOUT, TIMEOUT),
    rounds: { a: a.rounds.mean, b: b.rounds.mean, diff: b.rounds.mean - a.rounds.mean },
    unmatched,
  };
}
