/**
 * The statistics the simulator reports: Wilson score intervals for a rate, Newcombe's hybrid score
 * interval for the difference of two rates, and quantiles of integer-valued histograms.
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** Wilson score interval for `successes` out of `n` (Wilson 1927). [0, 1] when n = 0. */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // clamp rounding noise: the exact interval always lies in [0, 1] and contains 0 or 1 at the ends
  return [successes === 0 ? 0 : Math.max(0, centre - half), successes === n ? 1 : Math.min(1, centre + half)];
}

/**
 * Newcombe's method 10 (1998): interval for p2 − p1 from the two Wilson intervals of independent
 * samples. Better coverage than the Wald interval when rates are near 0 or 1 or samples are small.
 */
export function newcombe(s1: number, n1: number, s2: number, n2: number, z = Z95): { diff: number; ci95: [number, number] } {
  const p1 = n1 ? s1 / n1 : 0;
  const p2 = n2 ? s2 / n2 : 0;
  const [l1, u1] = wilson(s1, n1, z);
  const [l2, u2] = wilson(s2, n2, z);
  const d = p2 - p1;
  const low = d - Math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2);
  const high = d + Math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2);
  return { diff: d, ci95: [Math.max(-1, low), Math.min(1, high)] };
}

/** A histogram of non-negative integers: counts[v] = how many times v was seen. */
export type Histogram = number[];

export function addTo(h: Histogram, value: number, count = 1): void {
  while (h.length <= value) h.push(0);
  h[value] += count;
}

export function mergeHistogram(into: Histogram, from: Histogram): void {
  for (let v = 0; v < from.length; v++) if (from[v]) addTo(into, v, from[v]);
}

export function histogramCount(h: Histogram): number {
  let n = 0;
  for (const c of h) n += c;
  return n;
}

export function histogramMean(h: Histogram): number {
  let n = 0;
  let sum = 0;
  for (let v = 0; v < h.length; v++) {
    n += h[v];
    sum += v * h[v];
  }
  return n ? sum / n : 0;
}

/**
 * The q-quantile of the values in a histogram: the smallest value v with at least q·n values ≤ v
 * (the "inverted CDF" definition; for q = 0.5 with an even count it is the lower middle value).
 * Exact and the same however the counts were merged.
 */
export function histogramQuantile(h: Histogram, q: number): number {
  const n = histogramCount(h);
  if (n === 0) return 0;
  const want = Math.max(1, Math.ceil(q * n));
  let seen = 0;
  for (let v = 0; v < h.length; v++) {
    seen += h[v];
    if (seen >= want) return v;
  }
  return h.length - 1;
}

/** Half the width of the Wilson interval a rate `p` would have at `n` fights. */
export function wilsonHalfWidth(p: number, n: number, z = Z95): number {
  if (n === 0) return 0.5;
  const z2 = z * z;
  return (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
}

/**
 * The joint outcomes of one side over paired fights (fight i of A and fight i of B on the same dice):
 * both won, only A, only B, neither.
 */
export interface PairedCounts {
  both: number;
  onlyA: number;
  onlyB: number;
  neither: number;
}

/**
 * Newcombe's method 10 for paired proportions (Newcombe 1998, "Improved confidence intervals for the
 * difference between binomial proportions based on paired data", Stat Med 17:2635): the interval for
 * pB − pA from the two Wilson intervals, corrected by the correlation φ of the pairs (with Newcombe's
 * continuity correction of φ when it is positive). Correlated pairs — the same dice until the variants'
 * fights part — give a narrower interval than independent samples of the same size.
 */
export function newcombePaired(c: PairedCounts, z = Z95): { diff: number; ci95: [number, number]; phi: number } {
  const n = c.both + c.onlyA + c.onlyB + c.neither;
  const sA = c.both + c.onlyA;
  const sB = c.both + c.onlyB;
  const pA = n ? sA / n : 0;
  const pB = n ? sB / n : 0;
  const [lA, uA] = wilson(sA, n, z);
  const [lB, uB] = wilson(sB, n, z);
  // φ of the 2×2 table, the product of the four margins under the root; 0 when a margin is empty
  const margins = (c.both + c.onlyA) * (c.onlyB + c.neither) * (c.both + c.onlyB) * (c.onlyA + c.neither);
  const cross = c.both * c.neither - c.onlyA * c.onlyB;
  const phi = margins === 0 ? 0 : (cross > 0 ? Math.max(cross - n / 2, 0) : cross) / Math.sqrt(margins);
  const d = pB - pA;
  // with p1 = pB, p2 = pA in Newcombe's notation
  const delta = Math.sqrt(Math.max(0, (pB - lB) ** 2 - 2 * phi * (pB - lB) * (uA - pA) + (uA - pA) ** 2));
  const eps = Math.sqrt(Math.max(0, (uB - pB) ** 2 - 2 * phi * (uB - pB) * (pA - lA) + (pA - lA) ** 2));
  return { diff: d, ci95: [Math.max(-1, d - delta), Math.min(1, d + eps)], phi };
}
