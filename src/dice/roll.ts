// Rolling: a parsed tree is compiled once into closures over preallocated buffers, then rolled
// many times. rollTotal builds no objects; rollDice also records every die and a breakdown.
//
// Order of work inside one dice term (as rpg-dice-roller): every die of the term is rolled
// first; then min/max clamps; then explosions, die by die (each chain rolled to its end); then
// rerolls, item by item; then keep/drop over all items; then success/failure counting and
// critical marks. Faces are drawn from the DiceSource in exactly this order, so a scripted
// source must list them in this order too.
import type { CompareOp, DiceExpr, DiceNode } from './ast.ts';
import { DiceError } from './errors.ts';
import { DICE_LIMITS } from './limits.ts';
import { binary, call, compareMatch, divide, finite, mod } from './math.ts';
import { evalConstant, fmtNum, formatDice, formatTerm, hasDice, parseDice } from './parse.ts';
import type { DiceSource } from './source.ts';

/** One die as rolled (an exploded die's extra dice are separate entries unless compounded). */
export interface DieRoll {
  /** Index of the dice term in the expression (left to right, from 0). */
  term: number;
  /** Faces of the die; 'F' for fudge dice. */
  sides: number | 'F';
  /** The face shown (the last one, after rerolls; the first one of a compounded chain; -1..1 for fudge). */
  face: number;
  /** The value it counts for: after min/max, penetration (−1) and compounding. */
  value: number;
  /** false when dropped by keep/drop. */
  kept: boolean;
  exploded?: boolean;
  compounded?: boolean;
  penetrated?: boolean;
  rerolled?: boolean;
  /** Raised by a `min` modifier. */
  raisedToMin?: boolean;
  /** Lowered by a `max` modifier. */
  loweredToMax?: boolean;
  success?: boolean;
  failure?: boolean;
  critSuccess?: boolean;
  critFailure?: boolean;
}

export interface RollResult {
  /** Canonical notation (formatDice of the tree). */
  notation: string;
  total: number;
  /** Every die, term by term; within a term in the order rolled (or as sorted by s/sd). */
  dice: DieRoll[];
  /** One line, e.g. `4d6kh3 [6, 5, 3, 1d] + 2 = 16`. */
  breakdown: string;
  /** Every face drawn from the source, in order: scriptedSource(draws.map(d => d.face)) replays the roll. */
  draws: { sides: number; face: number }[];
}

export interface RollOptions {
  /** Passed to the source with each die (what the roll is for); defaults to the dice term's notation, e.g. "4d6kh3". */
  label?: string;
}

// item flags
const F_EXPLODED = 1;
const F_COMPOUND = 2;
const F_PENETRATED = 4;
const F_REROLLED = 8;
const F_REROLLED_ONCE = 16;
const F_MIN = 32;
const F_MAX = 64;
const F_DROPPED = 128;

const NO_OP: CompareOp = '=';

/** A compiled dice term with its scratch buffers. */
class Term {
  readonly label: string;
  readonly count: number;
  /** 0 standard / percent, 1 fudge (d3 − 2), 2 fudge.1 (d6: 1 → −1, 6 → +1, else 0) */
  readonly kind: 0 | 1 | 2;
  readonly sides: number | 'F';
  readonly drawSides: number;
  readonly plain: boolean;
  readonly minV: number | null = null;
  readonly maxV: number | null = null;
  readonly explode: 0 | 1 | 2 = 0; // none / separate dice / compound
  readonly pen: number = 0;
  readonly exOp: CompareOp = NO_OP;
  readonly exV: number = 0;
  readonly reroll: 0 | 1 | 2 = 0; // none / until no match / once
  readonly rrOp: CompareOp = NO_OP;
  readonly rrV: number = 0;
  readonly hasKeep: boolean = false;
  readonly kh: number = Infinity;
  readonly kl: number = Infinity;
  readonly dh: number = 0;
  readonly dl: number = 0;
  readonly hasTarget: boolean = false;
  readonly sOp: CompareOp = NO_OP;
  readonly sV: number = 0;
  readonly fOp: CompareOp | null = null;
  readonly fV: number = 0;
  readonly csOp: CompareOp | null = null;
  readonly csV: number = 0;
  readonly cfOp: CompareOp | null = null;
  readonly cfV: number = 0;
  readonly sort: 0 | 1 | 2 = 0;

  // buffers (grown on demand by explosions)
  vals: Float64Array;
  faces: Float64Array;
  flags: Uint8Array;
  vals2: Float64Array;
  faces2: Float64Array;
  flags2: Uint8Array;
  sorted: Float64Array;
  /** 0: no modifiers; 1: only keep/drop (and marks that do not change the total); 2: anything else */
  readonly mode: 0 | 1 | 2;
  /** static kept range for mode 1 */
  private readonly klo: number = 0;
  private readonly khi: number = 0;
  /** items in the last roll */
  m = 0;
  /** kept range in ascending sorted order of the last roll */
  lo = 0;
  hi = 0;

  constructor(
    readonly node: DiceNode,
    readonly index: number,
  ) {
    this.label = formatTerm(node);
    this.count = node.count ? evalConstant(node.count) : 1;
    const die = node.die;
    if (die.kind === 'fudge') {
      this.kind = die.nonBlanks === 2 ? 1 : 2;
      this.sides = 'F';
      this.drawSides = die.nonBlanks === 2 ? 3 : 6;
    } else {
      this.kind = 0;
      this.sides = die.kind === 'percent' ? 100 : evalConstant(die.sides);
      this.drawSides = this.sides;
    }
    this.plain = node.modifiers.length === 0;
    for (const m of node.modifiers) {
      switch (m.kind) {
        case 'min': this.minV = m.value; break;
        case 'max': this.maxV = m.value; break;
        case 'explode':
          this.explode = m.compound ? 2 : 1;
          this.pen = m.penetrate ? 1 : 0;
          this.exOp = m.compare.op;
          this.exV = m.compare.value;
          break;
        case 'reroll':
          this.reroll = m.once ? 2 : 1;
          this.rrOp = m.compare.op;
          this.rrV = m.compare.value;
          break;
        case 'keep':
          this.hasKeep = true;
          if (m.end === 'h') this.kh = m.count;
          else this.kl = m.count;
          break;
        case 'drop':
          this.hasKeep = true;
          if (m.end === 'h') this.dh = m.count;
          else this.dl = m.count;
          break;
        case 'target':
          this.hasTarget = true;
          this.sOp = m.success.op;
          this.sV = m.success.value;
          if (m.failure) {
            this.fOp = m.failure.op;
            this.fV = m.failure.value;
          }
          break;
        case 'critSuccess': this.csOp = m.compare.op; this.csV = m.compare.value; break;
        case 'critFailure': this.cfOp = m.compare.op; this.cfV = m.compare.value; break;
        case 'sort': this.sort = m.dir === 'd' ? 2 : 1; break;
      }
    }
    const changesTotal = node.modifiers.some((m) => m.kind !== 'keep' && m.kind !== 'drop' && m.kind !== 'critSuccess' && m.kind !== 'critFailure' && m.kind !== 'sort');
    this.mode = this.kind !== 0 ? 2 : !this.hasKeep && !changesTotal ? 0 : this.hasKeep && !changesTotal && this.count <= 64 ? 1 : 2;
    if (this.mode === 1) {
      const n = this.count;
      this.klo = Math.max(this.dl, n - this.kh, 0);
      this.khi = Math.max(this.klo, Math.min(n - this.dh, this.kl, n));
    }
    const cap = Math.max(1, this.count);
    this.vals = new Float64Array(cap);
    this.faces = new Float64Array(cap);
    this.flags = new Uint8Array(cap);
    this.vals2 = new Float64Array(this.explode === 1 ? cap * 2 : 1);
    this.faces2 = new Float64Array(this.explode === 1 ? cap * 2 : 1);
    this.flags2 = new Uint8Array(this.explode === 1 ? cap * 2 : 1);
    this.sorted = new Float64Array(this.hasKeep ? cap : 1);
  }

  draw(src: DiceSource, label: string): number {
    const s = this.drawSides;
    const f = src.roll(s, label);
    if (!(f >= 1 && f <= s) || f !== Math.floor(f)) this.badFace(f, label);
    if (this.kind === 0) return f;
    if (this.kind === 1) return f - 2;
    return f === 1 ? -1 : f === 6 ? 1 : 0;
  }

  private badFace(f: number, label: string): never {
    throw new DiceError('dice/bad_face', `dice source gave ${f} for a d${this.drawSides} (${label})`);
  }

  /**
   * A closure returning only the term's total: fast paths for terms without modifiers and for
   * keep/drop-only terms (their faces are insertion-sorted as drawn), else the general run().
   */
  totalFn(label: string): (src: DiceSource) => number {
    const mode = this.mode;
    if (mode === 2) return (src) => this.run(src, label);
    const n = this.count;
    const s = this.drawSides;
    const bad = (f: number): never => this.badFace(f, label);
    if (mode === 0) {
      if (n === 1) {
        return (src) => {
          const f = src.roll(s, label);
          if (!(f >= 1 && f <= s) || (f | 0) !== f) bad(f);
          return f;
        };
      }
      return (src) => {
        let total = 0;
        for (let i = 0; i < n; i++) {
          const f = src.roll(s, label);
          if (!(f >= 1 && f <= s) || (f | 0) !== f) bad(f);
          total += f;
        }
        return total;
      };
    }
    const lo = this.klo;
    const hi = this.khi;
    // common shapes without sorting: drop one die (4d6kh3, 4d6dl1), keep one die (2d20kh1, 2d20kl1)
    if ((lo === 1 && hi === n) || (lo === 0 && hi === n - 1) || (hi - lo === 1 && (lo === 0 || hi === n))) {
      const wantSum = hi - lo !== 1 || n === 2;
      const dropLow = lo === 1 && hi === n;
      const keepHigh = hi === n;
      return (src) => {
        let total = 0;
        let low = Infinity;
        let high = -Infinity;
        for (let i = 0; i < n; i++) {
          const f = src.roll(s, label);
          if (!(f >= 1 && f <= s) || (f | 0) !== f) bad(f);
          total += f;
          if (f < low) low = f;
          if (f > high) high = f;
        }
        if (hi - lo === n) return total;
        if (wantSum && hi - lo === n - 1) return dropLow ? total - low : total - high;
        return keepHigh ? high : low;
      };
    }
    const buf = new Int32Array(n);
    return (src) => {
      for (let i = 0; i < n; i++) {
        const f = src.roll(s, label);
        if (!(f >= 1 && f <= s) || (f | 0) !== f) bad(f);
        let j = i - 1;
        while (j >= 0 && buf[j] > f) {
          buf[j + 1] = buf[j];
          j--;
        }
        buf[j + 1] = f;
      }
      let total = 0;
      for (let j = lo; j < hi; j++) total += buf[j];
      return total;
    };
  }

  private grow2(need: number): void {
    let cap = this.vals2.length;
    while (cap < need) cap *= 2;
    const v = new Float64Array(cap);
    v.set(this.vals2);
    const f = new Float64Array(cap);
    f.set(this.faces2);
    const g = new Uint8Array(cap);
    g.set(this.flags2);
    this.vals2 = v;
    this.faces2 = f;
    this.flags2 = g;
  }

  private chainTooLong(): never {
    throw new DiceError(
      'dice/limit',
      `a die of ${this.label} exploded more than ${DICE_LIMITS.maxExplosionDepth} times (DICE_LIMITS.maxExplosionDepth)`,
    );
  }

  /** Roll the term; returns its contribution to the total. Leaves the items in the buffers. */
  run(src: DiceSource, label: string): number {
    const n = this.count;
    if (this.plain) {
      // fast path: no modifiers
      let total = 0;
      const vals = this.vals;
      const faces = this.faces;
      const flags = this.flags;
      for (let i = 0; i < n; i++) {
        const v = this.draw(src, label);
        vals[i] = v;
        faces[i] = v;
        flags[i] = 0;
        total += v;
      }
      this.m = n;
      this.lo = 0;
      this.hi = n;
      return total;
    }
    // 1. roll every die, clamp
    {
      const vals = this.vals;
      const faces = this.faces;
      const flags = this.flags;
      const minV = this.minV;
      const maxV = this.maxV;
      for (let i = 0; i < n; i++) {
        let v = this.draw(src, label);
        faces[i] = v;
        let fl = 0;
        if (minV !== null && v < minV) {
          v = minV;
          fl |= F_MIN;
        }
        if (maxV !== null && v > maxV) {
          v = maxV;
          fl |= F_MAX;
        }
        vals[i] = v;
        flags[i] = fl;
      }
    }
    let m = n;
    // 2. explode
    if (this.explode === 2) {
      const vals = this.vals;
      for (let i = 0; i < n; i++) {
        let check = vals[i];
        if (!compareMatch(this.exOp, this.exV, check)) continue;
        let sum = check;
        let depth = 0;
        do {
          if (++depth > DICE_LIMITS.maxExplosionDepth) this.chainTooLong();
          const r = this.draw(src, label);
          sum += r - this.pen;
          check = r;
        } while (compareMatch(this.exOp, this.exV, check));
        vals[i] = sum;
        this.flags[i] |= F_EXPLODED | F_COMPOUND | (this.pen ? F_PENETRATED : 0);
      }
    } else if (this.explode === 1) {
      let k = 0;
      for (let i = 0; i < n; i++) {
        if (k + 1 > this.vals2.length) this.grow2(k + 1);
        this.vals2[k] = this.vals[i];
        this.faces2[k] = this.faces[i];
        this.flags2[k] = this.flags[i];
        k++;
        let check = this.vals[i];
        let depth = 0;
        while (compareMatch(this.exOp, this.exV, check)) {
          if (++depth > DICE_LIMITS.maxExplosionDepth) this.chainTooLong();
          this.flags2[k - 1] |= F_EXPLODED | (this.pen ? F_PENETRATED : 0);
          const r = this.draw(src, label);
          if (k + 1 > this.vals2.length) this.grow2(k + 1);
          this.vals2[k] = r - this.pen;
          this.faces2[k] = r;
          this.flags2[k] = 0;
          k++;
          check = r;
        }
      }
      m = k;
      // swap buffers
      const v = this.vals;
      this.vals = this.vals2;
      this.vals2 = v;
      const f = this.faces;
      this.faces = this.faces2;
      this.faces2 = f;
      const g = this.flags;
      this.flags = this.flags2;
      this.flags2 = g;
    }
    const vals = this.vals;
    // 3. reroll
    if (this.reroll !== 0) {
      const once = this.reroll === 2;
      for (let j = 0; j < m; j++) {
        if (!compareMatch(this.rrOp, this.rrV, vals[j])) continue;
        let f = this.draw(src, label);
        if (!once) {
          let tries = 1;
          while (compareMatch(this.rrOp, this.rrV, f)) {
            if (++tries > DICE_LIMITS.maxRerolls) {
              throw new DiceError('dice/limit', `a die of ${this.label} was rerolled ${DICE_LIMITS.maxRerolls} times without settling (DICE_LIMITS.maxRerolls)`);
            }
            f = this.draw(src, label);
          }
        }
        vals[j] = f;
        this.faces[j] = f;
        this.flags[j] |= once ? F_REROLLED_ONCE : F_REROLLED;
      }
    }
    this.m = m;
    // 4. keep / drop: kept = ascending sorted positions [lo, hi)
    let lo = 0;
    let hi = m;
    if (this.hasKeep) {
      lo = Math.max(this.dl, m - this.kh, 0);
      hi = Math.min(m - this.dh, this.kl, m);
      if (hi < lo) hi = lo;
    }
    this.lo = lo;
    this.hi = hi;
    // 5. sum (success counting replaces each value by +1 / −1 / 0)
    let total = 0;
    if (lo === 0 && hi === m) {
      for (let j = 0; j < m; j++) total += this.contribution(vals[j]);
      return total;
    }
    if (this.sorted.length < m) this.sorted = new Float64Array(Math.max(m, this.sorted.length * 2));
    const s = this.sorted;
    for (let j = 0; j < m; j++) s[j] = vals[j];
    if (m <= 64) {
      for (let i = 1; i < m; i++) {
        const x = s[i];
        let j = i - 1;
        while (j >= 0 && s[j] > x) {
          s[j + 1] = s[j];
          j--;
        }
        s[j + 1] = x;
      }
    } else {
      s.subarray(0, m).sort();
    }
    for (let j = lo; j < hi; j++) total += this.contribution(s[j]);
    return total;
  }

  contribution(v: number): number {
    if (!this.hasTarget) return v;
    if (compareMatch(this.sOp, this.sV, v)) return 1;
    if (this.fOp !== null && compareMatch(this.fOp, this.fV, v)) return -1;
    return 0;
  }

  /** DieRoll records of the last run, in display order. */
  records(): DieRoll[] {
    const m = this.m;
    // kept marks: stable ascending order by value, positions outside [lo, hi) dropped
    if (this.lo !== 0 || this.hi !== m) {
      const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => this.vals[a] - this.vals[b] || a - b);
      order.forEach((idx, pos) => {
        if (pos < this.lo || pos >= this.hi) this.flags[idx] |= F_DROPPED;
      });
    }
    const out: DieRoll[] = [];
    for (let j = 0; j < m; j++) {
      const fl = this.flags[j];
      const value = this.vals[j];
      const d: DieRoll = { term: this.index, sides: this.sides, face: this.faces[j], value, kept: !(fl & F_DROPPED) };
      if (fl & F_EXPLODED) d.exploded = true;
      if (fl & F_COMPOUND) d.compounded = true;
      if (fl & F_PENETRATED) d.penetrated = true;
      if (fl & (F_REROLLED | F_REROLLED_ONCE)) d.rerolled = true;
      if (fl & F_MIN) d.raisedToMin = true;
      if (fl & F_MAX) d.loweredToMax = true;
      if (this.hasTarget) {
        const c = this.contribution(value);
        if (c === 1) d.success = true;
        if (c === -1) d.failure = true;
      }
      if (this.csOp !== null && compareMatch(this.csOp, this.csV, value)) d.critSuccess = true;
      if (this.cfOp !== null && compareMatch(this.cfOp, this.cfV, value)) d.critFailure = true;
      out.push(d);
    }
    if (this.sort) {
      const dir = this.sort === 2 ? -1 : 1;
      out.sort((a, b) => dir * (a.value - b.value));
    }
    return out;
  }

  /** `4d6kh3 [6, 5, 3, 1d]` */
  static text(label: string, dice: DieRoll[], flagsOf: (d: DieRoll) => string): string {
    return `${label} [${dice.map((d) => `${fmtNum(d.value)}${flagsOf(d)}`).join(', ')}]`;
  }
}

/** Flags after a die's value, as rpg-dice-roller writes them. */
function flagText(d: DieRoll): string {
  let s = '';
  if (d.raisedToMin) s += '^';
  if (d.loweredToMax) s += 'v';
  if (d.exploded) s += d.compounded ? '!!' : '!';
  if (d.penetrated) s += 'p';
  if (d.rerolled) s += 'r';
  if (!d.kept) s += 'd';
  if (d.success) s += '*';
  if (d.failure) s += '_';
  if (d.critSuccess) s += '**';
  if (d.critFailure) s += '__';
  return s;
}

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
    const draws: { sides: number; face: number }[] = [];
    const rec: DiceSource = {
      roll(sides, label) {
        const face = src.roll(sides, label);
        draws.push({ sides, face });
        return face;
      },
    };
    const dice: DieRoll[] = [];
    const prefix = options?.label;
    const walk = (e: DiceExpr): { v: number; s: string } => {
      switch (e.type) {
        case 'number': return { v: e.value, s: fmtNum(e.value) };
        case 'dice': {
          const t = this.terms.get(e)!;
          const v = t.run(rec, prefix ?? t.label);
          const recs = t.records();
          dice.push(...recs);
          return { v, s: Term.text(t.label, recs, flagText) };
        }
        case 'group': {
          const r = walk(e.expr);
          return { v: r.v, s: `(${r.s})` };
        }
        case 'negate': {
          const r = walk(e.arg);
          return { v: -r.v, s: `-${r.s}` };
        }
        case 'binary': {
          const l = walk(e.left);
          const r = walk(e.right);
          return { v: binary(e.op, l.v, r.v), s: `${l.s} ${e.op} ${r.s}` };
        }
        case 'call': {
          const args = e.args.map(walk);
          return { v: call(e.fn, args[0].v, args.length > 1 ? args[1].v : 0), s: `${e.fn}(${args.map((a) => a.s).join(', ')})` };
        }
      }
    };
    const r = walk(this.expr);
    const total = finite(r.v, `the total of ${this.notation}`);
    return { notation: this.notation, total, dice, breakdown: `${r.s} = ${fmtNum(total)}`, draws };
  }
}

const compiledCache = new WeakMap<DiceExpr, Compiled>();
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

/** The compiled form of an expression (cached per tree): `.total(src)` and `.roll(src)`. */
let lastExpr: DiceExpr | null = null;
let lastCompiled: Compiled | null = null;

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
