// Differential test against @dice-roller/rpg-dice-roller, whose notation semantics we follow.
// For each notation: rpg-dice-roller (seeded Mersenne Twister) rolls it many times; every total it
// produces must lie in our exact [min, max], it must reach our min and max whenever those have
// probability ≥ 0.2%, and its mean must match our exact mean within 5 standard errors. Where
// its own minTotal / maxTotal are meaningful (no explosions, no subtraction of dice, no success
// counting) they must equal our min / max exactly.
import { DiceRoll, NumberGenerator } from '@dice-roller/rpg-dice-roller';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributionOf } from './index.ts';

// [notation, what rpg-dice-roller's minTotal/maxTotal are: exact; a lower bound (exploding, subtracting
// or counting dice); or meaningless (`r`: its always-minimum engine gives up after 1000 rerolls and
// keeps a face that real rolls never keep)]
type Bounds = 'exact' | 'lower' | 'none';
const corpus: [string, Bounds][] = [
  ['1d6', 'exact'],
  ['d20', 'exact'],
  ['2d6', 'exact'],
  ['3d6', 'exact'],
  ['1d20+5', 'exact'],
  ['2d8+4', 'exact'],
  ['d%', 'exact'],
  ['2d%', 'exact'],
  ['1d100', 'exact'],
  ['4dF', 'exact'],
  ['dF.1', 'exact'],
  ['3dF.2', 'exact'],
  ['4d6kh3', 'exact'],
  ['4d6k3', 'exact'],
  ['4d6dl1', 'exact'],
  ['4d6d1', 'exact'],
  ['4d6kl3', 'exact'],
  ['4d6dh1', 'exact'],
  ['2d20kh1', 'exact'],
  ['2d20kl1', 'exact'],
  ['10d10kh3', 'exact'],
  ['5d6dl2', 'exact'],
  ['4d6kh3+2', 'exact'],
  ['3d6!', 'lower'],
  ['2d6!!', 'lower'],
  ['3d6!p', 'lower'],
  ['2d6!!p', 'lower'],
  ['2d10!>=9', 'lower'],
  ['1d6!=5', 'lower'],
  ['5d10>=8', 'lower'],
  ['5d10>=8f<3', 'lower'],
  ['6d6>4', 'lower'],
  ['3d6r', 'none'],
  ['3d6r<3', 'none'],
  ['3d6ro', 'exact'],
  ['3d6ro<3', 'exact'],
  ['4d6min2', 'exact'],
  ['4d6max4', 'exact'],
  ['3d6min2max5', 'exact'],
  ['2d6cs>5cf<2', 'exact'],
  ['2d6+1d4+3', 'exact'],
  ['1d6*2', 'exact'],
  ['1d8-1d4', 'lower'],
  ['floor(1d6/2)', 'exact'],
  ['ceil(1d6/2)', 'exact'],
  ['round(1d6/4)', 'exact'],
  ['abs(1d6-1d6)', 'lower'],
  ['max(1d6,3)', 'exact'],
  ['min(1d10,1d10)', 'exact'],
  ['(1+2)d6', 'exact'],
  ['d(2*3)', 'exact'],
  ['1d6^2', 'exact'],
  ['2d10%7', 'lower'],
  ['3d6!!kh2', 'lower'],
  ['4d6r<2kh3', 'none'],
  ['2d20kh1+1d4-1', 'exact'],
  ['1d6/3', 'exact'],
  ['sqrt(1d100)', 'exact'],
];

const ROLLS = 4000;

describe('differential: same min, max and mean as rpg-dice-roller', () => {
  beforeAll(() => {
    NumberGenerator.generator.engine = NumberGenerator.engines.MersenneTwister19937.seed(20240601);
  });
  afterAll(() => {
    NumberGenerator.generator.engine = NumberGenerator.engines.nativeMath;
  });

  it('covers at least 40 notations', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
  });

  it.each(corpus)('%s', (notation, bounds) => {
    const d = distributionOf(notation);
    const theirs = new DiceRoll(notation);
    if (bounds === 'exact') {
      expect(theirs.minTotal, 'minTotal').toBeCloseTo(d.min, 2);
      expect(theirs.maxTotal, 'maxTotal').toBeCloseTo(d.max, 2);
    } else if (bounds === 'lower') {
      expect(theirs.minTotal, 'minTotal').toBeGreaterThanOrEqual(d.min - 0.005);
    }
    let sum = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < ROLLS; i++) {
      theirs.roll();
      const t = theirs.total;
      sum += t;
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
    // rpg-dice-roller rounds totals to 2 decimals
    expect(lo).toBeGreaterThanOrEqual(d.min - 0.005);
    expect(hi).toBeLessThanOrEqual(d.max + 0.005);
    if (d.probs[0] >= 0.002) expect(lo, 'reaches our min').toBeCloseTo(d.min, 2);
    if (d.probs[d.probs.length - 1] >= 0.002) expect(hi, 'reaches our max').toBeCloseTo(d.max, 2);
    const se = d.stdev / Math.sqrt(ROLLS);
    expect(Math.abs(sum / ROLLS - d.mean)).toBeLessThanOrEqual(5 * se + 0.005);
  });
});
