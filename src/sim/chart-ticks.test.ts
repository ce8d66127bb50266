import { describe, expect, it } from 'vitest';
import { niceTicks, tickLabel } from './chart-ticks.ts';

describe('niceTicks', () => {
  it('steps the damage axis of the goblin cave (max 23.6) by 5 up to 25, not by 5.9', () => {
    const t = niceTicks(23.6);
    expect(t.step).toBe(5);
    expect(t.values).toEqual([0, 5, 10, 15, 20, 25]);
    expect(t.top).toBe(25);
  });

  it('only ever steps by 1, 2 or 5 × 10^k, within the interval budget, reaching the maximum', () => {
    for (const max of [0.07, 0.5, 1, 3, 7.2, 9.99, 10, 11, 17, 42, 99, 288, 1001, 123456]) {
      for (const most of [3, 4, 5, 6, 10]) {
        const t = niceTicks(max, most);
        const mantissa = t.step / 10 ** Math.floor(Math.log10(t.step) + 1e-9);
        expect([1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9), `${max}/${most}: step ${t.step}`).toBe(true);
        expect(t.values.length - 1).toBeLessThanOrEqual(most);
        expect(t.top).toBeGreaterThanOrEqual(max);
        // the smallest such step: one notch finer would need more intervals than allowed
        expect(t.top - t.step).toBeLessThan(max);
      }
    }
  });

  it('picks the finest step that fits: 288 fights in at most 6 intervals is 50s, in 5 is 100s', () => {
    expect(niceTicks(288, 6).values).toEqual([0, 50, 100, 150, 200, 250, 300]);
    expect(niceTicks(288, 5).values).toEqual([0, 100, 200, 300]);
  });

  it('keeps counts whole: 3 fights are ticked 0, 1, 2, 3, never 0.5', () => {
    expect(niceTicks(3, 6, true).values).toEqual([0, 1, 2, 3]);
    expect(niceTicks(3, 6).values).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
  });

  it('prints decimal steps exactly and counts with separators', () => {
    const t = niceTicks(0.7, 7);
    expect(t.step).toBe(0.1);
    expect(t.values.map((v) => tickLabel(v, t))).toEqual(['0.0', '0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']);
    const big = niceTicks(4200);
    expect(big.values.map((v) => tickLabel(v, big))).toEqual(['0', '1,000', '2,000', '3,000', '4,000', '5,000']);
  });

  it('gives a usable axis for no data at all', () => {
    expect(niceTicks(0).values).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(Number.NaN, 5, true).values).toEqual([0, 1]);
  });
});
