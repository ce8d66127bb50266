// Dice notation → typed tree (parseDice). Hand-written recursive descent over the Scanner's
// characters: the arithmetic here, the modifiers after a die in parse-modifiers.ts.
import type { BinaryOp, DiceExpr, DieKind, FnName, PoolSelect } from './ast.ts';
import { evalConstant, hasDice } from './constant.ts';
import { faceRange } from './dice-term.ts';
import { DiceError } from './errors.ts';
import { fmtNum } from './format.ts';
import { DICE_LIMITS } from './limits.ts';
import { BINARY_FNS, UNARY_FNS } from './math.ts';
import { parseModifiers } from './parse-modifiers.ts';
import { isDigit, isLetter, Scanner } from './scanner.ts';

class Parser extends Scanner {
  /** Dice so far, against DICE_LIMITS.maxDice. */
  private dice = 0;

  parse(): DiceExpr {
    this.ws();
    if (this.pos >= this.text.length) throw this.error('dice/syntax', 'empty dice notation: nothing to roll at column 1', 1);
    const e = this.expr();
    this.ws();
    if (this.pos < this.text.length) throw this.unexpected();
    return e;
  }

  // ── expressions (mathjs precedence: + - < * / % < unary - < ^) ───────────
  private expr(): DiceExpr {
    let left = this.term();
    for (;;) {
      this.ws();
      const c = this.peek();
      if (c !== '+' && c !== '-') return left;
      const col = this.pos + 1;
      this.pos++;
      const right = this.term();
      left = this.node({ type: 'binary', op: c, left, right }, col);
    }
  }

  private term(): DiceExpr {
    let left = this.unary();
    for (;;) {
      this.ws();
      const c = this.peek();
      let op: BinaryOp;
      if (c === '*' && this.peek(1) !== '*') op = '*';
      else if (c === '/') op = '/';
      else if (c === '%') op = '%';
      else return left;
      const col = this.pos + 1;
      this.pos++;
      const right = this.unary();
      left = this.node({ type: 'binary', op, left, right }, col);
    }
  }

  private unary(): DiceExpr {
    this.ws();
    if (this.peek() === '-') {
      const col = this.pos + 1;
      this.pos++;
      this.enter(col);
      const arg = this.unary();
      this.leave();
      return this.node({ type: 'negate', arg }, col);
    }
    return this.power();
  }

  private power(): DiceExpr {
    const base = this.primary();
    this.ws();
    const col = this.pos + 1;
    if (this.eat('^') || this.eat('**')) {
      this.enter(col);
      const exponent = this.unary(); // right-associative, and 2^-1 is allowed
      this.leave();
      return this.node({ type: 'binary', op: '^', left: base, right: exponent }, col);
    }
    return base;
  }

  private primary(): DiceExpr {
    this.ws();
    const start = this.pos;
    const c = this.peek();
    if (isDigit(c)) {
      const n = this.node({ type: 'number', value: this.number() }, start + 1);
      this.ws();
      if (this.peek() === 'd' || this.peek() === 'D') return this.diceTerm(n, start);
      return n;
    }
    if (c === '(') {
      const g = this.group();
      this.ws();
      if (this.peek() === 'd' || this.peek() === 'D') return this.diceTerm(g, start);
      return g;
    }
    if (c === 'd' || c === 'D') return this.diceTerm(null, start);
    if (isLetter(c)) return this.fnCall();
    if (c === '{') return this.pool();
    throw this.unexpected();
  }

  private group(): DiceExpr {
    const col = this.pos + 1;
    this.pos++; // (
    this.enter(col);
    const inner = this.expr();
    this.ws();
    if (!this.eat(')')) throw this.unexpected();
    this.leave();
    return this.node({ type: 'group', expr: inner }, col);
  }

  /** A pool: `{1d8!, 1d6!}`, then keep or drop by the items' totals (`kh1`, `k1`, `kl1`, `dl1`, `d1`, `dh1`). */
  private pool(): DiceExpr {
    const col = this.pos + 1;
    this.pos++; // {
    this.enter(col);
    const items = [this.expr()];
    for (;;) {
      this.ws();
      if (this.eat('}')) break;
      if (!this.eat(',')) throw this.unexpected();
      items.push(this.expr());
    }
    this.leave();
    let select: PoolSelect | null = null;
    const at = this.pos;
    const kind = this.eat('k') ? 'keep' : this.eat('d') ? 'drop' : undefined;
    if (kind) {
      const end = this.eat('h') ? 'h' : this.eat('l') ? 'l' : kind === 'keep' ? 'h' : 'l';
      const countAt = this.pos + 1;
      const count = this.number();
      if (!Number.isInteger(count) || count < 1) throw this.error('dice/invalid', `a pool keeps or drops a whole number of items, at least 1, at column ${countAt}`, countAt);
      if (count > items.length) throw this.error('dice/invalid', `the pool has ${items.length} item${items.length === 1 ? '' : 's'}: it cannot ${kind} ${count}, at column ${at + 1}`, at + 1);
      select = { kind, end, count };
    }
    return this.node({ type: 'pool', items, select }, col);
  }

  private fnCall(): DiceExpr {
    const start = this.pos;
    while (this.pos < this.text.length && isLetter(this.text[this.pos])) this.pos++;
    const name = this.text.slice(start, this.pos);
    const arity = UNARY_FNS.includes(name as FnName) ? 1 : BINARY_FNS.includes(name as FnName) ? 2 : 0;
    if (!arity) throw this.error('dice/syntax', `unknown function "${name}" at column ${start + 1}`, start + 1);
    this.ws();
    if (!this.eat('(')) throw this.unexpected();
    this.enter(start + 1);
    const args = [this.expr()];
    if (arity === 2) {
      this.ws();
      if (!this.eat(',')) throw this.unexpected();
      args.push(this.expr());
    }
    this.ws();
    if (!this.eat(')')) throw this.unexpected();
    this.leave();
    return this.node({ type: 'call', fn: name as FnName, args }, start + 1);
  }

  // ── dice terms ───────────────────────────────────────────────────────────
  /** A count or side count written as a number or a parenthesised constant expression. */
  private constant(e: DiceExpr, what: string, column: number, max: number, limitName: string): number {
    if (hasDice(e)) {
      throw this.error('dice/syntax', `${what} must be a number or a constant expression, not dice, at column ${column}`, column);
    }
    let v: number;
    try {
      v = evalConstant(e);
    } catch (err) {
      if (err instanceof DiceError) throw this.error(err.code as 'dice/math', `${err.message} in ${what} at column ${column}`, column);
      throw err;
    }
    if (!(Math.abs(v) <= max)) {
      throw this.error('dice/limit', `${what} ${Math.abs(v) < 1e15 ? fmtNum(v) : v.toPrecision(3)} is over the limit of ${max} (DICE_LIMITS.${limitName}) at column ${column}`, column);
    }
    if (!Number.isInteger(v) || v < 1) {
      throw this.error('dice/invalid', `${what} must be a whole number of at least 1, got ${fmtNum(v)} at column ${column}`, column);
    }
    return v;
  }

  private diceTerm(count: DiceExpr | null, start: number): DiceExpr {
    const n = count === null ? 1 : this.constant(count, 'dice count', start + 1, DICE_LIMITS.maxDice, 'maxDice');
    this.dice += n;
    if (this.dice > DICE_LIMITS.maxDice) {
      throw this.error('dice/limit', `expression rolls ${this.dice} dice, over the limit of ${DICE_LIMITS.maxDice} (DICE_LIMITS.maxDice) at column ${start + 1}`, start + 1);
    }
    this.pos++; // d
    this.ws();
    const sc = this.peek();
    const sidesCol = this.pos + 1;
    let die: DieKind;
    let sides: number;
    if (sc === '%') {
      this.pos++;
      die = { kind: 'percent' };
      sides = 100;
    } else if (sc === 'F') {
      this.pos++;
      let nonBlanks: 1 | 2 = 2;
      if (this.peek() === '.') {
        this.pos++;
        const v = this.peek();
        if (v !== '1' && v !== '2') throw this.unexpected();
        this.pos++;
        nonBlanks = v === '1' ? 1 : 2;
      }
      die = { kind: 'fudge', nonBlanks };
      sides = 3;
    } else if (isDigit(sc) || sc === '(') {
      const s = isDigit(sc) ? this.node({ type: 'number', value: this.number() }, sidesCol) : this.group();
      sides = this.constant(s, 'side count', sidesCol, DICE_LIMITS.maxSides, 'maxSides');
      die = { kind: 'standard', sides: s };
    } else {
      throw this.unexpected();
    }
    const modifiers = parseModifiers(this, faceRange(die, sides));
    return this.node({ type: 'dice', count, die, modifiers }, start + 1);
  }
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/**
 * Parse dice notation into an immutable tree. Throws DiceError ('dice/syntax', 'dice/invalid',
 * 'dice/limit', 'dice/math') with the 1-based column the message is about.
 */
export function parseDice(text: string): DiceExpr {
  if (typeof text !== 'string') throw new DiceError('dice/invalid', 'dice notation must be a string');
  if (text.length > DICE_LIMITS.maxLength) {
    throw new DiceError('dice/limit', `dice notation is ${text.length} characters long, over the limit of ${DICE_LIMITS.maxLength} (DICE_LIMITS.maxLength)`);
  }
  return deepFreeze(new Parser(text).parse());
}

const textCache = new Map<string, DiceExpr>();
const TEXT_CACHE_SIZE = 256;

/** Parse (with a small cache for repeated notation) or pass a tree through. */
export function toExpr(exprOrText: DiceExpr | string): DiceExpr {
  if (typeof exprOrText !== 'string') return exprOrText;
  let e = textCache.get(exprOrText);
  if (!e) {
    e = parseDice(exprOrText);
    if (textCache.size >= TEXT_CACHE_SIZE) textCache.delete(textCache.keys().next().value!);
    textCache.set(exprOrText, e);
  }
  return e;
}
