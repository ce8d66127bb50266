/**
 * Encounters in play, in memory: the engine's EncounterLog rebuilt from the store on first use and
 * kept while used (least recently used ones are dropped past a bound). The store is the truth: after
 * any failed commit the entry is dropped and rebuilt from it, so memory never runs ahead of it.
 *
 * Work on one encounter runs one at a time in this process (`exclusive`), and starts by catching up with
 * the store: another process may have appended since (PostgreSQL), and a command is decided on the log
 * as it stands. What catching up brings in goes to the publisher, as if committed here.
 */
import { Checkpoints, createEngine, EncounterLog, type Command, type EncounterState, type Engine, type LoggedEvent, type Ruleset } from '../engine/index.ts';
import { rulesetById } from '../rulesets/index.ts';
import type { EncounterRow, Store } from '../store/index.ts';
import { mark } from '../store/trace.ts';

/** An append's events and the bodies of their commands, as stored (told by another process). */
export interface Logged {
  events: LoggedEvent[];
  commands: Record<string, Command>;
}

export interface Live {
  row: EncounterRow;
  ruleset: Ruleset;
  engine: Engine;
  log: EncounterLog;
}

/** Who hears what catching up brought in (the WebSocket hub). */
export interface CatchUpListener {
  /** Events appended by others, now in `live`; `before` is the state before them. */
  caughtUp(live: Live, before: EncounterState, events: readonly LoggedEvent[]): void;
  /** `live` was (re)built from the store: its subscribers may lack its latest events. */
  reloaded(live: Live): void;
  /** The encounter's status or pause changed under us. */
  rowChanged(live: Live): void;
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

/**
 * Events read from the store at a time when an encounter is built from it: a driver reads and decodes a
 * page in one go (2,000 took 5–10 ms here, several times that on a loaded machine: issue 37).
 */
export const READ_PAGE = 500;

/**
 * Work a long read does between two turns of the event loop (folds, projections): short enough that
 * on a loaded machine, where a slice is descheduled part of the way, no other request waits 100 ms.
 */
export const SLICE_MS = 8;

/**
 * A stored log replayed in slices of about `sliceMs`, letting other work in between: a long log (an
 * import of 20,000 events) folds at about 20 µs an event, which in one go would hold every table. The
 * states it keeps along the way (`checkpoints`) let a later undo replay from near its command.
 */
export async function foldInSlices(checkpoints: Checkpoints, events: readonly LoggedEvent[], sliceMs = SLICE_MS): Promise<EncounterState> {
  const steps = checkpoints.steps(events);
  let until = performance.now() + sliceMs;
  for (let r = steps.next(); ; r = steps.next()) {
    if (r.done) return r.value;
    if (performance.now() > until) {
      await new Promise((resolve) => setImmediate(resolve));
      until = performance.now() + sliceMs;
    }
  }
}

export class LiveCache {
  private readonly map = new Map<string, Live>();
  private readonly locks = new Map<string, Promise<void>>();
  /** Encounters with a catch-up queued for what another process appended, which has not read the store yet. */
  private readonly heardOf = new Set<string>();
  /**
   * Encounters another process changed since this one last read them (their next command reads first), and
   * the version told (Infinity: a change of the row, not an append).
   */
  private readonly told = new Map<string, number>();
  /** The store's change feed (its number) each held encounter was last read under. */
  private readonly readIn = new Map<string, number>();
  listener?: CatchUpListener;

  constructor(private readonly store: Store, private readonly max = 1000) {}

  /**
   * Run `fn` with encounter `id` caught up with the store (undefined: there is none), after every earlier
   * `exclusive` of the same encounter in this process has finished. `sync` catches up again (after a
   * stale append); call it only inside `fn`.
   */
  exclusive<T>(id: string, fn: (live: Live | undefined, sync: () => Promise<Live | undefined>) => T | Promise<T>): Promise<T> {
    return this.turn(id, (live, sync) => fn(live, sync), false);
  }

  /**
   * A command's turn: as `exclusive`, but without reading the store first when this process would have
   * heard of any change since it last read the encounter (its store's change feed up and unbroken since,
   * no change heard of) — `read` says whether it read. A command decided on a copy not read again is
   * guarded by its append (the expected version; a player's, the pause; the command id): one that fails in
   * any way reads and is decided again (runCommand), so it is answered as if it had read first.
   */
  command<T>(id: string, fn: (live: Live | undefined, sync: () => Promise<Live | undefined>, read: boolean) => T | Promise<T>): Promise<T> {
    return this.turn(id, fn, true);
  }

  /**
   * Another process changed encounter `id` (its row; `version`: appended up to it): a command reads the
   * store before deciding on it. Told of every change the feed brings, watched here or not.
   */
  changed(id: string, version?: number): void {
    const held = this.map.get(id);
    // one being read now (no copy yet) may have read before this change
    if (held ? version === undefined || held.log.version < version : this.locks.has(id)) this.told.set(id, Math.max(this.told.get(id) ?? 0, version ?? Infinity));
  }

  /** The change feed was down: changes may have been missed, every copy is read again before a command. */
  resynced(): void {
    this.readIn.clear();
  }

  private turn<T>(id: string, fn: (live: Live | undefined, sync: () => Promise<Live | undefined>, read: boolean) => T | Promise<T>, mayTrust: boolean): Promise<T> {
    return this.locked(id, async () => {
      const sync = () => this.sync(id);
      const feed = mayTrust ? this.store.feed?.() : undefined;
      const held = this.map.get(id);
      if (held && feed !== undefined && this.readIn.get(id) === feed && !this.told.has(id)) return await fn(held, sync, false);
      return await fn(await sync(), sync, true);
    });
  }

  /** `fn` after every earlier turn of encounter `id` in this process has finished. */
  private async locked<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(id);
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const chain = prev ? prev.then(() => mine) : mine;
    this.locks.set(id, chain);
    try {
      if (prev) await prev;
      return await fn();
    } finally {
      release();
      if (this.locks.get(id) === chain) this.locks.delete(id);
    }
  }

  /** The encounter caught up with the store (a read: the caller uses it before its next await). */
  get(id: string): Promise<Live | undefined> {
    return this.exclusive(id, (live) => live);
  }

  /**
   * Another process appended encounter `id` up to `version`: catch up (the listener is told what came),
   * unless memory holds that much already or a catch-up is queued that has not read the store yet — it
   * reads the store as it stands, this append included. A burst of appends costs one read, not one each,
   * and none waits behind the reads of the others.
   */
  async heard(id: string, version: number, logged?: Logged): Promise<void> {
    const held = this.map.get(id);
    if ((held && held.log.version >= version) || this.heardOf.has(id)) return;
    if (held && logged) return this.locked(id, () => (mark(id, version, 'locked'), this.apply(id, version, logged)));
    this.heardOf.add(id);
    await this.get(id);
  }

  /**
   * Another process's append told with its events (`logged`: as stored), holding the encounter's turn: folded
   * onto the copy held when they follow it — no read. Anything else reads the store (a notification missed,
   * or one too long to carry still to come, leaves a gap; events out of order are never folded).
   */
  private async apply(id: string, version: number, logged: Logged): Promise<void> {
    const live = this.map.get(id);
    // read already that far: nothing to do
    if (live && live.log.version >= version) return;
    const from = live?.log.version ?? 0;
    const { events } = logged;
    // dropped meanwhile (a failed commit), or a gap: read, as a notification without its events would
    if (!live || events.length !== version - from || events.some((e, i) => e?.seq !== from + i + 1)) {
      await this.sync(id);
      return;
    }
    await this.catchUp(live, version, logged);
    const changed = live.row.status !== live.log.state.status;
    live.row.version = version;
    live.row.status = live.log.state.status;
    if (changed) this.listener?.rowChanged(live);
    // told of nothing past this: the copy is as a read would make it
    if ((this.told.get(id) ?? 0) <= version) this.told.delete(id);
  }

  /** Held in memory already (no store read, no catching up): for what only matters when it is. */
  peek(id: string): Live | undefined {
    return this.map.get(id);
  }

  /** Catch up with the store, or build from it: call only while holding the encounter's turn. */
  private async sync(id: string): Promise<Live | undefined> {
    // whatever was heard of until now is in the row read next
    this.heardOf.delete(id);
    this.told.delete(id);
    const feed = this.store.feed?.();
    this.readIn.delete(id);
    const held = this.map.get(id);
    // held: the row and what follows in memory in one read, where the store can
    const read = held && this.store.since ? await this.store.since(id, held.log.version) : undefined;
    const row = read ? read.row : await this.store.encounter(id);
    let live = this.map.get(id);
    if (!row) {
      this.map.delete(id);
      return undefined;
    }
    if (live && row.version < live.log.version) {
      // memory ahead of the store: never kept, but never trusted either
      this.map.delete(id);
      live = undefined;
    }
    if (!live) {
      live = await this.load(row);
      this.listener?.reloaded(live);
    } else {
      if (row.version > live.log.version) await this.catchUp(live, row.version, live === held ? read : undefined);
      const changed = row.status !== live.row.status || row.paused !== live.row.paused;
      Object.assign(live.row, row);
      if (changed) this.listener?.rowChanged(live);
    }
    if (feed !== undefined) this.readIn.set(id, feed);
    // refresh recency (Map keeps insertion order)
    this.map.delete(id);
    this.map.set(id, live);
    while (this.map.size > this.max) this.evict(this.map.keys().next().value!);
    return live;
  }

  private async load(row: EncounterRow): Promise<Live> {
    const engine = engineFor(row.ruleset);
    if (!engine) throw new Error(`encounter ${row.id} uses unknown ruleset ${row.ruleset}`);
    // read in pages, folded in slices: a long log held every table
    const events: LoggedEvent[] = [];
    while (events.length < row.version) {
      const page = await this.store.events(row.id, events.length, Math.min(row.version, events.length + READ_PAGE));
      if (page.length === 0) break;
      for (const e of page) events.push(e);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const commands = await this.store.logCommands(row.id);
    const checkpoints = new Checkpoints(engine);
    const state = await foldInSlices(checkpoints, events);
    const live: Live = { row, ruleset: engine.ruleset, engine, log: EncounterLog.fromEvents(engine, events, commands, state, checkpoints) };
    if (live.log.version !== row.version) throw new Error(`encounter ${row.id}: ${live.log.version} events stored but version ${row.version}`);
    return live;
  }

  /** The events others appended up to `version` (`read`: read already), folded into `live` as the engine folds its own. */
  private async catchUp(live: Live, version: number, read?: { events: LoggedEvent[]; commands: Record<string, Command> }): Promise<void> {
    const from = live.log.version;
    const events = read ? read.events : await this.store.events(live.row.id, from, version);
    if (events.length !== version - from || events.some((e, i) => e.seq !== from + i + 1)) throw new Error(`encounter ${live.row.id}: the log after ${from} is not contiguous`);
    const cmds = [...new Set(events.map((e) => e.cmd))];
    Object.assign(live.log.commands, read ? read.commands : await this.store.logCommands(live.row.id, cmds));
    const before = live.log.state;
    live.log.events.push(...events);
    // an undo or redo changes what earlier events mean: replay (from the state kept before what it changes); anything else folds on
    if (events.some((e) => e.type === 'undo' || e.type === 'redo')) live.log.state = live.log.checkpoints.replay(live.log.events);
    else live.log.state = events.reduce((s, e) => live.engine.evolve(s, e), before);
    live.log.checkpoints.offer(live.log.events, live.log.version, live.log.state);
    mark(live.row.id, version, 'folded');
    this.listener?.caughtUp(live, before, events);
    mark(live.row.id, version, 'framed');
  }

  evict(id: string): void {
    this.map.delete(id);
    this.readIn.delete(id);
  }

  /** Drop every held encounter of a table (it was deleted). */
  evictTable(tableId: string): void {
    for (const [id, live] of this.map) if (live.row.tableId === tableId) this.evict(id);
  }

  /** The ids of the encounters held in memory. */
  held(): string[] {
    return [...this.map.keys()];
  }

  get size(): number {
    return this.map.size;
  }
}
