/**
 * Side effects (D60-EFF-1) and cleansing (D60-EFF-2) as working effects on the engine's effect list.
 * Each lasts `turns` of its target's turns (counted at the end of each); re-applying replaces it.
 * What each one forbids is read by actions.ts (act, move, cast), turn.ts (Delay) and contest.ts (Stun).
 */
import type { Effect, Resolution, UnitId } from '../../engine/index.ts';
import { hurt } from './damage.ts';
import { skippedTurnEnd } from './skipped.ts';
import type { SideEffectDoc, SideEffectName } from './schema.ts';

/** Hard control takes the whole turn away; soft control limits it (ruling D60-EFF-2). */
export const HARD_CONTROL: readonly SideEffectName[] = ['Paralyze', 'Stun', 'Suppressed'];
export const SOFT_CONTROL: readonly SideEffectName[] = ['Silence', 'Root', 'Slow', 'Delay', 'Drowning'];

function categoriesOf(name: SideEffectName): string[] {
  if (name === 'Bleed') return ['dot'];
  if (HARD_CONTROL.includes(name)) return ['cc', 'hard_cc'];
  return name === 'Drowning' ? ['cc', 'dot'] : ['cc'];
}

export function applySideEffect(ctx: Resolution, target: UnitId, spec: SideEffectDoc, source: UnitId | undefined, rule = 'D60-EFF-1'): void {
  const t = ctx.unit(target);
  if (t.status === 'dead') return;
  for (const old of ctx.effectsOn(target, spec.name)) ctx.removeEffect(old.id, 'replaced');
  const data: Record<string, number> = {};
  if (spec.name === 'Slow') data.tiles = spec.tiles ?? 2;
  const ticks = spec.name === 'Bleed' || spec.name === 'Drowning';
  // Stun and Suppressed tick at the end of the turn they take away (skipped.ts: projectiles fly on)
  const skips = spec.name === 'Stun' || spec.name === 'Suppressed';
  ctx.applyEffect({
    name: spec.name,
    categories: categoriesOf(spec.name),
    ...(source ? { source } : {}),
    target,
    remaining: spec.turns,
    clock: { at: 'turn_end', unit: target },
    ...(ticks ? { tick: 'turn_start' as const } : skips ? { tick: 'turn_end' as const } : {}),
    data,
  }, () => `${t.name} suffers ${spec.name} for ${spec.turns} turn${spec.turns === 1 ? '' : 's'} [${rule}]`);
  // stunned is "helpless": the guard drops with it (D60-BLK-1 stance, D60-EFF-1)
  if (spec.name === 'Stun' && ctx.unit(target).data.blocking) {
    ctx.setData(target, 'blocking', null);
    ctx.note(() => `${t.name} is stunned: its block drops [D60-EFF-1]`);
  }
}

/** Bleed: −2 health a turn; Drowning: −4 stamina and −2 health a turn (D60-EFF-1). */
export function tickSideEffect(ctx: Resolution, fx: Effect): void {
  if (fx.name === 'Stun' || fx.name === 'Suppressed') return skippedTurnEnd(ctx, fx);
  const u = ctx.unit(fx.target);
  if (u.status === 'dead') return;
  if (fx.name === 'Bleed') {
    ctx.note(() => `${u.name} bleeds: −2 health [D60-EFF-1]`);
    hurt(ctx, u.id, 2, { rule: 'D60-EFF-1', damageType: 'bleed', ...(fx.source ? { source: fx.source } : {}) });
  } else if (fx.name === 'Drowning') {
    ctx.note(() => `${u.name} is drowning: −4 stamina, −2 health [D60-EFF-1]`);
    if (u.status === 'active' && u.pools.stamina.value > 0) ctx.changePool(u.id, 'stamina', -4, 'damage', { rule: 'D60-EFF-1' });
    hurt(ctx, u.id, 2, { rule: 'D60-EFF-1', damageType: 'drowning' });
  }
}

/** Cleanse: the named side effects, or every soft crowd control for "general" (D60-EFF-2). Returns names removed. */
export function cleanse(ctx: Resolution, target: UnitId, what: ('general' | SideEffectName)[]): string[] {
  const names = new Set<string>(what.flatMap((w) => (w === 'general' ? SOFT_CONTROL : [w])));
  return removeNamed(ctx, target, names);
}

/** Hard Cleanse: every hard control (Paralyze, Stun, Suppressed) (D60-EFF-2). */
export function hardCleanse(ctx: Resolution, target: UnitId): string[] {
  return removeNamed(ctx, target, new Set(HARD_CONTROL));
}

function removeNamed(ctx: Resolution, target: UnitId, names: Set<string>): string[] {
  const gone: string[] = [];
  for (const fx of ctx.effectsOn(target)) {
    if (!names.has(fx.name)) continue;
    ctx.removeEffect(fx.id, 'cleansed');
    gone.push(fx.name);
  }
  return gone;
}
