/**
 * The event log of one encounter, with undo and redo. Nothing is ever deleted: an undo is an event
 * naming the command it takes back, and the state is the fold of every event of every command
 * that is not (currently) undone.
 */
import type { DiceSource } from '../dice/source.ts';
import { applyEvent, emptyState } from './apply.ts';
import { Checkpoints } from './checkpoints.ts';
import { cloneJson } from './clone.ts';
import type { Engine, DecideOptions } from './engine.ts';
import type { GameEvent, LoggedEvent } from './events.ts';
import { replaceRoll } from './gm/reroll.ts';
import { builtinNameIn } from './own.ts';
import { isRejection, reject, type Rejection } from './rejection.ts';
import type { Command } from './ruleset.ts';
import type { EncounterState } from './types.ts';

/** Which commands are undone after the whole log, in order of the undo/redo events. */
export function undoneCommands(log: readonly LoggedEvent[]): Set<string> {
  const undone = new Set<string>();
  for (const e of log) {
    if (e.type === 'undo') undone.add(e.command);
    else if (e.type === 'redo') undone.delete(e.command);
  }
  return undone;
}

/** The state a log describes: every event of every command not undone, in order. */
export function replayLog(engine: Engine, log: readonly LoggedEvent[]): EncounterState {
  const steps = replaySteps(engine, log, Infinity);
  let r = steps.next();
  while (!r.done) r = steps.next();
  return r.value;
}

/**
 * replayLog a step at a time: it pauses after every `every` events folded, so a caller can let other
 * work in between (the server folds a long log met for the first time in slices).
 */
export function* replaySteps(engine: Engine, log: readonly LoggedEvent[], every = 500): Generator<void, EncounterState> {
  const undone = undoneCommands(log);
  let s = emptyState();
  let n = 0;
  for (const e of log) {
    if (e.type === 'undo' || e.type === 'redo' || undone.has(e.cmd)) continue;
    s = applyEvent(s, e, engine.ruleset.appliers);
    if (++n % every === 0) yield;
  }
  return s;
}

/** Commands in the order they were first logged, with whether each is undone now. */
function commandIds(log: readonly LoggedEvent[]): string[] {
  const ids: string[] = [];
  let last = '';
  for (const e of log) {
    if (e.type === 'undo' || e.type === 'redo') continue;
    if (e.cmd !== last) ids.push(e.cmd);
    last = e.cmd;
  }
  return ids;
}

/** The command an undo would take back: the latest one not undone (the creation is never undone). */
export function undoTarget(log: readonly LoggedEvent[]): string | undefined {
  const undone = undoneCommands(log);
  const ids = commandIds(log).filter((id) => !undone.has(id));
  return ids.length > 1 ? ids[ids.length - 1] : undefined;
}

/** The command a redo would bring back: the last undone one, only while nothing new was done since. */
export function redoTarget(log: readonly LoggedEvent[]): string | undefined {
  // walk back over the trailing undo/redo events: a new command after an undo clears the redo stack
  const stack: string[] = [];
  for (const e of log) {
    if (e.type === 'undo') stack.push(e.command);
    else if (e.type === 'redo') stack.pop();
    else if (stack.length && !stack.includes(e.cmd)) stack.length = 0;
  }
  return stack[stack.length - 1];
}

export type Outcome = { ok: true; events: LoggedEvent[] } | { ok: false; rejection: Rejection };

/** An encounter in play: its log and the state it folds to. */
export class EncounterLog {
  readonly events: LoggedEvent[] = [];
  /** The command behind each command id, kept so a roll can be replaced (gm.set_die): store it with the events. */
  readonly commands: Record<string, Command> = {};
  state: EncounterState = emptyState();
  /** States kept along the log: an undo or redo replays from the last one before what it changes. */
  readonly checkpoints: Checkpoints;

  constructor(readonly engine: Engine, checkpoints?: Checkpoints) {
    this.checkpoints = checkpoints ?? new Checkpoints(engine);
  }

  /**
   * A log of `events` (`state`: what they replay to, when the caller folded them already; `checkpoints`:
   * what that fold kept, see Checkpoints.steps).
   */
  static fromEvents(engine: Engine, events: readonly LoggedEvent[], commands: Readonly<Record<string, Command>> = {}, state?: EncounterState, checkpoints?: Checkpoints): EncounterLog {
    const log = new EncounterLog(engine, checkpoints);
    for (const e of events) log.events.push(e); // not push(...events): a long log is more arguments than a call takes
    Object.assign(log.commands, cloneJson(commands));
    log.state = state ?? log.checkpoints.replay(log.events);
    return log;
  }

  get version(): number {
    return this.events.length;
  }

  private append(events: readonly GameEvent[], cmd: string): LoggedEvent[] {
    const logged = events.map((e, i) => ({ ...e, seq: this.events.length + i + 1, cmd }) as LoggedEvent);
    this.events.push(...logged);
    return logged;
  }

  /** Command ids default to `c<seq of its first event>`: unique for the life of the log. */
  private nextCommandId(given?: string): string {
    return given ?? `c${this.events.length + 1}`;
  }

  create(doc: unknown): LoggedEvent[] {
    const events = this.engine.create(doc);
    const logged = this.append(events, this.nextCommandId());
    this.state = this.checkpoints.replay(this.events);
    return logged;
  }

  execute(command: Command, dice: DiceSource, options: DecideOptions & { id?: string } = {}): Outcome {
    // the commands on the log skip decide: the same gate as decide's (src/engine/own.ts)
    const type = command?.type;
    if (type === 'undo' || type === 'redo' || type === 'gm.set_die' || type === 'gm.reroll') {
      const builtin = builtinNameIn(command);
      if (builtin) return { ok: false, rejection: builtin };
    }
    if (command?.type === 'undo' || command?.type === 'redo') return this.undoRedo(command.type, options);
    if (command?.type === 'gm.set_die' || command?.type === 'gm.reroll') return this.replaceRoll(command, dice, options);
    const d = this.engine.decide(this.state, command, dice, options);
    if (!d.ok) return d;
    const id = this.nextCommandId(options.id);
    const logged = this.append(d.events, id);
    this.commands[id] = cloneJson(command);
    this.state = d.state;
    this.checkpoints.offer(this.events, this.events.length, this.state);
    return { ok: true, events: logged };
  }

  /** `gm.set_die` / `gm.reroll`: an earlier roll replaced and its command decided again (src/engine/gm/reroll.ts). */
  replaceRoll(command: Command, dice: DiceSource, options: DecideOptions & { id?: string } = {}): Outcome {
    if (options.asGm === false) return { ok: false, rejection: reject('auth/gm_only', `only the GM may ${command.type}`) };
    const r = replaceRoll({ engine: this.engine, events: this.events, commands: this.commands, undone: undoneCommands(this.events), request: command, dice });
    if (isRejection(r)) return { ok: false, rejection: r };
    const reason = typeof command.reason === 'string' && command.reason.trim() ? { reason: command.reason } : {};
    const logged = this.append(r.undo.map((c): GameEvent => ({ type: 'undo', command: c, ...reason })), this.nextCommandId(options.id));
    for (const step of r.redo) {
      const id = this.nextCommandId();
      logged.push(...this.append(step.events, id));
      this.commands[id] = step.command;
    }
    this.state = this.checkpoints.replay(this.events);
    return { ok: true, events: logged };
  }

  private undoRedo(kind: 'undo' | 'redo', options: DecideOptions & { id?: string }): Outcome {
    if (options.asGm === false) return { ok: false, rejection: reject('auth/gm_only', `only the GM may ${kind}`) };
    // read from the log's index, not the whole log again (the same answers as undoTarget and redoTarget)
    const target = kind === 'undo' ? this.checkpoints.undoTarget(this.events) : this.checkpoints.redoTarget(this.events);
    if (!target) return { ok: false, rejection: reject(`log/nothing_to_${kind}`, `there is nothing to ${kind}`) };
    const event: GameEvent = { type: kind, command: target };
    const logged = this.append([event], this.nextCommandId(options.id));
    this.state = this.checkpoints.replay(this.events);
    return { ok: true, events: logged };
  }
}
