// A dice term compiled for rolling: its rules read once into flat fields, and scratch buffers
// that every roll reuses, so rolling builds no objects. The modifiers are in roll-modifiers.ts,
// the sort-free fast paths in fast-total.ts, the DieRoll records in breakdown.ts.
import type { CompareOp, DiceNode } from './ast.ts';
import { diceCount, keptFrom, keptTo, readRules, sidesOf, type KeepRule, type TermRules } from './dice-term.ts';
import { drawFace } from './draw.ts';
import { fastTotal } from './fast-total.ts';
import { formatTerm } from './format.ts';
import { clampDice, compound, explodeSeparately, keptTotal, reroll } from './roll-modifiers.ts';
import type { DiceSource } from './source.ts';

const NO_OP: CompareOp = '=';

export class Term {
  readonly label: string;
  readonly count: number;
  /** 0 standard / percent, 1 fudge (d3 − 2), 2 fudge.1 (d6: 1 → −1, 6 → +1, else 0) */
  readonly kind: 0 | 1 | 2;
  readonly sides: number | 'F';
  readonly drawSides: number;
  readonly rules: TermRules;
  readonly plain: boolean;
  // the rules read die by die, flattened so the loops do not chase objects
  readonly minV: number | null;
  readonly maxV: number | null;
  readonly explode: 0 | 1 | 2 = 0; // none / separate dice / compound
  readonly pen: number = 0;
  readonly exOp: CompareOp = NO_OP;
  readonly exV: number = 0;
  readonly reroll: 0 | 1 | 2 = 0; // none / until no match / once
  readonly rrOp: CompareOp = NO_OP;
  readonly rrV: number = 0;
  readonly keep: KeepRule | null;

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
  readonly klo: number = 0;
  readonly khi: number = 0;
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
    this.count = diceCount(node);
    const die = node.die;
    if (die.kind === 'fudge') {
      this.kind = die.nonBlanks === 2 ? 1 : 2;
      this.sides = 'F';
      this.drawSides = die.nonBlanks === 2 ? 3 : 6;
    } else {
      this.kind = 0;
      this.sides = sidesOf(die);
      this.drawSides = this.sides;
    }
    const rules = (this.rules = readRules(node));
    this.plain = node.modifiers.length === 0;
    this.minV = rules.min;
    this.maxV = rules.max;
    if (rules.explode) {
      this.explode = rules.explode.compound ? 2 : 1;
      this.pen = rules.explode.penetrate ? 1 : 0;
      this.exOp = rules.explode.compare.op;
      this.exV = rules.explode.compare.value;
    }
    if (rules.reroll) {
      this.reroll = rules.reroll.once ? 2 : 1;
      this.rrOp = rules.reroll.compare.op;
      this.rrV = rules.reroll.compare.value;
    }
    this.keep = rules.keep;
    const changesTotal = rules.min !== null || rules.max !== null || !!(rules.explode || rules.reroll || rules.target);
    this.mode = this.kind !== 0 ? 2 : !this.keep && !changesTotal ? 0 : this.keep && !changesTotal && this.count <= 64 ? 1 : 2;
    if (this.mode === 1) {
      this.klo = keptFrom(this.keep!, this.count);
      this.khi = keptTo(this.keep!, this.count);
    }
    const cap = Math.max(1, this.count);
    this.vals = new Float64Array(cap);
    this.faces = new Float64Array(cap);
    this.flags = new Uint8Array(cap);
    this.vals2 = new Float64Array(this.explode === 1 ? cap * 2 : 1);
    this.faces2 = new Float64Array(this.explode === 1 ? cap * 2 : 1);
    this.flags2 = new Uint8Array(this.explode === 1 ? cap * 2 : 1);
    this.sorted = new Float64Array(this.keep ? cap : 1);
  }

  /** One die's face as the term sees it (fudge dice mapped to −1, 0, +1). */
  draw(src: DiceSource, label: string): number {
    const f = drawFace(src, this.drawSides, label);
    if (this.kind === 0) return f;
    if (this.kind === 1) return f - 2;
    return f === 1 ? -1 : f === 6 ? 1 : 0;
  }

  /** A closure returning only the term's total: a sort-free fast path when there is one, else run(). */
  totalFn(label: string): (src: DiceSource) => number {
    return fastTotal(this, label) ?? ((src) => this.run(src, label));
  }

  /** Make room for `need` items in the spare buffers, keeping what they hold. */
  growSpare(need: number): void {
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

  /** The spare buffers become the items and the other way round. */
  swapBuffers(): void {
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

  /**
   * Roll the term; returns its contribution to the total and leaves the items in the buffers.
   * The order of work is rpg-dice-roller's (see roll-modifiers.ts), and so is the order of draws.
   */
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
    clampDice(this, src, label);
    let m = n;
    if (this.explode === 2) compound(this, src, label);
    else if (this.explode === 1) m = explodeSeparately(this, src, label);
    if (this.reroll !== 0) reroll(this, m, src, label);
    this.m = m;
    return keptTotal(this, m);
  }
}
