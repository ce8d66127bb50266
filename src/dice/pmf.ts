// Pmf: the working representation of exact distributions, sorted values with their
// (sub-)probabilities, and the operations on it. Every costly operation charges the work budget.
import { charge, refund } from './work-budget.ts';

export interface Pmf {
  readonly v: number[];
  readonly p: number[];
}

export const EMPTY: Pmf = { v: [], p: [] };

export function fromMap(m: Map<number, number>): Pmf {
  const keys = [...m.keys()].sort((a, b) => a - b);
  const v: number[] = [];
  const p: number[] = [];
  for (const k of keys) {
    const x = m.get(k)!;
    if (x > 0) {
      v.push(k === 0 ? 0 : k);
      p.push(x);
    }
  }
  return { v, p };
}

/** From probabilities of offset, offset + 1, …; zeros left out. */
export function fromDense(offset: number, arr: ArrayLike<number>): Pmf {
  const v: number[] = [];
  const p: number[] = [];
  for (let i = 0; i < arr.length; i++) {
    if (arr[i] > 0) {
      v.push(offset + i);
      p.push(arr[i]);
    }
  }
  return { v, p };
}

export const massOf = (a: Pmf) => a.p.reduce((s, x) => s + x, 0);
const integral = (a: Pmf) => a.v.every(Number.isInteger);

/** The sum of independent a and b: dense when the value ranges are compact, else pairwise. */
export function conv(a: Pmf, b: Pmf, what: string): Pmf {
  if (!a.v.length || !b.v.length) return EMPTY;
  const na = a.v.length;
  const nb = b.v.length;
  if (integral(a) && integral(b)) {
    const ra = a.v[na - 1] - a.v[0] + 1;
    const rb = b.v[nb - 1] - b.v[0] + 1;
    if (ra * rb <= 4 * na * nb + 4096) {
      charge(ra * rb, what);
      const A = new Float64Array(ra);
      const B = new Float64Array(rb);
      for (let i = 0; i < na; i++) A[a.v[i] - a.v[0]] = a.p[i];
      for (let i = 0; i < nb; i++) B[b.v[i] - b.v[0]] = b.p[i];
      const C = new Float64Array(ra + rb - 1);
      for (let i = 0; i < ra; i++) {
        const x = A[i];
        if (x === 0) continue;
        for (let j = 0; j < rb; j++) C[i + j] += x * B[j];
      }
      return fromDense(a.v[0] + b.v[0], C);
    }
  }
  return combine(a, b, (x, y) => x + y, what);
}

/** fn(X, Y) for independent X ~ a and Y ~ b, pairing every value. */
export function combine(a: Pmf, b: Pmf, fn: (x: number, y: number) => number, what: string): Pmf {
  charge(a.v.length * b.v.length, what);
  const m = new Map<number, number>();
  for (let i = 0; i < a.v.length; i++) {
    for (let j = 0; j < b.v.length; j++) {
      const k = fn(a.v[i], b.v[j]);
      m.set(k, (m.get(k) ?? 0) + a.p[i] * b.p[j]);
    }
  }
  return fromMap(m);
}

export function mapValues(a: Pmf, fn: (x: number) => number): Pmf {
  const m = new Map<number, number>();
  for (let i = 0; i < a.v.length; i++) {
    const k = fn(a.v[i]);
    m.set(k, (m.get(k) ?? 0) + a.p[i]);
  }
  return fromMap(m);
}

/** Pointwise sum of sub-distributions (a mixture without renormalising). */
export function add(...parts: Pmf[]): Pmf {
  const m = new Map<number, number>();
  for (const a of parts) for (let i = 0; i < a.v.length; i++) m.set(a.v[i], (m.get(a.v[i]) ?? 0) + a.p[i]);
  return fromMap(m);
}

/** The part of a with values that pass `keep` (a sub-distribution). */
export function filter(a: Pmf, keep: (x: number) => boolean): Pmf {
  const v: number[] = [];
  const p: number[] = [];
  for (let i = 0; i < a.v.length; i++) {
    if (keep(a.v[i])) {
      v.push(a.v[i]);
      p.push(a.p[i]);
    }
  }
  return { v, p };
}

export const scale = (a: Pmf, w: number): Pmf => ({ v: a.v, p: a.p.map((x) => x * w) });

export function uniform(lo: number, hi: number): Pmf {
  const n = hi - lo + 1;
  return { v: Array.from({ length: n }, (_, i) => lo + i), p: new Array<number>(n).fill(1 / n) };
}

/** The sum of k independent copies of a, by repeated squaring. */
export function power(a: Pmf, k: number, what: string): Pmf {
  // estimate the whole cost first (value-range widths bound every step), so a hopeless request fails before any work
  if (a.v.length > 1) {
    const w = integral(a) ? a.v[a.v.length - 1] - a.v[0] : a.v.length - 1;
    let cost = 0;
    let baseW = w;
    let resW = -1;
    for (let j = k; j > 0; j = Math.floor(j / 2)) {
      if (j & 1) {
        if (resW >= 0) cost += (resW + 1) * (baseW + 1);
        resW = resW < 0 ? baseW : resW + baseW;
      }
      if (j > 1) {
        cost += (baseW + 1) ** 2;
        baseW *= 2;
      }
    }
    charge(cost, what);
    refund(cost); // charged again step by step below
  }
  let result: Pmf = { v: [0], p: [1] };
  let base = a;
  let first = true;
  while (k > 0) {
    if (k & 1) {
      result = first ? base : conv(result, base, what);
      first = false;
    }
    k = Math.floor(k / 2);
    if (k > 0) base = conv(base, base, what);
  }
  return result;
}
