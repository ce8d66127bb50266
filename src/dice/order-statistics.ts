// Exact keep/drop (`4d6kh3`, `10d10kh3`, `5d6dl1dh1`) by a dynamic programme over order
// statistics, so the cost grows with values × dice × sums instead of with every outcome.
import { DiceError } from './errors.ts';
import { fromDense, massOf, type Pmf } from './pmf.ts';
import { charge } from './work-budget.ts';

const logFactorials: number[] = [0];
function lf(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1] + Math.log(i));
  return logFactorials[n];
}

/** Binomial(n, q) probability of k. */
function binom(n: number, k: number, q: number): number {
  if (q >= 1) return k === n ? 1 : 0;
  if (q <= 0) return k === 0 ? 1 : 0;
  if (n <= 30) {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
    return c * q ** k * (1 - q) ** (n - k);
  }
  return Math.exp(lf(n) - lf(k) - lf(n - k) + k * Math.log(q) + (n - k) * Math.log1p(-q));
}

/**
 * Keep/drop by order statistics. N i.i.d. items with value pmf W (ascending values x_j);
 * kept are sorted positions [lo, hi) in ascending order; the result is the distribution of the
 * sum of T(x) over kept items. Values are visited from one end; with c items already placed
 * (occupying the first c positions from that end), the number of the remaining N − c items
 * equal to the next value x_j is Binomial(N − c, p_j / P(remaining values)), and the kept
 * positions they cover are known. States with every kept position filled are final. Work is
 * about m · b · N · S for m values, b positions visited and S possible partial sums.
 */
export function keptSum(W: Pmf, n: number, lo: number, hi: number, T: (v: number) => number, what: string): Pmf {
  const mass = massOf(W);
  const scaleAll = mass ** n;
  if (lo >= hi) return { v: [0], p: [scaleAll] };
  // visit from the end that reaches every kept position sooner
  const descending = n - lo <= hi;
  const xs = descending ? W.v.slice().reverse() : W.v.slice();
  const ps = descending ? W.p.slice().reverse() : W.p.slice();
  const a = descending ? n - hi : lo;
  const b = descending ? n - lo : hi;
  const cs = xs.map(T);
  if (!cs.every(Number.isInteger)) {
    throw new DiceError('dice/unsupported', `exact distribution of keep/drop over non-integer values (${what}) is not supported`);
  }
  const K = b - a;
  const cmin = Math.min(0, ...cs);
  const cmax = Math.max(0, ...cs);
  const base = K * cmin;
  const S = K * (cmax - cmin) + 1;
  const m = xs.length;
  charge(m * b * (n + 1) * S + m * S, what);
  // suffix masses for the conditional probabilities
  const suffix = new Array<number>(m + 1).fill(0);
  for (let j = m - 1; j >= 0; j--) suffix[j] = suffix[j + 1] + ps[j];
  let states: (Float64Array | null)[] = new Array(b).fill(null);
  states[0] = new Float64Array(S);
  states[0][-base] = 1;
  const result = new Float64Array(S);
  for (let j = 0; j < m; j++) {
    const q = j === m - 1 ? 1 : ps[j] / suffix[j];
    const next: (Float64Array | null)[] = new Array(b).fill(null);
    const cj = cs[j];
    for (let c = 0; c < b; c++) {
      const D = states[c];
      if (!D) continue;
      const rem = n - c;
      for (let k = q >= 1 ? rem : 0; k <= rem; k++) {
        const w = binom(rem, k, q);
        if (w === 0) continue;
        const nc = c + k;
        const kept = Math.max(0, Math.min(nc, b) - Math.max(c, a));
        const shift = kept * cj;
        let target: Float64Array;
        if (nc >= b) target = result;
        else target = next[nc] ??= new Float64Array(S);
        for (let s = 0; s < S; s++) {
          const x = D[s];
          if (x !== 0) target[s + shift] += w * x;
        }
      }
    }
    states = next;
  }
  for (let s = 0; s < S; s++) result[s] *= scaleAll;
  return fromDense(base, result);
}
