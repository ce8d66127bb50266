import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RandomStream, seedWordsBig } from './random.ts';

const words = (r: RandomStream) => r.getState().state.slice();
const unsigned = (w: number[]) => w.map((x) => x >>> 0);

describe('RandomStream seeding in 32-bit halves', () => {
  it('gives the words the BigInt SplitMix64 gives, for any seed and stream', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.string()), fc.nat({ max: Number.MAX_SAFE_INTEGER - 1 }), (seed, k) => {
        expect(words(RandomStream.stream(seed, k))).toEqual(unsigned(seedWordsBig(seed, k)));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees at the edges: stream 0, the largest stream, carries past 2^32, a seed asked again after another', () => {
    const cases: [number | string, number][] = [[0, 0], [1, 0], [-1, 2 ** 32 - 1], [7, 2 ** 32], ['x', Number.MAX_SAFE_INTEGER - 1], [7, 3], ['7', 3], [7, 3]];
    for (const [seed, k] of cases) expect(words(RandomStream.stream(seed, k))).toEqual(unsigned(seedWordsBig(seed, k)));
    expect(words(new RandomStream('s'))).toEqual(unsigned(seedWordsBig('s', 0)));
  });

  it('still refuses a bad seed when asked twice', () => {
    expect(() => RandomStream.stream(0.5, 0)).toThrow(RangeError);
    expect(() => RandomStream.stream(0.5, 0)).toThrow(RangeError);
  });
});
