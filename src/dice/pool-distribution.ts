// The exact distribution of a pool (`{1d8!, 1d6!}kh1`): its items are independent, each with its own
// distribution; the total is the sum of the kept ones. Items are taken one at a time, keeping for each
// reachable outcome only what can still matter — the `count` best totals so far (highest for keep-high,
// lowest for keep-low), sorted — with its probability: for keep-1 that is one value, so the work is
// about (items × values²), not the product of every item's values.
import type { PoolSelect } from './ast.ts';
import { keptRange } from './constant.ts';
import { Distribution } from './distribution.ts';
import { charge } from './work-budget.ts';

export function poolDistribution(items: readonly Distribution[], select: PoolSelect | null): Distribution {
  const n = items.length;
  const [lo, hi] = keptRange(n, select);
  const k = hi - lo;
  if (k === n) return items.reduce((a, b) => a.plus(b));
  // keep the k highest (the positions [n − k, n) ascending) or the k lowest ([0, k))
  const high = hi === n;
  let states = new Map<string, { best: number[]; p: number }>([['', { best: [], p: 1 }]]);
  for (const d of items) {
    charge(states.size * d.values.length * (k + 1), `a pool of ${n} items keeping ${k}`);
    const next = new Map<string, { best: number[]; p: number }>();
    for (const { best, p } of states.values()) {
      for (let j = 0; j < d.values.length; j++) {
        const v = d.values[j];
        const merged = [...best, v].sort((a, b) => a - b);
        if (merged.length > k) {
          if (high) merged.shift();
          else merged.pop();
        }
        const key = merged.join(',');
        const had = next.get(key);
        if (had) had.p += p * d.probs[j];
        else next.set(key, { best: merged, p: p * d.probs[j] });
      }
    }
    states = next;
  }
  const sums = new Map<number, number>();
  for (const { best, p } of states.values()) {
    const s = best.reduce((a, b) => a + b, 0);
    sums.set(s, (sums.get(s) ?? 0) + p);
  }
  // the chance that any item's explosion chain was cut
  const tail = 1 - items.reduce((q, d) => q * (1 - d.tailMass), 1);
  return Distribution.fromPairs(sums, tail);
}
