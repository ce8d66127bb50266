// Odds past the exact limit: inside estimatingPastLimit, a distribution that would cost too much is
// estimated from sampled rolls (the same every time) and said to be; outside, it is refused as before.
import { describe, expect, it } from 'vitest';
import { DiceError } from './errors.ts';
import { estimatingPastLimit } from './estimate.ts';
import { distributionOf } from './expr-distribution.ts';

describe('estimates past the exact limit', () => {
  it('200d200: refused exactly, estimated when asked, close to the true mean and spread', () => {
    expect(() => distributionOf('200d200')).toThrow(DiceError);
    const { value: d, estimated } = estimatingPastLimit(() => distributionOf('200d200'));
    expect(estimated).toBe(true);
    // 200 × 100.5 = 20100; sd = sqrt(200 × (200² − 1) / 12) ≈ 816.5
    expect(Math.abs(d.mean - 20100)).toBeLessThan(0.01 * 20100);
    expect(Math.abs(d.stdev - 816.5)).toBeLessThan(0.1 * 816.5);
    expect(d.min).toBeGreaterThanOrEqual(200);
    expect(d.max).toBeLessThanOrEqual(40000);
    // marked, and so is all made from it
    expect(d.estimated).toBe(true);
    expect(d.map((v) => v + 1).estimated).toBe(true);
    expect(distributionOf('2d6').plus(d).estimated).toBe(true);
    // the same estimate every time
    expect(estimatingPastLimit(() => distributionOf('200d200')).value).toBe(d);
  });

  it('what fits is exact even inside, and says nothing was estimated', () => {
    const { value, estimated } = estimatingPastLimit(() => distributionOf('2d6+1'));
    expect(estimated).toBe(false);
    expect(value.mean).toBeCloseTo(8, 12);
    expect(value.estimated).toBe(false);
  });
});
