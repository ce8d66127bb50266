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
 * saw anything of is withheld (it would only say that something hidden was taken back). Effect and
 * decision ids, and the state's `nextId`, are the player's own as well (held.ts).
 *
 * A player's log holds what its state shows: when the player comes to see a unit, effect or decision its
 * log never brought in (a reveal, an undo of a hidden hiding), view-level events bring it in as the state
 * shows it (`unit.added`, `effect.applied`, `pending.opened`, and a `turn.order` when the slots it sees
 * changed with no event saying so). So a player's export replays, reveals included.
 *
 * The logs are kept with the live encounter (memory only) and extended as the log grows.
 */
import { introducedItems, introducedUnits, LogFold, mayBringUnitsIntoSight, NEUTRAL_ORDER_WHY, viewEvent, viewOrder, type EncounterState, type GameEvent, type LoggedEvent, type ViewRules } from '../engine/index.ts';
import { summaryOf, type Context, type EncounterSummary, type Member } from './context.ts';
import type { EncounterRow } from '../store/index.ts';
import { heldEvent, heldState, Holdings, type Ids } from './held.ts';
import { PrefixStates } from './history.ts';
import { SLICE_MS, type Live } from './live.ts';
import { projectState, rulesOf } from './projection.ts';
import { knownTo, sightStep } from './vision.ts';

/**
 * The board as player `p` knows it under fog (vision.ts), as the server checks its commands, lists its
 * actions and reckons its odds: units out of sight marked hidden (treated as units the GM hid), the map
 * only as seen (unseen ground is open ground to it: a move through it is offered, and the engine, on the
 * real board, stops it). The data stays real. The state itself without fog.
 */
export function unitsKnown(live: Live, p: Member, state: EncounterState): EncounterState {
  if (p.role === 'gm') return state;
  const known = knownTo(playerLog(live, p.playerId), p.playerId, state, live.ruleset);
  return known === state ? state : { ...state, units: known.units, map: known.map };
}

export interface PlayerLog {
  /** The player's events in its own numbering: `seq` i + 1 at index i, command, effect and decision ids its own. */
  readonly events: LoggedEvent[];
  /** The real seq of each of them (ascending; the view-level events a real one brings along share its seq). */
  readonly real: number[];
  /** Real command id → the player's alias. */
  readonly cmds: Map<string, string>;
  /** The units, effects and decisions the log holds, and the player's ids of effects and decisions. */
  readonly held: Holdings;
}

interface Index {
  /** Real events folded so far. */
  upTo: number;
  /** The real state after them (as the engine describes the prefix), and how undo and redo get there. */
  fold: LogFold;
  /** States along the real log as it stood, for any prefix's state (history.ts): fed by `fold`. */
  history: PrefixStates;
  players: Map<string, PlayerLog>;
  /** Logs of players being built (warmPlayerLog), with their own fold from the start: they join `players` at `upTo`. */
  building: Map<string, Building>;
}

interface Building {
  log: PlayerLog;
  fold: LogFold;
  upTo: number;
}

const indexes = new WeakMap<Live, Index>();

function indexOf(live: Live): Index {
  let ix = indexes.get(live);
  if (!ix) indexes.set(live, (ix = { upTo: 0, fold: new LogFold(live.engine), history: new PrefixStates(live.engine), players: new Map(), building: new Map() }));
  return ix;
}

const isUndoRedo = (e: GameEvent) => e.type === 'undo' || e.type === 'redo';

/** Append one event (projected, or view-level) to a player's log, in its numbering; `e` is the real event it comes of. */
function push(log: PlayerLog, p: GameEvent, e: LoggedEvent): void {
  // an undo or redo shows only of a command the player saw something of, named by its alias
  const target = isUndoRedo(p) ? log.cmds.get((p as GameEvent & { command: string }).command) : undefined;
  if (isUndoRedo(p) && target === undefined) return;
  const seq = log.events.length + 1;
  const cmd = log.cmds.get(e.cmd) ?? `c${seq}`;
  const out = heldEvent({ ...p, seq, cmd, ...(target !== undefined ? { command: target } : {}) } as LoggedEvent, log.held, cmd, seq);
  if (!out) return;
  log.cmds.set(e.cmd, cmd);
  if (p.type === 'undo') log.held.undo(target!, seq);
  if (p.type === 'redo') log.held.redo(target!, seq);
  log.events.push(out);
  log.real.push(e.seq);
}

const slotsCache = new WeakMap<EncounterState, { version: number; slots: string }>();

/** The slots players see in `state`, as a string to compare (once per state: each is compared before and after an event). */
function slotsOf(state: EncounterState): string {
  const had = slotsCache.get(state);
  if (had && had.version === state.version) return had.slots;
  const slots = JSON.stringify(viewOrder(state).order);
  slotsCache.set(state, { version: state.version, slots });
  return slots;
}

/**
 * Extend a player's log with real event `e` (the real states right before and after it). What the player
 * sees of it comes first; then view-level events for what it now sees that its log lacks: a unit (before
 * the event, which may name it), the turn order when the slots it sees changed with no event saying so
 * (a reveal, a hiding), effects and decisions. So a player's log, replayed, holds what its state shows.
 */
function extend(log: PlayerLog, player: string, e: LoggedEvent, before: EncounterState, after: EncounterState, rules: ViewRules, slotsMoved: boolean, fogged = false): void {
  const viewer = { role: 'player', player } as const;
  const undoRedo = isUndoRedo(e);
  // an undo or redo is projected against the state before it, as viewLog does
  const shown = viewEvent(e, before, undoRedo ? before : after, viewer, rules);
  const h = log.held;
  // units the event brings in itself
  const own = new Set(shown?.type === 'unit.added' ? [shown.unit.id] : shown?.type === 'encounter.created' ? shown.state.unitOrder : []);
  const held = { unit: (id: string) => h.holdsUnit(id) || own.has(id), effect: (id: string) => h.alias('effect', id) !== undefined, pending: (id: string) => h.alias('pending', id) !== undefined };
  // an undo or redo the player sees replays its own events; the rest of what it now sees comes after
  if (undoRedo && shown) push(log, shown, e);
  // under fog any event may bring a unit into sight (someone moved, a wall went)
  if (fogged || mayBringUnitsIntoSight(e)) for (const u of introducedUnits(after, viewer, rules, held)) push(log, u, e);
  if (!undoRedo && shown) push(log, shown, e);
  const ordered = shown && (shown.type === 'turn.order' || shown.type === 'encounter.created' || undoRedo);
  if (!ordered && slotsMoved) push(log, { type: 'turn.order', ...viewOrder(after), why: NEUTRAL_ORDER_WHY }, e);
  for (const item of introducedItems(after, held)) push(log, item, e);
}

/**
 * Fold real events [from, to) onto `real` (the real state after `from` events), extending each log
 * (and `history`, the real fold's); past `deadline` (performance.now()) it stops early. Returns where it stopped.
 */
function fold(live: Live, real: LogFold, from: number, to: number, logs: readonly [string, PlayerLog][], deadline = Infinity, history?: PrefixStates): number {
  const events = live.log.events;
  const rules = rulesOf(live.ruleset);
  for (let i = from; i < to; i++) {
    if ((i - from) % 16 === 15 && performance.now() > deadline) return i;
    const e = events[i];
    const s = real.state;
    const after = real.step(events, i);
    history?.step(events, i, after);
    // which slots players see is the same for every player (hidden is hidden to all)
    // (evolve shares the order with the state before unless the event changes it)
    const slotsMoved = logs.length > 0 && (mayBringUnitsIntoSight(e) || s.turn.order !== after.turn.order) && slotsOf(s) !== slotsOf(after);
    for (const [player, log] of logs) {
      // fog of war: the event and the states as this player's units see them (vision.ts)
      const seen = sightStep(log, player, e, s, after, live.ruleset);
      if (!seen) extend(log, player, e, s, after, rules, slotsMoved);
      else extend(log, player, seen.event, seen.before, seen.after, rules, slotsOf(seen.before) !== slotsOf(seen.after), true);
    }
  }
  return to;
}

/**
 * One step of bringing `player`'s log (none: only the real fold and its history) up to the live log's
 * end, until `deadline`; true when it is there.
 */
function advance(live: Live, player: string | undefined, deadline = Infinity): boolean {
  const ix = indexOf(live);
  const to = live.log.version;
  if (ix.upTo < to) {
    ix.upTo = fold(live, ix.fold, ix.upTo, to, [...ix.players], deadline, ix.history);
    if (ix.upTo < to) return false;
  }
  if (player === undefined || ix.players.has(player)) return true;
  let b = ix.building.get(player);
  if (!b) ix.building.set(player, (b = { log: { events: [], real: [], cmds: new Map(), held: new Holdings() }, fold: new LogFold(live.engine), upTo: 0 }));
  b.upTo = fold(live, b.fold, b.upTo, ix.upTo, [[player, b.log]], deadline);
  if (b.upTo < ix.upTo) return false;
  ix.players.set(player, b.log);
  ix.building.delete(player);
  return true;
}

/** A player's log of `live`, up to the live log's end. */
export function playerLog(live: Live, player: string): PlayerLog {
  advance(live, player);
  return indexOf(live).players.get(player)!;
}

/** For a player about to work on encounter `id` under its turn (a command, a subscription): its log warmed first. */
export async function warmBefore(ctx: Context, p: { role: string; tableId?: string; playerId?: string }, id: string): Promise<void> {
  if (p.role !== 'player') return;
  const live = await ctx.cache.get(id);
  if (live && live.row.tableId === p.tableId) await warmPlayerLog(live, p.playerId!);
}

const warming = new WeakMap<Live, Promise<void>>();

/**
 * Bring `player`'s log of `live` (none: the real fold and its history, for `stateAfter`) up to the log's
 * end in slices of about `sliceMs`, letting other work in between: a long log met for the first time (an
 * import, a reload, a player's first look) is folded at about 15 µs an event, which for 20,000 events
 * would hold every table for a third of a second. After it, `playerLog` and `stateAfter` have nothing
 * left to fold. One warming per encounter at a time.
 */
export function warmPlayerLog(live: Live, player: string | undefined, sliceMs = SLICE_MS): Promise<void> {
  const run = async () => {
    while (!advance(live, player, performance.now() + sliceMs)) await new Promise((r) => setImmediate(r));
  };
  const next = (warming.get(live) ?? Promise.resolve()).then(run, run);
  warming.set(live, next);
  return next;
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

/**
 * `p`'s events after `after` in its own numbering, at most `limit` of them (a page of a catch-up), and
 * whether more follow. A player's log is numbered already (its events indexed by its own seq), so a page
 * costs what it holds, whatever the log's length.
 */
export function eventsAfter(live: Live, p: Member, after: number, limit = Infinity): { events: LoggedEvent[]; more: boolean } {
  const all = p.role === 'gm' ? live.log.events : playerLog(live, p.playerId).events;
  const from = Math.max(0, after);
  const to = Math.min(all.length, from + limit);
  return { events: all.slice(from, to), more: to < all.length };
}

/**
 * The real state right after the first `n` events, as the log stood then (replayLog of them), from the
 * states kept along the log (history.ts) rather than from the start: warm the real fold first
 * (`warmPlayerLog(live, undefined)`), or this folds what it has not seen in one go.
 */
export function stateAfter(live: Live, n: number): EncounterState {
  advance(live, undefined);
  return indexOf(live).history.stateAt(live.log.events, n);
}

/**
 * A real state as `p` is told it: the GM's as it is; a player's projected, at its own `version`, in its
 * own effect and decision ids (`ids`: as they stood then, for a state of the past; default now).
 */
export function stateFor(live: Live, p: Member, state: EncounterState, version = versionFor(live, p), ids?: Ids): EncounterState {
  if (p.role === 'gm') return state;
  const viewer = { role: 'player', player: p.playerId } as const;
  const log = playerLog(live, p.playerId);
  return heldState(projectState(knownTo(log, p.playerId, state, live.ruleset), viewer, live.ruleset), ids ?? log.held, version);
}

/** An encounter's summary as `p` is told it (a player's version is its own). */
export async function summaryFor(ctx: Context, p: Member, row: EncounterRow): Promise<EncounterSummary> {
  if (p.role === 'gm') return summaryOf(row);
  const live = await ctx.cache.get(row.id);
  if (live) await warmPlayerLog(live, p.playerId);
  return live ? liveSummaryFor(live, p) : { ...summaryOf(row), version: 0 };
}

/** The summary of an encounter at hand, as `p` is told it. */
export function liveSummaryFor(live: Live, p: Member): EncounterSummary {
  const s = summaryOf(live.row);
  return p.role === 'gm' ? s : { ...s, version: versionFor(live, p) };
}
