// Dice notation → typed tree (parseDice) and back (formatDice).
// Hand-written recursive descent over characters; whitespace is allowed between any two tokens.
import type { BinaryOp, ComparePoint, CompareOp, DiceExpr, DiceModifier, DieKind, FnName } from './ast.ts';
import { DiceError } from './errors.ts';
import { DICE_LIMITS } from './limits.ts';
import { BINARY_FNS, UNARY_FNS, binary, call, compareMatch } from './math.ts';

/** Execution order of modifiers (as in rpg-dice-roller); the tree stores them sorted by it. */
const MOD_ORDER: Record<DiceModifier['kind'], number> = {
  min: 1, max: 2, explode: 3, reroll: 4, keep: 6, drop: 7, target: 8, critSuccess: 9, critFailure: 10, sort: 11,
};

function modKey(m: DiceModifier): string {
  return m.kind === 'keep' || m.kind === 'drop' ? `${m.kind}-${m.end}` : m.kind;
}

function modOrder(m: DiceModifier): number {
  // keep-h before keep-l, drop-h before drop-l: any fixed order, they commute
  return MOD_ORDER[m.kind] * 2 + ((m.kind === 'keep' || m.kind === 'drop') && m.end === 'l' ? 1 : 0);
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const isLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

/** The integer faces a die shows: 1..sides, or -1..1 for fudge dice. */
export function faceRange(die: DieKind, sides: number): [number, number] {
  return die.kind === 'fudge' ? [-1, 1] : [1, sides];
}

/** How many integer faces in lo..hi a compare point matches (computed, not enumerated). */
export function countMatching(cp: ComparePoint, lo: number, hi: number): number {
  const total = hi - lo + 1;
  const count = (a: number, b: number) => Math.max(0, Math.min(b, hi) - Math.max(a, lo) + 1);
  const v = cp.value;
  switch (cp.op) {
    case '=': return Number.isInteger(v) && v >= lo && v <= hi ? 1 : 0;
    case '!=': return total - (Number.isInteger(v) && v >= lo && v <= hi ? 1 : 0);
    case '<': return count(lo, Math.ceil(v) - 1);
    case '<=': return count(lo, Math.floor(v));
    case '>': return count(Math.floor(v) + 1, hi);
    case '>=': return count(Math.ceil(v), hi);
  }
}

class Parser {
  private pos = 0;
  private nodes = 0;
  private depth = 0;
  private dice = 0;

  constructor(private readonly text: string) {}

  parse(): DiceExpr {
    this.ws();
    if (this.pos >= this.text.length) throw this.error('dice/syntax', 'empty dice notation: nothing to roll at column 1', 1);
    const e = this.expr();
    this.ws();
    if (this.pos < this.text.length) throw this.unexpected();
    return e;
  }

  // ── helpers ──────────────────────────────────────────────────────────────
  private error(code: 'dice/syntax' | 'dice/invalid' | 'dice/limit' | 'dice/math', message: string, column: number) {
    return new DiceError(code, message, { column, notation: this.text });
  }

  private unexpected(at = this.pos): DiceError {
    if (at >= this.text.length) return this.error('dice/syntax', `unexpected end of notation at column ${at + 1}`, at + 1);
    const ch = this.text[at];
    return this.error('dice/syntax', `unexpected "${ch}" at column ${at + 1}`, at + 1);
  }

  private ws(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.pos++;
      else break;
    }
  }

  private peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  private eat(s: string): boolean {
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }

  private node<T extends DiceExpr>(n: T, column: number): T {
    if (++this.nodes > DICE_LIMITS.maxNodes) {
      throw this.error('dice/limit', `expression has more than ${DICE_LIMITS.maxNodes} parts (DICE_LIMITS.maxNodes) at column ${column}`, column);
    }
    return n;
  }

  private enter(column: number): void {
    if (++this.depth > DICE_LIMITS.maxNesting) {
      throw this.error('dice/limit', `expression nests deeper than ${DICE_LIMITS.maxNesting} levels (DICE_LIMITS.maxNesting) at column ${column}`, column);
    }
  }

  private leave(): void {
    this.depth--;
  }

  /** Unsigned number literal: digits with an optional fraction. */
  private number(): number {
    const start = this.pos;
    const t = this.text;
    while (this.pos < t.length && isDigit(t[this.pos])) this.pos++;
    if (this.pos === start) throw this.unexpected();
    if (t[this.pos] === '.' && isDigit(t.charAt(this.pos + 1))) {
      this.pos++;
      while (this.pos < t.length && isDigit(t[this.pos])) this.pos++;
    }
    const v = Number(t.slice(start, this.pos));
    if (!(Math.abs(v) <= DICE_LIMITS.maxNumber)) {
      throw this.error('dice/limit', `number ${t.slice(start, Math.min(this.pos, start + 24))}${this.pos - start > 24 ? '…' : ''} is larger than ${DICE_LIMITS.maxNumber} (DICE_LIMITS.maxNumber) at column ${start + 1}`, start + 1);
    }
    return v;
  }

  private signedNumber(): number {
    this.ws();
    const neg = this.eat('-');
    if (neg) this.ws();
    const v = this.number();
    return neg ? -v : v;
  }

  private integer(what: string): number {
    this.ws();
    const start = this.pos;
    if (!isDigit(this.peek())) throw this.unexpected();
    const v = this.number();
    if (!Number.isInteger(v) || v < 1) {
      throw this.error('dice/invalid', `${what} must be a whole number of at least 1, got ${v} at column ${start + 1}`, start + 1);
    }
    return v;
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
    if (c === '{') throw this.error('dice/syntax', `roll groups ("{…}") are not supported, at column ${start + 1}`, start + 1);
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
    const modifiers = this.modifiers(faceRange(die, sides));
    return this.node({ type: 'dice', count, die, modifiers }, start + 1);
  }

  // ── modifiers ────────────────────────────────────────────────────────────
  private compare(optional: boolean, allowBare: boolean): ComparePoint | null {
    this.ws();
    const ops: [string, CompareOp][] = [['<>', '!='], ['<=', '<='], ['>=', '>='], ['!=', '!='], ['=', '='], ['<', '<'], ['>', '>']];
    for (const [s, op] of ops) {
      if (this.eat(s)) return { op, value: this.signedNumber() };
    }
    if (allowBare && isDigit(this.peek())) return { op: '=', value: this.number() };
    if (optional) return null;
    throw this.unexpected();
  }

  private modifiers([lo, hi]: [number, number]): DiceModifier[] {
    const mods: DiceModifier[] = [];
    const seen = new Map<string, number>();
    for (;;) {
      this.ws();
      const start = this.pos;
      const c = this.peek();
      let m: DiceModifier;
      if (c === '!') {
        this.pos++;
        const compound = this.eat('!');
        const penetrate = this.eat('p');
        const cp = this.compare(true, true) ?? { op: '=' as const, value: hi };
        if (countMatching(cp, lo, hi) === hi - lo + 1) {
          throw this.error('dice/limit', `explosion ${this.text.slice(start, this.pos).trim()} matches every face of the die, so it would never stop (column ${start + 1})`, start + 1);
        }
        m = { kind: 'explode', compound, penetrate, compare: cp };
      } else if (c === '=' || c === '<' || c === '>') {
        const success = this.compare(false, false)!;
        this.ws();
        let failure: ComparePoint | null = null;
        if (this.peek() === 'f') {
          this.pos++;
          failure = this.compare(false, false);
        }
        m = { kind: 'target', success, failure };
      } else if (c === 'd' || c === 'k') {
        this.pos++;
        const e = this.peek();
        const end: 'h' | 'l' = e === 'h' || e === 'l' ? e : c === 'k' ? 'h' : 'l';
        if (e === 'h' || e === 'l') this.pos++;
        const count = this.integer(c === 'k' ? 'keep count' : 'drop count');
        m = { kind: c === 'k' ? 'keep' : 'drop', end, count };
      } else if (c === 'r') {
        this.pos++;
        const once = this.eat('o');
        const cp = this.compare(true, true) ?? { op: '=' as const, value: lo };
        if (!once && countMatching(cp, lo, hi) === hi - lo + 1) {
          throw this.error('dice/limit', `reroll ${this.text.slice(start, this.pos).trim()} matches every face of the die, so it would never stop (column ${start + 1})`, start + 1);
        }
        m = { kind: 'reroll', once, compare: cp };
      } else if (c === 'c' && (this.peek(1) === 's' || this.peek(1) === 'f')) {
        const success = this.peek(1) === 's';
        this.pos += 2;
        const cp = this.compare(true, true) ?? { op: '=' as const, value: success ? hi : lo };
        m = success ? { kind: 'critSuccess', compare: cp } : { kind: 'critFailure', compare: cp };
      } else if (c === 's') {
        this.pos++;
        const d = this.peek();
        if (d === 'a' || d === 'd') this.pos++;
        m = { kind: 'sort', dir: d === 'd' ? 'd' : 'a' };
      } else if (this.text.startsWith('min', this.pos) || this.text.startsWith('max', this.pos)) {
        const kind = this.text.startsWith('min', this.pos) ? 'min' : 'max';
        this.pos += 3;
        m = { kind, value: this.signedNumber() };
      } else if (c === 'u') {
        throw this.error('dice/syntax', `the unique modifier ("u") is not supported, at column ${start + 1}`, start + 1);
      } else if (c === 'f') {
        throw this.error('dice/syntax', `a failure compare point ("f") must follow a success compare point such as ">=8", at column ${start + 1}`, start + 1);
      } else {
        break;
      }
      const key = modKey(m);
      if (seen.has(key)) {
        throw this.error('dice/syntax', `duplicate modifier "${this.text.slice(start, this.pos).trim()}" at column ${start + 1}`, start + 1);
      }
      seen.set(key, start);
      mods.push(m);
    }
    return mods.sort((a, b) => modOrder(a) - modOrder(b));
  }
}

export function hasDice(e: DiceExpr): boolean {
  switch (e.type) {
    case 'number': return false;
    case 'dice': return true;
    case 'negate': return hasDice(e.arg);
    case 'binary': return hasDice(e.left) || hasDice(e.right);
    case 'call': return e.args.some(hasDice);
    case 'group': return hasDice(e.expr);
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

// ── formatting ─────────────────────────────────────────────────────────────

/** Shortest text that parses back to the same number (no exponent notation). */
export function fmtNum(v: number): string {
  if (Object.is(v, -0)) return '0';
  const s = String(v);
  if (!s.includes('e')) return s;
  if (!Number.isFinite(v)) return s;
  if (Math.abs(v) >= 1) return BigInt(Math.round(v)).toString();
  return v.toFixed(100).replace(/0+$/, '');
}

function fmtCompare(cp: ComparePoint): string {
  return `${cp.op === '!=' ? '<>' : cp.op}${fmtNum(cp.value)}`;
}

const PREC: Record<BinaryOp, number> = { '+': 1, '-': 1, '*': 2, '/': 2, '%': 2, '^': 4 };

function prec(e: DiceExpr): number {
  switch (e.type) {
    case 'binary': return PREC[e.op];
    case 'negate': return 3;
    case 'number': return e.value < 0 ? 3 : 5;
    default: return 5;
  }
}

function fmtCount(e: DiceExpr): string {
  if (e.type === 'number' && e.value >= 0) return fmtNum(e.value);
  if (e.type === 'group') return formatDice(e);
  return `(${formatDice(e)})`;
}

/** Text of a dice term's die and modifiers, e.g. `4d6kh3`, `d%`, `3dF.1!`. */
export function formatTerm(e: Extract<DiceExpr, { type: 'dice' }>): string {
  let s = e.count ? fmtCount(e.count) : '';
  s += 'd';
  if (e.die.kind === 'percent') s += '%';
  else if (e.die.kind === 'fudge') s += e.die.nonBlanks === 1 ? 'F.1' : 'F';
  else s += fmtCount(e.die.sides);
  const sides = e.die.kind === 'standard' && e.die.sides.type === 'number' ? e.die.sides.value : e.die.kind === 'percent' ? 100 : NaN;
  const [lo, hi] = e.die.kind === 'fudge' ? [-1, 1] : [1, Number.isNaN(sides) ? NaN : sides];
  const hiKnown = e.die.kind !== 'standard' || e.die.sides.type === 'number' ? hi : evalConstantSafe(e.die.kind === 'standard' ? e.die.sides : null);
  const isDefault = (cp: ComparePoint, v: number) => cp.op === '=' && cp.value === v;
  e.modifiers.forEach((m, i) => {
    const next = e.modifiers[i + 1];
    // a compare point may be left out only when it is the default and what follows cannot be read as one
    const elide = (cp: ComparePoint, def: number) => isDefault(cp, def) && next?.kind !== 'target';
    switch (m.kind) {
      case 'min': s += `min${fmtNum(m.value)}`; break;
      case 'max': s += `max${fmtNum(m.value)}`; break;
      case 'explode':
        s += `!${m.compound ? '!' : ''}${m.penetrate ? 'p' : ''}${elide(m.compare, hiKnown) ? '' : fmtCompare(m.compare)}`;
        break;
      case 'reroll': s += `r${m.once ? 'o' : ''}${elide(m.compare, lo) ? '' : fmtCompare(m.compare)}`; break;
      case 'keep': s += `k${m.end}${m.count}`; break;
      case 'drop': s += `d${m.end}${m.count}`; break;
      case 'target': s += `${fmtCompare(m.success)}${m.failure ? `f${fmtCompare(m.failure)}` : ''}`; break;
      case 'critSuccess': s += `cs${elide(m.compare, hiKnown) ? '' : fmtCompare(m.compare)}`; break;
      case 'critFailure': s += `cf${elide(m.compare, lo) ? '' : fmtCompare(m.compare)}`; break;
      case 'sort': s += m.dir === 'd' ? 'sd' : 's'; break;
    }
  });
  return s;
}

function evalConstantSafe(e: DiceExpr | null): number {
  try {
    return e ? evalConstant(e) : NaN;
  } catch {
    return NaN;
  }
}

/** Canonical text of a tree: parseDice(formatDice(parseDice(x))) deep-equals parseDice(x). */
export function formatDice(e: DiceExpr): string {
  switch (e.type) {
    case 'number': return fmtNum(e.value);
    case 'dice': return formatTerm(e);
    case 'group': return `(${formatDice(e.expr)})`;
    case 'negate': {
      const inner = formatDice(e.arg);
      return prec(e.arg) >= 3 ? `-${inner}` : `-(${inner})`;
    }
    case 'call': return `${e.fn}(${e.args.map(formatDice).join(', ')})`;
    case 'binary': {
      const p = PREC[e.op];
      const right = e.op === '^' ? prec(e.right) >= 3 : prec(e.right) > p;
      const left = e.op === '^' ? prec(e.left) > 4 : prec(e.left) >= p;
      const l = left ? formatDice(e.left) : `(${formatDice(e.left)})`;
      const r = right ? formatDice(e.right) : `(${formatDice(e.right)})`;
      return `${l} ${e.op} ${r}`;
    }
  }
}

export { compareMatch };
