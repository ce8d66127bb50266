import { describe, expect, it } from 'vitest';
import { addTo, histogramMean, histogramQuantile, newcombe, newcombePaired, wilson } from './stats.ts';

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

describe('newcombePaired (the paired difference of sim a.yaml b.yaml)', () => {
  it('is the independent interval when the pairs are uncorrelated (φ = 0)', () => {
    // 25 of each joint result: A wins 50 of 100, B wins 50 of 100, and A's win says nothing of B's
    const p = newcombePaired({ both: 25, onlyA: 25, onlyB: 25, neither: 25 });
    expect(p.phi).toBe(0);
    const u = newcombe(50, 100, 50, 100);
    expect(p.ci95[0]).toBeCloseTo(u.ci95[0], 12);
    expect(p.ci95[1]).toBeCloseTo(u.ci95[1], 12);
  });

  it('is narrower when most pairs go alike, and holds the difference', () => {
    // A wins 60, B wins 55 of 100; 90 fights go the same way in both
    const c = { both: 50, onlyA: 10, onlyB: 5, neither: 35 };
    const p = newcombePaired(c);
    expect(p.diff).toBeCloseTo(-0.05, 12);
    expect(p.ci95[0]).toBeLessThan(-0.05);
    expect(p.ci95[1]).toBeGreaterThan(-0.05);
    const u = newcombe(60, 100, 55, 100);
    expect(p.ci95[1] - p.ci95[0]).toBeLessThan((u.ci95[1] - u.ci95[0]) * 0.6);
    // φ with Newcombe's continuity correction: (50·35 − 10·5 − 100/2) / √(60·40·55·45)
    expect(p.phi).toBeCloseTo((50 * 35 - 10 * 5 - 50) / Math.sqrt(60 * 40 * 55 * 45), 12);
  });
});
