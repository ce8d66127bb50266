// The shared store of move searches: a kept search is found again (for an equal map too), an asker's keys
// are its own, and the store stays within its bounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GridMap } from '../types.ts';
import { reachable } from './path.ts';
import { moveSearches, SearchKey, SearchStore } from './searches.ts';

const map = (cells: GridMap['cells'] = {}): GridMap => ({ kind: 'grid', width: 6, height: 4, cells });

describe('SearchStore', () => {
  it('searches once per key and map content, and gives the kept result back', () => {
    const store = new SearchStore();
    let searched = 0;
    const m = map({ '2,1': { blocksMove: true } });
    const search = () => (searched++, reachable(m, { x: 0, y: 0 }, 3));
    const a = store.get(m, '0,0|3', search);
    expect(store.get(m, '0,0|3', search)).toBe(a);
    // a new map object of the same content (a map.set putting an equal map in) finds it too
    expect(store.get(structuredClone(m), '0,0|3', search)).toBe(a);
    expect(searched).toBe(1);
    expect(a).toEqual(reachable(m, { x: 0, y: 0 }, 3));
    // another content, or another key, searches afresh
    store.get(map(), '0,0|3', () => (searched++, reachable(map(), { x: 0, y: 0 }, 3)));
    store.get(m, '0,0|2', () => (searched++, reachable(m, { x: 0, y: 0 }, 2)));
    expect(searched).toBe(3);
    expect(store.stats()).toMatchObject({ hits: 2, misses: 3, kept: 3 });
  });

  it('keeps each asker apart under its scope', () => {
    const store = new SearchStore<unknown>();
    const m = map();
    const a = store.scope<string>('a');
    const b = store.scope<string>('b');
    expect(a.get(m, 'k', () => 'from a')).toBe('from a');
    expect(b.get(m, 'k', () => 'from b')).toBe('from b');
    expect(a.get(m, 'k', () => 'again')).toBe('from a');
  });

  it('keeps at most `kept` searches, the recently used ones', () => {
    const store = new SearchStore<number>({ kept: 10 });
    const m = map();
    let made = 0;
    const ask = (k: number) => store.get(m, String(k), () => (made++, k));
    for (let k = 0; k < 100; k++) {
      ask(k);
      ask(0); // used all along: never forgotten
      expect(store.stats().kept).toBeLessThanOrEqual(10);
    }
    expect(made).toBe(100);
    // the last few are still there, the early ones are gone
    ask(99);
    expect(made).toBe(100);
    ask(1);
    expect(made).toBe(101);
  });

  it('weighs a search by the cells it reached: big maps keep fewer', () => {
    const store = new SearchStore({ kept: 200 });
    const big: GridMap = { kind: 'grid', width: 12, height: 12, cells: {} };
    for (let k = 0; k < 40; k++) {
      const at = { x: k % 12, y: Math.floor(k / 12) };
      const r = store.get(big, `${at.x},${at.y}|3`, () => reachable(big, at, 3));
      expect(r.size).toBeGreaterThan(15);
      expect(store.stats().cells).toBeLessThanOrEqual(200);
    }
    expect(store.stats().kept).toBeLessThan(40);
  });

  it('remembers at most `maps` contents, and never finds a forgotten map\'s searches for another', () => {
    const store = new SearchStore<string>({ maps: 2 });
    const maps = [0, 1, 2, 3].map((i) => map({ [`${i},0`]: { cost: 2 } }));
    maps.forEach((m, i) => store.get(m, 'k', () => `map ${i}`));
    // map objects already seen keep their number; a new object of a forgotten content is searched again
    expect(store.get(maps[0], 'k', () => 'again')).toBe('map 0');
    expect(store.get(structuredClone(maps[0]), 'k', () => 'fresh')).toBe('fresh');
  });

  it('is one store for the engine', () => {
    const m = map();
    const s = moveSearches.scope('searches.test');
    const r = s.get(m, '1,1|2', () => reachable(m, { x: 1, y: 1 }, 2));
    expect(s.get(structuredClone(m), '1,1|2', () => new Map())).toBe(r);
  });

  it('finds a kept search without searching, and keeps one its asker made (find, put), each scope its own', () => {
    const store = new SearchStore<string>();
    const m = map();
    const a = store.scope<string>('a');
    const b = store.scope<string>('b');
    expect(a.find(m, 'k')).toBeUndefined();
    expect(store.stats()).toMatchObject({ hits: 0, misses: 0, kept: 0 });
    a.put(m, 'k', 'made by a');
    expect(a.find(structuredClone(m), 'k')).toBe('made by a'); // the same content: the same search
    expect(b.find(m, 'k')).toBeUndefined();
    expect(a.get(m, 'k', () => 'searched')).toBe('made by a');
    expect(store.stats()).toMatchObject({ hits: 2, misses: 1, kept: 1 });
  });
});


describe('SearchStore, keys of numbers (numbers)', () => {
  it('searches once per key and map content, and gives the kept result back', () => {
    const store = new SearchStore<unknown>();
    const s = store.numbers<Map<string, unknown>>('a');
    let searched = 0;
    const m = map({ '2,1': { blocksMove: true } });
    const search = () => (searched++, reachable(m, { x: 0, y: 0 }, 3));
    const a = s.get(s.key(m).add(0).add(0).add(3), search);
    expect(s.get(s.key(m).add(0).add(0).add(3), search)).toBe(a);
    expect(s.get(s.key(structuredClone(m)).add(0).add(0).add(3), search)).toBe(a);
    expect(searched).toBe(1);
    expect(a).toEqual(reachable(m, { x: 0, y: 0 }, 3));
    // another content, another budget, one number more or fewer: another search
    s.get(s.key(map()).add(0).add(0).add(3), () => (searched++, new Map()));
    s.get(s.key(m).add(0).add(0).add(2), () => (searched++, new Map()));
    s.get(s.key(m).add(0).add(0).add(3).add(0), () => (searched++, new Map()));
    s.get(s.key(m).add(0).add(0), () => (searched++, new Map()));
    // fractions are numbers like any other
    s.get(s.key(m).add(0).add(0).add(2.5), () => (searched++, new Map()));
    expect(s.get(s.key(m).add(0).add(0).add(2.5), () => (searched++, new Map()))).toBeInstanceOf(Map);
    expect(searched).toBe(6);
    expect(store.stats()).toMatchObject({ hits: 3, misses: 6, kept: 6 });
  });

  it('keeps each asker apart, and apart from the text keys', () => {
    const store = new SearchStore<string>();
    const m = map();
    const a = store.numbers<string>('a');
    const b = store.numbers<string>('b');
    const text = store.scope<string>('a');
    expect(a.get(a.key(m).add(1), () => 'from a')).toBe('from a');
    expect(b.get(b.key(m).add(1), () => 'from b')).toBe('from b');
    expect(text.get(m, '1', () => 'from text')).toBe('from text');
    expect(a.get(a.key(m).add(1), () => 'again')).toBe('from a');
    expect(store.numbers<string>('a').find(store.numbers<string>('a').key(m).add(1))).toBe('from a');
  });

  it('finds without searching and keeps what its asker made (find, put); texts as numbers', () => {
    const store = new SearchStore<string>();
    const s = store.numbers<string>('a');
    const m = map();
    expect(s.find(s.key(m).addText('sky').add(4))).toBeUndefined();
    s.put(s.key(m).addText('sky').add(4), 'made');
    expect(s.find(s.key(structuredClone(m)).addText('sky').add(4))).toBe('made');
    expect(s.find(s.key(m).addText('space').add(4))).toBeUndefined();
    // a put under the same numbers replaces, and is kept once
    s.put(s.key(m).addText('sky').add(4), 'made again');
    expect(s.get(s.key(m).addText('sky').add(4), () => 'searched')).toBe('made again');
    expect(store.stats()).toMatchObject({ hits: 2, misses: 2, kept: 1 });
  });

  it('lets a key be narrowed and given back (truncate, set, copy, is)', () => {
    const k = new SearchKey().add(1).add(2).add(0);
    k.set(2, 7);
    const whole = k.copy();
    expect([...whole]).toEqual([1, 2, 7]);
    k.add(9);
    expect(k.is(whole)).toBe(false);
    expect([...k.copy(3)]).toEqual([1, 2, 7]);
    k.truncate(3);
    expect(k.is(whole)).toBe(true);
    // grows past its first array
    for (let i = 0; i < 100; i++) k.add(i + 0.5);
    expect(k.length).toBe(103);
    expect(k.copy()[102]).toBe(99.5);
  });

  it('tells apart keys whose hashes collide', () => {
    const store = new SearchStore<string>();
    const s = store.numbers<string>('c');
    const m = map();
    const key = (n: number) => s.key(m).add(n).add(n * 7 + 1);
    // find two keys of one hash among many (a 30-bit hash: some in 100,000)
    const seen = new Map<number, number>();
    let pair: [number, number] | undefined;
    for (let i = 0; i < 200_000 && !pair; i++) {
      const h = key(i).hash();
      const was = seen.get(h);
      if (was !== undefined) pair = [was, i];
      else seen.set(h, i);
    }
    expect(pair).toBeDefined();
    const [i, j] = pair!;
    expect(key(i).hash()).toBe(key(j).hash());
    s.put(key(i), 'i');
    expect(s.find(key(j))).toBeUndefined();
    s.put(key(j), 'j');
    expect(s.find(key(i))).toBe('i');
    expect(s.find(key(j))).toBe('j');
    expect(store.stats().kept).toBe(2);
  });

  it('a search that asks its own scope again (its key refilled) is kept under its own key', () => {
    const store = new SearchStore<string>();
    const s = store.numbers<string>('a');
    const m = map();
    const outer = s.get(s.key(m).add(1), () => s.get(s.key(m).add(2), () => 'inner') + ' and outer');
    expect(outer).toBe('inner and outer');
    expect(s.find(s.key(m).add(1))).toBe('inner and outer');
    expect(s.find(s.key(m).add(2))).toBe('inner');
  });

  it('keeps at most `kept`, both kinds of key together, the recently used ones', () => {
    const store = new SearchStore<number>({ kept: 10 });
    const s = store.numbers<number>('n');
    const m = map();
    let made = 0;
    const ask = (k: number) => (k % 2 ? store.get(m, String(k), () => (made++, k)) : s.get(s.key(m).add(k), () => (made++, k)));
    for (let k = 0; k < 100; k++) {
      ask(k);
      ask(0);
      ask(1);
      expect(store.stats().kept).toBeLessThanOrEqual(10);
    }
    expect(made).toBe(100);
    ask(98);
    ask(99);
    expect(made).toBe(100);
    ask(2);
    ask(3);
    expect(made).toBe(102);
  });

  it('answers as a Map keyed by the numbers would, over random asks', () => {
    const word = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, 1.5, -0, 2 ** 40, -(2 ** 33)));
    const ask = fc.record({ op: fc.constantFrom('get', 'find', 'put'), words: fc.array(word, { maxLength: 4 }), map: fc.integer({ min: 0, max: 2 }) });
    fc.assert(
      fc.property(fc.array(ask, { maxLength: 60 }), (asks) => {
        const store = new SearchStore<number>();
        const s = store.numbers<number>('p');
        const maps = [map(), map({ '1,1': { cost: 2 } }), map()];
        const model = new Map<string, number>();
        let n = 0;
        for (const a of asks) {
          const k = s.key(maps[a.map]);
          for (const w of a.words) k.add(w);
          // maps 0 and 2 are of one content; -0 and 0 one number
          const name = `${a.map === 2 ? 0 : a.map}|${a.words.map((w) => (Object.is(w, -0) ? 0 : w)).join(',')}`;
          if (a.op === 'get') {
            const want = model.get(name) ?? n;
            expect(s.get(k, () => n)).toBe(want);
            if (!model.has(name)) model.set(name, n++);
          } else if (a.op === 'find') expect(s.find(k)).toBe(model.get(name));
          else {
            s.put(k, n);
            model.set(name, n++);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
