/**
 * The path search's queue of cell indices: it pops in the order of CellHeap — lowest cost first, equal
 * costs first in, first out — but most moves cost whole numbers (1 a step, 2 in difficult ground), and a
 * Dijkstra never pushes a cost below the one it last popped, so whole costs go into buckets, one per
 * cost, each a list in push order: a push and a pop cost a few array writes instead of a heap's sifting.
 * A cost that is not whole (a swim's 1.5 diagonal), or past the buckets, goes to a heap beside them; each
 * entry keeps its push number, so a tie between the two is settled as the heap alone would settle it.
 */
import { CellHeap, doubled } from './heap.ts';

/** Whole costs up to this go into buckets (a search's budget is a unit's movement: tens at most). */
const MAX_BUCKET = 1023;

export class CellQueue {
  /** Per bucket: its first and last entry (−1: empty). */
  private head = new Int32Array(MAX_BUCKET + 1).fill(-1);
  private tail = new Int32Array(MAX_BUCKET + 1).fill(-1);
  /** Entries, in push order: the cell, its push number, the next entry of its bucket. */
  private cell = new Int32Array(256);
  private seq = new Float64Array(256);
  private next = new Int32Array(256);
  private entries = 0;
  /** The lowest bucket that may hold entries, and the highest one used since the last clear. */
  private low = 0;
  private high = -1;
  private inBuckets = 0;
  private readonly spill = new CellHeap();
  private nextSeq = 0;
  lastCost = 0;

  get size(): number {
    return this.inBuckets + this.spill.size;
  }

  clear(): void {
    if (this.high >= 0) {
      this.head.fill(-1, 0, this.high + 1);
      this.tail.fill(-1, 0, this.high + 1);
    }
    this.entries = this.inBuckets = this.nextSeq = this.low = 0;
    this.high = -1;
    this.spill.clear();
  }

  push(cost: number, cell: number): void {
    const seq = this.nextSeq++;
    if (!(cost >= this.low && cost <= MAX_BUCKET && (cost | 0) === cost)) {
      this.spill.pushWithSeq(cost, cell, seq);
      return;
    }
    if (this.entries === this.cell.length) [this.cell, this.seq, this.next] = [doubled(this.cell), doubled(this.seq), doubled(this.next)];
    const e = this.entries++;
    this.cell[e] = cell;
    this.seq[e] = seq;
    this.next[e] = -1;
    const t = this.tail[cost];
    if (t < 0) this.head[cost] = e;
    else this.next[t] = e;
    this.tail[cost] = e;
    if (cost > this.high) this.high = cost;
    this.inBuckets++;
  }

  /** The cell of lowest (cost, push number); its cost is left in `lastCost`. */
  pop(): number {
    if (this.inBuckets > 0) {
      while (this.head[this.low] < 0) this.low++;
      const e = this.head[this.low];
      const spill = this.spill;
      // the heap's top first when cheaper, or as cheap and pushed earlier
      if (spill.size > 0 && (spill.topCost < this.low || (spill.topCost === this.low && spill.topSeq < this.seq[e]))) {
        const c = spill.pop();
        this.lastCost = spill.lastCost;
        return c;
      }
      const n = this.next[e];
      this.head[this.low] = n;
      if (n < 0) this.tail[this.low] = -1;
      this.inBuckets--;
      this.lastCost = this.low;
      return this.cell[e];
    }
    const c = this.spill.pop();
    this.lastCost = this.spill.lastCost;
    return c;
  }
}
