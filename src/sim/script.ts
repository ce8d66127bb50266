/**
 * A scenario's script, step by step: each step is a command, with a scenario's own words taken off
 * before it is decided —
 * - `decisionOf: <unit id | gm>` on an `answer` names the decision to answer by who answers it (the
 *   oldest one open for that unit, or for the GM), so a script need not know decision ids;
 * - `expect: refused` (any code) or `expect: { refused: <code> }` says the rules must refuse it; the
 *   run goes on with the state unchanged. Accepted after all, its events are shown before the error, so the
 *   disagreement can be read;
 * - `ifOpen: true` on an `end_turn` ends the actor's turn only if it is still going: a turn that ended by
 *   itself (nothing left to do, a rule that ends it) makes the step a no-op, so a script need not know
 *   each ruleset's auto-end rules.
 * A step the rules refuse unexpectedly, an expectation not met, and a step left over once the combat
 * has ended are `ScriptError`s: the script and the fight disagree (the CLI exits 3 for them).
 */
import { currentUnit, type Command, type EncounterState, type Json, type Rejection } from '../engine/index.ts';

export interface ScriptStep {
  command: Command;
  /** The code the rules must refuse it with (`true`: any code). */
  refused?: string | true;
  /** Nothing to do, and why: an `end_turn` with `ifOpen` whose turn has already ended. */
  skip?: string;
}

export class ScriptError extends Error {
  constructor(
    readonly code: 'scenario/refused' | 'scenario/not_refused' | 'scenario/wrong_refusal' | 'scenario/no_decision' | 'scenario/after_end',
    message: string,
  ) {
    super(message);
  }
}

const text = (c: Command) => JSON.stringify(c);

/** Step `n` (1-based) of the script, made ready against the state it will be decided on. */
export function prepareStep(state: EncounterState, raw: Command, n: number): ScriptStep {
  const { expect, decisionOf, ifOpen, ...rest } = raw as Command & { expect?: Json; decisionOf?: Json; ifOpen?: Json };
  const command = { ...rest } as Command;
  if (typeof decisionOf === 'string') {
    const open = state.pending.find((p) => p.answeredBy === decisionOf);
    if (!open) {
      const who = decisionOf === 'gm' ? 'the GM' : state.units[decisionOf]?.name ?? decisionOf;
      const waiting = state.pending.map((p) => (p.answeredBy === 'gm' ? 'the GM' : state.units[p.answeredBy]?.name ?? p.answeredBy));
      throw new ScriptError('scenario/no_decision', `scripted command ${n} ${text(raw)}: ${who} has no open decision${waiting.length ? ` (open: ${waiting.join(', ')})` : ''}`);
    }
    command.pending = open.id;
  }
  const step: ScriptStep = { command };
  if (ifOpen === true && command.type === 'end_turn' && typeof command.actor === 'string' && (state.status !== 'active' || currentUnit(state) !== command.actor)) {
    step.skip = `${state.units[command.actor]?.name ?? command.actor}'s turn has already ended`;
  }
  if (expect === 'refused') step.refused = true;
  else if (expect && typeof expect === 'object' && !Array.isArray(expect) && typeof expect.refused === 'string') step.refused = expect.refused;
  return step;
}

/**
 * What the rules answered to a step: nothing to say when it went as the script says (`'played'` or
 * `'refused'` as expected); otherwise a ScriptError.
 */
export function settleStep(step: ScriptStep, n: number, rejection: Rejection | undefined): 'played' | 'refused' {
  const what = `scripted command ${n} ${text(step.command)}`;
  if (step.refused === undefined) {
    if (rejection) throw new ScriptError('scenario/refused', `${what} was rejected: ${rejection.code}: ${rejection.message}`);
    return 'played';
  }
  if (!rejection) throw new ScriptError('scenario/not_refused', `${what} was expected to be refused${step.refused === true ? '' : ` (${step.refused})`}, but the rules accepted it (what it did is printed above)`);
  if (step.refused !== true && rejection.code !== step.refused) {
    throw new ScriptError('scenario/wrong_refusal', `${what} was expected to be refused with ${step.refused}, but was refused with ${rejection.code}: ${rejection.message}`);
  }
  return 'refused';
}

/** Steps left when the combat ended: an error, not silently dropped. */
export function leftOver(state: EncounterState, done: number, script: readonly Command[]): void {
  // an "end the turn if it has not ended" has nothing to end once the combat is over
  if (script.slice(done).every((c) => c.type === 'end_turn' && (c as { ifOpen?: Json }).ifOpen === true)) return;
  const ended = state.result ? `${state.result.outcome}${state.result.winner ? ` for ${state.result.winner}` : ''}` : 'ended';
  throw new ScriptError(
    'scenario/after_end',
    `the combat ended (${ended}) before scripted command ${done + 1} of ${script.length}: ${text(script[done])}${script.length - done > 1 ? ` and ${script.length - done - 1} more` : ''}`,
  );
}
