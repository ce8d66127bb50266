// Constant (dice-free) expressions. Counts and side counts are written as these, and rolling
// and exact distributions fold every dice-free part of a tree before any die is drawn.
import type { DiceExpr, PoolSelect } from './ast.ts';
import { DiceError } from './errors.ts';
import { binary, call } from './math.ts';

/** The items a pool keeps, as positions [lo, hi) among its totals sorted ascending. */
export function keptRange(n: number, select: PoolSelect | null): [number, number] {
  if (!select) return [0, n];
  const c = Math.min(n, Math.max(0, select.count));
  if (select.kind === 'keep') return select.end === 'h' ? [n - c, n] : [0, c];
  return select.end === 'l' ? [c, n] : [0, n - c];
}

export function hasDice(e: DiceExpr): boolean {
  switch (e.type) {
    case 'number': return false;
    case 'dice': return true;
    case 'negate': return hasDice(e.arg);
    case 'binary': return hasDice(e.left) || hasDice(e.right);
    case 'call': return e.args.some(hasDice);
    case 'group': return hasDice(e.expr);
    case 'pool': return e.items.some(hasDice);
  }
}

/** Value of a dice-free expression. */
export function evalConstant(e: DiceExpr): number {
  switch (e.type) {
    case 'number': return e.value;
    case 'dice': throw new DiceError('dice/invalid', 'not a constant: contains dice');
    case 'negate': return -evalConstant(e.arg);
    case 'binary': return binary(e.op, evalConstant(e.left), evalConstant(e.right));
    case 'call': return call(e.fn, evalConstant(e.args[0]), e.args.length > 1 ? evalConstant(e.args[1]) : 0);
    case 'group': return evalConstant(e.expr);
    case 'pool': {
      const values = e.items.map(evalConstant).sort((a, b) => a - b);
      const [lo, hi] = keptRange(values.length, e.select);
      return values.slice(lo, hi).reduce((s, v) => s + v, 0);
    }
  }
}

/** evalConstant, or NaN where it fails: formatting a hand-built tree must not throw. */
export function evalConstantOrNaN(e: DiceExpr): number {
  try {
    return evalConstant(e);
  } catch {
    return NaN;
  }
}
