/**
 * States of one log kept along it, so that an undo or redo replays from the last state kept before the
 * command it takes back (or brings back) instead of from the start: the fold of replayLog, begun later.
 * A GM's undo of a 100,000-event log replayed it all (about two seconds, every table held meanwhile);
 * now it folds at most SPACING events and skips the rest.
 *
 * A state kept after `at` events is the fold of those events with the commands undone *now* left out.
 * An undo or redo of command c changes what every event of c means, so it drops the states kept after
 * c's first event and keeps those before. The log only grows, and is read in order: `scanned` events
 * are indexed (each command's first event, the commands undone, what an undo or redo would take back
 * next, as log.ts's undoTarget and redoTarget read the whole log), the rest comes as the log does.
 */
import { applyEvent, emptyState } from './apply.ts';
import { cloneJson } from './clone.ts';
import type { Engine } from './engine.ts';
import type { LoggedEvent } from './events.ts';
import type { EncounterState } from './types.ts';

/** Events between states kept (about 10 ms of folding at 20 µs an event). */
export const SPACING = 512;
/** States kept at most; past it the older half is thinned (an undo seldom goes far back, and re-keeps what it folds). */
const KEPT = 64;

interface Kept {
  at: number;
  state: EncounterState;
}

export class Checkpoints {
  private kept: Kept[] = [];
  /** Each command's first event (not an undo or redo), by index. */
  private readonly first = new Map<string, number>();
  private readonly undone = new Set<string>();
  /** commandIds of the log (log.ts): a command each time the events change command. */
  private readonly ids: string[] = [];
  private lastCmd = '';
  /** redoTarget's stack (log.ts), as it stands after the events scanned. */
  private readonly redoStack: string[] = [];
  private scanned = 0;

  /** `spacing` and `most`: other than SPACING and KEPT only in tests, to keep and thin states in a short log. */
  constructor(private readonly engine: Engine, private readonly spacing = SPACING, private readonly most = KEPT) {}

  /**
   * `state` is what the first `end` events of `log` replay to (a state never changed in place: it is
   * kept as it is): kept when far enough past the last state kept.
   */
  offer(log: readonly LoggedEvent[], end: number, state: EncounterState): void {
    if (!this.scan(log, end)) return;
    const last = this.kept.length ? this.kept[this.kept.length - 1].at : 0;
    if (end - last >= this.spacing) this.keep(end, state);
  }

  /** What the first `end` events of `log` replay to (replayLog of them), from the last state kept. */
  replay(log: readonly LoggedEvent[], end = log.length): EncounterState {
    const steps = this.steps(log, end, Infinity);
    let r = steps.next();
    while (!r.done) r = steps.next();
    return r.value;
  }

  /**
   * `replay` a step at a time: it pauses after every `every` events, so a caller can let other work in
   * between. The state it returns may be kept: never change it in place (as evolve's).
   */
  *steps(log: readonly LoggedEvent[], end = log.length, every = 500): Generator<void, EncounterState> {
    // read behind what was indexed (never by the engine or the server): replayed whole by a fresh index
    if (!this.scan(log, end)) return yield* new Checkpoints(this.engine, this.spacing, this.most).steps(log, end, every);
    const from = this.kept[this.kept.length - 1];
    let s = from ? cloneJson(from.state) : emptyState();
    let last = from?.at ?? 0;
    const appliers = this.engine.ruleset.appliers;
    for (let i = last, n = 1; i < end; i++, n++) {
      const e = log[i];
      if (e.type !== 'undo' && e.type !== 'redo' && !this.undone.has(e.cmd)) s = applyEvent(s, e, appliers);
      if (i + 1 - last >= this.spacing && i + 1 < end) {
        // the fold goes on in place: what is kept is a copy
        this.keep(i + 1, cloneJson(s));
        last = i + 1;
      }
      if (n % every === 0) yield;
    }
    if (end - last >= this.spacing) this.keep(end, s);
    return s;
  }

  /** undoTarget(log) (log.ts): the latest command not undone, unless it is the only one (the creation). */
  undoTarget(log: readonly LoggedEvent[]): string | undefined {
    if (!this.scan(log, log.length)) return new Checkpoints(this.engine).undoTarget(log);
    let j = this.ids.length - 1;
    while (j >= 0 && this.undone.has(this.ids[j])) j--;
    for (let k = j - 1; k >= 0; k--) if (!this.undone.has(this.ids[k])) return this.ids[j];
    return undefined;
  }

  /** redoTarget(log) (log.ts): the last undone command, while nothing new was done since. */
  redoTarget(log: readonly LoggedEvent[]): string | undefined {
    if (!this.scan(log, log.length)) return new Checkpoints(this.engine).redoTarget(log);
    return this.redoStack[this.redoStack.length - 1];
  }

  /** Index the events up to `end`, dropping the states an undo or redo among them changes; false: `end` is behind what was indexed. */
  private scan(log: readonly LoggedEvent[], end: number): boolean {
    if (end < this.scanned) return false;
    for (; this.scanned < end; this.scanned++) {
      const e = log[this.scanned];
      if (e.type === 'undo' || e.type === 'redo') {
        const changes = e.type === 'undo' ? !this.undone.has(e.command) : this.undone.has(e.command);
        if (e.type === 'undo') this.undone.add(e.command);
        else this.undone.delete(e.command);
        const first = this.first.get(e.command);
        if (changes && first !== undefined) this.dropAfter(first);
        if (e.type === 'undo') this.redoStack.push(e.command);
        else this.redoStack.pop();
        continue;
      }
      if (!this.first.has(e.cmd)) this.first.set(e.cmd, this.scanned);
      if (e.cmd !== this.lastCmd) this.ids.push(e.cmd);
      this.lastCmd = e.cmd;
      if (this.redoStack.length && !this.redoStack.includes(e.cmd)) this.redoStack.length = 0;
    }
    return true;
  }

  private dropAfter(index: number): void {
    while (this.kept.length && this.kept[this.kept.length - 1].at > index) this.kept.pop();
  }

  private keep(at: number, state: EncounterState): void {
    this.kept.push({ at, state });
    if (this.kept.length > this.most) {
      const half = this.kept.length >> 1;
      this.kept = this.kept.filter((_, i) => i >= half || i % 2 === 1);
    }
  }
}
