/**
 * A turn lost to Stun or Suppressed (D60-EFF-1) is still a turn: a projectile "moves independently of a
 * user's body" (D60-PRJ-1), so the thrower's projectiles fly on at its end. The engine runs no turn-end
 * hook on a skipped turn, only the effect clocks; so Stun and Suppressed tick at the end of their
 * target's turn, and that tick moves the projectiles when the turn was skipped (a turn played moves them
 * in onTurnEnd).
 */
import type { Effect, Resolution, UnitId } from '../../engine/index.ts';
import { advanceProjectiles } from './projectile.ts';

export const SKIPS_TURN = new Set(['Stun', 'Suppressed']);

/** Whether the unit's latest turn in this resolution was skipped (not played and ended). */
function turnSkipped(ctx: Resolution, id: UnitId): boolean {
  for (let i = ctx.events.length - 1; i >= 0; i--) {
    const e = ctx.events[i];
    if ((e.type === 'turn.skipped' || e.type === 'turn.ended' || e.type === 'turn.started') && e.unit === id) return e.type === 'turn.skipped';
  }
  return false;
}

export function skippedTurnEnd(ctx: Resolution, fx: Effect): void {
  // once a turn: only the first skipping effect on the unit speaks for it
  const first = ctx.state.effects.find((f) => f.target === fx.target && SKIPS_TURN.has(f.name));
  if (first?.id !== fx.id || !turnSkipped(ctx, fx.target)) return;
  advanceProjectiles(ctx, fx.target);
}
