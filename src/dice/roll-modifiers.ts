// The modifiers of a rolled dice term, as steps over the term's buffers. The order of work is
// rpg-dice-roller's: every die of the term is rolled first; then min/max clamps; then explosions,
// die by die (each chain rolled to its end); then rerolls, item by item; then keep/drop over all
// items; then success/failure counting (critical marks are only read by the breakdown). Faces are
// drawn from the DiceSource in exactly this order, so a scripted source must list them so too.
import { keptFrom, keptTo, successValue } from './dice-term.ts';
import { DiceError } from './errors.ts';
import { DICE_LIMITS } from './limits.ts';
import { compareMatch } from './math.ts';
import type { Term } from './rolled-term.ts';
import type { DiceSource } from './source.ts';

// marks on an item, read back by the breakdown
export const F_EXPLODED = 1;
export const F_COMPOUND = 2;
export const F_PENETRATED = 4;
export const F_REROLLED = 8;
export const F_REROLLED_ONCE = 16;
export const F_MIN = 32;
export const F_MAX = 64;
export const F_DROPPED = 128;

/** Roll every die of the term into the buffers, clamped by min/max. */
export function clampDice(t: Term, src: DiceSource, label: string): void {
  const vals = t.vals;
  const faces = t.faces;
  const flags = t.flags;
  const minV = t.minV;
  const maxV = t.maxV;
  for (let i = 0; i < t.count; i++) {
    let v = t.draw(src, label);
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

function chainTooLong(t: Term): never {
  throw new DiceError('dice/limit', `a die of ${t.label} exploded more than ${DICE_LIMITS.maxExplosionDepth} times (DICE_LIMITS.maxExplosionDepth)`);
}

/** `!!`: each chain's extra faces (less 1 each when penetrating) are added into the die that started it. */
export function compound(t: Term, src: DiceSource, label: string): void {
  const vals = t.vals;
  for (let i = 0; i < t.count; i++) {
    let check = vals[i];
    if (!compareMatch(t.exOp, t.exV, check)) continue;
    let sum = check;
    let depth = 0;
    do {
      if (++depth > DICE_LIMITS.maxExplosionDepth) chainTooLong(t);
      const r = t.draw(src, label);
      sum += r - t.pen;
      check = r;
    } while (compareMatch(t.exOp, t.exV, check));
    vals[i] = sum;
    t.flags[i] |= F_EXPLODED | F_COMPOUND | (t.pen ? F_PENETRATED : 0);
  }
}

/**
 * `!`: each extra face is a die of its own, placed right after the one that exploded (in the
 * spare buffers, which then swap in). A penetrating extra die counts 1 less but explodes on its
 * raw face. Returns the number of items.
 */
export function explodeSeparately(t: Term, src: DiceSource, label: string): number {
  let k = 0;
  for (let i = 0; i < t.count; i++) {
    if (k + 1 > t.vals2.length) t.growSpare(k + 1);
    t.vals2[k] = t.vals[i];
    t.faces2[k] = t.faces[i];
    t.flags2[k] = t.flags[i];
    k++;
    let check = t.vals[i];
    let depth = 0;
    while (compareMatch(t.exOp, t.exV, check)) {
      if (++depth > DICE_LIMITS.maxExplosionDepth) chainTooLong(t);
      t.flags2[k - 1] |= F_EXPLODED | (t.pen ? F_PENETRATED : 0);
      const r = t.draw(src, label);
      if (k + 1 > t.vals2.length) t.growSpare(k + 1);
      t.vals2[k] = r - t.pen;
      t.faces2[k] = r;
      t.flags2[k] = 0;
      k++;
      check = r;
    }
  }
  t.swapBuffers();
  return k;
}

/** `r` / `ro`: an item matching the compare point gets a fresh face (until it stops matching, or once). */
export function reroll(t: Term, m: number, src: DiceSource, label: string): void {
  const vals = t.vals;
  const once = t.reroll === 2;
  for (let j = 0; j < m; j++) {
    if (!compareMatch(t.rrOp, t.rrV, vals[j])) continue;
    let f = t.draw(src, label);
    if (!once) {
      let tries = 1;
      while (compareMatch(t.rrOp, t.rrV, f)) {
        if (++tries > DICE_LIMITS.maxRerolls) {
          throw new DiceError('dice/limit', `a die of ${t.label} was rerolled ${DICE_LIMITS.maxRerolls} times without settling (DICE_LIMITS.maxRerolls)`);
        }
        f = t.draw(src, label);
      }
    }
    vals[j] = f;
    t.faces[j] = f;
    t.flags[j] |= once ? F_REROLLED_ONCE : F_REROLLED;
  }
}

/**
 * Keep/drop and the sum: the kept items are the ascending sorted positions [lo, hi) (stored on
 * the term for the breakdown); success counting replaces each value by +1 / −1 / 0.
 */
export function keptTotal(t: Term, m: number): number {
  const keep = t.keep;
  const lo = keep ? keptFrom(keep, m) : 0;
  const hi = keep ? keptTo(keep, m) : m;
  t.lo = lo;
  t.hi = hi;
  const target = t.rules.target;
  const vals = t.vals;
  let total = 0;
  if (lo === 0 && hi === m) {
    for (let j = 0; j < m; j++) total += target ? successValue(target, vals[j]) : vals[j];
    return total;
  }
  if (t.sorted.length < m) t.sorted = new Float64Array(Math.max(m, t.sorted.length * 2));
  const s = t.sorted;
  for (let j = 0; j < m; j++) s[j] = vals[j];
  if (m <= 64) {
    for (let i = 1; i < m; i++) insertSorted(s, i, s[i]);
  } else {
    s.subarray(0, m).sort();
  }
  for (let j = lo; j < hi; j++) total += target ? successValue(target, s[j]) : s[j];
  return total;
}

/** Insert x into the ascending buf[0..n), leaving buf[0..n] ascending. */
export function insertSorted(buf: Float64Array, n: number, x: number): void {
  let j = n - 1;
  while (j >= 0 && buf[j] > x) {
    buf[j + 1] = buf[j];
    j--;
  }
  buf[j + 1] = x;
}
