/**
 * Turn flow: after a command the engine settles the encounter — checks for a result, and when the
 * acting unit's turn is over, walks the order to the next unit able to act, crossing round
 * boundaries (new order from the ruleset, round clocks) as needed.
 */
import { writeOrder } from './apply.ts';
import { lineupOf } from './lineup.ts';
import { runClock } from './clocks.ts';
import type { Resolution } from './resolution.ts';
import type { Ruleset } from './ruleset.ts';
import { standingTest, takesTurn, unitTakesTurn } from './standing.ts';
import type { GameEvent } from './events.ts';
import type { CombatResult, EncounterState, Slot, UnitId } from './types.ts';

/** Rounds in a row in which nobody could act before the engine calls the fight a draw. */
export const MAX_IDLE_ROUNDS = 50;

export function currentUnit(state: EncounterState): UnitId | undefined {
  const t = state.turn;
  return t.index >= 0 && t.index < t.order.length ? t.order[t.index].unit : undefined;
}

/**
 * Default result: when at most one side has units standing, it wins (none standing: a draw). Standing
 * is status 'active' unless `standing` (the ruleset's own test) says otherwise.
 */
export function lastSideStanding(state: EncounterState, standing?: (state: EncounterState, unit: UnitId) => boolean): CombatResult | null {
  // runs after every command and turn: one pass over the lineup (the units by number, lineup.ts), no
  // allocation until there is a result; by status, not asked again until a status changes
  const lineup = lineupOf(state);
  if (standing === undefined && lineup.undecidedAt === lineup.statusChanges) return null;
  const units = lineup.units;
  const sides = lineup.side;
  let winner = -1;
  for (let i = 0; i < units.length; i++) {
    if (standing ? !standing(state, lineup.ids[i]) : units[i].status !== 'active') continue;
    if (winner < 0) winner = sides[i];
    else if (sides[i] !== winner) {
      if (standing === undefined) lineup.undecidedAt = lineup.statusChanges;
      return null;
    }
  }
  if (winner < 0) return { outcome: 'draw', reason: 'no one is left standing' };
  return { outcome: 'victory', winner: lineup.sideNames[winner], reason: `every other side is out of the fight` };
}

function outcomeOf(ruleset: Ruleset, state: EncounterState): CombatResult | null {
  return ruleset.outcome ? ruleset.outcome(state) : lastSideStanding(state, standingTest(ruleset));
}

/**
 * Ends the combat if the ruleset says it is decided; returns whether it ended. Asked four or five times
 * a turn, the ruleset's outcome is skipped when nothing but the turn flow's own records (a turn or round
 * begun or ended, a round's new order: `flowRecord`) has changed since it last found the fight
 * undecided — whose turn it is decides no fight (Ruleset.outcome).
 */
export function checkOutcome(ctx: Resolution, ruleset: Ruleset): boolean {
  if (ctx.state.status === 'ended') return true;
  if (ctx.undecidedAt === ctx.state.version) return false;
  const result = outcomeOf(ruleset, ctx.state);
  if (!result) {
    ctx.undecidedAt = ctx.state.version;
    return false;
  }
  ctx.emit({ type: 'combat.ended', result });
  return true;
}

/** One of the turn flow's own records: a fight undecided before it is undecided after it. */
function flowRecord(ctx: Resolution, e: GameEvent): void {
  const undecided = ctx.undecidedAt === ctx.state.version;
  ctx.emit(e);
  if (undecided) ctx.undecidedAt = ctx.state.version;
}

/** A turn begun, skipped or ended (Resolution.turnRecord): a flow record, so an undecided fight stays undecided past it. */
function turnRecord(ctx: Resolution, kind: 0 | 1 | 2, unit: UnitId, detail: number | string): void {
  const undecided = ctx.undecidedAt === ctx.state.version;
  ctx.turnRecord(kind, unit, detail);
  if (undecided) ctx.undecidedAt = ctx.state.version;
}

/** The version stepped for a flow record written without its event, the fight's undecided mark carried past it. */
function flowStep(ctx: Resolution): void {
  const state = ctx.state;
  if (ctx.undecidedAt === state.version) ctx.undecidedAt = state.version + 1;
  state.version++;
}

/** Why `unit` loses this slot, or null: asked twice as each turn starts, so the unit is looked up once. */
function skipReason(ruleset: Ruleset, state: EncounterState, unit: UnitId): string | null {
  const u = state.units[unit];
  if (!u) return 'gone';
  if (!unitTakesTurn(ruleset, state, u)) return u.status === 'active' ? 'out of the fight' : u.status;
  return ruleset.skipReason ? ruleset.skipReason(state, unit) : null;
}

/**
 * The default order of a new round: every normal slot of the last one whose unit is still in the fight,
 * as `{ unit, initiative }`. A slot that is that already (no kind, no label: the common one) is carried
 * itself, not copied: slots are never edited in place (an order is replaced whole: writeOrder). Kept, not
 * rebuilt: when the order is still the very one carried last round (the lineup holds it) and no status
 * has changed since, carrying it again gives it back as it is — the state's own order, then (never edit it).
 */
export function carryOrder(state: EncounterState): Slot[] {
  const order = state.turn.order;
  const lineup = lineupOf(state);
  if (order === lineup.carried && lineup.carriedAt === lineup.statusChanges) return order;
  const out: Slot[] = [];
  for (let i = 0; i < order.length; i++) {
    const s = order[i];
    if (s.kind && s.kind !== 'normal') continue;
    // a unit already carried: the new order is short (a round's slots), so a scan beats a set built per round
    if (carried(out, s.unit)) continue;
    const u = state.units[s.unit];
    if (!u || u.status === 'removed' || u.status === 'dead' || u.status === 'fled') continue;
    out.push(plainSlot(s) ? s : s.initiative === undefined ? { unit: s.unit } : { unit: s.unit, initiative: s.initiative });
  }
  lineup.carried = out;
  lineup.carriedAt = lineup.statusChanges;
  return out;
}

/** A slot that is its own carried copy: `{ unit }` or `{ unit, initiative }` (a Slot's other fields unset). */
function plainSlot(s: Slot): boolean {
  return s.kind === undefined && s.label === undefined;
}

function carried(order: readonly Slot[], unit: UnitId): boolean {
  for (let i = 0; i < order.length; i++) if (order[i].unit === unit) return true;
  return false;
}

// The flow's own records, written directly when no one keeps the log (Resolution.builds): the state
// and its version come out as the events would have left them.

/** `fresh`: an order no one else holds (carryOrder's), taken as it is when written directly. */
function newOrder(ctx: Resolution, order: Slot[], round: number, fresh: boolean): void {
  if (ctx.kept.turnOrder) return flowRecord(ctx, { type: 'turn.order', order, index: -1, why: `round ${round}` });
  if (fresh) {
    ctx.state.turn.order = order;
    ctx.state.turn.index = -1;
  } else writeOrder(ctx.state, order, -1);
  flowStep(ctx);
}

function roundStarted(ctx: Resolution, round: number, length: number | null | undefined): void {
  if (ctx.kept.roundStarted) {
    return flowRecord(ctx, length ? { type: 'round.started', round, seconds: length, elapsedSeconds: (round - 1) * length } : { type: 'round.started', round });
  }
  const t = ctx.state.turn;
  t.round = round;
  t.index = -1;
  flowStep(ctx);
}

function roundEnded(ctx: Resolution, round: number): void {
  if (ctx.kept.roundEnded) return flowRecord(ctx, { type: 'round.ended', round });
  ctx.state.turn.index = -1;
  flowStep(ctx);
}

/** Finish the current unit's turn and start the next one that can act. */
export function endTurn(ctx: Resolution, ruleset: Ruleset): void {
  const unit = currentUnit(ctx.state);
  if (unit !== undefined) {
    turnRecord(ctx, 2, unit, '');
    runClock(ctx, ruleset, 'turn_end', unit);
    ruleset.onTurnEnd?.(ctx, unit);
    if (checkOutcome(ctx, ruleset)) return;
  }
  nextTurn(ctx, ruleset);
}

/** Walk forward from the current slot to the next unit that can act, starting rounds as needed. */
export function nextTurn(ctx: Resolution, ruleset: Ruleset): void {
  let idle = 0;
  let acted = false;
  for (;;) {
    const state = ctx.state;
    if (state.status === 'ended') return;
    const index = state.turn.index + 1;
    if (state.turn.round > 0 && index < state.turn.order.length) {
      const unit = state.turn.order[index].unit;
      const why = skipReason(ruleset, state, unit);
      if (why !== null) {
        // a skipped slot still moves the pointer, so the log says why the unit did not act
        turnRecord(ctx, 0, unit, index);
        const lives = takesTurn(ruleset, state, unit);
        // a unit that takes turns but loses this one (stunned, stopped) still lives through it: its effects tick and count down
        if (lives) runClock(ctx, ruleset, 'turn_start', unit);
        turnRecord(ctx, 1, unit, why);
        if (lives) runClock(ctx, ruleset, 'turn_end', unit);
        if (checkOutcome(ctx, ruleset)) return;
        continue;
      }
      turnRecord(ctx, 0, unit, index);
      runClock(ctx, ruleset, 'turn_start', unit);
      ruleset.onTurnStart?.(ctx, unit);
      if (checkOutcome(ctx, ruleset)) return;
      const after = skipReason(ruleset, ctx.state, unit);
      if (after === null && !ctx.turnOver) return; // this unit now acts
      // it went down at the start of its turn (damage over time) or its turn was used up
      ctx.turnOver = false;
      if (after !== null) turnRecord(ctx, 1, unit, after);
      turnRecord(ctx, 2, unit, '');
      runClock(ctx, ruleset, 'turn_end', unit);
      ruleset.onTurnEnd?.(ctx, unit);
      if (checkOutcome(ctx, ruleset)) return;
      acted = true;
      continue;
    }
    // the round is over (or the first one begins)
    if (state.turn.round > 0) {
      roundEnded(ctx, state.turn.round);
      runClock(ctx, ruleset, 'round_end');
      ruleset.onRoundEnd?.(ctx, state.turn.round);
      if (checkOutcome(ctx, ruleset)) return;
      idle = acted ? 0 : idle + 1;
      acted = false;
      if (idle >= MAX_IDLE_ROUNDS) {
        ctx.emit({ type: 'combat.ended', result: { outcome: 'draw', reason: `no one could act for ${MAX_IDLE_ROUNDS} rounds` } });
        return;
      }
    }
    const round = ctx.state.turn.round + 1;
    const own = round === 1 ? ctx.state.turn.order : ruleset.orderForRound?.(ctx, round);
    const order = own ?? carryOrder(ctx.state);
    if (round > 1 || ctx.state.turn.index !== -1) newOrder(ctx, order, round, own === undefined);
    roundStarted(ctx, round, ruleset.roundSeconds);
    runClock(ctx, ruleset, 'round_start');
    ruleset.onRoundStart?.(ctx, round);
    if (checkOutcome(ctx, ruleset)) return;
    if (ctx.state.turn.order.length === 0) {
      ctx.emit({ type: 'combat.ended', result: { outcome: 'draw', reason: 'no one is left in the turn order' } });
      return;
    }
  }
}
