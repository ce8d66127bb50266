// Rolling: a parsed tree is compiled once into closures over preallocated buffers, then rolled
// many times. rollTotal builds no objects; rollDice also records every die and a breakdown.
// The dice terms are in rolled-term.ts, their modifiers (and the order of draws) in roll-modifiers.ts.
import type { DiceExpr, DiceNode } from './ast.ts';
import { rollWithBreakdown } from './breakdown.ts';
import { evalConstant, hasDice, keptRange } from './constant.ts';
import { formatDice } from './format.ts';
import { call, divide, finite, mod } from './math.ts';
import { toExpr } from './parse.ts';
import type { RollOptions, RollResult } from './roll-result.ts';
import { Term } from './rolled-term.ts';
import type { DiceSource } from './source.ts';

type TotalFn = (src: DiceSource) => number;

export interface CompiledDice {
  readonly expr: DiceExpr;
  readonly notation: string;
  /** Roll and return only the total (no objects built). */
  total(src: DiceSource): number;
  /** Roll and record every die and a breakdown. */
  roll(src: DiceSource, options?: RollOptions): RollResult;
}

class Compiled implements CompiledDice {
  readonly notation: string;
  private readonly terms = new Map<DiceNode, Term>();
  private readonly fn: TotalFn;

  constructor(readonly expr: DiceExpr) {
    this.notation = formatDice(expr);
    this.fn = this.compile(expr);
  }

  /** One closure per node; constant parts are folded, and common shapes get their own closure. */
  private compile(e: DiceExpr): TotalFn {
    if (!hasDice(e)) {
      const v = evalConstant(e);
      return () => v;
    }
    switch (e.type) {
      case 'dice': {
        const t = new Term(e, this.terms.size);
        this.terms.set(e, t);
        return t.totalFn(t.label);
      }
      case 'group': return this.compile(e.expr);
      case 'pool': {
        // the items left to right, into one buffer; sorted ascending, the kept ones are a slice of it
        const items = e.items.map((x) => this.compile(x));
        const buf = new Float64Array(items.length);
        const [lo, hi] = keptRange(items.length, e.select);
        return (src) => {
          for (let i = 0; i < items.length; i++) buf[i] = items[i](src);
          if (e.select) buf.sort();
          let s = 0;
          for (let i = lo; i < hi; i++) s += buf[i];
          return s;
        };
      }
      case 'negate': {
        const a = this.compile(e.arg);
        return (src) => -a(src);
      }
      case 'binary': {
        const a = this.compile(e.left);
        if (!hasDice(e.right) && (e.op === '+' || e.op === '-')) {
          const k = e.op === '+' ? evalConstant(e.right) : -evalConstant(e.right);
          return (src) => a(src) + k;
        }
        const b = this.compile(e.right);
        switch (e.op) {
          case '+': return (src) => a(src) + b(src);
          case '-': return (src) => a(src) - b(src);
          case '*': return (src) => a(src) * b(src);
          case '/': return (src) => divide(a(src), b(src));
          case '%': return (src) => mod(a(src), b(src));
          case '^': return (src) => Math.pow(a(src), b(src));
        }
        break;
      }
      case 'call': {
        const fn = e.fn;
        const a = this.compile(e.args[0]);
        if (e.args.length === 1) {
          switch (fn) {
            case 'floor': return (src) => Math.floor(a(src));
            case 'ceil': return (src) => Math.ceil(a(src));
            case 'abs': return (src) => Math.abs(a(src));
            default: return (src) => call(fn, a(src), 0);
          }
        }
        const b = this.compile(e.args[1]);
        return (src) => {
          const x = a(src);
          return call(fn, x, b(src));
        };
      }
    }
    throw new Error('unreachable');
  }

  total(src: DiceSource): number {
    const v = this.fn(src);
    if (v - v !== 0) finite(v, `the total of ${this.notation}`);
    return v;
  }

  roll(src: DiceSource, options?: RollOptions): RollResult {
    return rollWithBreakdown(this.expr, this.notation, this.terms, src, options);
  }
}

const compiledCache = new WeakMap<DiceExpr, Compiled>();

// the last tree compiled: a simulator rolls the same tree many times in a row
let lastExpr: DiceExpr | null = null;
let lastCompiled: Compiled | null = null;

/** The compiled form of an expression (cached per tree): `.total(src)` and `.roll(src)`. */
export function compileDice(exprOrText: DiceExpr | string): CompiledDice {
  if (exprOrText === lastExpr) return lastCompiled!;
  const e = toExpr(exprOrText);
  let c = compiledCache.get(e);
  if (!c) {
    c = new Compiled(e);
    compiledCache.set(e, c);
  }
  if (typeof exprOrText !== 'string') {
    lastExpr = e;
    lastCompiled = c;
  }
  return c;
}

/** Roll, recording every die and a one-line breakdown. */
export function rollDice(exprOrText: DiceExpr | string, source: DiceSource, options?: RollOptions): RollResult {
  return compileDice(exprOrText).roll(source, options);
}

/** Roll and return only the total: the simulator's hot path (builds no objects). */
export function rollTotal(exprOrText: DiceExpr | string, source: DiceSource): number {
  return compileDice(exprOrText).total(source);
}
