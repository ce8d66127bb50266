// Recorded rolls: every die of a rolled term as a DieRoll with its marks, and the one-line
// breakdown (`4d6kh3 [6, 5, 3, 1d] + 2 = 16`) written the way rpg-dice-roller writes it.
import type { DiceExpr, DiceNode } from './ast.ts';
import { successValue } from './dice-term.ts';
import { fmtNum } from './format.ts';
import { keptRange } from './constant.ts';
import { binary, call, finite, matches } from './math.ts';
import {
  F_COMPOUND, F_DROPPED, F_EXPLODED, F_MAX, F_MIN, F_PENETRATED, F_REROLLED, F_REROLLED_ONCE,
} from './roll-modifiers.ts';
import type { DieRoll, RollOptions, RollResult } from './roll-result.ts';
import type { Term } from './rolled-term.ts';
import type { DiceSource } from './source.ts';

/** DieRoll records of the term's last run, in display order. */
function records(t: Term): DieRoll[] {
  const m = t.m;
  // kept marks: stable ascending order by value, positions outside [lo, hi) dropped
  if (t.lo !== 0 || t.hi !== m) {
    const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => t.vals[a] - t.vals[b] || a - b);
    order.forEach((idx, pos) => {
      if (pos < t.lo || pos >= t.hi) t.flags[idx] |= F_DROPPED;
    });
  }
  const { target, critSuccess, critFailure, sort } = t.rules;
  const out: DieRoll[] = [];
  for (let j = 0; j < m; j++) {
    const fl = t.flags[j];
    const value = t.vals[j];
    const d: DieRoll = { term: t.index, sides: t.sides, face: t.faces[j], value, kept: !(fl & F_DROPPED) };
    if (fl & F_EXPLODED) d.exploded = true;
    if (fl & F_COMPOUND) d.compounded = true;
    if (fl & F_PENETRATED) d.penetrated = true;
    if (fl & (F_REROLLED | F_REROLLED_ONCE)) d.rerolled = true;
    if (fl & F_MIN) d.raisedToMin = true;
    if (fl & F_MAX) d.loweredToMax = true;
    if (target) {
      const c = successValue(target, value);
      if (c === 1) d.success = true;
      if (c === -1) d.failure = true;
    }
    if (critSuccess && matches(critSuccess, value)) d.critSuccess = true;
    if (critFailure && matches(critFailure, value)) d.critFailure = true;
    out.push(d);
  }
  if (sort) {
    const dir = sort === 'd' ? -1 : 1;
    out.sort((a, b) => dir * (a.value - b.value));
  }
  return out;
}

/** Marks after a die's value, as rpg-dice-roller writes them. */
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

/**
 * Roll the compiled terms of `expr`, recording every draw and die, and write the breakdown.
 * Draws the same faces in the same order as the compiled total does.
 */
export function rollWithBreakdown(
  expr: DiceExpr,
  notation: string,
  terms: ReadonlyMap<DiceNode, Term>,
  src: DiceSource,
  options?: RollOptions,
): RollResult {
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
  // the text is written after the whole roll (s is a function): a pool marks the dice of the items it drops
  const walk = (e: DiceExpr): { v: number; s: () => string } => {
    switch (e.type) {
      case 'number': return { v: e.value, s: () => fmtNum(e.value) };
      case 'dice': {
        const t = terms.get(e)!;
        const v = t.run(rec, prefix ?? t.label);
        const recs = records(t);
        dice.push(...recs);
        return { v, s: () => `${t.label} [${recs.map((d) => `${fmtNum(d.value)}${flagText(d)}`).join(', ')}]` };
      }
      case 'group': {
        const r = walk(e.expr);
        return { v: r.v, s: () => `(${r.s()})` };
      }
      case 'pool': {
        const items = e.items.map((x) => {
          const from = dice.length;
          const r = walk(x);
          return { ...r, dice: dice.slice(from), bare: x.type === 'dice' || x.type === 'number' };
        });
        // ascending by total, ties in written order (as dice within a term): positions outside [lo, hi) dropped
        const [lo, hi] = keptRange(items.length, e.select);
        const order = items.map((_, i) => i).sort((a, b) => items[a].v - items[b].v || a - b);
        const dropped = new Set(order.filter((_, pos) => pos < lo || pos >= hi));
        for (const i of dropped) for (const d of items[i].dice) d.kept = false;
        const v = order.slice(lo, hi).reduce((s, i) => s + items[i].v, 0);
        const sel = e.select ? `${e.select.kind === 'keep' ? 'k' : 'd'}${e.select.end}${e.select.count}` : '';
        // an item that is more than one term shows its own total; a dropped one says so
        const item = (r: (typeof items)[number], i: number) => `${r.s()}${r.bare ? '' : ` = ${fmtNum(r.v)}`}${dropped.has(i) && !r.dice.length ? ' (dropped)' : ''}`;
        return { v, s: () => `{${items.map(item).join(', ')}}${sel}` };
      }
      case 'negate': {
        const r = walk(e.arg);
        return { v: -r.v, s: () => `-${r.s()}` };
      }
      case 'binary': {
        const l = walk(e.left);
        const r = walk(e.right);
        return { v: binary(e.op, l.v, r.v), s: () => `${l.s()} ${e.op} ${r.s()}` };
      }
      case 'call': {
        const args = e.args.map(walk);
        return { v: call(e.fn, args[0].v, args.length > 1 ? args[1].v : 0), s: () => `${e.fn}(${args.map((a) => a.s()).join(', ')})` };
      }
    }
  };
  const r = walk(expr);
  const total = finite(r.v, `the total of ${notation}`);
  return { notation, total, dice, breakdown: `${r.s()} = ${fmtNum(total)}`, draws };
}
