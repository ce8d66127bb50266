/**
 * Each player's own numbering of an encounter's log. A player receives only the events it may see
 * (src/engine/view.ts); numbered with the log's global seq they would have gaps, and the version would
 * jump past the events received, telling the player *that* hidden events happened. So a player's events
 * carry seq 1, 2, 3… counting only its own, its version is the number of events it has seen, and a
 * command's `expectedVersion` from a player is checked against that count. The GM's numbering is the
 * real one.
 *
 * A player's log is derived from the stored log and the projection alone, and is prefix-stable: whether
 * an event is shown, and how, is decided by the state right before and right after it *as the log stood
 * then* (undo and redo as they were at that point), never by what came later. So an event keeps its
 * number forever, a player's version never goes down, what a live frame carried is exactly what a
 * catch-up carries again, and a reveal shows only the events after it (what was withheld stays withheld).
 *
 * Command ids are renumbered too (the engine's default ids are `c<seq>`, which would give the real count
 * away): a player's alias of a command is `c<its own seq of the command's first event it saw>` — unique,
 * and never one an importing server would hand out next. An `undo`/`redo` of a command the player never
 * saw anything of is withheld (it would only say that something hidden was taken back).
 *
 * The logs are kept with the live encounter (memory only) and extended as the log grows.
 */
import { applyEvent, emptyState, replayLog, viewLog, type EncounterState, type LoggedEvent } from '../engine/index.ts';
import { summaryOf, type Context, type EncounterSummary, type Member } from './context.ts';
import type { EncounterRow } from '../store/index.ts';
import type { Live } from './live.ts';
import { rulesOf } from './projection.ts';

export interface PlayerLog {
  /** The player's events in its own numbering: `seq` i + 1 at index i, command ids aliased. */
  readonly events: LoggedEvent[];
  /** The real seq of each of them (ascending). */
  readonly real: number[];
  /** Real command id → the player's alias. */
  readonly cmds: Map<string, string>;
}

interface Index {
  /** Real events folded so far. */
  upTo: number;
  /** The real state after them (as the engine describes the prefix). */
  state: EncounterState;
  players: Map<string, PlayerLog>;
}

const indexes = new WeakMap<Live, Index>();

const isUndoRedo = (e: LoggedEvent) => e.type === 'undo' || e.type === 'redo';

/** Append projected events (real numbering) to a player's log in its own numbering. */
function add(log: PlayerLog, projected: readonly LoggedEvent[]): void {
  for (const p of projected) {
    const target = isUndoRedo(p) ? log.cmds.get((p as LoggedEvent & { command: string }).command) : undefined;
    if (isUndoRedo(p) && target === undefined) continue;
    const seq = log.events.length + 1;
    let cmd = log.cmds.get(p.cmd);
    if (cmd === undefined) log.cmds.set(p.cmd, (cmd = `c${seq}`));
    log.events.push({ ...p, seq, cmd, ...(target !== undefined ? { command: target } : {}) } as LoggedEvent);
    log.real.push(p.seq);
  }
}

/**
 * Fold real events [from, to) starting from `state` (the real state after `from` events), extending each
 * log; returns the real state after `to`. Runs of ordinary events are projected together (the engine's
 * viewLog folds them one by one); an undo or redo is projected against the state before it, and the state
 * after it is the log's replayed up to it.
 */
function fold(live: Live, state: EncounterState, from: number, to: number, logs: readonly [string, PlayerLog][]): EncounterState {
  const events = live.log.events;
  const appliers = live.ruleset.appliers;
  const rules = rulesOf(live.ruleset);
  let s = state;
  let i = from;
  while (i < to) {
    let j = i + 1;
    if (!isUndoRedo(events[i])) while (j < to && !isUndoRedo(events[j])) j++;
    const run = events.slice(i, j);
    const seed = { type: 'encounter.created', state: s, seq: 0, cmd: '' } as LoggedEvent;
    for (const [player, log] of logs) add(log, viewLog([seed, ...run], { role: 'player', player }, appliers, rules).filter((e) => e.seq !== 0));
    if (isUndoRedo(events[i])) s = replayLog(live.engine, events.slice(0, j));
    else {
      let next = structuredClone(s);
      for (const e of run) next = applyEvent(next, e, appliers);
      s = next;
    }
    i = j;
  }
  return s;
}

/** A player's log of `live`, up to the live log's end. */
export function playerLog(live: Live, player: string): PlayerLog {
  let ix = indexes.get(live);
  if (!ix) indexes.set(live, (ix = { upTo: 0, state: emptyState(), players: new Map() }));
  const to = live.log.version;
  if (ix.upTo < to) {
    ix.state = fold(live, ix.state, ix.upTo, to, [...ix.players]);
    ix.upTo = to;
  }
  let log = ix.players.get(player);
  if (!log) {
    log = { events: [], real: [], cmds: new Map() };
    fold(live, emptyState(), 0, ix.upTo, [[player, log]]);
    ix.players.set(player, log);
  }
  return log;
}

/** The version `p` is told: the real one for the GM, the number of events it has seen for a player. */
export function versionFor(live: Live, p: Member): number {
  return p.role === 'gm' ? live.log.version : playerLog(live, p.playerId).events.length;
}

/** How many of a player's events come at or before real seq `realSeq`. */
export function countUpTo(log: PlayerLog, realSeq: number): number {
  let lo = 0;
  let hi = log.real.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log.real[mid] <= realSeq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `p`'s events with real seq in [from, to] (a command's events), in `p`'s numbering. */
export function eventsBetween(live: Live, p: Member, from: number, to: number): LoggedEvent[] {
  if (p.role === 'gm') return live.log.events.slice(from - 1, to);
  const log = playerLog(live, p.playerId);
  return log.events.slice(countUpTo(log, from - 1), countUpTo(log, to));
}

/** `p`'s events after `after` in its own numbering (catch-up). */
export function eventsAfter(live: Live, p: Member, after: number): LoggedEvent[] {
  if (p.role === 'gm') return live.log.events.slice(Math.max(0, after));
  return playerLog(live, p.playerId).events.slice(Math.max(0, after));
}

/** A state as `p` is told it: a player's `version` is its own. */
export function withVersion(state: EncounterState, version: number): EncounterState {
  return state.version === version ? state : { ...state, version };
}

/** An encounter's summary as `p` is told it (a player's version is its own). */
export function summaryFor(ctx: Context, p: Member, row: EncounterRow): EncounterSummary {
  const s = summaryOf(row);
  if (p.role === 'gm') return s;
  const live = ctx.cache.get(row.id);
  return { ...s, version: live ? versionFor(live, p) : 0 };
}
