/**
 * The numbers naming one move search in the store (searches.ts, SearchStore.numbers): written into one
 * reused array and hashed as numbers, so asking the store builds no text.
 */
/** Text given a number of its own (SearchKey.addText): never reused, so a number always means one text. */
const texts = new Map<string, number>();
let nextText = 0;
function textNumber(s: string): number {
  let n = texts.get(s);
  if (n === undefined) {
    if (texts.size >= 100_000) texts.clear();
    texts.set(s, (n = nextText++));
  }
  return n;
}

// a number's two 32-bit halves, for hashing one that is not a small whole number
const f64 = new Float64Array(1);
const i32 = new Int32Array(f64.buffer);

/**
 * The numbers naming one search in a store's number scope (NumberScope.key): which scope and map content
 * (written by `key`), then whatever the asker adds — everything its search reads besides the map. Two keys
 * name the same search when they hold the same numbers, as many of them: a list whose length varies must be
 * preceded by its count (or be last). One per scope, emptied by each `key(map)`: fill it and ask at once.
 */
export class SearchKey {
  /** @internal the numbers, the first `length` of them in use */
  words = new Float64Array(32);
  length = 0;

  add(n: number): this {
    if (this.length === this.words.length) {
      const w = new Float64Array(this.words.length * 2);
      w.set(this.words);
      this.words = w;
    }
    this.words[this.length++] = n;
    return this;
  }

  /** A text as a number: the same text, the same number, for as long as the process runs. */
  addText(s: string): this {
    return this.add(textNumber(s));
  }

  /** Sets the number at `i` (< length): a count written once the list after it is known. */
  set(i: number, n: number): void {
    this.words[i] = n;
  }

  /** Keeps the first `n` numbers (a narrower question built on a key, then the key itself again). */
  truncate(n: number): void {
    this.length = Math.min(this.length, n);
  }

  /**
   * The first `n` numbers (default all), copied: a key to hold beside the one reused (`is` compares them). A
   * plain array: a typed one this size would take a backing store of its own, slow to make and to collect.
   */
  copy(n = this.length): number[] {
    n = Math.min(n, this.length);
    const out: number[] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.words[i];
    return out;
  }

  /** Whether this key holds exactly the numbers `words` holds. */
  is(words: readonly number[]): boolean {
    const n = this.length;
    if (words.length !== n) return false;
    const w = this.words;
    for (let i = 0; i < n; i++) if (w[i] !== words[i]) return false;
    return true;
  }

  /** A 30-bit hash of the numbers (a small integer: a Map keyed by it hashes nothing more). */
  hash(): number {
    const w = this.words;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < this.length; i++) {
      const x = w[i];
      if ((x | 0) === x) h = Math.imul(h ^ x, 0x01000193);
      else {
        f64[0] = x;
        h = Math.imul(Math.imul(h ^ i32[0], 0x01000193) ^ i32[1], 0x01000193);
      }
    }
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    return h & 0x3fffffff;
  }
}
