/**
 * Encounters in play, in memory: the engine's EncounterLog rebuilt from the store on first use and
 * kept while used (least recently used ones are dropped past a bound). The store is the truth: after
 * any failed commit the entry is dropped and rebuilt from the file, so memory never runs ahead of it.
 */
import { createEngine, EncounterLog, type Engine, type Ruleset } from '../engine/index.ts';
import { rulesetById } from '../rulesets/index.ts';
import type { EncounterRow, Store } from '../store/index.ts';

export interface Live {
  row: EncounterRow;
  ruleset: Ruleset;
  engine: Engine;
  log: EncounterLog;
}

const engines = new Map<string, Engine>();

export function engineFor(rulesetId: string): Engine | undefined {
  let e = engines.get(rulesetId);
  if (!e) {
    const r = rulesetById(rulesetId);
    if (!r) return undefined;
    e = createEngine(r);
    engines.set(rulesetId, e);
  }
  return e;
}

export class LiveCache {
  private readonly map = new Map<string, Live>();

  constructor(private readonly store: Store, private readonly max = 1000) {}

  get(id: string): Live | undefined {
    const hit = this.map.get(id);
    if (hit) {
      // refresh recency (Map keeps insertion order)
      this.map.delete(id);
      this.map.set(id, hit);
      return hit;
    }
    const row = this.store.encounter(id);
    if (!row) return undefined;
    const engine = engineFor(row.ruleset);
    if (!engine) throw new Error(`encounter ${id} uses unknown ruleset ${row.ruleset}`);
    const live: Live = { row, ruleset: engine.ruleset, engine, log: EncounterLog.fromEvents(engine, this.store.events(id), this.store.logCommands(id)) };
    if (live.log.version !== row.version) throw new Error(`encounter ${id}: ${live.log.version} events stored but version ${row.version}`);
    this.map.set(id, live);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return live;
  }

  evict(id: string): void {
    this.map.delete(id);
  }

  get size(): number {
    return this.map.size;
  }
}
