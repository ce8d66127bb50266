/**
 * A mount's clock (rulings OUT-MNT-1, OUT-TIME-1, OUT-EFF-1, OUT-EFF-4). A mount with its tamer in the fight has no
 * turns of its own (mountSkip): it lives on its tamer's (mount-model turnsOf). So its damage over time ticks at the
 * start of the tamer's turns and its healing over time and Wounds at their end, its debuffs are shaken off at
 * their end, and a turn the tamer loses (Stop, Slow) the mount lives through with it — ticking, not shaking off,
 * as any unit lives through a turn it loses. The mount's own slot in the order is skipped and ticks nothing.
 * With the tamer out of the fight the mount falls back on its own (lost) turns, as the engine runs them.
 */
import type { Effect, Resolution, UnitId } from '../../engine/index.ts';
import { shakeOff, tickEffect } from './effects.ts';
import { mountOnTurnsOf, turnsOf } from './mount-model.ts';
import { lostTurnTo } from './timing.ts';
import { tickBleeding, tickWounds } from './weapon-traits.ts';

/** What an effect does when it ticks: Wounds and Bleeding their own damage, the rest by the effect table. */
export function tickOne(ctx: Resolution, fx: Effect): void {
  if (fx.name === 'Wounds') tickWounds(ctx, fx);
  else if (fx.name === 'Bleeding') tickBleeding(ctx, fx);
  else tickEffect(ctx, fx);
}

/** The mount's effects that tick at `at` of its tamer's turn, each as long as it is still on. */
function tickMount(ctx: Resolution, mount: UnitId, at: 'turn_start' | 'turn_end'): void {
  for (const fx of ctx.state.effects.filter((f) => f.target === mount && f.tick === at)) {
    if (ctx.state.effects.some((f) => f.id === fx.id)) tickOne(ctx, fx);
  }
}

/** The engine's tick hook: a mount's effects wait for its tamer's turns; a tamer's lost turn reaches its mount. */
export function onEffectTick(ctx: Resolution, fx: Effect): void {
  const target = ctx.unit(fx.target);
  if (turnsOf(ctx.state, target).id !== target.id) return; // a mount: it lives on its tamer's turns
  tickOne(ctx, fx);
  // the Stop or Slow taking this turn ticks once at its start: the mount lives through the lost turn too
  if (fx.tick === 'turn_start' && lostTurnTo(ctx.state, fx.target)?.id === fx.id) {
    const mount = mountOnTurnsOf(ctx.state, ctx.unit(fx.target));
    if (mount) {
      tickMount(ctx, mount.id, 'turn_start');
      tickMount(ctx, mount.id, 'turn_end');
    }
  }
}

/** The start of a tamer's turn: its mount's damage over time (and Stop's count). */
export function mountTurnStart(ctx: Resolution, unit: UnitId): void {
  const mount = mountOnTurnsOf(ctx.state, ctx.unit(unit));
  if (mount) tickMount(ctx, mount.id, 'turn_start');
}

/** The end of a tamer's turn: its mount's healing over time and Wounds, then its shake-off rolls. */
export function mountTurnEnd(ctx: Resolution, unit: UnitId): void {
  const mount = mountOnTurnsOf(ctx.state, ctx.unit(unit));
  if (!mount) return;
  tickMount(ctx, mount.id, 'turn_end');
  const now = ctx.unit(mount.id);
  if (now.status === 'active') shakeOff(ctx, now);
}
