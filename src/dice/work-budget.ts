// The work budget of exact distributions: each step charges its estimated cost before doing it,
// so a hopeless request fails with 'dice/limit' at once instead of after minutes. One budget of
// DICE_LIMITS.maxDistributionWork runs through a whole distributionOf call; outside one (the
// Distribution algebra used directly) each step is only checked against the limit.
import { DiceError } from './errors.ts';
import { DICE_LIMITS } from './limits.ts';

let budget: number | null = null;

export function charge(cost: number, what: string): void {
  const left = budget ?? DICE_LIMITS.maxDistributionWork;
  if (cost > left) {
    throw new DiceError(
      'dice/limit',
      `the exact distribution needs about ${cost.toExponential(1)} more operations for ${what}, over the limit of ${DICE_LIMITS.maxDistributionWork.toExponential(0)} (DICE_LIMITS.maxDistributionWork)`,
    );
  }
  if (budget !== null) budget -= cost;
}

/** Give back a cost charged as an up-front estimate, when the steps will charge it again. */
export function refund(cost: number): void {
  if (budget !== null) budget += cost;
}

/** Fail if a cost would not fit what is left, without spending it (a look-ahead before the work). */
export function precheck(cost: number, what: string): void {
  const left = budget ?? DICE_LIMITS.maxDistributionWork;
  if (cost > left) charge(cost, what);
}

/** Run `work` under one fresh budget, unless it is already inside one. */
export function withBudget<T>(work: () => T): T {
  const outer = budget;
  if (outer === null) budget = DICE_LIMITS.maxDistributionWork;
  try {
    return work();
  } finally {
    if (outer === null) budget = null;
  }
}
