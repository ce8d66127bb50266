/**
 * The turn order by the GM's word: reorder, delay, extra turns, and ending a turn or the whole round.
 * Ending goes through the engine's own flow (clocks, turn and round hooks), so nothing is skipped by accident.
 */
import { runClock } from '../clocks.ts';
import { checkOutcome, currentUnit, endTurn, nextTurn } from '../flow.ts';
import { addSlot, moveUpcoming, removeUpcoming } from '../order.ts';
import { fail } from '../rejection.ts';
import type { Resolution } from '../resolution.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import type { Slot, UnitId } from '../types.ts';
import { endsRound } from '../view.ts';
import { gmCommand, numberArg, unitArg } from './command.ts';

function requireRound(ctx: Resolution): void {
  if (ctx.state.status !== 'active' || ctx.state.turn.round === 0) fail('gm/no_order_yet', 'the combat has not started: there is no turn order yet');
}

function activeUnit(ctx: Resolution): UnitId {
  requireRound(ctx);
  const unit = currentUnit(ctx.state);
  if (unit === undefined) fail('gm/no_turn', 'no unit is taking its turn');
  return unit;
}

/** The slots in the order given by unit ids; each unit's own slots keep their relative order. */
function permute(slots: Slot[], ids: unknown): Slot[] {
  const listed = slots.map((s) => s.unit);
  const wrong = () => fail('gm/bad_order', `"order" must list the units of the current slots, each as often as it has slots: ${listed.join(', ')}`, 'order');
  if (!Array.isArray(ids) || ids.length !== slots.length || !ids.every((x) => typeof x === 'string')) wrong();
  const queues = new Map<string, Slot[]>();
  for (const s of slots) queues.set(s.unit, [...(queues.get(s.unit) ?? []), s]);
  return (ids as string[]).map((id) => queues.get(id)?.shift() ?? wrong());
}

export function turnCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  return {
    /** {order: unitIds[]}: a permutation of the current slots; the turn in progress stays in progress. */
    'gm.reorder': gmCommand(ruleset, (ctx, cmd) => {
      requireRound(ctx);
      const { order, index } = ctx.state.turn;
      const next = permute(order, cmd.order);
      const current = order[index];
      // the pointer follows the slot in progress, wherever the GM put it
      const at = current ? next.indexOf(current) : index;
      ctx.emit({ type: 'turn.order', order: next.map((s) => ({ ...s })), index: at, why: 'reordered by the GM' });
    }),

    /** {unit, to}: the unit's next slot moves to position `to` among the slots still to come (0 = next). */
    'gm.delay': gmCommand(ruleset, (ctx, cmd) => {
      requireRound(ctx);
      const u = unitArg(ctx, cmd);
      const to = numberArg(cmd, 'to', { min: 0 });
      const { order, index } = ctx.state.turn;
      if (!order.slice(index + 1).some((s) => s.unit === u.id)) fail('gm/no_upcoming_slot', `${u.name} has no turn still to come this round`, 'unit');
      moveUpcoming(ctx, u.id, to, `${u.name} delays (GM)`);
    }),

    /** {unit, slot?}: an extra turn this round, at the end or before slot index `slot`. */
    'gm.extra_turn': gmCommand(ruleset, (ctx, cmd) => {
      requireRound(ctx);
      const u = unitArg(ctx, cmd);
      if (u.status === 'removed') fail('gm/removed', `${u.name} has been removed from the fight`, 'unit');
      const { order, index } = ctx.state.turn;
      const slot = numberArg(cmd, 'slot', { min: 0, optional: true });
      if (slot !== undefined && (slot <= index || slot > order.length)) fail('gm/bad_slot', `slot must be from ${index + 1} (next) to ${order.length} (end of the round), got ${slot}`, 'slot');
      addSlot(ctx, { unit: u.id, kind: 'extra' }, `${u.name} gets an extra turn (GM)`, slot);
    }),

    /** {unit}: its extra turns still to come this round are gone. */
    'gm.cancel_extra_turn': gmCommand(ruleset, (ctx, cmd) => {
      requireRound(ctx);
      const u = unitArg(ctx, cmd);
      const { order, index } = ctx.state.turn;
      if (!order.slice(index + 1).some((s) => s.unit === u.id && s.kind === 'extra')) fail('gm/no_extra_turn', `${u.name} has no extra turn still to come`, 'unit');
      removeUpcoming(ctx, u.id, `${u.name}'s extra turn is cancelled (GM)`, 'extra');
    }),

    /** {}: the unit in its turn ends it, as if it had said so. */
    'gm.end_turn': gmCommand(ruleset, (ctx) => {
      activeUnit(ctx);
      endTurn(ctx, ruleset);
    }),

    /** {}: the current turn ends and the rest of the round is skipped; the next round starts by the rules. */
    'gm.end_round': gmCommand(ruleset, (ctx) => {
      const unit = activeUnit(ctx);
      // endTurn's first half: the acting unit's turn ends properly (clocks, hooks)
      ctx.emit({ type: 'turn.ended', unit });
      runClock(ctx, ruleset, 'turn_end', unit);
      ruleset.onTurnEnd?.(ctx, unit);
      if (checkOutcome(ctx, ruleset)) return;
      const { order, index } = ctx.state.turn;
      const skipped = order.slice(index + 1).map((s) => ctx.state.units[s.unit]?.name ?? s.unit);
      // the pointer jumps to the last slot, so the flow crosses into the next round; the order itself is kept for it
      // words a player's view re-lists with only the units it sees (src/engine/view.ts)
      if (skipped.length) ctx.emit({ type: 'turn.order', order, index: order.length - 1, why: endsRound(skipped) });
      nextTurn(ctx, ruleset);
    }),
  };
}
