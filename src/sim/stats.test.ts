import { describe, expect, it } from 'vitest';
import { addTo, histogramMean, histogramQuantile, newcombe, wilson } from './stats.ts';

describe('wilson', () => {
  it('matches the textbook value for 81 of 263 (Newcombe 1998, table I: 0.2553–0.3662)', () => {
    const [lo, hi] = wilson(81, 263);
    expect(lo).toBeCloseTo(0.2553, 4);
    expect(hi).toBeCloseTo(0.3662, 4);
  });
  it('stays inside [0, 1] and reaches the edge at 0 and n', () => {
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
    expect(wilson(0, 10)[1]).toBeCloseTo(0.2775, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

describe('newcombe', () => {
  it('matches Newcombe 1998 example (56/70 vs 48/80: difference 0.2, 95% CI 0.0524–0.3339)', () => {
    // the paper reports θ = p1 − p2; ours is p2 − p1, so pass the samples the other way round
    const r = newcombe(48, 80, 56, 70);
    expect(r.diff).toBeCloseTo(0.2, 10);
    expect(r.ci95[0]).toBeCloseTo(0.0524, 4);
    expect(r.ci95[1]).toBeCloseTo(0.3339, 4);
  });
  it('is symmetric: swapping the samples negates the interval', () => {
    const a = newcombe(30, 100, 45, 90);
    const b = newcombe(45, 90, 30, 100);
    expect(b.diff).toBeCloseTo(-a.diff, 12);
    expect(b.ci95[0]).toBeCloseTo(-a.ci95[1], 12);
    expect(b.ci95[1]).toBeCloseTo(-a.ci95[0], 12);
  });
});

describe('histogram quantiles', () => {
  it('mean, median and p90 of 1..10', () => {
    const h: number[] = [];
    for (let v = 1; v <= 10; v++) addTo(h, v);
    expect(histogramMean(h)).toBe(5.5);
    expect(histogramQuantile(h, 0.5)).toBe(5);
    expect(histogramQuantile(h, 0.9)).toBe(9);
    expect(histogramQuantile(h, 1)).toBe(10);
  });
});
