// The work budget of exact distributions: each step charges its estimated cost before doing it,
// so a hopeless request fails with 'dice/limit' at once instead of after minutes. One budget of
// DICE_LIMITS.maxDistributionWork runs through a whole distributionOf call; outside one (the
// Distribution algebra used directly) each step is only checked against the limit.
import { DiceError } from './errors.ts';
import { DICE_LIMITS } from './limits.ts';

let budget: number | null = null;
/** Every unit charged so far, in this thread: what a test reads to see the work a request did. */
let charged = 0;

/**
 * Units charged for each value a distribution holds (and each face of a die): 1 by default, so the exact
 * limit is about multiply-adds; a caller that also copies, sums and sends every value (a server's odds)
 * says what a value costs it with withWorkLimit.
 */
let valueCost = 1;
export const chargeValues = (n: number, what: string): void => charge(n * valueCost, what);

export function charge(cost: number, what: string): void {
  const left = budget ?? DICE_LIMITS.maxDistributionWork;
  if (cost > left) {
    throw new DiceError(
      'dice/limit',
      `the exact distribution needs about ${cost.toExponential(1)} more operations for ${what}, over the limit of ${DICE_LIMITS.maxDistributionWork.toExponential(0)} (DICE_LIMITS.maxDistributionWork)`,
    );
  }
  if (budget !== null) budget -= cost;
  charged += cost;
}

/** Units charged so far (refunds left out): a test's measure of bounded work. */
export const workCharged = (): number => charged;

/** Give back a cost charged as an up-front estimate, when the steps will charge it again. */
export function refund(cost: number): void {
  if (budget !== null) budget += cost;
  charged -= cost;
}

/** Fail if a cost would not fit what is left, without spending it (a look-ahead before the work). */
export function precheck(cost: number, what: string): void {
  const left = budget ?? DICE_LIMITS.maxDistributionWork;
  if (cost > left) charge(cost, what);
}

/**
 * Run `work` with at most `limit` units for every distribution and estimate inside it together (a server
 * request's odds): past it, each is refused ('dice/limit'), or estimated where estimates are allowed and
 * the estimate still fits.
 */
export function withWorkLimit<T>(limit: number, work: () => T, costOfAValue = 1): T {
  const outer = budget;
  const outerValueCost = valueCost;
  budget = outer === null ? limit : Math.min(outer, limit);
  valueCost = Math.max(outerValueCost, costOfAValue);
  const start = budget;
  try {
    return work();
  } finally {
    // an outer budget pays for what was spent inside
    budget = outer === null ? null : outer - (start - budget);
    valueCost = outerValueCost;
  }
}

/** Run `work` under one budget of at most DICE_LIMITS.maxDistributionWork, paid from the budget it is inside (if any). */
export function withBudget<T>(work: () => T): T {
  const outer = budget;
  budget = outer === null ? DICE_LIMITS.maxDistributionWork : Math.min(outer, DICE_LIMITS.maxDistributionWork);
  const start = budget;
  try {
    return work();
  } finally {
    budget = outer === null ? null : outer - (start - budget);
  }
}
