import { describe, expect, it } from 'vitest';
import { enumerate } from './enumerate.ts';
import { DiceError, Distribution, distributionOf, parseDice, rollTotal, seededSource } from './index.ts';

describe('distributionOf', () => {
  it('2d6 exactly', () => {
    const d = distributionOf('2d6');
    expect(d.values).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(d.probOf(7)).toBeCloseTo(6 / 36, 15);
    expect(d.atLeast(10)).toBeCloseTo(6 / 36, 15);
    expect(d.atMost(3)).toBeCloseTo(3 / 36, 15);
    expect(d.probOf(13)).toBe(0);
    expect([d.min, d.max, d.mean, d.variance]).toEqual([2, 12, expect.closeTo(7, 12), expect.closeTo(35 / 6, 12)]);
    expect(d.stdev).toBeCloseTo(Math.sqrt(35 / 6), 12);
    expect(d.tailMass).toBe(0);
    expect(d.pmf()[0]).toEqual([2, expect.closeTo(1 / 36, 15)]);
  });

  it('4d6kh3: the known mean 15869/1296 and P(18) = 21/1296', () => {
    const d = distributionOf('4d6kh3');
    expect(d.mean).toBeCloseTo(15869 / 1296, 12);
    expect(d.probOf(18)).toBeCloseTo(21 / 1296, 15);
    expect(d.probOf(3)).toBeCloseTo(1 / 1296, 15);
  });

  it('10d10kh3 takes well under 100 ms', () => {
    const t0 = performance.now();
    const d = distributionOf('10d10kh3');
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(100);
    expect(d.min).toBe(3);
    expect(d.max).toBe(30);
    expect(d.probOf(30)).toBeCloseTo(1 - (0.9 ** 10 + 10 * 0.1 * 0.9 ** 9 + 45 * 0.01 * 0.9 ** 8), 12);
    expect(d.probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it.each([
    ['3d6', 0],
    ['4d6kh3', 0],
    ['4d6dl1dh1', 0],
    ['3d6kl2', 0],
    ['5d4kh2kl1', 0],
    ['4d4>=3f<2', 0],
    ['3d4kh2>=3', 0],
    ['3d6r<3', 8],
    ['3d6ro<3', 0],
    ['3d4ro<2kh2', 0],
    ['3d6min2max5', 0],
    ['2d6!', 10],
    ['2d4!!', 10],
    ['2d4!p', 10],
    ['2d4!!p', 10],
    ['2d4!!kh1', 10],
    ['2d4!>=3', 12],
    ['2d4!>3r<2', 10],
    ['2d4min2!', 10],
    ['3dF', 0],
    ['2dF.1', 0],
    ['3dF!', 9],
    ['2d4!>=3>=4f=1', 12],
    ['1d4 - 1d4', 0],
    ['2d4 * 1d3', 0],
    ['floor(2d4 / 3) + 1d4 % 3', 0],
    ['max(1d6, 1d6) - abs(1d4 - 1d4)', 0],
    ['2d20kh1', 0],
    ['1d6 ^ 2', 0],
  ] as const)('%s matches exhaustive enumeration of the roller', (text, extra) => {
    const e = parseDice(text);
    const dice = text.match(/(\d+)d/g)?.reduce((s, m) => s + parseInt(m), 0) ?? 1;
    const { pmf, lost } = enumerate(text, extra ? dice + extra : 64);
    const d = distributionOf(e);
    const tol = lost + 1e-12;
    for (const [v, p] of pmf) expect(Math.abs(d.probOf(v) - p), `P(${v})`).toBeLessThanOrEqual(tol);
    for (const v of d.values) if (!pmf.has(v)) expect(d.probOf(v), `P(${v}) not enumerated`).toBeLessThanOrEqual(tol);
    expect(d.tailMass).toBeLessThan(1e-12);
  });

  it.each(['4d6kh3+2', '3d6!', '5d10>=8f<3', '10d10kh3', '2d20kh1+1d4', '1d6r<3 + 2d8!!', '4dF + 2'])(
    'empirical mean of 10^5 seeded rolls of %s lies within 4 standard errors of the exact mean',
    (text) => {
      const d = distributionOf(text);
      const src = seededSource(`mean:${text}`);
      const n = 100_000;
      let sum = 0;
      for (let i = 0; i < n; i++) sum += rollTotal(text, src);
      expect(Math.abs(sum / n - d.mean)).toBeLessThan((4 * d.stdev) / Math.sqrt(n));
    },
  );

  it('truncates explosions and reports the tail mass', () => {
    const d = distributionOf('1d6!');
    expect(d.tailMass).toBeGreaterThan(0);
    expect(d.tailMass).toBeLessThan(1e-12);
    expect(d.probs.reduce((a, b) => a + b, 0) + d.tailMass).toBeCloseTo(1, 12);
    expect(d.mean).toBeCloseTo(4.2, 10); // 3.5 · 6/5
    const slow = distributionOf('1d10!>=2'); // explodes 90% of the time: cut at maxExplosionDepth
    expect(slow.tailMass).toBeCloseTo(0.9 ** 101, 8); // the first die explodes, then 100 more in a row
  });

  it('rejects what it cannot do, fast and with a code', () => {
    const code = (text: string) => {
      const t0 = performance.now();
      try {
        distributionOf(text);
      } catch (e) {
        expect(performance.now() - t0).toBeLessThan(50);
        return (e as DiceError).code;
      }
      return 'ok';
    };
    expect(code('3d6!kh2')).toBe('dice/unsupported');
    expect(code('1d6 / (1d2 - 1)')).toBe('dice/math');
    expect(code('1000d1000')).toBe('dice/limit');
    expect(code('d1000000 * d1000000')).toBe('dice/limit');
    expect(code('1000d20kh500')).toBe('dice/limit');
  });
});

describe('Distribution algebra', () => {
  it('builds previews: constant, die, plus, minus, times, scale, map, combine, clamp', () => {
    const d6 = Distribution.die(6);
    expect(d6.times(3).pmf()).toEqual(distributionOf('3d6').pmf().map(([v, p]) => [v, expect.closeTo(p, 14)]));
    expect(d6.plus(2).values).toEqual([3, 4, 5, 6, 7, 8]);
    expect(d6.minus(Distribution.die(4)).min).toBe(-3);
    expect(d6.scale(2).values).toEqual([2, 4, 6, 8, 10, 12]);
    expect(d6.map((v) => Math.floor(v / 2)).probOf(0)).toBeCloseTo(1 / 6, 15);
    expect(d6.combine(d6, Math.max).mean).toBeCloseTo(161 / 36, 12);
    expect(d6.minus(3).clampMin(1).probOf(1)).toBeCloseTo(4 / 6, 15);
    expect(d6.clampMax(4).max).toBe(4);
    expect(Distribution.constant(5).stdev).toBe(0);
    expect(d6.times(0).values).toEqual([0]);
    expect(Distribution.uniform(-1, 1).mean).toBeCloseTo(0, 15);
  });

  it('mixes: a hit for 1d8+3 with probability 0.65, else nothing', () => {
    const dmg = distributionOf('1d8+3');
    const d = Distribution.mix([
      [0.65, dmg],
      [0.35, Distribution.constant(0)],
    ]);
    expect(d.mean).toBeCloseTo(0.65 * 7.5, 12);
    expect(d.probOf(0)).toBeCloseTo(0.35, 15);
    expect(d.atLeast(4)).toBeCloseTo(0.65, 15);
    expect(() => Distribution.mix([[0.5, dmg]])).toThrow(DiceError);
  });

  it('is immutable', () => {
    const d = Distribution.die(4);
    expect(Object.isFrozen(d)).toBe(true);
    expect(Object.isFrozen(d.values)).toBe(true);
    expect(() => (d.probs as number[]).push(1)).toThrow();
  });

  it('fromPairs merges values and checks the total', () => {
    const d = Distribution.fromPairs([
      [1, 0.25],
      [1, 0.25],
      [2, 0.5],
    ]);
    expect(d.pmf()).toEqual([
      [1, 0.5],
      [2, 0.5],
    ]);
    expect(() => Distribution.fromPairs([[1, 0.3]])).toThrow(/sum to 0.3/);
  });
});
