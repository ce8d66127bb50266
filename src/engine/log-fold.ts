/**
 * A log folded one event at a time, with the state after each (what the server's numbering of a
 * player's log walks: src/server/numbering.ts). An undo takes back the latest command still standing,
 * so the state after it is the state from just before that command; a redo brings back the state from
 * just after it. Those states are kept for the latest commands (evolve shares structure, so each costs
 * little), and undo and redo then cost nothing. Anything else — a replaced roll undoes several commands
 * at once, an undo past the states kept — replays the log, as `replayLog` would.
 */
import { emptyState, evolve } from './apply.ts';
import type { Engine } from './engine.ts';
import type { LoggedEvent } from './events.ts';
import { Checkpoints } from './checkpoints.ts';
import { redoTarget, undoneCommands } from './log.ts';
import type { EncounterState } from './types.ts';

/** Commands whose states around them are kept (undo seldom goes deeper). */
const KEPT = 64;

export class LogFold {
  /** The state after the events folded so far. */
  state: EncounterState;
  /** Commands not undone, in the order they were logged. */
  private standing: string[] = [];
  /** Undone commands a redo could bring back, the next one last. */
  private taken: string[] = [];
  private readonly before = new Map<string, EncounterState>();
  private readonly after = new Map<string, EncounterState>();
  /** The command whose events are being folded. */
  private open?: string;
  /** States along the log, for the replays (the log as it stood at each step: it is folded in order). */
  private readonly checkpoints: Checkpoints;

  constructor(private readonly engine: Engine, state: EncounterState = emptyState()) {
    this.state = state;
    this.checkpoints = new Checkpoints(engine);
  }

  /** Fold `events[i]` (the events before it already folded); returns the state after it. */
  step(events: readonly LoggedEvent[], i: number): EncounterState {
    const e = events[i];
    if (e.type === 'undo' || e.type === 'redo') {
      this.close();
      const top = (list: string[]) => list[list.length - 1];
      let next: EncounterState | undefined;
      if (e.type === 'undo' && top(this.standing) === e.command && this.before.has(e.command)) {
        this.taken.push(this.standing.pop()!);
        next = this.before.get(e.command);
      } else if (e.type === 'redo' && top(this.taken) === e.command && this.after.has(e.command)) {
        this.standing.push(this.taken.pop()!);
        next = this.after.get(e.command);
      }
      if (!next) {
        const prefix = events.slice(0, i + 1);
        next = this.checkpoints.replay(events, i + 1);
        this.restart(prefix);
      }
      this.state = next;
      return next;
    }
    if (e.cmd !== this.open) {
      this.close();
      // a new command: what was undone before it can no longer be redone
      this.taken.length = 0;
      this.standing.push(e.cmd);
      this.keep(this.before, e.cmd, this.state);
      this.open = e.cmd;
    }
    this.state = evolve(this.state, e, this.engine.ruleset.appliers);
    this.checkpoints.offer(events, i + 1, this.state);
    return this.state;
  }

  /** The command being folded is complete: the state after it is kept. */
  private close(): void {
    if (this.open !== undefined) this.keep(this.after, this.open, this.state);
    this.open = undefined;
  }

  private keep(map: Map<string, EncounterState>, cmd: string, state: EncounterState): void {
    map.set(cmd, state);
    if (map.size > KEPT) map.delete(map.keys().next().value!);
  }

  /** After a replay: the standing and undone commands as the log says, and no states kept (they may be stale). */
  private restart(prefix: readonly LoggedEvent[]): void {
    const undone = undoneCommands(prefix);
    const seen = new Set<string>();
    this.standing = [];
    for (const e of prefix) {
      if (e.type === 'undo' || e.type === 'redo' || seen.has(e.cmd)) continue;
      seen.add(e.cmd);
      if (!undone.has(e.cmd)) this.standing.push(e.cmd);
    }
    const next = redoTarget(prefix);
    this.taken = next === undefined ? [] : [next];
    this.before.clear();
    this.after.clear();
  }
}
