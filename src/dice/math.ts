// Arithmetic shared by constant folding, rolling and distributions, with mathjs semantics
// (rpg-dice-roller evaluates its expressions with mathjs).
import type { BinaryOp, CompareOp, ComparePoint, FnName } from './ast.ts';
import { DiceError } from './errors.ts';

/** Floored modulo as in mathjs: the result has the divisor's sign; x % 0 = x. */
export function mod(x: number, y: number): number {
  if (y === 0) return x;
  const r = x - y * Math.floor(x / y);
  return r === 0 ? 0 : r;
}

/** Round half away from zero (mathjs `round`), unlike Math.round which rounds -2.5 to -2. */
export function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

export function divide(x: number, y: number): number {
  if (y === 0) throw new DiceError('dice/math', `division by zero (${x} / 0)`);
  return x / y;
}

export function binary(op: BinaryOp, a: number, b: number): number {
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return divide(a, b);
    case '%': return mod(a, b);
    case '^': return Math.pow(a, b);
  }
}

export function call(fn: FnName, a: number, b: number): number {
  switch (fn) {
    case 'abs': return Math.abs(a);
    case 'ceil': return Math.ceil(a);
    case 'cos': return Math.cos(a);
    case 'exp': return Math.exp(a);
    case 'floor': return Math.floor(a);
    case 'log': return Math.log(a);
    case 'round': return roundHalfAway(a);
    case 'sign': return Math.sign(a);
    case 'sin': return Math.sin(a);
    case 'sqrt': return Math.sqrt(a);
    case 'tan': return Math.tan(a);
    case 'pow': return Math.pow(a, b);
    case 'min': return Math.min(a, b);
    case 'max': return Math.max(a, b);
  }
}

export const UNARY_FNS: readonly FnName[] = ['abs', 'ceil', 'cos', 'exp', 'floor', 'log', 'round', 'sign', 'sin', 'sqrt', 'tan'];
export const BINARY_FNS: readonly FnName[] = ['pow', 'min', 'max'];

export function compareMatch(op: CompareOp, target: number, v: number): boolean {
  switch (op) {
    case '=': return v === target;
    case '!=': return v !== target;
    case '<': return v < target;
    case '>': return v > target;
    case '<=': return v <= target;
    case '>=': return v >= target;
  }
}

export function matches(cp: ComparePoint, v: number): boolean {
  return compareMatch(cp.op, cp.value, v);
}

/** A result that is not a finite number ends the roll: totals must be usable numbers. */
export function finite(v: number, what: string): number {
  if (!Number.isFinite(v)) throw new DiceError('dice/math', `${what} is not a finite number (${v})`);
  return v;
}
