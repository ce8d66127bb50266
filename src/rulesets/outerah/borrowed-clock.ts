/**
 * The clock of a unit that lives on another's turns (rulings OUT-MNT-1, OUT-PET-1, OUT-TIME-1, OUT-EFF-1, OUT-EFF-4,
 * OUT-SPACE-1): a mount on its tamer's, a controlled pet on its trainer's (borrowed-turns.ts turnsOf). Its own slot
 * in the order is skipped and ticks nothing. At the start of its host's turns its damage over time ticks and a
 * drift carries it on a cell; at their end its healing over time and Wounds tick and it rolls its shake-offs. A turn
 * the host loses (Stop, Slow) it lives through with the host — ticking, neither shaking off nor drifting, as any
 * unit lives through a turn it loses. With the host out of the fight it falls back on its own turns.
 */
import type { Effect, Resolution, UnitId } from '../../engine/index.ts';
import { borrowersOf, turnsOf } from './borrowed-turns.ts';
import { shakeOff, tickEffect } from './effects.ts';
import { dataOf } from './model.ts';
import { driftOn } from './space.ts';
import { lostTurnTo } from './timing.ts';
import { tickBleeding, tickWounds } from './weapon-traits.ts';

/** What an effect does when it ticks: Wounds and Bleeding their own damage, the rest by the effect table. */
export function tickOne(ctx: Resolution, fx: Effect): void {
  if (fx.name === 'Wounds') tickWounds(ctx, fx);
  else if (fx.name === 'Bleeding') tickBleeding(ctx, fx);
  else tickEffect(ctx, fx);
}

/** The effects on `unit` that tick at `at`, each as long as it is still on. */
function tickAll(ctx: Resolution, unit: UnitId, at: 'turn_start' | 'turn_end'): void {
  for (const fx of ctx.state.effects.filter((f) => f.target === unit && f.tick === at)) {
    if (ctx.state.effects.some((f) => f.id === fx.id)) tickOne(ctx, fx);
  }
}

/** The engine's tick hook: a borrower's effects wait for its host's turns; a host's lost turn reaches its borrowers. */
export function onEffectTick(ctx: Resolution, fx: Effect): void {
  const target = ctx.unit(fx.target);
  if (turnsOf(ctx.state, target).id !== target.id) return; // it lives on another's turns
  tickOne(ctx, fx);
  // the Stop or Slow taking this turn ticks once at its start: the borrowers live through the lost turn too
  if (fx.tick === 'turn_start' && lostTurnTo(ctx.state, fx.target)?.id === fx.id) {
    for (const b of borrowersOf(ctx.state, ctx.unit(fx.target))) {
      tickAll(ctx, b.id, 'turn_start');
      tickAll(ctx, b.id, 'turn_end');
    }
  }
}

/**
 * The start of a host's turn: its borrowers' damage over time (and Stop's count). Returns whether it had any:
 * with none, none come of the host's own drift either (borrowersDrift need not look).
 */
export function borrowersTurnStart(ctx: Resolution, host: UnitId): boolean {
  const borrowers = borrowersOf(ctx.state, ctx.unit(host));
  for (const b of borrowers) tickAll(ctx, b.id, 'turn_start');
  return borrowers.length > 0;
}

/** The start of a host's turn, after its own drift: a borrower set drifting drifts on a cell (OUT-SPACE-1). */
export function borrowersDrift(ctx: Resolution, host: UnitId): void {
  for (const b of borrowersOf(ctx.state, ctx.unit(host))) {
    if (dataOf(ctx.unit(b.id)).drift) driftOn(ctx, b.id);
  }
}

/** The end of a host's turn: its borrowers' healing over time and Wounds, then their shake-off rolls. */
export function borrowersTurnEnd(ctx: Resolution, host: UnitId): void {
  for (const b of borrowersOf(ctx.state, ctx.unit(host))) {
    tickAll(ctx, b.id, 'turn_end');
    const now = ctx.unit(b.id);
    if (now.status === 'active') shakeOff(ctx, now);
  }
}
