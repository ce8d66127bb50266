// The shared store of move searches: a kept search is found again (for an equal map too), an asker's keys
// are its own, and the store stays within its bounds.
import { describe, expect, it } from 'vitest';
import type { GridMap } from '../types.ts';
import { reachable } from './path.ts';
import { moveSearches, SearchStore } from './searches.ts';

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

