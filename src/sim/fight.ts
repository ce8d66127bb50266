/**
 * One fight played to its end by policies, through the very same `decide` as live play.
 * Used by `skirmish run`, the simulator and tests. Scripted commands (a scenario) go first.
 */
import type { DiceSource } from '../dice/source.ts';
import { currentUnit, EncounterLog, type ActionOption, type Command, type Engine, type EncounterState, type GameEvent, type LoggedEvent, type Policy, type Rejection, type UnitId } from '../engine/index.ts';
import { policyFor } from './policies.ts';
import { leftOver, prepareStep, settleStep } from './script.ts';

export interface FightOptions {
  dice: DiceSource;
  /** Draws an integer in [0, n) for policy choices; from its own stream so choices never shift the dice. */
  pick: (n: number) => number;
  /** Commands to play first (a scenario's script: see script.ts for `expect` and `decisionOf`). */
  commands?: Command[];
  /** A scripted command refused as the script expected (the run goes on, nothing changed). */
  onRefused?: (command: Command, rejection: Rejection, state: EncounterState) => void;
  /** A scripted step with nothing to do (an `end_turn` with `ifOpen` after the turn ended by itself). */
  onSkipped?: (command: Command, why: string) => void;
  /** Stop after this many rounds with a 'timeout' result. */
  maxRounds?: number;
  /** Policy names by unit id or side. */
  policies?: Record<string, string>;
  /** Keep the event log (off for bulk simulation). */
  keepLog?: boolean;
  /** Build no checks or notes (bulk simulation: no one reads them; see DecideOptions.unlogged). */
  unlogged?: boolean;
  /** With `unlogged`: the event types `onEvents` still needs (DecideOptions.keep; the tally's: tally.ts `observedTypes`). */
  keep?: ReadonlySet<string>;
  /** Called with each command's events as they happen. */
  onEvents?: (events: readonly GameEvent[], state: EncounterState) => void;
}

export interface FightResult {
  state: EncounterState;
  log?: LoggedEvent[];
  commands: number;
}

const timeoutCommand = (maxRounds: number): Command => ({ type: 'end_combat', outcome: 'timeout', reason: `no result after ${maxRounds} rounds` });

/** Commands one unit may issue in a single turn before the runner ends its turn for it. */
const MAX_COMMANDS_PER_TURN = 40;

/** What chose a unit's policy, as it stood when chosen (PolicyMemo). */
interface Chosen {
  side: string;
  /** Named by the overrides (by the unit's id or its side): the file's names were not read. */
  overridden: boolean;
  dataPolicy: unknown;
  legacySides: unknown;
  policy: Policy;
}

/**
 * Each unit's policy, kept while what chose it stays as it was: naming a unit's policy (policyFor: the
 * overrides, the unit's, its side's, by name) at every turn was 2–3% of the 4v4 fixture, when only the
 * unit that asked last was remembered. One entry per unit, made on its first turn of the fight; checked
 * against what policyFor read: the unit's side, and — unless the overrides named it — the names files of
 * old keep in the unit's and the encounter's data (a missing key looked up in a record of twenty keys
 * at every command was most of the memo's cost).
 */
class PolicyMemo {
  private readonly chosen = new Map<UnitId, Chosen>();
  /** The unit that asked last and its entry: a unit makes its turn's commands one after the other. */
  private lastUnit: UnitId | undefined;
  private last: Chosen | undefined;

  of(engine: Engine, state: EncounterState, unit: UnitId, overrides: Record<string, string> | undefined): Policy {
    const u = state.units[unit];
    const c = unit === this.lastUnit ? this.last : this.chosen.get(unit);
    this.lastUnit = unit;
    if (c !== undefined && u.side === c.side && (c.overridden || (u.data.policy === c.dataPolicy && state.data.sidePolicies === c.legacySides))) {
      this.last = c;
      return c.policy;
    }
    const overridden = overrides !== undefined && (overrides[unit] !== undefined || overrides[u.side] !== undefined);
    const now: Chosen = { side: u.side, overridden, dataPolicy: u.data.policy, legacySides: state.data.sidePolicies, policy: policyFor(engine.ruleset, state, unit, overrides) };
    this.chosen.set(unit, now);
    this.last = now;
    return now.policy;
  }
}

function nextCommand(engine: Engine, state: EncounterState, opts: FightOptions, perTurn: number, policies: PolicyMemo): Command {
  const p = state.pending[0];
  if (p) {
    const unit = p.answeredBy === 'gm' ? undefined : p.answeredBy;
    const choice = p.options[opts.pick(p.options.length)];
    if (unit === undefined) return { type: 'answer', pending: p.id, choice };
    const listing = engine.listing(state, unit);
    if (!listing.all.length) return { type: 'answer', actor: unit, pending: p.id, choice };
    return policies.of(engine, state, unit, opts.policies)(state, unit, listing, opts.pick).command;
  }
  const unit = currentUnit(state)!;
  if (perTurn >= MAX_COMMANDS_PER_TURN) return { type: 'end_turn', actor: unit };
  // the policy asks for what it needs (listing.ts); a policy that finds nothing at all gets the end of the turn
  const chosen = policies.of(engine, state, unit, opts.policies)(state, unit, engine.listing(state, unit), opts.pick) as ActionOption | undefined;
  return chosen ? chosen.command : { type: 'end_turn', actor: unit };
}

const START: Command = { type: 'start' };

/** Play a created (not yet started) encounter to its end. */
export function playFight(engine: Engine, created: readonly GameEvent[], opts: FightOptions): FightResult {
  const maxRounds = opts.maxRounds ?? 100;
  if (opts.keepLog) return playLogged(engine, created, opts, maxRounds);
  return playFrom(engine, engine.replay(created), opts);
}

/**
 * Play on from any state, mutating it in place: the simulator's path (it builds the initial state once
 * and hands each fight a copy) and the server's quick simulation (from the live state of a fight).
 * An encounter still in set-up is started first; scripted commands come next, then the policies.
 */
export function playFrom(engine: Engine, state: EncounterState, opts: FightOptions): FightResult {
  const maxRounds = opts.maxRounds ?? 100;
  const script = opts.commands ?? [];
  let commands = 0;
  let scripted = 0;
  const policies = new PolicyMemo();
  let perTurn = 0;
  let lastTurn = -1;
  // the policies' commands come from the listing (DecideOptions.listed); scripted ones are a file's, scanned as any
  const decideOptions = { inPlace: true, unlogged: opts.unlogged === true, listed: true, keep: opts.keep };
  while (state.status !== 'ended') {
    if (state.turn.round > maxRounds) {
      const d = engine.decide(state, timeoutCommand(maxRounds), opts.dice, decideOptions);
      if (d.ok) opts.onEvents?.(d.events, d.state);
      break;
    }
    const turnKey = state.turn.round * 10000 + state.turn.index;
    perTurn = turnKey === lastTurn ? perTurn + 1 : 0;
    lastTurn = turnKey;
    const fromScript = state.status !== 'setup' && scripted < script.length;
    const step = fromScript ? prepareStep(state, script[scripted], ++scripted) : undefined;
    if (step?.skip) {
      opts.onSkipped?.(step.command, step.skip);
      continue;
    }
    const cmd = state.status === 'setup' ? START : step ? step.command : nextCommand(engine, state, opts, perTurn, policies);
    // a scripted step may be refused on purpose: decide it on a copy, so a refusal leaves the state as it was
    const d = engine.decide(state, cmd, opts.dice, step ? { unlogged: decideOptions.unlogged, keep: opts.keep } : decideOptions);
    // a step that should have been refused and was not: show what it did before the script stops
    if (step?.refused !== undefined && d.ok) opts.onEvents?.(d.events, d.state);
    if (step && settleStep(step, scripted, d.ok ? undefined : d.rejection) === 'refused') {
      opts.onRefused?.(cmd, (d as { rejection: Rejection }).rejection, state);
      continue;
    }
    if (!d.ok) throw new Error(`policy command ${JSON.stringify(cmd)} was rejected: ${d.rejection.code}: ${d.rejection.message}`);
    state = d.state;
    commands++;
    opts.onEvents?.(d.events, state);
  }
  if (state.turn.round <= maxRounds) leftOver(state, scripted, script);
  return { state, commands };
}

function playLogged(engine: Engine, created: readonly GameEvent[], opts: FightOptions, maxRounds: number): FightResult {
  const log = EncounterLog.fromEvents(engine, created.map((e, i) => ({ ...e, seq: i + 1, cmd: 'c1' }) as LoggedEvent));
  const script = [{ type: 'start' } as Command, ...(opts.commands ?? [])];
  const policies = new PolicyMemo();
  let commands = 0;
  let perTurn = 0;
  let lastTurn = -1;
  let i = 0;
  for (; log.state.status !== 'ended'; i++) {
    if (log.state.turn.round > maxRounds) {
      const r = log.execute(timeoutCommand(maxRounds), opts.dice);
      if (r.ok) opts.onEvents?.(r.events, log.state);
      break;
    }
    const turnKey = log.state.turn.round * 10000 + log.state.turn.index;
    perTurn = turnKey === lastTurn ? perTurn + 1 : 0;
    lastTurn = turnKey;
    // the script's steps are numbered as the file lists them: `start` is not one of them
    const step = i > 0 && i < script.length ? prepareStep(log.state, script[i], i) : undefined;
    if (step?.skip) {
      opts.onSkipped?.(step.command, step.skip);
      continue;
    }
    const cmd = i === 0 ? script[0] : step ? step.command : nextCommand(engine, log.state, opts, perTurn, policies);
    const r = log.execute(cmd, opts.dice);
    if (step?.refused !== undefined && r.ok) opts.onEvents?.(r.events, log.state);
    if (step && settleStep(step, i, r.ok ? undefined : r.rejection) === 'refused') {
      opts.onRefused?.(cmd, (r as { rejection: Rejection }).rejection, log.state);
      continue;
    }
    if (!r.ok) throw new Error(`${i === 0 ? 'the start' : 'policy command'} ${JSON.stringify(cmd)} was rejected: ${r.rejection.code}: ${r.rejection.message}`);
    commands++;
    opts.onEvents?.(r.events, log.state);
  }
  if (log.state.turn.round <= maxRounds) leftOver(log.state, Math.max(0, i - 1), script.slice(1));
  return { state: log.state, log: log.events, commands };
}
