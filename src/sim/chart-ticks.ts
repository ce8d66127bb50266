/**
 * "Nice" axis ticks for the report's charts: steps of 1, 2 or 5 × 10^k, so a reader can count along
 * the axis (0, 5, 10, 15…) instead of decoding 5.9 / 11.8 / 17.7.
 */

export interface Ticks {
  /** Distance between ticks: 1, 2 or 5 × 10^k. */
  step: number;
  /** The axis end: the first multiple of step at or above the data's maximum. */
  top: number;
  /** 0, step, 2·step … top. */
  values: number[];
  /** Decimals that print every tick exactly (0 for steps of 1 or more). */
  decimals: number;
}

/**
 * Ticks for an axis from 0 to at least `max`, with at most `most` intervals: the smallest nice step
 * that fits. `integer` keeps the step at 1 or more (counts, rounds).
 */
export function niceTicks(max: number, most = 5, integer = false): Ticks {
  const m = Number.isFinite(max) && max > 0 ? max : 1;
  const n = Math.max(1, Math.floor(most));
  let k = Math.floor(Math.log10(m / n));
  let step = 0;
  // walk up the 1-2-5 ladder from just below the raw step until the axis fits in n intervals
  for (;;) {
    const p = 10 ** k;
    const found = [1, 2, 5].map((s) => s * p).find((s) => (!integer || s >= 1) && Math.ceil(m / s - 1e-9) <= n);
    if (found !== undefined) {
      step = found;
      break;
    }
    k++;
  }
  const count = Math.max(1, Math.ceil(m / step - 1e-9));
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  // round each tick to the step's decimals so 0.1 × 3 prints 0.3, not 0.30000000000000004
  const values = Array.from({ length: count + 1 }, (_, i) => Number((i * step).toFixed(decimals)));
  return { step, top: values[values.length - 1], values, decimals };
}

/** A tick's label with the step's decimals and thousands separators ("1,500", "0.25"). */
export function tickLabel(v: number, t: Ticks): string {
  return v.toLocaleString('en-US', { minimumFractionDigits: t.decimals, maximumFractionDigits: t.decimals });
}
