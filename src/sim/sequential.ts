/**
 * Playing until the answer is as precise as asked (`skirmish sim --precision 0.01`): a sequential rule
 * that looks at the results only at fixed checkpoints — about twenty, evenly spaced up to the most the
 * precision can need — and stops at the first one where every side's Wilson 95% interval is at most
 * ±precision. Stopping is decided on the fights 0..n of a checkpoint only, so the result does not depend
 * on how the fights were split over threads.
 *
 * Looking at the data and stopping when it looks good can cost an interval its coverage (stopping on a
 * lucky streak). Here it does not, because the width of a Wilson interval hardly depends on the luck:
 * it is fixed by n and the rate, and at the few checkpoints the rule looks at, a streak moves it little
 * (Chow & Robbins 1965: such fixed-width rules keep the nominal coverage as the width shrinks).
 * src/sim/sequential.test.ts plays the rule on streams of known rates, 4,000 times each, and holds the
 * share of reported intervals that contain the true rate to the exact coverage of a fixed-size Wilson
 * interval of the same size (docs/simulator.md gives the figures). The rule also bounds the work: the
 * widest interval, at 50%, is ±precision by about (1.96 / (2 · precision))² fights, so no run goes past
 * the checkpoint after that.
 */
import { wilson, Z95 } from './stats.ts';

/** Steps in the 1–2–5 series (…, 100, 200, 500, 1000, …) at or above `x`. */
function niceAtLeast(x: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(1, x)));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}

export interface Checkpoints {
  /** Fights between two looks at the results. */
  step: number;
  /** The most fights the rule can need: the first checkpoint past the widest interval's count. */
  max: number;
}

/** Where the rule looks for a precision: about 20 looks before the most it can need, never closer than 100 fights. */
export function checkpoints(precision: number, z = Z95): Checkpoints {
  const widest = Math.ceil((z / (2 * precision)) ** 2);
  const step = Math.max(100, niceAtLeast(widest / 20));
  return { step, max: Math.ceil(widest / step) * step };
}

/** Whether `successes` of `n` is known to ±precision: its Wilson interval reaches no further than that on either side. */
export function preciseEnough(successes: number, n: number, precision: number, z = Z95): boolean {
  if (n === 0) return false;
  const p = successes / n;
  const [lo, hi] = wilson(successes, n, z);
  return Math.max(p - lo, hi - p) <= precision;
}

/** Every count (a side's wins) of `n` fights known to ±precision. */
export function allPrecise(counts: readonly number[], n: number, precision: number): boolean {
  return counts.every((c) => preciseEnough(c, n, precision));
}
