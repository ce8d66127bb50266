/**
 * Move searches already made, kept for the next time the same one is asked: one bounded store for every
 * ruleset, instead of a cache of its own in each (duel60's LRU of 2,000, outerah's per map content,
 * phase20's per map). The same searches recur — listing the moves and then making one asks twice, each
 * listing after an attack asks again, and every simulated fight of an encounter starts from the same
 * places — and a search costs a Dijkstra and a result Map of every reachable cell.
 *
 * What a ruleset gives: the map, and a key spelling out everything else its search reads (the start,
 * the budget, the cells others take that it could meet, what lets the unit fly or swim...). A kept
 * search is never stale: a map is never changed in place (a `map.set` event puts a new one in), and maps
 * are told apart by content, so a fight that puts in a new map equal to one seen before (a burnt fence,
 * the same in every fight that burns it) finds that map's searches. Results are shared: nobody may
 * change one.
 *
 * Bounded two ways: at most `kept` cells in all the searches kept (the least recently used go first,
 * by generations: a hit costs one lookup), and at most `maps` map contents remembered (a long run meets
 * many boards).
 *
 * Two ways to name a search: a text key (`get`, `scope`), or a key of numbers (`numbers`: a SearchKey the
 * asker fills with the start, the budget, the cells others hold...). A text key is built and hashed afresh
 * on every ask; a key of numbers is written into one reused array and hashed as numbers, so an ask builds
 * nothing. Both live in the same generations under the same bound.
 */
import type { GridMap } from '../types.ts';
import { Reached, type Reach } from './path.ts';
import { SearchKey } from './search-key.ts';

export { SearchKey };

export interface SearchStoreOptions {
  /**
   * How much is kept at most, in cells: a search weighs the cells it reached (a Map's size, a
   * Reached's count; anything else weighs 1). Default 400,000 — about 25 MB (4,000 searches of a hundred cells); a count of
   * searches would let a big map's searches, thousands of cells each, take a gigabyte.
   */
  kept?: number;
  /** Map contents told apart at most (default 64): past that, new maps start afresh. */
  maps?: number;
}

/** Counts since the store was made (benches read the hit rate). */
export interface SearchStoreStats {
  hits: number;
  misses: number;
  /** Searches held now, and their weight (cells). */
  kept: number;
  cells: number;
}

/** What a kept search weighs: the cells it reached (a Map's entries, a Reached's count), else 1. */
const weigh = (r: unknown): number => (r instanceof Map ? Math.max(1, r.size) : r instanceof Reached ? Math.max(1, r.count) : 1);

/** A store's searches under one asker's name (SearchStore.scope). */
export interface SearchScope<R> {
  get(map: GridMap, key: string, search: () => R): R;
  /** The search kept under `key`, if one is (a hit), else undefined (nothing searched, nothing counted). */
  find(map: GridMap, key: string): R | undefined;
  /** Keeps `r` as the search `key` names (made by the asker itself: the same answer `get`'s search would give). */
  put(map: GridMap, key: string, r: R): void;
}

/** A search kept under a key of numbers; searches whose keys hash alike are chained. */
interface Kept<R> {
  words: number[];
  r: R;
  next: Kept<R> | undefined;
}

/** A store's searches under one asker's name, named by keys of numbers (SearchStore.numbers). */
export interface NumberScope<R> {
  /** This scope's key, emptied and begun with the map's content: add the numbers naming the search, then ask. */
  key(map: GridMap): SearchKey;
  /** The search `key` names: the one kept, else `search()`'s answer, kept (`search` must read nothing the key leaves out). */
  get(key: SearchKey, search: () => R): R;
  /** The search kept under `key`, if one is (a hit), else undefined (nothing searched, nothing counted). */
  find(key: SearchKey): R | undefined;
  /** Keeps `r` as the search `key` names (made by the asker itself: the same answer `get`'s search would give). */
  put(key: SearchKey, r: R): void;
}

export class SearchStore<R = Map<string, Reach>> {
  private readonly half: number;
  /** The weight in `young` (cells). */
  private youngWeight = 0;
  private readonly maxMaps: number;
  /** Recently used searches; when full it becomes `older` and a new one starts. */
  private young = new Map<string, R>();
  private older = new Map<string, R>();
  /** The same two generations for keys of numbers, by their hash. */
  private youngByNumbers = new Map<number, Kept<R>>();
  private olderByNumbers = new Map<number, Kept<R>>();
  /** Scopes of numbers by name, each a number of its own (the first number of its keys). */
  private readonly numberScopes = new Map<string, number>();
  /** The map last asked of, and its content number (a fight asks of one map over and over). */
  private lastMap: GridMap | undefined;
  private lastMapId = -1;
  /** Each map object's content number (maps of equal content share one). */
  private readonly mapIds = new WeakMap<GridMap, number>();
  private readonly contents = new Map<string, number>();
  /** Never reused, so searches of a content forgotten can never be found for another map. */
  private nextId = 0;
  private hits = 0;
  private misses = 0;

  constructor(options: SearchStoreOptions = {}) {
    this.half = Math.max(1, Math.ceil((options.kept ?? 400_000) / 2));
    this.maxMaps = Math.max(1, options.maps ?? 64);
  }

  /**
   * The search `key` names on `map`: the one kept, else `search()`'s answer, kept. `key` must spell out
   * everything the search reads besides the map — the asker's own name first, when the store is shared
   * (see `scope`) — and `search` must read nothing else.
   */
  get(map: GridMap, key: string, search: () => R): R {
    const full = `${this.mapId(map)}|${key}`;
    let r = this.lookup(full);
    if (r === undefined) {
      this.misses++;
      r = search();
      this.keep(full, r);
    }
    return r;
  }

  /** The search `key` names on `map` if one is kept (a hit), else undefined. */
  find(map: GridMap, key: string): R | undefined {
    return this.lookup(`${this.mapId(map)}|${key}`);
  }

  /** The search kept under `full` (a hit, counted; one found among the older made young again), else undefined. */
  private lookup(full: string): R | undefined {
    let r = this.young.get(full);
    if (r !== undefined) {
      this.hits++;
      return r;
    }
    r = this.older.get(full);
    if (r === undefined) return undefined;
    this.hits++;
    this.keep(full, r);
    return r;
  }

  /** Keeps `r` as the search `key` names on `map` (the asker made it: the very answer `get`'s search gives). */
  put(map: GridMap, key: string, r: R): void {
    this.misses++;
    this.keep(`${this.mapId(map)}|${key}`, r);
  }

  /** This store seen by one asker (a ruleset): its keys are its own, never met by another's. */
  scope<S extends R = Map<string, Reach> & R>(name: string): SearchScope<S> {
    const prefix = `${name}|`;
    return {
      get: (map, key, search) => this.get(map, prefix + key, search) as S,
      find: (map, key) => this.find(map, prefix + key) as S | undefined,
      put: (map, key, r) => this.put(map, prefix + key, r),
    };
  }

  /**
   * This store seen by one asker, its searches named by keys of numbers (SearchKey): an ask builds no text
   * and hashes a few numbers. Its keys are its own, never met by another scope's.
   */
  numbers<S extends R = R>(name: string): NumberScope<S> {
    let id = this.numberScopes.get(name);
    if (id === undefined) this.numberScopes.set(name, (id = this.numberScopes.size));
    const scope = id;
    const key = new SearchKey();
    return {
      key: (map) => {
        key.length = 0;
        return key.add(scope).add(this.mapId(map));
      },
      get: (k, search) => {
        const h = k.hash();
        let r = this.lookupNumbers(k, h);
        if (r === undefined) {
          this.misses++;
          // copied first: a search may ask this scope again (its one key refilled)
          const words = k.copy();
          r = search();
          this.keepNumbers(words, h, r);
        }
        return r as S;
      },
      find: (k) => this.lookupNumbers(k, k.hash()) as S | undefined,
      put: (k, r) => {
        this.misses++;
        this.keepNumbers(k.copy(), k.hash(), r);
      },
    };
  }

  /** The search kept under `key` (hash `h`): a hit, counted, one found among the older made young again; else undefined. */
  private lookupNumbers(key: SearchKey, h: number): R | undefined {
    for (let e = this.youngByNumbers.get(h); e !== undefined; e = e.next) {
      if (key.is(e.words)) {
        this.hits++;
        return e.r;
      }
    }
    for (let e = this.olderByNumbers.get(h); e !== undefined; e = e.next) {
      if (key.is(e.words)) {
        this.hits++;
        this.keepNumbers(e.words, h, e.r);
        return e.r;
      }
    }
    return undefined;
  }

  private keepNumbers(words: number[], h: number, r: R): void {
    this.makeRoom(weigh(r));
    const young = this.youngByNumbers;
    const first = young.get(h);
    // one already kept under these very numbers (a put over a get's): replaced, not chained twice
    let prev: Kept<R> | undefined;
    for (let e = first; e !== undefined; prev = e, e = e.next) {
      if (sameWords(e.words, words)) {
        this.youngWeight += weigh(r) - weigh(e.r);
        e.r = r;
        return;
      }
    }
    const kept: Kept<R> = { words, r, next: undefined };
    if (prev === undefined) young.set(h, kept);
    else prev.next = kept;
    this.youngWeight += weigh(r);
  }

  stats(): SearchStoreStats {
    const kept = new Map([...this.older, ...this.young]);
    let cells = 0;
    for (const r of kept.values()) cells += weigh(r);
    // keys of numbers: one found among the older and made young again is counted once
    const byNumbers = new Map<string, R>();
    for (const gen of [this.olderByNumbers, this.youngByNumbers]) for (const first of gen.values()) for (let e: Kept<R> | undefined = first; e !== undefined; e = e.next) byNumbers.set(e.words.join(','), e.r);
    for (const r of byNumbers.values()) cells += weigh(r);
    return { hits: this.hits, misses: this.misses, kept: kept.size + byNumbers.size, cells };
  }

  /** Forget every search and map (tests; a caller that wants a cold start). */
  clear(): void {
    this.young.clear();
    this.older.clear();
    this.youngByNumbers.clear();
    this.olderByNumbers.clear();
    this.youngWeight = 0;
    this.contents.clear();
    this.nextId++;
    this.hits = this.misses = 0;
  }

  private keep(key: string, r: R): void {
    const weight = weigh(r);
    this.makeRoom(weight);
    this.young.set(key, r);
    this.youngWeight += weight;
  }

  /** Before keeping `weight` more: when the young would pass half the bound, they become the older (both kinds of key at once). */
  private makeRoom(weight: number): void {
    if (this.youngWeight + weight > this.half && (this.young.size > 0 || this.youngByNumbers.size > 0)) {
      this.older = this.young;
      this.young = new Map();
      this.olderByNumbers = this.youngByNumbers;
      this.youngByNumbers = new Map();
      this.youngWeight = 0;
    }
  }

  /** The map's content number: its JSON written once per map object, looked up among the contents seen. */
  private mapId(map: GridMap): number {
    if (map === this.lastMap) return this.lastMapId;
    let id = this.mapIds.get(map);
    if (id === undefined) {
      const content = JSON.stringify(map);
      id = this.contents.get(content);
      if (id === undefined) {
        if (this.contents.size >= this.maxMaps) this.contents.clear();
        id = this.nextId++;
        this.contents.set(content, id);
      }
      this.mapIds.set(map, id);
    }
    this.lastMap = map;
    this.lastMapId = id;
    return id;
  }
}

function sameWords(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The engine's one store of move searches, shared by every ruleset: 400,000 cells at most in all. A
 * ruleset takes its scope once — `const searches = moveSearches.scope('duel60')` — and asks
 * `searches.get(map, key, () => reachable(map, from, budget, rules))`; or, with keys of numbers,
 * `const searches = moveSearches.numbers('duel60')` and
 * `searches.get(searches.key(map).add(x).add(y).add(budget), () => reachable(...))`.
 */
export const moveSearches = new SearchStore<unknown>();
