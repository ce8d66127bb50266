/**
 * One encounter as this page knows it: the events seen so far (as the server projected them for this
 * viewer), the state, and the log lines. Fed by the socket's `events` messages; the server's state is
 * taken when it sends one, otherwise the state is folded from the events (the GM's log is complete).
 */
import { createEngine, replayLog, undoneCommands, type EncounterState, type LoggedEvent } from '../../../engine/index.ts';
import { rulesetById } from '../../../rulesets/index.ts';
import type { EventsMessage } from '../api/socket.ts';
import type { RollView } from '../api/types.ts';
import { LogBuilder, type LogLine } from './log.ts';

export interface FeedView {
  state?: EncounterState;
  events: readonly LoggedEvent[];
  lines: readonly LogLine[];
  undone: ReadonlySet<string>;
  version: number;
  lastSeq: number;
  paused: boolean;
  /** A command waiting for physical dice that this page is shown (null: none). */
  dice: RollView | null;
}

export class EncounterFeed {
  private events: LoggedEvent[] = [];
  private builder = new LogBuilder();
  private listeners = new Set<() => void>();
  view: FeedView = { events: [], lines: [], undone: new Set(), version: 0, lastSeq: 0, paused: false, dice: null };

  constructor(readonly id: string) {}

  get lastSeq(): number {
    return this.builder.lastSeq;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getView = (): FeedView => this.view;

  /** The GM paused or resumed (the encounter's summary said so): no event comes with it. */
  setPaused(paused: boolean): void {
    if (this.view.paused === paused) return;
    this.view = { ...this.view, paused };
    for (const fn of this.listeners) fn();
  }

  /** The server asked for physical dice, or stopped asking. */
  setDice(dice: RollView | null): void {
    this.view = { ...this.view, dice };
    for (const fn of this.listeners) fn();
  }

  apply(m: Pick<EventsMessage, 'events' | 'version' | 'paused' | 'state' | 'catchUp'>): void {
    const fresh = m.events.filter((e) => e.seq > this.builder.lastSeq);
    // a catch-up that restarts the log (an undone projection, a server restore) replaces what we had
    if (m.catchUp && m.events.length && m.events[0].seq === 1 && this.events.length) {
      this.events = [];
      this.builder = new LogBuilder();
      fresh.splice(0, fresh.length, ...m.events);
    }
    this.events.push(...fresh);
    this.builder.add(fresh);
    let state = m.state as EncounterState | undefined;
    // a long catch-up comes a frame at a time, its state with the last one: no replay for each frame before it
    if (!state && !m.catchUp && this.events.length) {
      const ruleset = rulesetById(this.view.state?.ruleset ?? (this.events[0].type === 'encounter.created' ? this.events[0].state.ruleset : ''));
      if (ruleset) state = replayLog(createEngine(ruleset), this.events);
    }
    this.view = {
      state: state ?? this.view.state,
      events: this.events,
      lines: [...this.builder.lines],
      undone: undoneCommands(this.events),
      version: Math.max(m.version, this.view.version),
      lastSeq: this.builder.lastSeq,
      paused: m.paused,
      dice: this.view.dice,
    };
    for (const fn of this.listeners) fn();
  }
}
