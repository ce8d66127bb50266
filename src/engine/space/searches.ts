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
 */
import type { GridMap } from '../types.ts';
import { Reached, type Reach } from './path.ts';

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

export class SearchStore<R = Map<string, Reach>> {
  private readonly half: number;
  /** The weight in `young` (cells). */
  private youngWeight = 0;
  private readonly maxMaps: number;
  /** Recently used searches; when full it becomes `older` and a new one starts. */
  private young = new Map<string, R>();
  private older = new Map<string, R>();
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

  stats(): SearchStoreStats {
    const kept = new Map([...this.older, ...this.young]);
    let cells = 0;
    for (const r of kept.values()) cells += weigh(r);
    return { hits: this.hits, misses: this.misses, kept: kept.size, cells };
  }

  /** Forget every search and map (tests; a caller that wants a cold start). */
  clear(): void {
    this.young.clear();
    this.older.clear();
    this.youngWeight = 0;
    this.contents.clear();
    this.nextId++;
    this.hits = this.misses = 0;
  }

  private keep(key: string, r: R): void {
    const weight = weigh(r);
    if (this.youngWeight + weight > this.half && this.young.size > 0) {
      this.older = this.young;
      this.young = new Map();
      this.youngWeight = 0;
    }
    this.young.set(key, r);
    this.youngWeight += weight;
  }

  /** The map's content number: its JSON written once per map object, looked up among the contents seen. */
  private mapId(map: GridMap): number {
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
    return id;
  }
}

/**
 * The engine's one store of move searches, shared by every ruleset: 400,000 cells at most in all. A
 * ruleset takes its scope once — `const searches = moveSearches.scope('duel60')` — and asks
 * `searches.get(map, key, () => reachable(map, from, budget, rules))`.
 */
export const moveSearches = new SearchStore<unknown>();
