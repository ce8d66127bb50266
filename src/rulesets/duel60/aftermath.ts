/** What an ability does besides damage once it reaches its target: side effects, Vamp (D60-EFF-1/2). */
import type { Resolution, UnitId } from '../../engine/index.ts';
import { hurt } from './damage.ts';
import { applySideEffect } from './effects.ts';
import type { Ability } from './schema.ts';

export function abilityAftermath(ctx: Resolution, caster: UnitId, a: Ability, target: UnitId): void {
  for (const fx of a.effects) applySideEffect(ctx, target, fx, caster);
  if (a.vamp) vamp(ctx, caster, target, a.vamp.pool, a.vamp.amount, a.name);
}

/** Vamp: steal a value from one and add it to the other, no more than the target has (D60-EFF-2). */
export function vamp(ctx: Resolution, caster: UnitId, target: UnitId, pool: 'health' | 'stamina', amount: number, what: string): number {
  const key = pool === 'health' ? 'hp' : 'stamina';
  const t = ctx.unit(target);
  if (t.status !== 'active') return 0;
  const taken = Math.min(amount, t.pools[key].value);
  if (taken <= 0) return 0;
  if (key === 'hp') hurt(ctx, target, taken, { source: caster, rule: 'D60-EFF-2', damageType: 'vamp' });
  else ctx.changePool(target, key, -taken, 'damage', { source: caster, rule: 'D60-EFF-2' });
  const given = ctx.changePool(caster, key, taken, key === 'hp' ? 'heal' : 'gain', { source: target, rule: 'D60-EFF-2' });
  ctx.note(() => `${what}: ${ctx.unit(caster).name} steals ${taken} ${pool} from ${t.name} (keeps ${given}) [D60-EFF-2]`);
  return taken;
}
