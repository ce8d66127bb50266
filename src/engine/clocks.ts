/**
 * Effect clocks: at every turn start/end and round start/end the engine ticks the effects that
 * tick there, then counts down the durations anchored there and removes the ones that run out.
 * Ticks come before the count-down, so "Burn (3)" ticking at the start of its target's turn
 * deals its damage three times and is gone after the third.
 */
import type { Resolution } from './resolution.ts';
import type { Ruleset } from './ruleset.ts';
import type { Effect, UnitId } from './types.ts';

export type ClockAt = 'turn_start' | 'turn_end' | 'round_start' | 'round_end';

function fires(fx: Effect, at: ClockAt, unit?: UnitId): boolean {
  const c = fx.clock;
  if (!c || c.at !== at) return false;
  return 'unit' in c ? c.unit === unit : true;
}

export function runClock(ctx: Resolution, ruleset: Ruleset, at: ClockAt, unit?: UnitId): void {
  if (ctx.state.effects.length === 0) return; // the common case: nothing to tick, so allocate nothing
  if (unit !== undefined && (at === 'turn_start' || at === 'turn_end') && ruleset.onEffectTick) {
    for (const fx of ctx.state.effects.filter((f) => f.target === unit && f.tick === at)) {
      // an earlier tick may have removed it (the unit died, a cleanse fired)
      if (ctx.state.effects.some((f) => f.id === fx.id)) ruleset.onEffectTick(ctx, fx);
    }
  }
  for (const fx of ctx.state.effects.filter((f) => fires(f, at, unit))) {
    const live = ctx.state.effects.find((f) => f.id === fx.id);
    if (!live || live.remaining === undefined) continue;
    const remaining = live.remaining - 1;
    if (remaining <= 0) {
      ruleset.onEffectExpire?.(ctx, live);
      if (ctx.state.effects.some((f) => f.id === live.id)) ctx.removeEffect(live.id, 'expired');
    } else {
      // what the event's applier does, without the event when no one keeps the log
      if (ctx.kept.effectChanged) ctx.emit({ type: 'effect.changed', id: live.id, remaining });
      else {
        live.remaining = remaining;
        ctx.state.version++;
      }
    }
  }
}
