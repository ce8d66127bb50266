// CellQueue pops exactly as CellHeap does — by cost, then first in first out — for any pushes a Dijkstra
// makes (none below the cost last popped): whole costs in its buckets, the rest (and costs past the
// buckets) in its heap, ties between the two settled by push order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CellQueue } from './cell-queue.ts';
import { CellHeap } from './heap.ts';

// a step: push a cost this far above the last popped one (whole, half, or past the buckets), or pop
const step = fc.oneof(
  fc.record({ push: fc.constantFrom(0, 1, 2, 3, 0.5, 1.5, 2000) }),
  fc.constant({ pop: true as const }),
);

describe('CellQueue', () => {
  it('pops in the heap order, with the same costs, for monotone pushes', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 300 }), (steps) => {
        const q = new CellQueue();
        const h = new CellHeap();
        let floor = 0;
        let cell = 0;
        for (const s of steps) {
          if ('push' in s) {
            q.push(floor + s.push, cell);
            h.push(floor + s.push, cell++);
          } else if (h.size > 0) {
            expect(q.pop()).toBe(h.pop());
            expect(q.lastCost).toBe(h.lastCost);
            floor = h.lastCost;
          }
          expect(q.size).toBe(h.size);
        }
        while (h.size > 0) {
          expect(q.pop()).toBe(h.pop());
          expect(q.lastCost).toBe(h.lastCost);
        }
      }),
    );
  });

  it('starts afresh after clear', () => {
    const q = new CellQueue();
    q.push(3, 7);
    q.push(1.5, 8);
    q.clear();
    expect(q.size).toBe(0);
    q.push(2, 9);
    q.push(0, 10);
    expect([q.pop(), q.lastCost, q.pop(), q.lastCost]).toEqual([10, 0, 9, 2]);
  });
});
