// Pools (`{1d8!, 1d6!}kh1`): several dice of different sizes, each rolled (and exploding) on its own, the
// total the sum of the items kept; the breakdown shows every die, kept and dropped; the exact odds are held
// to a brute-force enumeration of every sequence of faces the roller can draw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enumerate } from './enumerate.ts';
import { DiceError, distributionOf, formatDice, parseDice, rollDice, rollTotal, scriptedSource, type DiceSource } from './index.ts';

/** The exact odds agree with the enumeration at every value, within the mass the enumeration cut. */
function agrees(text: string, maxDraws: number): void {
  const { pmf, lost } = enumerate(text, maxDraws);
  const d = distributionOf(text);
  const values = new Set([...pmf.keys(), ...d.values]);
  for (const v of values) expect(Math.abs(d.probOf(v) - (pmf.get(v) ?? 0)), `${text}: P(${v})`).toBeLessThanOrEqual(lost + 1e-9);
  if (lost === 0) expect(d.tailMass).toBe(0);
}

const item = fc.record({ count: fc.integer({ min: 1, max: 2 }), sides: fc.integer({ min: 2, max: 5 }), explode: fc.boolean(), plus: fc.integer({ min: 0, max: 2 }) });
const pool = fc
  .array(item, { minLength: 1, maxLength: 3 })
  .filter((items) => items.reduce((s, i) => s + i.count, 0) <= 4)
  .chain((items) =>
    fc.record({
      items: fc.constant(items),
      select: fc.option(fc.record({ kind: fc.constantFrom('k', 'd'), end: fc.constantFrom('h', 'l'), count: fc.integer({ min: 1, max: items.length }) }), { nil: undefined }),
    }),
  )
  .map(({ items, select }) => `{${items.map((i) => `${i.count}d${i.sides}${i.explode ? '!' : ''}${i.plus ? ` + ${i.plus}` : ''}`).join(', ')}}${select ? `${select.kind}${select.end}${select.count}` : ''}`);

describe('dice pools', () => {
  it('the trait die and the wild die, each exploding, keep the higher: every die in the breakdown, the dropped ones marked', () => {
    // d8 shows 8 and explodes into 3: 11; d6 shows 4; the higher, 11, is kept and the d6 is dropped
    const r = rollDice('{1d8!, 1d6!}kh1', scriptedSource([8, 3, 4]));
    expect(r.breakdown).toBe('{1d8! [8!, 3], 1d6! [4d]}kh1 = 11');
    expect(r.total).toBe(11);
    expect(r.dice.map((d) => [d.sides, d.value, d.kept])).toEqual([[8, 8, true], [8, 3, true], [6, 4, false]]);
    // the lower kept instead, with a bonus after it
    expect(rollDice('{1d8!, 1d6!}kl1 + 2', scriptedSource([8, 3, 4])).breakdown).toBe('{1d8! [8!d, 3d], 1d6! [4]}kl1 + 2 = 6');
    // an item of several terms says its own total; a number dropped says so
    expect(rollDice('{2d6, 1d10 + 1, 5}dl1', scriptedSource([1, 2, 3])).breakdown).toBe('{2d6 [1d, 2d], 1d10 [3] + 1 = 4, 5}dl1 = 9');
    expect(rollDice('{1d4, 3}kh1', scriptedSource([4])).breakdown).toBe('{1d4 [4], 3 (dropped)}kh1 = 4');
  });

  it('odds of the trait die and the wild die: P(1) = 1/8 × 1/6; P(at least 4) = 1 − (3/8 × 3/6)', () => {
    const d = distributionOf('{1d8!, 1d6!}kh1');
    expect(d.probOf(1)).toBeCloseTo(1 / 48, 14);
    // below 4 only when both show 1–3 (no explosion there)
    expect(d.atLeast(4)).toBeCloseTo(1 - (3 / 8) * (3 / 6), 12);
    expect(d.tailMass).toBeLessThan(1e-12);
  });

  it('a pool of like dice is the dice term with the same keep: {1d6, 1d6, 1d6}kh2 is 3d6kh2', () => {
    const a = distributionOf('{1d6, 1d6, 1d6}kh2');
    const b = distributionOf('3d6kh2');
    expect(a.values).toEqual(b.values);
    a.probs.forEach((p, i) => expect(p).toBeCloseTo(b.probs[i], 14));
  });

  it('writes back as it reads, and refuses what a pool cannot keep, saying where', () => {
    for (const t of ['{1d8!, 1d6!}kh1', '{2d6, 1d10 + 1, 5}dl1', '{1d4}', '{{1d4, 1d6}kl1, 1d8}kh1']) expect(formatDice(parseDice(t))).toBe(t);
    expect(formatDice(parseDice('{1d8!,1d6!}k1'))).toBe('{1d8!, 1d6!}kh1');
    const bad = (t: string) => {
      try {
        parseDice(t);
      } catch (e) {
        return [(e as DiceError).code, (e as DiceError).message];
      }
      return undefined;
    };
    expect(bad('{1d6, 1d8}kh3')).toEqual(['dice/invalid', 'the pool has 2 items: it cannot keep 3, at column 11']);
    expect(bad('{1d6, 1d8')).toEqual(['dice/syntax', 'unexpected end of notation at column 10']);
  });

  it('exact odds equal a brute-force enumeration of every face the roller can draw (pools of up to 3 items, exploding, keep/drop high/low)', () => {
    fc.assert(
      fc.property(pool, (text) => {
        agrees(text, 7);
      }),
      { numRuns: 60, seed: 39 },
    );
  });

  it('rolling for the total and rolling with a breakdown draw the same faces and agree', () => {
    fc.assert(
      fc.property(pool, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 12, maxLength: 12 }), (text, faces) => {
        // faces folded into each die's range, the same for both rolls
        const script = (): DiceSource => {
          let i = 0;
          return { roll: (sides) => (i < faces.length ? ((faces[i++] - 1) % sides) + 1 : 1) };
        };
        const r = rollDice(text, script());
        expect(rollTotal(text, script())).toBe(r.total);
        // the kept dice of a plain pool (no bonuses) add up to the total
        if (!text.includes('+')) expect(r.dice.filter((d) => d.kept).reduce((s, d) => s + d.value, 0)).toBe(r.total);
      }),
      { numRuns: 100, seed: 39 },
    );
  });
});
