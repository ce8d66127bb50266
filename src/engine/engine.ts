/**
 * The engine's one entry point: `createEngine(ruleset)` gives decide / evolve / replay / legalActions /
 * preview for that rule system. `decide` is the same for live play, tests and simulation.
 */
import { DiceError } from '../dice/errors.ts';
import { estimatingPastLimit } from '../dice/estimate.ts';
import type { DiceSource } from '../dice/source.ts';
import { applyEvent, emptyState, evolve as evolvePure } from './apply.ts';
import { cloneJson } from './clone.ts';
import { choiceIndex, choicesOf, optionWords, saidOf } from './decision.ts';
import type { GameEvent } from './events.ts';
import { enumeratedPreview } from './enumerated-preview.ts';
import { forkState } from './fork.ts';
import { checkOutcome, currentUnit, endTurn, nextTurn } from './flow.ts';
import { gmCommands, settleSuggestion } from './gm/index.ts';
import { LazyListing, ofTypes, type Listing, type Wanted } from './listing.ts';
import { fail, isRejection, reject, RuleError, type Rejection } from './rejection.ts';
import { builtinNameIn } from './own.ts';
import { Resolution } from './resolution.ts';
import { isStanding } from './standing.ts';
import type { ActionOption, Command, CommandHandler, Preview, Ruleset } from './ruleset.ts';
import type { EncounterState, UnitId } from './types.ts';

export type Decision = { ok: true; events: GameEvent[]; state: EncounterState } | { ok: false; rejection: Rejection };

export interface DecideOptions {
  /** Work on `state` itself instead of a copy (simulation: the caller owns the state and sends only legal commands). */
  inPlace?: boolean;
  /** The issuer is the GM (GM-only commands; acting for any unit). Default true: access is checked at the edges. */
  asGm?: boolean;
  /**
   * No one keeps this command's log (bulk simulation): checks and notes, which change nothing but the
   * version, are counted instead of built, and the changes the engine makes (Resolution's changers, the
   * turn flow's rounds and order, effect clocks) are written without their events. The state comes out
   * the same, version included; `events` holds only what the ruleset emitted itself and the types in
   * `keep` (the turn flow's turn.started / turn.skipped / turn.ended too when `keep` names them; a rule
   * reading `ctx.events` during the resolution finds them there).
   */
  unlogged?: boolean;
  /**
   * With `unlogged`: the event types still built and returned in `events` (what the caller reads: the
   * simulator's tally); every other change the engine's own changers make is written to the state
   * directly, no event built (Resolution.builds). `pool.changed/damage`: only a pool's damage.
   */
  keep?: ReadonlySet<string>;
  /**
   * The command is one the engine's own listing offered (a simulated policy's choice, or an answer taken
   * from a decision's options): every id in it comes from the state, which holds no built-in names (files
   * and commands with one are refused), so it is not scanned for them again.
   */
  listed?: boolean;
}

export interface Engine {
  ruleset: Ruleset;
  /** The events that create an encounter from a validated document (round 0, nothing rolled). */
  create(doc: unknown): GameEvent[];
  decide(state: EncounterState, command: Command, dice: DiceSource, options?: DecideOptions): Decision;
  evolve(state: EncounterState, event: GameEvent): EncounterState;
  /** A working copy of `state` for playing on in place (cheaper than a deep copy: see fork.ts). */
  fork(state: EncounterState): EncounterState;
  /** Fold events onto a copy of `from` (default: the empty state). */
  replay(events: readonly GameEvent[], from?: EncounterState): EncounterState;
  /** Everything `unit` may do now; with `only`, just the options of those command types. */
  legalActions(state: EncounterState, unit: UnitId, only?: Wanted): ActionOption[];
  /** The same, as a policy asks it: whole or narrowly, each answer built when first asked. */
  listing(state: EncounterState, unit: UnitId): Listing;
  preview(state: EncounterState, command: Command): Preview | Rejection;
  activeUnit(state: EncounterState): UnitId | undefined;
  /** Whether a unit is still in the fight, by the ruleset's rules (Ruleset.standing; default: status 'active'). */
  standing(state: EncounterState, unit: UnitId): boolean;
}

/** The note on odds estimated from sampled rolls (the exact ones would cost too much). */
export const TOO_MANY_DICE = 'too many dice to reckon exactly: the odds are an estimate from sampled rolls';

/** Commands every ruleset has. */
function coreCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  return {
    start: {
      onTurn: false,
      by: 'gm',
      resolve(ctx) {
        if (ctx.state.status !== 'setup') fail('encounter/already_started', 'the encounter has already started');
        ctx.emit({ type: 'encounter.started' });
        ruleset.start(ctx);
        if (!checkOutcome(ctx, ruleset)) nextTurn(ctx, ruleset);
      },
    },
    end_turn: {
      resolve(ctx) {
        ctx.endTurn();
      },
    },
    end_combat: {
      onTurn: false,
      by: 'gm',
      resolve(ctx, cmd) {
        const outcomes = ['victory', 'defeat', 'draw', 'fled', 'truce', 'timeout'] as const;
        const outcome = outcomes.find((o) => o === cmd.outcome);
        if (!outcome) fail('command/bad_outcome', `outcome must be one of ${outcomes.join(', ')}`, 'outcome');
        if (cmd.winner !== undefined && !ctx.state.sides.includes(String(cmd.winner))) fail('command/bad_side', `no side "${String(cmd.winner)}"`, 'winner');
        const result = { outcome, reason: typeof cmd.reason === 'string' ? cmd.reason : 'the GM ended the combat', ...(cmd.winner !== undefined ? { winner: String(cmd.winner) } : {}) };
        ctx.emit({ type: 'combat.ended', result });
      },
    },
    answer: {
      onTurn: false,
      resolve(ctx, cmd) {
        const p = ctx.state.pending.find((x) => x.id === cmd.pending);
        if (!p) fail('pending/unknown', `there is no open decision "${String(cmd.pending)}"`, 'pending');
        if (!ruleset.answer && p.kind !== 'suggestion') fail('pending/unsupported', 'this ruleset takes no answers');
        const choice = cmd.choice ?? null;
        if (choiceIndex(p, choice) < 0) {
          fail('pending/bad_choice', `${optionWords(choice, ctx.state)} is not one of the choices (${choicesOf(p, ctx.state).map((c) => c.choice.label).join('; ')})`, 'choice');
        }
        ctx.emit({ type: 'pending.closed', id: p.id, answer: choice, said: saidOf(p, choice, ctx.state) });
        // a player's suggestion is the engine's own kind: accepting runs the proposal as the GM's command
        if (p.kind === 'suggestion') settleSuggestion(ctx, ruleset, p, choice);
        else ruleset.answer?.(ctx, p, choice);
      },
    },
  };
}

/** The first open decision that holds up play, if any (checked before every command: no allocation). */
function firstBlocking(state: EncounterState) {
  const pending = state.pending;
  for (let i = 0; i < pending.length; i++) if (pending[i].blocking !== false) return pending[i];
  return undefined;
}

export function createEngine(ruleset: Ruleset): Engine {
  const core = { ...coreCommands(ruleset), ...gmCommands(ruleset) };
  const appliers = ruleset.appliers;

  // looked up for every command: one map of the ruleset's handlers over the core's, own keys only
  const handlers = new Map<string, CommandHandler>([...Object.entries(core), ...Object.entries(ruleset.commands)]);
  function handlerFor(type: string): CommandHandler | undefined {
    return handlers.get(type);
  }

  function precheck(state: EncounterState, command: Command, options: DecideOptions): Rejection | CommandHandler {
    if (typeof command !== 'object' || command === null || typeof command.type !== 'string') {
      return reject('command/malformed', 'a command is an object with a "type"');
    }
    // ids and keys are looked up in plain objects: a built-in name would find Object.prototype's
    const builtin = options.listed ? undefined : builtinNameIn(command);
    if (builtin) return builtin;
    const h = handlerFor(command.type);
    if (!h) return reject('command/unknown', `"${command.type}" is not a command of ${ruleset.name}`, 'type');
    if (h.by === 'gm' && options.asGm === false) return reject('auth/gm_only', `only the GM may ${command.type}`);
    if (state.status === 'ended') return reject('encounter/ended', 'the combat is over');
    if (state.status === 'setup' && command.type !== 'start' && h.by !== 'gm') {
      return reject('encounter/not_started', 'the encounter has not started yet');
    }
    if (command.type === 'answer' && options.asGm === false && state.pending.some((p) => p.id === command.pending && p.answeredBy === 'gm')) {
      return reject('auth/gm_only', 'only the GM may settle this decision', 'pending');
    }
    const p = command.type !== 'answer' && h.by !== 'gm' ? firstBlocking(state) : undefined;
    if (p) {
      return reject('turn/awaiting_decision', `waiting for ${p.answeredBy === 'gm' ? 'the GM' : state.units[p.answeredBy]?.name ?? p.answeredBy}: ${p.prompt}`);
    }
    if (h.onTurn !== false) {
      const actor = command.actor;
      if (typeof actor !== 'string') return reject('command/no_actor', `"${command.type}" needs an "actor"`, 'actor');
      // a listed command's ids come from the state, which holds no built-in names: a plain lookup will do
      if (options.listed ? state.units[actor] === undefined : !Object.hasOwn(state.units, actor)) return reject('unit/unknown', `there is no unit "${actor}"`, 'actor');
      const active = currentUnit(state);
      if (actor !== active) {
        const who = active ? state.units[active].name : 'no one';
        return reject('turn/not_your_turn', `it is ${who}'s turn, not ${state.units[actor].name}'s`, 'actor');
      }
    }
    return h;
  }

  const engine: Engine = {
    ruleset,
    create(doc) {
      return [{ type: 'encounter.created', state: ruleset.create(doc) }];
    },
    decide(state, command, dice, options = {}) {
      const h = precheck(state, command, options);
      if (isRejection(h)) return { ok: false, rejection: h };
      const ctx = new Resolution(options.inPlace ? state : cloneJson(state), dice, appliers, options.unlogged !== true, options.keep);
      try {
        h.resolve(ctx, command);
        if (ctx.state.status === 'active' && !checkOutcome(ctx, ruleset) && ctx.turnOver) {
          ctx.turnOver = false;
          endTurn(ctx, ruleset);
        }
      } catch (err) {
        if (err instanceof RuleError) return { ok: false, rejection: err.rejection };
        const code = (err as { code?: unknown })?.code;
        if (typeof code === 'string' && code.startsWith('dice/')) return { ok: false, rejection: reject(code, (err as Error).message) };
        throw err;
      }
      // unlogged: the events built (the turn flow's records only if kept or read: Resolution.turnRecord)
      return { ok: true, events: ctx.logging ? ctx.events : ctx.builtEvents, state: ctx.state };
    },
    evolve: (state, event) => evolvePure(state, event, appliers),
    fork(state) {
      // a ruleset's own appliers may edit values deeper than forkState copies: those it names are
      // copied whole; if it names none, everything is
      if (!appliers) return forkState(state);
      if (!ruleset.appliersEdit) return cloneJson(state);
      const f = forkState(state);
      for (const k of ruleset.appliersEdit) if (Object.hasOwn(f.data, k)) f.data[k] = cloneJson(f.data[k]);
      return f;
    },
    replay(events, from = emptyState()) {
      let s = cloneJson(from);
      for (const e of events) s = applyEvent(s, e, appliers);
      return s;
    },
    legalActions(state, unit, only) {
      if (state.status !== 'active') return [];
      if (firstBlocking(state)) {
        if (only && !only.has('answer')) return [];
        return state.pending
          .filter((p) => p.blocking !== false && p.answeredBy === unit)
          .flatMap((p) => choicesOf(p, state).map(({ option, choice }) => ({ command: { type: 'answer', actor: unit, pending: p.id, choice: option }, label: choice.label, group: 'answer' })));
      }
      return only && only.every !== true ? ofTypes(ruleset.legalActions(state, unit, only), only) : ruleset.legalActions(state, unit, only);
    },
    listing(state, unit) {
      return new LazyListing((only) => engine.legalActions(state, unit, only));
    },
    preview(state, command) {
      const h = precheck(state, command, {});
      if (isRejection(h)) return h;
      // odds the resolution itself gives (enumerated-preview.ts), the ruleset's preview giving the words
      const byFaces = ruleset.oddsByEnumeration?.commands.includes(command.type) ? ruleset.oddsByEnumeration : undefined;
      const preview = byFaces ? (s: EncounterState, c: Command) => enumeratedPreview(engine, byFaces, s, c, ruleset.preview?.(s, c) ?? {}) : ruleset.preview;
      if (!preview) return reject('preview/unsupported', `${ruleset.name} gives no preview for "${command.type}"`);
      // odds past the exact limit (200d200) are estimated and said to be, not refused: a listing keeps them
      try {
        const { value, estimated } = estimatingPastLimit(() => preview(state, command));
        if (isRejection(value) || !(estimated || value.damage?.estimated)) return value;
        return { ...value, notes: [...(value.notes ?? []), TOO_MANY_DICE] };
      } catch (err) {
        if (err instanceof DiceError) return reject('preview/too_many_dice', `too many dice to reckon the odds: ${err.message}`);
        throw err;
      }
    },
    activeUnit: currentUnit,
    standing: (state, unit) => isStanding(ruleset, state, unit),
  };
  return engine;
}
