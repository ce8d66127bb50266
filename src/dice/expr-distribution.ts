// The exact distribution of a whole expression (distributionOf): a walk over the tree that
// combines independent parts, each step checked against the work budget before it is done.
import type { DiceExpr } from './ast.ts';
import { evalConstant, hasDice } from './constant.ts';
import { diceCount, sidesOf } from './dice-term.ts';
import { Distribution } from './distribution.ts';
import { DiceError } from './errors.ts';
import { estimatesAllowed, sampledDistribution } from './estimate.ts';
import { DICE_LIMITS } from './limits.ts';
import { binary, call, finite } from './math.ts';
import { toExpr } from './parse.ts';
import { poolDistribution } from './pool-distribution.ts';
import { termDistribution } from './term-distribution.ts';
import { precheck, withBudget } from './work-budget.ts';

/** An upper bound on the number of distinct values of e, known before any work. */
function sizeBound(e: DiceExpr): number {
  if (!hasDice(e)) return 1;
  switch (e.type) {
    case 'number': return 1;
    case 'dice': {
      const n = diceCount(e);
      if (e.modifiers.some((m) => m.kind === 'target')) return 2 * n + 1;
      const chain = e.modifiers.some((m) => m.kind === 'explode') ? DICE_LIMITS.maxExplosionDepth + 1 : 1;
      return n * sidesOf(e.die) * chain + 1;
    }
    case 'group': return sizeBound(e.expr);
    // a kept total is a sum of at most every item's value
    case 'pool': return e.items.reduce((s, a) => s + sizeBound(a), 0) * e.items.length;
    case 'negate': return sizeBound(e.arg);
    case 'binary':
      return e.op === '+' || e.op === '-' ? sizeBound(e.left) + sizeBound(e.right) : sizeBound(e.left) * sizeBound(e.right);
    case 'call': return e.args.reduce((s, a) => s * sizeBound(a), 1);
  }
}

/** Fail before computing the operands when pairing every value of both would be over budget. */
function precheckPairing(a: DiceExpr, b: DiceExpr, what: string): void {
  precheck(sizeBound(a) * sizeBound(b), what);
}

function exprDistribution(e: DiceExpr): Distribution {
  if (!hasDice(e)) return Distribution.constant(finite(evalConstant(e), 'a constant'));
  switch (e.type) {
    case 'number': return Distribution.constant(e.value);
    case 'dice': return termDistribution(e);
    case 'group': return exprDistribution(e.expr);
    case 'pool': return poolDistribution(e.items.map(exprDistribution), e.select);
    case 'negate': return exprDistribution(e.arg).map((v) => -v);
    case 'binary': {
      if (e.op !== '+' && e.op !== '-') precheckPairing(e.left, e.right, `"${e.op}"`);
      const a = exprDistribution(e.left);
      const b = exprDistribution(e.right);
      if (e.op === '+') return a.plus(b);
      if (e.op === '-') return a.minus(b);
      if (e.op === '/' && b.probOf(0) > 0) {
        throw new DiceError('dice/math', 'division by zero is possible in the expression');
      }
      const op = e.op;
      return a.combine(b, (x, y) => binary(op, x, y));
    }
    case 'call': {
      const fn = e.fn;
      if (e.args.length === 2) precheckPairing(e.args[0], e.args[1], `${fn}()`);
      const a = exprDistribution(e.args[0]);
      if (e.args.length === 1) return a.map((v) => call(fn, v, 0));
      return a.combine(exprDistribution(e.args[1]), (x, y) => call(fn, x, y));
    }
  }
}

/**
 * The exact distribution of an expression's total. Throws DiceError 'dice/limit' when it would
 * cost more than DICE_LIMITS.maxDistributionWork (inside estimatingPastLimit: a sampled estimate instead), 'dice/unsupported' for keep/drop with
 * non-compounding explosions, 'dice/math' when a division by zero is possible.
 */
export function distributionOf(exprOrText: DiceExpr | string): Distribution {
  const e = toExpr(exprOrText);
  try {
    return withBudget(() => exprDistribution(e));
  } catch (err) {
    // past the work limit, a caller that asked for it gets an estimate from sampled rolls (estimate.ts)
    if (err instanceof DiceError && err.code === 'dice/limit' && estimatesAllowed()) return sampledDistribution(e);
    throw err;
  }
}
