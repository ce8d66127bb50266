// Sort-free, allocation-free totals for the common terms: no modifiers (`1d20`, `2d6`) and
// keep/drop only (`4d6kh3`, `2d20kh1`; marks that do not change the total are ignored here).
// These closures are the simulator's hot path, so draw.ts's drawFace is written out by hand in
// each: one call level less keeps the source's draw inlined (measured 4–10% in bench/dice.bench.ts).
import { badFace } from './draw.ts';
import { insertSorted } from './roll-modifiers.ts';
import type { Term } from './rolled-term.ts';
import type { DiceSource } from './source.ts';

/** The term's total as a closure, or null when the term needs the general run(). */
export function fastTotal(t: Term, label: string): ((src: DiceSource) => number) | null {
  if (t.mode === 2) return null;
  const n = t.count;
  const s = t.drawSides;
  const bad = (f: number): never => badFace(f, s, label);
  if (t.mode === 0) {
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
  const lo = t.klo;
  const hi = t.khi;
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
  // otherwise keep the faces sorted as they are drawn
  const buf = new Float64Array(n);
  return (src) => {
    for (let i = 0; i < n; i++) {
      const f = src.roll(s, label);
      if (!(f >= 1 && f <= s) || (f | 0) !== f) bad(f);
      insertSorted(buf, i, f);
    }
    let total = 0;
    for (let j = lo; j < hi; j++) total += buf[j];
    return total;
  };
}
