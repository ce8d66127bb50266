// The exact distribution of one dice term: one die's distribution after min/max, rerolls,
// explosions and success counting, then combined over the term's dice (convolution, or the
// keep/drop programme of order-statistics.ts).
import type { DiceNode } from './ast.ts';
import { diceCount, keptFrom, keptTo, readRules, sidesOf, successValue, type ExplodeRule } from './dice-term.ts';
import { Distribution } from './distribution.ts';
import { DiceError } from './errors.ts';
import { formatTerm } from './format.ts';
import { DICE_LIMITS } from './limits.ts';
import { matches } from './math.ts';
import { keptSum } from './order-statistics.ts';
import { add, conv, EMPTY, filter, mapValues, massOf, power, scale, uniform, type Pmf } from './pmf.ts';
import { chargeValues } from './work-budget.ts';

const FUDGE: Pmf = { v: [-1, 0, 1], p: [1 / 3, 1 / 3, 1 / 3] };
const FUDGE_1: Pmf = { v: [-1, 0, 1], p: [1 / 6, 4 / 6, 1 / 6] };

export function termDistribution(node: DiceNode): Distribution {
  const what = formatTerm(node);
  const n = diceCount(node);
  let raw: Pmf;
  if (node.die.kind === 'fudge') {
    raw = node.die.nonBlanks === 2 ? FUDGE : FUDGE_1;
  } else {
    const sides = sidesOf(node.die);
    chargeValues(sides, what);
    raw = uniform(1, sides);
  }
  const { min, max, explode, reroll, keep, target } = readRules(node);
  const v0 = min === null && max === null ? raw : mapValues(raw, (v) => {
    if (min !== null && v < min) v = min;
    if (max !== null && v > max) v = max;
    return v;
  });
  // rerolls: a value matching the compare point is replaced by a fresh face (once, or until it does not match)
  const afterReroll = (d: Pmf): Pmf => {
    if (!reroll) return d;
    const rr = reroll.compare;
    const hit = filter(d, (v) => matches(rr, v));
    if (!hit.v.length) return d;
    const rest = filter(d, (v) => !matches(rr, v));
    let fresh = raw;
    if (!reroll.once) {
      fresh = filter(raw, (v) => !matches(rr, v));
      fresh = scale(fresh, 1 / massOf(fresh));
    }
    return add(rest, scale(fresh, massOf(hit)));
  };
  const T = (v: number) => (target ? successValue(target, v) : v);
  const item = (d: Pmf) => (target ? mapValues(afterReroll(d), T) : afterReroll(d));

  let perDie: Pmf; // one die's contribution (no keep/drop), or its value (keep/drop)
  let dieTail = 0;
  if (explode) {
    if (keep && !explode.compound) {
      throw new DiceError('dice/unsupported', `exact distribution of keep/drop together with exploding dice (${what}) is not supported; use compounding (!!)`);
    }
    ({ perDie, dieTail } = explodedDie(raw, v0, explode, n, item, what));
    if (explode.compound && !keep) perDie = item(perDie);
    if (explode.compound && keep) perDie = afterReroll(perDie);
  } else {
    perDie = keep ? afterReroll(v0) : item(v0);
  }
  const tailMass = 1 - (1 - dieTail) ** n;
  if (!keep) return Distribution.fromPmf(power(perDie, n, what), tailMass);
  return Distribution.fromPmf(keptSum(perDie, n, keptFrom(keep, n), keptTo(keep, n), T, what), tailMass);
}

/**
 * One die with its explosion chain, summed level by level (tail_d = stop + explode ⊕ tail_{d−1})
 * until the mass of longer chains, over all n dice, is below DICE_LIMITS.explosionTailTarget.
 * Compounded chains are one value (`item` is applied by the caller); separate dice are each an item.
 */
function explodedDie(raw: Pmf, v0: Pmf, explode: ExplodeRule, n: number, item: (d: Pmf) => Pmf, what: string): { perDie: Pmf; dieTail: number } {
  const ex = explode.compare;
  const pen = explode.penetrate ? 1 : 0;
  const boom = (v: number) => matches(ex, v);
  const rawE = filter(raw, boom);
  const rawN = filter(raw, (v) => !boom(v));
  const p = massOf(rawE);
  const firstE = filter(v0, boom);
  const firstN = filter(v0, (v) => !boom(v));
  // the value (compound) or contribution (separate dice) of the rest of a chain, cut at depth D
  const stepE = explode.compound ? mapValues(rawE, (v) => v - pen) : item(mapValues(rawE, (v) => v - pen));
  const stepN = explode.compound ? mapValues(rawN, (v) => v - pen) : item(mapValues(rawN, (v) => v - pen));
  let tail: Pmf = EMPTY;
  let left = 1; // p^d: the mass of chains longer than d
  let depth = 0;
  while (depth < DICE_LIMITS.maxExplosionDepth) {
    tail = add(stepN, conv(stepE, tail, what));
    depth++;
    left *= p;
    if (left * n <= DICE_LIMITS.explosionTailTarget) break;
  }
  const fe = explode.compound ? firstE : item(firstE);
  const fn = explode.compound ? firstN : item(firstN);
  return { perDie: add(fn, conv(fe, tail, what)), dieTail: massOf(firstE) * left };
}
