import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smallValid as smallSupported } from './arbitraries.ts';
import { compileDice, DiceError, distributionOf, parseDice, rollDice, rollTotal, scriptedSource, seededSource } from './index.ts';

const roll = (text: string, faces: number[]) => {
  const src = scriptedSource(faces);
  const r = rollDice(text, src);
  expect(src.remaining()).toBe(0); // the roll used exactly the scripted faces
  return r;
};

describe('rollDice semantics (scripted dice, hand-worked)', () => {
  it.each([
    ['4d6kh3+2', [6, 5, 3, 1], '4d6kh3 [6, 5, 3, 1d] + 2 = 16'],
    ['4d6dl1', [2, 2, 5, 2], '4d6dl1 [2d, 2, 5, 2] = 9'],
    ['2d20kh1', [7, 15], '2d20kh1 [7d, 15] = 15'],
    ['2d20kl1 + 3', [7, 15], '2d20kl1 [7, 15d] + 3 = 10'],
    ['5d6dl1dh1', [1, 6, 3, 4, 6], '5d6dh1dl1 [1d, 6, 3, 4, 6d] = 13'],
    // all dice first, then each chain in turn
    ['3d6!', [6, 2, 3, 6, 1], '3d6! [6!, 6!, 1, 2, 3] = 18'],
    ['2d6!', [6, 6, 3, 4], '2d6! [6!, 3, 6!, 4] = 19'],
    ['2d6!!', [6, 4, 6, 2], '2d6!! [14!!, 4] = 18'],
    ['1d6!p', [6, 6, 3], '1d6!p [6!p, 5!p, 2] = 13'],
    ['1d6!!p', [6, 6, 3], '1d6!!p [13!!p] = 13'],
    ['2d10!>=9', [9, 3, 10, 1], '2d10!>=9 [9!, 10!, 1, 3] = 23'],
    ['3d6!kh2', [6, 1, 2, 5], '3d6!kh2 [6!, 5, 1d, 2d] = 11'],
    // rerolls: until it no longer matches, or once
    ['2d6r<3', [1, 5, 2, 4], '2d6r<3 [4r, 5] = 9'],
    ['2d6ro<3', [1, 5, 2], '2d6ro<3 [2r, 5] = 7'],
    ['2d6r', [1, 1, 1, 3, 2], '2d6r [3r, 2r] = 5'],
    // success counting
    ['5d10>=8f<3', [10, 8, 2, 5, 1], '5d10>=8f<3 [10*, 8*, 2_, 5, 1_] = 0'],
    ['6d6>4 + 1', [5, 6, 1, 4, 5, 2], '6d6>4 [5*, 6*, 1, 4, 5*, 2] + 1 = 4'],
    // ties: the earlier of two equal dice is dropped first (stable ascending sort)
    ['4d6kh2>=5', [6, 5, 5, 1], '4d6kh2>=5 [6*, 5d*, 5*, 1d] = 2'],
    // critical marks do not change the total
    ['2d20cs>=19cf', [20, 1], '2d20cs>=19cf [20**, 1__] = 21'],
    // min / max
    ['4d6min2', [1, 3, 6, 2], '4d6min2 [2^, 3, 6, 2] = 13'],
    ['3d6max4', [1, 5, 6], '3d6max4 [1, 4v, 4v] = 9'],
    // fudge: dF draws a d3 (face − 2); dF.1 draws a d6 (1 → −1, 6 → +1)
    ['4dF', [1, 2, 3, 3], '4dF [-1, 0, 1, 1] = 1'],
    ['3dF.1', [1, 6, 3], '3dF.1 [-1, 1, 0] = 0'],
    ['d%', [100], 'd% [100] = 100'],
    ['4d6sd', [2, 6, 1, 4], '4d6sd [6, 4, 2, 1] = 13'],
    ['(1+2)d6', [1, 2, 3], '(1 + 2)d6 [1, 2, 3] = 6'],
    // arithmetic and functions
    ['floor(1d6/2) + max(1d4, 2)', [5, 1], 'floor(1d6 [5] / 2) + max(1d4 [1], 2) = 4'],
    ['-1d4 + 10', [3], '-1d4 [3] + 10 = 7'],
    ['1d6 ^ 2 % 5', [4], '1d6 [4] ^ 2 % 5 = 1'],
    ['round(1d4 / 4)', [2], 'round(1d4 [2] / 4) = 1'],
    ['(1d6 - 7) % 4', [2], '(1d6 [2] - 7) % 4 = 3'],
  ] as const)('%s with %j → %s', (text, faces, breakdown) => {
    const r = roll(text, [...faces]);
    expect(r.breakdown).toBe(breakdown);
    expect(r.total).toBe(Number(breakdown.split(' = ').pop()));
    // the total-only path agrees
    expect(rollTotal(text, scriptedSource([...faces]))).toBe(r.total);
  });

  it('records each die with its marks', () => {
    const r = roll('3d6!kh2>=5cs', [6, 1, 2, 5]);
    expect(r.notation).toBe('3d6!kh2>=5cs');
    expect(r.dice).toEqual([
      { term: 0, sides: 6, face: 6, value: 6, kept: true, exploded: true, success: true, critSuccess: true },
      { term: 0, sides: 6, face: 5, value: 5, kept: true, success: true },
      { term: 0, sides: 6, face: 1, value: 1, kept: false },
      { term: 0, sides: 6, face: 2, value: 2, kept: false },
    ]);
    const f = roll('2dF + 1d4r', [3, 1, 1, 2]);
    expect(f.dice.map((d) => [d.term, d.sides, d.value, d.rerolled ?? false])).toEqual([
      [0, 'F', 1, false],
      [0, 'F', -1, false],
      [1, 4, 2, true],
    ]);
  });

  it('fails a roll on division by zero and on a non-finite total', () => {
    expect(() => roll('1d6 / (1d2 - 1)', [3, 1])).toThrow(expect.objectContaining({ code: 'dice/math' }));
    expect(() => rollTotal('1d6 / (1d2 - 1)', scriptedSource([3, 1]))).toThrow(DiceError);
    expect(() => rollDice('1/0 + 1d6', scriptedSource([1]))).toThrow(expect.objectContaining({ code: 'dice/math' }));
    expect(() => rollDice('sqrt(-1d6)', scriptedSource([4]))).toThrow(/not a finite number/);
  });

  it('fails (never loops forever) when a chain passes maxExplosionDepth or a reroll does not settle', () => {
    expect(() => rollDice('1d6!', scriptedSource(new Array(102).fill(6)))).toThrow(/exploded more than 100 times/);
    expect(() => rollDice('1d6r<6', { roll: () => 1 })).toThrow(/rerolled 1000 times/);
  });

  it('is reproducible from a seed, and the text and tree forms agree', () => {
    fc.assert(
      fc.property(smallSupported, fc.integer(), (text, seed) => {
        const a = rollDice(text, seededSource(seed));
        const b = rollDice(parseDice(text), seededSource(seed));
        expect(b).toEqual(a);
        expect(rollTotal(text, seededSource(seed))).toBe(a.total);
        expect(compileDice(text).total(seededSource(seed))).toBe(a.total);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('every roll lies within [min, max] of its distribution', () => {
    fc.assert(
      fc.property(smallSupported, fc.integer(), (text, seed) => {
        const d = distributionOf(text);
        const src = seededSource(seed);
        for (let i = 0; i < 40; i++) {
          const t = rollTotal(text, src);
          expect(t).toBeGreaterThanOrEqual(d.min);
          expect(t).toBeLessThanOrEqual(d.max);
        }
      }),
      { numRuns: 300, seed: 6 },
    );
  });

  it('reroll draws replay from the recorded draws', () => {
    const r = rollDice('4d6r<3!kh3 + 1dF', seededSource(77));
    expect(rollDice('4d6r<3!kh3 + 1dF', scriptedSource(r.draws.map((d) => d.face)))).toEqual(r);
  });
});
