/**
 * Odds past the exact limit: where an exact distribution would cost more than
 * DICE_LIMITS.maxDistributionWork (200d200), a caller that would rather show odds than none may
 * ask for an estimate from sampled rolls instead. Inside `estimatingPastLimit`, distributionOf gives
 * such an estimate where it would have refused, and says that it did. The sample is drawn from a
 * fixed seed, so the same expression always gets the same estimate (and it is remembered).
 */
import type { DiceExpr } from './ast.ts';
import { diceCount } from './dice-term.ts';
import { Distribution } from './distribution.ts';
import { formatDice } from './format.ts';
import { RandomStream } from './random.ts';
import { compileDice } from './roll.ts';
import { streamSource } from './sources.ts';
import { charge } from './work-budget.ts';

/**
 * Rolls in an estimate, and at most this many dice rolled for one (fewer rolls for many dice); each die
 * rolled is charged `rollCost` units of the work budget (a roll costs about as much as 8 multiply-adds).
 */
export const ESTIMATE = { rolls: 10_000, dice: 1_000_000, rollCost: 8 } as const;

let allowed = 0;
let used = 0;
const remembered = new Map<string, Distribution>();

/** Run `fn`; a distribution past the exact limit inside it is estimated. `estimated`: whether any was. */
export function estimatingPastLimit<T>(fn: () => T): { value: T; estimated: boolean } {
  const before = used;
  allowed++;
  try {
    return { value: fn(), estimated: used > before };
  } finally {
    allowed--;
  }
}

/** Whether an estimate may stand in for an exact distribution now. */
export const estimatesAllowed = (): boolean => allowed > 0;

function diceIn(e: DiceExpr): number {
  switch (e.type) {
    case 'number': return 0;
    case 'dice': return diceCount(e) || 1;
    case 'group': return diceIn(e.expr);
    case 'pool': return e.items.reduce((s, a) => s + diceIn(a), 0);
    case 'negate': return diceIn(e.arg);
    case 'binary': return diceIn(e.left) + diceIn(e.right);
    case 'call': return e.args.reduce((s, a) => s + diceIn(a), 0);
  }
}

/** The distribution of `e`'s total over sampled rolls (each roll weighs the same). */
export function sampledDistribution(e: DiceExpr): Distribution {
  used++;
  const key = formatDice(e);
  const had = remembered.get(key);
  if (had) return had;
  const dice = Math.max(1, diceIn(e));
  const rolls = Math.max(500, Math.min(ESTIMATE.rolls, Math.floor(ESTIMATE.dice / dice)));
  // an estimate is work too: a request's budget (withWorkLimit) pays for it, a remembered one is free
  charge(rolls * dice * ESTIMATE.rollCost, `an estimate of ${key}`);
  const source = streamSource(RandomStream.stream(0x5eed, 0));
  const compiled = compileDice(e);
  const counts = new Map<number, number>();
  for (let i = 0; i < rolls; i++) {
    const v = compiled.total(source);
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const d = Distribution.fromPairs([...counts].map(([v, n]) => [v, n / rolls] as const), 0, true);
  if (remembered.size >= 64) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, d);
  return d;
}
