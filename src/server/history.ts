/**
 * The real state after any prefix of an encounter's log, as the log stood then (what replayLog of its
 * first n events gives), without replaying the prefix: a step-by-step replay near the end of a
 * 100,000-event log replayed all of it (two seconds, every table held), and so did the hub filling a gap.
 *
 * The numbering's fold (numbering.ts) walks every real event in order with the state after it, undo and
 * redo as they stood; it hands each to `step`, which keeps a state every `spacing` events and indexes
 * each command's first event and the undo and redo events. A prefix then folds from the state kept
 * nearest before it that the prefix's own undos and redos leave standing: an undo or redo of a command
 * begun before a state changes what that state holds, so the fold starts before that command instead.
 * An undo takes back a recent command, so that is a few hundred events, not the log.
 */
import { emptyState, type EncounterState, type Engine, type GameEvent, type LoggedEvent } from '../engine/index.ts';

/** Events between states kept (about 10 ms of folding at 20 µs an event), as the engine's undo checkpoints. */
export const SPACING = 512;
/** States kept at most; past it every other one goes and the spacing doubles. */
const KEPT = 128;

const isUndoRedo = (e: GameEvent): e is GameEvent & { type: 'undo' | 'redo'; command: string } => e.type === 'undo' || e.type === 'redo';

export class PrefixStates {
  private kept: { at: number; state: EncounterState }[] = [{ at: 0, state: emptyState() }];
  /** Each command's first event (not an undo or redo), by index. */
  private readonly first = new Map<string, number>();
  /** The indexes of the undo and redo events, ascending. */
  private readonly toggles: number[] = [];
  /** Events stepped over so far. */
  private seen = 0;

  /** `spacing` and `most`: other than SPACING and KEPT only in tests. */
  constructor(private readonly engine: Engine, private spacing = SPACING, private readonly most = KEPT) {}

  /** Events stepped over (prefixes up to it can be asked for). */
  get upTo(): number {
    return this.seen;
  }

  /** Event `events[i]` folded, `after` the state after it as the log stood then (called for every event, in order). */
  step(events: readonly LoggedEvent[], i: number, after: EncounterState): void {
    if (i !== this.seen) throw new Error(`prefix states: event ${i + 1} stepped after ${this.seen}`);
    const e = events[i];
    if (isUndoRedo(e)) this.toggles.push(i);
    else if (!this.first.has(e.cmd)) this.first.set(e.cmd, i);
    this.seen = i + 1;
    if (this.seen - this.kept[this.kept.length - 1].at < this.spacing) return;
    this.kept.push({ at: this.seen, state: after });
    if (this.kept.length > this.most) {
      this.kept = this.kept.filter((_, k) => k % 2 === 0);
      this.spacing *= 2;
    }
  }

  /** replayLog of the first `n` events of `events` (the log stepped over, up to at least n). */
  stateAt(events: readonly LoggedEvent[], n: number): EncounterState {
    if (n > this.seen) throw new Error(`prefix states: ${n} events asked for, ${this.seen} stepped over`);
    let j = countWhile(this.kept.length, (k) => this.kept[k].at <= n) - 1;
    // walk back from the last undo or redo before n while one takes back a command begun before the state
    let t = countWhile(this.toggles.length, (k) => this.toggles[k] < n) - 1;
    let reach = Infinity;
    for (;;) {
      const at = this.kept[j].at;
      for (; t >= 0 && this.toggles[t] >= at; t--) {
        const target = (events[this.toggles[t]] as GameEvent & { command: string }).command;
        reach = Math.min(reach, this.first.get(target) ?? 0);
      }
      if (reach >= at || j === 0) break;
      j--;
    }
    const from = this.kept[j];
    // the commands undone among the events to fold, as the prefix leaves them (an earlier undo is of an earlier command)
    const undone = new Set<string>();
    for (let i = from.at; i < n; i++) {
      const e = events[i];
      if (e.type === 'undo') undone.add((e as GameEvent & { command: string }).command);
      else if (e.type === 'redo') undone.delete((e as GameEvent & { command: string }).command);
    }
    const fold: LoggedEvent[] = [];
    for (let i = from.at; i < n; i++) {
      const e = events[i];
      if (!isUndoRedo(e) && !undone.has(e.cmd)) fold.push(e);
    }
    return this.engine.replay(fold, from.state);
  }
}

/** How many of the first `length` indexes satisfy `pred` (true up to some index, false after it). */
function countWhile(length: number, pred: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pred(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
