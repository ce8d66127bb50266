// Exact probability distributions, as doubles: the Distribution class and its algebra.
//
// Method: every dice term's distribution is built from the per-die distribution (after min/max,
// explosions, rerolls and success counting; term-distribution.ts) and combined over the term's
// dice by convolution (repeated squaring); keep/drop uses a dynamic programme over order
// statistics (order-statistics.ts), so `10d10kh3` costs about 10^4 multiply-adds instead of 10^10
// outcomes. Independent terms are combined by convolution (+, −) or by pairing every value
// (×, /, %, ^, min, max, pow; expr-distribution.ts).
//
// Error: all arithmetic is double precision on non-negative terms (no subtraction of
// probabilities), so every probability carries a relative error of at most about K·2^-53, where
// K is the number of multiply-adds on its path (under 10^5 within DICE_LIMITS): below 1e-11
// relative. The keep/drop programme's binomial weights come from log-factorials, adding
// about 1e-13 relative. Explosions are truncated (see tailMass); the total probability is
// 1 − tailMass within 1e-12.
import { DiceError } from './errors.ts';
import { DICE_LIMITS } from './limits.ts';
import { finite } from './math.ts';
import { chargeValues } from './work-budget.ts';
import { add, combine, conv, fromMap, mapValues, massOf, power, scale, uniform, type Pmf } from './pmf.ts';

/** Tail mass of two independent parts: the chance that either was cut. */
const joinTail = (a: number, b: number) => a + b - a * b;

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
  /** Estimated from sampled rolls, not reckoned exactly (src/dice/estimate.ts); so is all made from it. */
  readonly estimated: boolean;

  private constructor(pmf: Pmf, tailMass: number, estimated = false) {
    this.estimated = estimated;
    if (!pmf.v.length) throw new DiceError('dice/invalid', 'a distribution needs at least one value');
    // every value kept is work (copied, summed, and sent on as odds): a request's budget pays for it
    chargeValues(pmf.v.length, `a distribution of ${pmf.v.length} values`);
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
  static fromPairs(pairs: Iterable<readonly [number, number]>, tailMass = 0, estimated = false): Distribution {
    const m = new Map<number, number>();
    let total = 0;
    for (const [v, p] of pairs) {
      if (!(p >= 0) || !Number.isFinite(v)) throw new DiceError('dice/invalid', `bad pair [${v}, ${p}]`);
      m.set(v, (m.get(v) ?? 0) + p);
      total += p;
    }
    if (Math.abs(total + tailMass - 1) > 1e-9) throw new DiceError('dice/invalid', `probabilities sum to ${total}, not ${1 - tailMass}`);
    return new Distribution(fromMap(m), tailMass, estimated);
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
    return new Distribution(add(...parts.filter(([w]) => w > 0).map(([w, d]) => scale(d.pmfData, w))), tail, parts.some(([w, d]) => w > 0 && d.estimated));
  }

  /** The sum of this and an independent other (or a constant). */
  plus(other: Distribution | number): Distribution {
    if (typeof other === 'number') return this.map((v) => v + other);
    return new Distribution(conv(this.pmfData, other.pmfData, 'a sum'), joinTail(this.tailMass, other.tailMass), this.estimated || other.estimated);
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
    return new Distribution(power(this.pmfData, k, `${k} copies`), 1 - (1 - this.tailMass) ** k, this.estimated);
  }

  /** Every value multiplied by k. */
  scale(k: number): Distribution {
    return this.map((v) => v * k);
  }

  /** The distribution of fn(X). */
  map(fn: (v: number) => number): Distribution {
    return new Distribution(mapValues(this.pmfData, fn), this.tailMass, this.estimated);
  }

  /** The distribution of fn(X, Y) for an independent Y. */
  combine(other: Distribution, fn: (a: number, b: number) => number): Distribution {
    return new Distribution(combine(this.pmfData, other.pmfData, fn, 'a combination'), joinTail(this.tailMass, other.tailMass), this.estimated || other.estimated);
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
