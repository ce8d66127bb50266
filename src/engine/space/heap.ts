/** Binary min-heaps for the path search (path.ts): a generic one and one of cell indices in typed arrays. */

/** A typed array twice as long holding `a`'s items first (the heap's and CellQueue's arrays grow so). */
export function doubled<A extends Float64Array | Int32Array>(a: A): A {
  const b = new (a.constructor as new (n: number) => A)(a.length * 2);
  b.set(a);
  return b;
}

/** A binary min-heap on (cost, then insertion order) so equal costs come out first-in first-out. */
export class Heap<T> {
  private items: { cost: number; seq: number; cell: T }[] = [];
  private seq = 0;
  get size(): number {
    return this.items.length;
  }
  private less(i: number, j: number): boolean {
    const a = this.items[i];
    const b = this.items[j];
    return a.cost < b.cost || (a.cost === b.cost && a.seq < b.seq);
  }
  private swap(i: number, j: number): void {
    const t = this.items[i];
    this.items[i] = this.items[j];
    this.items[j] = t;
  }
  push(cost: number, cell: T): void {
    this.items.push({ cost, seq: this.seq++, cell });
    let i = this.items.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  pop(): { cost: number; cell: T } | undefined {
    const top = this.items[0];
    const last = this.items.pop();
    if (this.items.length > 0 && last) {
      this.items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.items.length && this.less(l, m)) m = l;
        if (r < this.items.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}

/**
 * The same heap for cell indices, in typed arrays: no object per push. `pop` returns the index and
 * leaves its cost in `lastCost`.
 */
export class CellHeap {
  private cost = new Float64Array(64);
  private seq = new Float64Array(64);
  private cell = new Int32Array(64);
  private n = 0;
  private nextSeq = 0;
  lastCost = 0;
  get size(): number {
    return this.n;
  }
  /** Empty it for another search, keeping the arrays (a search runs for every legal-action listing). */
  clear(): void {
    this.n = 0;
    this.nextSeq = 0;
  }
  private less(i: number, j: number): boolean {
    return this.cost[i] < this.cost[j] || (this.cost[i] === this.cost[j] && this.seq[i] < this.seq[j]);
  }
  private swap(i: number, j: number): void {
    const c = this.cost[i];
    this.cost[i] = this.cost[j];
    this.cost[j] = c;
    const s = this.seq[i];
    this.seq[i] = this.seq[j];
    this.seq[j] = s;
    const k = this.cell[i];
    this.cell[i] = this.cell[j];
    this.cell[j] = k;
  }
  push(cost: number, cell: number): void {
    this.pushWithSeq(cost, cell, this.nextSeq++);
  }
  /** A push numbered by the caller (CellQueue numbers its buckets' entries and these alike). */
  pushWithSeq(cost: number, cell: number, seq: number): void {
    if (this.n === this.cost.length) {
      this.cost = doubled(this.cost);
      this.seq = doubled(this.seq);
      this.cell = doubled(this.cell);
    }
    let i = this.n++;
    this.cost[i] = cost;
    this.seq[i] = seq;
    this.cell[i] = cell;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  /** The cost and push number of the cell `pop` would give (size > 0). */
  get topCost(): number {
    return this.cost[0];
  }
  get topSeq(): number {
    return this.seq[0];
  }
  pop(): number {
    const top = this.cell[0];
    this.lastCost = this.cost[0];
    this.n--;
    if (this.n > 0) {
      this.cost[0] = this.cost[this.n];
      this.seq[0] = this.seq[this.n];
      this.cell[0] = this.cell[this.n];
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.n && this.less(l, m)) m = l;
        if (r < this.n && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}
