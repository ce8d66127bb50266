// Reading dice notation character by character: whitespace, literals, and errors that point at
// a column. Also counts the tree's nodes and nesting against DICE_LIMITS as the parser goes.
import type { DiceExpr } from './ast.ts';
import { DiceError } from './errors.ts';
import { DICE_LIMITS } from './limits.ts';

export const isDigit = (c: string) => c >= '0' && c <= '9';
export const isLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

export class Scanner {
  pos = 0;
  private nodes = 0;
  private depth = 0;

  constructor(readonly text: string) {}

  error(code: 'dice/syntax' | 'dice/invalid' | 'dice/limit' | 'dice/math', message: string, column: number) {
    return new DiceError(code, message, { column, notation: this.text });
  }

  unexpected(at = this.pos): DiceError {
    if (at >= this.text.length) return this.error('dice/syntax', `unexpected end of notation at column ${at + 1}`, at + 1);
    const ch = this.text[at];
    return this.error('dice/syntax', `unexpected "${ch}" at column ${at + 1}`, at + 1);
  }

  /** Skip whitespace: allowed between any two tokens. */
  ws(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.pos++;
      else break;
    }
  }

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  eat(s: string): boolean {
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }

  /** Count a node of the tree against DICE_LIMITS.maxNodes. */
  node<T extends DiceExpr>(n: T, column: number): T {
    if (++this.nodes > DICE_LIMITS.maxNodes) {
      throw this.error('dice/limit', `expression has more than ${DICE_LIMITS.maxNodes} parts (DICE_LIMITS.maxNodes) at column ${column}`, column);
    }
    return n;
  }

  /** One level deeper (parentheses, calls, unary minus, powers), against DICE_LIMITS.maxNesting. */
  enter(column: number): void {
    if (++this.depth > DICE_LIMITS.maxNesting) {
      throw this.error('dice/limit', `expression nests deeper than ${DICE_LIMITS.maxNesting} levels (DICE_LIMITS.maxNesting) at column ${column}`, column);
    }
  }

  leave(): void {
    this.depth--;
  }

  /** Unsigned number literal: digits with an optional fraction. */
  number(): number {
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

  signedNumber(): number {
    this.ws();
    const neg = this.eat('-');
    if (neg) this.ws();
    const v = this.number();
    return neg ? -v : v;
  }

  /** A whole number of at least 1 (keep and drop counts). */
  integer(what: string): number {
    this.ws();
    const start = this.pos;
    if (!isDigit(this.peek())) throw this.unexpected();
    const v = this.number();
    if (!Number.isInteger(v) || v < 1) {
      throw this.error('dice/invalid', `${what} must be a whole number of at least 1, got ${v} at column ${start + 1}`, start + 1);
    }
    return v;
  }

  /** The notation from `start` to here, trimmed: what an error message quotes. */
  since(start: number): string {
    return this.text.slice(start, this.pos).trim();
  }
}
