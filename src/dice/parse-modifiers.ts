// The modifiers after a die (`kh3`, `!!`, `r<3`, `>=8f<3`, `cs`, `min2`, `sd`, …) and their
// compare points. The tree stores them in the order they take effect, whatever order they are written in.
import type { ComparePoint, CompareOp, DiceModifier } from './ast.ts';
import { isDigit, type Scanner } from './scanner.ts';

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

const COMPARE_OPS: readonly [string, CompareOp][] = [['<>', '!='], ['<=', '<='], ['>=', '>='], ['!=', '!='], ['=', '='], ['<', '<'], ['>', '>']];

/** A compare point; `allowBare` reads a bare number as `=` (`r1`), `optional` returns null when there is none. */
function compare(s: Scanner, optional: boolean, allowBare: boolean): ComparePoint | null {
  s.ws();
  for (const [text, op] of COMPARE_OPS) {
    if (s.eat(text)) return { op, value: s.signedNumber() };
  }
  if (allowBare && isDigit(s.peek())) return { op: '=', value: s.number() };
  if (optional) return null;
  throw s.unexpected();
}

/** An explosion or reroll that matches every face would never stop: refuse it at parse time. */
function refuseEndless(s: Scanner, what: string, cp: ComparePoint, [lo, hi]: [number, number], start: number): void {
  if (countMatching(cp, lo, hi) === hi - lo + 1) {
    throw s.error('dice/limit', `${what} ${s.since(start)} matches every face of the die, so it would never stop (column ${start + 1})`, start + 1);
  }
}

/** The modifiers of a die whose faces are lo..hi, sorted into the order they take effect. */
export function parseModifiers(s: Scanner, faces: [number, number]): DiceModifier[] {
  const [lo, hi] = faces;
  const mods: DiceModifier[] = [];
  const seen = new Map<string, number>();
  for (;;) {
    s.ws();
    const start = s.pos;
    const c = s.peek();
    let m: DiceModifier;
    if (c === '!') {
      s.pos++;
      const compound = s.eat('!');
      const penetrate = s.eat('p');
      const cp = compare(s, true, true) ?? { op: '=' as const, value: hi };
      refuseEndless(s, 'explosion', cp, faces, start);
      m = { kind: 'explode', compound, penetrate, compare: cp };
    } else if (c === '=' || c === '<' || c === '>') {
      const success = compare(s, false, false)!;
      s.ws();
      let failure: ComparePoint | null = null;
      if (s.peek() === 'f') {
        s.pos++;
        failure = compare(s, false, false);
      }
      m = { kind: 'target', success, failure };
    } else if (c === 'd' || c === 'k') {
      s.pos++;
      const e = s.peek();
      const end: 'h' | 'l' = e === 'h' || e === 'l' ? e : c === 'k' ? 'h' : 'l';
      if (e === 'h' || e === 'l') s.pos++;
      const count = s.integer(c === 'k' ? 'keep count' : 'drop count');
      m = { kind: c === 'k' ? 'keep' : 'drop', end, count };
    } else if (c === 'r') {
      s.pos++;
      const once = s.eat('o');
      const cp = compare(s, true, true) ?? { op: '=' as const, value: lo };
      if (!once) refuseEndless(s, 'reroll', cp, faces, start);
      m = { kind: 'reroll', once, compare: cp };
    } else if (c === 'c' && (s.peek(1) === 's' || s.peek(1) === 'f')) {
      const success = s.peek(1) === 's';
      s.pos += 2;
      const cp = compare(s, true, true) ?? { op: '=' as const, value: success ? hi : lo };
      m = success ? { kind: 'critSuccess', compare: cp } : { kind: 'critFailure', compare: cp };
    } else if (c === 's') {
      s.pos++;
      const d = s.peek();
      if (d === 'a' || d === 'd') s.pos++;
      m = { kind: 'sort', dir: d === 'd' ? 'd' : 'a' };
    } else if (s.text.startsWith('min', s.pos) || s.text.startsWith('max', s.pos)) {
      const kind = s.text.startsWith('min', s.pos) ? 'min' : 'max';
      s.pos += 3;
      m = { kind, value: s.signedNumber() };
    } else if (c === 'u') {
      throw s.error('dice/syntax', `the unique modifier ("u") is not supported, at column ${start + 1}`, start + 1);
    } else if (c === 'f') {
      throw s.error('dice/syntax', `a failure compare point ("f") must follow a success compare point such as ">=8", at column ${start + 1}`, start + 1);
    } else {
      break;
    }
    const key = modKey(m);
    if (seen.has(key)) {
      throw s.error('dice/syntax', `duplicate modifier "${s.since(start)}" at column ${start + 1}`, start + 1);
    }
    seen.set(key, start);
    mods.push(m);
  }
  return mods.sort((a, b) => modOrder(a) - modOrder(b));
}
