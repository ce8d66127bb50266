// Exact probability distributions of dice expressions, as doubles.
//
// Method: every dice term's distribution is built from the per-die distribution (after min/max,
// explosions, rerolls and success counting) and combined over the term's dice by convolution
// (repeated squaring); keep/drop uses a dynamic programme over order statistics (below), so
// `10d10kh3` costs about 10^4 multiply-adds instead of 10^10 outcomes. Independent terms are
// combined by convolution (+, −) or by pairing every value (×, /, %, ^, min, max, pow).
//
// Error: all arithmetic is double precision on non-negative terms (no subtraction of
// probabilities), so every probability carries a relative error of at most about K·2^-53, where
// K is the number of multiply-adds on its path (under 10^5 within DICE_LIMITS): below 1e-11
// relative. The keep/drop programme's binomial weights come from log-factorials, adding
// about 1e-13 relative. Explosions are truncated (see tailMass); the total probability is
// 1 − tailMass within 1e-12.
import type { DiceExpr, DiceNode } from './ast.ts';
import { DiceError } from './errors.ts';
import { DICE_LIMITS } from './limits.ts';
import { binary, call, compareMatch, finite } from './math.ts';
import { evalConstant, formatTerm, hasDice } from './parse.ts';
import { toExpr } from './roll.ts';

// ── work budget ────────────────────────────────────────────────────────────
let budget: number | null = null;

function charge(cost: number, what: string): void {
  const left = budget ?? DICE_LIMITS.maxDistributionWork;
  if (cost > left) {
    throw new DiceError(
      'dice/limit',
      `the exact distribution needs about ${cost.toExponential(1)} more operations for ${what}, over the limit of ${DICE_LIMITS.maxDistributionWork.toExponential(0)} (DICE_LIMITS.maxDistributionWork)`,
    );
  }
  if (budget !== null) budget -= cost;
}

// ── Pmf: sorted values with (sub-)probabilities, the working representation ──
interface Pmf {
  readonly v: number[];
  readonly p: number[];
}

const EMPTY: Pmf = { v: [], p: [] };

function fromMap(m: Map<number, number>): Pmf {
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

function fromDense(offset: number, arr: ArrayLike<number>): Pmf {
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

const massOf = (a: Pmf) => a.p.reduce((s, x) => s + x, 0);
const integral = (a: Pmf) => a.v.every(Number.isInteger);

function conv(a: Pmf, b: Pmf, what: string): Pmf {
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

function combine(a: Pmf, b: Pmf, fn: (x: number, y: number) => number, what: string): Pmf {
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

function mapValues(a: Pmf, fn: (x: number) => number): Pmf {
  const m = new Map<number, number>();
  for (let i = 0; i < a.v.length; i++) {
    const k = fn(a.v[i]);
    m.set(k, (m.get(k) ?? 0) + a.p[i]);
  }
  return fromMap(m);
}

/** Pointwise sum of sub-distributions (a mixture without renormalising). */
function add(...parts: Pmf[]): Pmf {
  const m = new Map<number, number>();
  for (const a of parts) for (let i = 0; i < a.v.length; i++) m.set(a.v[i], (m.get(a.v[i]) ?? 0) + a.p[i]);
  return fromMap(m);
}

function filter(a: Pmf, keep: (x: number) => boolean): Pmf {
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

const scale = (a: Pmf, w: number): Pmf => ({ v: a.v, p: a.p.map((x) => x * w) });

function uniform(lo: number, hi: number): Pmf {
  const n = hi - lo + 1;
  return { v: Array.from({ length: n }, (_, i) => lo + i), p: new Array<number>(n).fill(1 / n) };
}

function power(a: Pmf, k: number, what: string): Pmf {
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
    if (budget !== null) budget += cost; // charged again step by step below
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

// ── the public class ───────────────────────────────────────────────────────

/**
 * An immutable probability distribution over numeric values (integers for most dice
 * expressions). Probabilities are doubles; see the module comment for the error bound.
 * When explosions were truncated, the probabilities sum to 1 − tailMass and the summary
 * statistics (mean, variance, stdev) are those of the covered part, renormalised.
 */
export class Distribution {
  /** Values with positive probability, ascending. */
  readonly values: readonly number[];
  /** probs[i] = P(X = values[i]). */
  readonly probs: readonly number[];
  /** Probability not covered because explosion chains were cut at a finite depth. */
  readonly tailMass: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly variance: number;
  readonly stdev: number;

  private constructor(pmf: Pmf, tailMass: number) {
    if (!pmf.v.length) throw new DiceError('dice/invalid', 'a distribution needs at least one value');
    for (const v of pmf.v) finite(v, 'a value of the distribution');
    this.values = Object.freeze(pmf.v.slice());
    this.probs = Object.freeze(pmf.p.slice());
    this.tailMass = tailMass > 0 ? tailMass : 0;
    this.min = pmf.v[0];
    this.max = pmf.v[pmf.v.length - 1];
    const mass = massOf(pmf);
    let mean = 0;
    for (let i = 0; i < pmf.v.length; i++) mean += pmf.v[i] * pmf.p[i];
    mean /= mass;
    let variance = 0;
    for (let i = 0; i < pmf.v.length; i++) variance += (pmf.v[i] - mean) ** 2 * pmf.p[i];
    variance /= mass;
    this.mean = mean;
    this.variance = variance;
    this.stdev = Math.sqrt(variance);
    Object.freeze(this);
  }

  /** @internal */
  static fromPmf(pmf: Pmf, tailMass = 0): Distribution {
    return new Distribution(pmf, tailMass);
  }

  private get pmfData(): Pmf {
    return { v: this.values as number[], p: this.probs as number[] };
  }

  /** Always `v`. */
  static constant(v: number): Distribution {
    return new Distribution({ v: [v], p: [1] }, 0);
  }

  /** A fair die: 1..sides, each 1/sides. */
  static die(sides: number): Distribution {
    if (!Number.isInteger(sides) || sides < 1 || sides > DICE_LIMITS.maxSides) {
      throw new DiceError('dice/invalid', `a die needs a whole number of sides from 1 to ${DICE_LIMITS.maxSides}, got ${sides}`);
    }
    return new Distribution(uniform(1, sides), 0);
  }

  /** Each integer lo..hi with equal probability. */
  static uniform(lo: number, hi: number): Distribution {
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo || hi - lo >= DICE_LIMITS.maxSides) {
      throw new DiceError('dice/invalid', `uniform needs whole numbers lo ≤ hi at most ${DICE_LIMITS.maxSides} apart`);
    }
    return new Distribution(uniform(lo, hi), 0);
  }

  /** From [value, probability] pairs (merged when a value repeats); probabilities must sum to 1 − tailMass. */
  static fromPairs(pairs: Iterable<readonly [number, number]>, tailMass = 0): Distribution {
    const m = new Map<number, number>();
    let total = 0;
    for (const [v, p] of pairs) {
      if (!(p >= 0) || !Number.isFinite(v)) throw new DiceError('dice/invalid', `bad pair [${v}, ${p}]`);
      m.set(v, (m.get(v) ?? 0) + p);
      total += p;
    }
    if (Math.abs(total + tailMass - 1) > 1e-9) throw new DiceError('dice/invalid', `probabilities sum to ${total}, not ${1 - tailMass}`);
    return new Distribution(fromMap(m), tailMass);
  }

  /** Mixture: with probability p_i the outcome follows dist_i. The weights must sum to 1 (within 1e-9). */
  static mix(parts: readonly (readonly [number, Distribution])[]): Distribution {
    let total = 0;
    let tail = 0;
    for (const [w, d] of parts) {
      if (!(w >= 0)) throw new DiceError('dice/invalid', `mixture weight ${w} is negative`);
      total += w;
      tail += w * d.tailMass;
    }
    if (!parts.length || Math.abs(total - 1) > 1e-9) throw new DiceError('dice/invalid', `mixture weights sum to ${total}, not 1`);
    return new Distribution(add(...parts.filter(([w]) => w > 0).map(([w, d]) => scale(d.pmfData, w))), tail);
  }

  /** The sum of this and an independent other (or a constant). */
  plus(other: Distribution | number): Distribution {
    if (typeof other === 'number') return this.map((v) => v + other);
    return new Distribution(conv(this.pmfData, other.pmfData, 'a sum'), joinTail(this.tailMass, other.tailMass));
  }

  /** This minus an independent other (or a constant). */
  minus(other: Distribution | number): Distribution {
    if (typeof other === 'number') return this.map((v) => v - other);
    return this.plus(other.map((v) => -v));
  }

  /** The sum of k independent copies (e.g. die(6).times(3) is 3d6). For v·k use scale(k). */
  times(k: number): Distribution {
    if (!Number.isInteger(k) || k < 0 || k > DICE_LIMITS.maxDice) {
      throw new DiceError('dice/invalid', `times needs a whole number of copies from 0 to ${DICE_LIMITS.maxDice}, got ${k}`);
    }
    if (k === 0) return Distribution.constant(0);
    return new Distribution(power(this.pmfData, k, `${k} copies`), 1 - (1 - this.tailMass) ** k);
  }

  /** Every value multiplied by k. */
  scale(k: number): Distribution {
    return this.map((v) => v * k);
  }

  /** The distribution of fn(X). */
  map(fn: (v: number) => number): Distribution {
    return new Distribution(mapValues(this.pmfData, fn), this.tailMass);
  }

  /** The distribution of fn(X, Y) for an independent Y. */
  combine(other: Distribution, fn: (a: number, b: number) => number): Distribution {
    return new Distribution(combine(this.pmfData, other.pmfData, fn, 'a combination'), joinTail(this.tailMass, other.tailMass));
  }

  /** max(X, v): values below v become v (e.g. "at least 1 damage"). */
  clampMin(v: number): Distribution {
    return this.map((x) => (x < v ? v : x));
  }

  /** min(X, v). */
  clampMax(v: number): Distribution {
    return this.map((x) => (x > v ? v : x));
  }

  /** P(X = k). */
  probOf(k: number): number {
    const i = this.index(k);
    return i < this.values.length && this.values[i] === k ? this.probs[i] : 0;
  }

  /** P(X ≥ k) (of the covered mass; add tailMass for an upper bound when k is large). */
  atLeast(k: number): number {
    let s = 0;
    for (let i = this.index(k); i < this.values.length; i++) s += this.probs[i];
    return s;
  }

  /** P(X ≤ k). */
  atMost(k: number): number {
    let s = 0;
    for (let i = 0; i < this.values.length && this.values[i] <= k; i++) s += this.probs[i];
    return s;
  }

  /** [value, probability] pairs, ascending by value. */
  pmf(): [number, number][] {
    return this.values.map((v, i) => [v, this.probs[i]]);
  }

  toJSON(): { min: number; max: number; mean: number; stdev: number; pmf: [number, number][]; tailMass: number } {
    return { min: this.min, max: this.max, mean: this.mean, stdev: this.stdev, pmf: this.pmf(), tailMass: this.tailMass };
  }

  /** First index with values[i] ≥ k. */
  private index(k: number): number {
    let lo = 0;
    let hi = this.values.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.values[mid] < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const joinTail = (a: number, b: number) => a + b - a * b;

// ── dice terms ─────────────────────────────────────────────────────────────

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
function keepDP(W: Pmf, n: number, lo: number, hi: number, T: (v: number) => number, what: string): Pmf {
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

function termDistribution(node: DiceNode): Distribution {
  const what = formatTerm(node);
  const n = node.count ? evalConstant(node.count) : 1;
  let raw: Pmf;
  if (node.die.kind === 'fudge') {
    raw = node.die.nonBlanks === 2 ? { v: [-1, 0, 1], p: [1 / 3, 1 / 3, 1 / 3] } : { v: [-1, 0, 1], p: [1 / 6, 4 / 6, 1 / 6] };
  } else {
    const sides = node.die.kind === 'percent' ? 100 : evalConstant(node.die.sides);
    charge(sides, what);
    raw = uniform(1, sides);
  }
  let minV: number | null = null;
  let maxV: number | null = null;
  let explode: Extract<DiceNode['modifiers'][number], { kind: 'explode' }> | null = null;
  let reroll: Extract<DiceNode['modifiers'][number], { kind: 'reroll' }> | null = null;
  let target: Extract<DiceNode['modifiers'][number], { kind: 'target' }> | null = null;
  let kh = Infinity;
  let kl = Infinity;
  let dh = 0;
  let dl = 0;
  let hasKeep = false;
  for (const m of node.modifiers) {
    if (m.kind === 'min') minV = m.value;
    else if (m.kind === 'max') maxV = m.value;
    else if (m.kind === 'explode') explode = m;
    else if (m.kind === 'reroll') reroll = m;
    else if (m.kind === 'target') target = m;
    else if (m.kind === 'keep' || m.kind === 'drop') {
      hasKeep = true;
      if (m.kind === 'keep' && m.end === 'h') kh = m.count;
      if (m.kind === 'keep' && m.end === 'l') kl = m.count;
      if (m.kind === 'drop' && m.end === 'h') dh = m.count;
      if (m.kind === 'drop' && m.end === 'l') dl = m.count;
    }
  }
  const clamp = (v: number) => {
    if (minV !== null && v < minV) v = minV;
    if (maxV !== null && v > maxV) v = maxV;
    return v;
  };
  const v0 = minV === null && maxV === null ? raw : mapValues(raw, clamp);
  // rerolls: a value matching the compare point is replaced by a fresh face (once, or until it does not match)
  const afterReroll = (d: Pmf): Pmf => {
    if (!reroll) return d;
    const rr = reroll.compare;
    const hit = filter(d, (v) => compareMatch(rr.op, rr.value, v));
    if (!hit.v.length) return d;
    const rest = filter(d, (v) => !compareMatch(rr.op, rr.value, v));
    let fresh = raw;
    if (!reroll.once) {
      fresh = filter(raw, (v) => !compareMatch(rr.op, rr.value, v));
      fresh = scale(fresh, 1 / massOf(fresh));
    }
    return add(rest, scale(fresh, massOf(hit)));
  };
  const T = (v: number) => {
    if (!target) return v;
    if (compareMatch(target.success.op, target.success.value, v)) return 1;
    if (target.failure && compareMatch(target.failure.op, target.failure.value, v)) return -1;
    return 0;
  };
  const item = (d: Pmf) => (target ? mapValues(afterReroll(d), T) : afterReroll(d));

  let perDie: Pmf; // one die's contribution (no keep/drop), or its value (keep/drop)
  let dieTail = 0;
  if (explode) {
    const ex = explode.compare;
    const pen = explode.penetrate ? 1 : 0;
    const boom = (v: number) => compareMatch(ex.op, ex.value, v);
    const rawE = filter(raw, boom);
    const rawN = filter(raw, (v) => !boom(v));
    const p = massOf(rawE);
    const firstE = filter(v0, boom);
    const firstN = filter(v0, (v) => !boom(v));
    if (hasKeep && !explode.compound) {
      throw new DiceError('dice/unsupported', `exact distribution of keep/drop together with exploding dice (${what}) is not supported; use compounding (!!)`);
    }
    // the value (compound) or contribution (separate dice) of the rest of a chain, cut at depth D
    const stepE = explode.compound ? mapValues(rawE, (v) => v - pen) : item(mapValues(rawE, (v) => v - pen));
    const stepN = explode.compound ? mapValues(rawN, (v) => v - pen) : item(mapValues(rawN, (v) => v - pen));
    let tail: Pmf = EMPTY;
    let left = 1; // p^d: the mass of chains longer than d
    let depth = 0;
    while (depth < DICE_LIMITS.maxExplosionDepth) {
      tail = add(stepN, conv(stepE, tail, what));
      depth++;
      left *= p;
      if (left * n <= DICE_LIMITS.explosionTailTarget) break;
    }
    const fe = explode.compound ? firstE : item(firstE);
    const fn = explode.compound ? firstN : item(firstN);
    perDie = add(fn, conv(fe, tail, what));
    dieTail = massOf(firstE) * left;
    if (explode.compound && !hasKeep) perDie = item(perDie);
    if (explode.compound && hasKeep) perDie = afterReroll(perDie);
  } else {
    perDie = hasKeep ? afterReroll(v0) : item(v0);
  }
  if (!hasKeep) {
    const total = power(perDie, n, what);
    return Distribution.fromPmf(total, 1 - (1 - dieTail) ** n);
  }
  const lo = Math.max(dl, n - kh, 0);
  let hi = Math.min(n - dh, kl, n);
  if (hi < lo) hi = lo;
  return Distribution.fromPmf(keepDP(perDie, n, lo, hi, T, what), 1 - (1 - dieTail) ** n);
}

/** An upper bound on the number of distinct values of e, known before any work. */
function sizeBound(e: DiceExpr): number {
  if (!hasDice(e)) return 1;
  switch (e.type) {
    case 'number': return 1;
    case 'dice': {
      const n = e.count ? evalConstant(e.count) : 1;
      const sides = e.die.kind === 'standard' ? evalConstant(e.die.sides) : e.die.kind === 'percent' ? 100 : 3;
      if (e.modifiers.some((m) => m.kind === 'target')) return 2 * n + 1;
      const chain = e.modifiers.some((m) => m.kind === 'explode') ? DICE_LIMITS.maxExplosionDepth + 1 : 1;
      return n * sides * chain + 1;
    }
    case 'group': return sizeBound(e.expr);
    case 'negate': return sizeBound(e.arg);
    case 'binary':
      return e.op === '+' || e.op === '-' ? sizeBound(e.left) + sizeBound(e.right) : sizeBound(e.left) * sizeBound(e.right);
    case 'call': return e.args.reduce((s, a) => s * sizeBound(a), 1);
  }
}

/** Fail before computing the operands when pairing every value of both would be over budget. */
function precheck(a: DiceExpr, b: DiceExpr, what: string): void {
  const cost = sizeBound(a) * sizeBound(b);
  const left = budget ?? DICE_LIMITS.maxDistributionWork;
  if (cost > left) charge(cost, what);
}

function exprDistribution(e: DiceExpr): Distribution {
  if (!hasDice(e)) return Distribution.constant(finite(evalConstant(e), 'a constant'));
  switch (e.type) {
    case 'number': return Distribution.constant(e.value);
    case 'dice': return termDistribution(e);
    case 'group': return exprDistribution(e.expr);
    case 'negate': return exprDistribution(e.arg).map((v) => -v);
    case 'binary': {
      if (e.op !== '+' && e.op !== '-') precheck(e.left, e.right, `"${e.op}"`);
      const a = exprDistribution(e.left);
      const b = exprDistribution(e.right);
      if (e.op === '+') return a.plus(b);
      if (e.op === '-') return a.minus(b);
      if (e.op === '/' && b.probOf(0) > 0) {
        throw new DiceError('dice/math', `division by zero is possible in ${toText(e)}`);
      }
      const op = e.op;
      return a.combine(b, (x, y) => binary(op, x, y));
    }
    case 'call': {
      const fn = e.fn;
      if (e.args.length === 2) precheck(e.args[0], e.args[1], `${fn}()`);
      const a = exprDistribution(e.args[0]);
      if (e.args.length === 1) return a.map((v) => call(fn, v, 0));
      return a.combine(exprDistribution(e.args[1]), (x, y) => call(fn, x, y));
    }
  }
}

function toText(e: DiceExpr): string {
  return e.type === 'dice' ? formatTerm(e) : 'the expression';
}

/**
 * The exact distribution of an expression's total. Throws DiceError 'dice/limit' when it would
 * cost more than DICE_LIMITS.maxDistributionWork, 'dice/unsupported' for keep/drop with
 * non-compounding explosions, 'dice/math' when a division by zero is possible.
 */
export function distributionOf(exprOrText: DiceExpr | string): Distribution {
  const e = toExpr(exprOrText);
  const outer = budget;
  if (outer === null) budget = DICE_LIMITS.maxDistributionWork;
  try {
    return exprDistribution(e);
  } finally {
    if (outer === null) budget = null;
  }
}
