/**
 * Timed effects from gadgets and streams (ruling FRL-ACT-2). "For N rounds" means until the start of the
 * user's Nth next turn — N full rounds whenever in the round it was used. The count runs on the engine
 * clock at the start of the user's turns; if the user is out of the fight (unconscious, fled) it has no
 * more turns, so the count goes on at each round's end instead. The same effect again replaces the old one.
 */
import type { Json, Resolution, Unit } from '../../engine/index.ts';
import type { EffectSpec } from './schema.ts';

export function applyTimedEffect(ctx: Resolution, user: Unit, target: Unit, spec: EffectSpec): void {
  for (const old of ctx.effectsOn(target.id, spec.name)) ctx.removeEffect(old.id, 'replaced');
  const values = Object.values(spec.modifiers) as number[];
  const category = values.length && values.every((v) => v < 0) ? 'debuff' : 'buff';
  ctx.applyEffect({
    name: spec.name,
    categories: [category],
    source: user.id,
    target: target.id,
    remaining: spec.rounds,
    clock: { at: 'turn_start', unit: user.id },
    data: { spec: spec as unknown as Json },
  }, () => {
    const mods = Object.entries(spec.modifiers).map(([k, v]) => `${k} ${v >= 0 ? '+' : ''}${v}`).join(', ');
    return `${target.name} gains ${spec.name}${mods ? ` (${mods})` : ''} until the start of ${user.name}'s turn ${spec.rounds} round${spec.rounds > 1 ? 's' : ''} from now [FRL-ACT-2]`;
  });
}

/** Round end: effects whose user is out of the fight count down here (see above). */
export function countDownOrphanedEffects(ctx: Resolution): void {
  if (!ctx.state.effects.length) return; // most rounds: nothing to count, no copy of the list
  for (const fx of [...ctx.state.effects]) {
    const clock = fx.clock;
    if (!clock || !('unit' in clock) || fx.remaining === undefined) continue;
    const user = ctx.state.units[clock.unit];
    if (user && user.status === 'active') continue;
    const remaining = fx.remaining - 1;
    if (remaining <= 0) ctx.removeEffect(fx.id, 'expired');
    else ctx.emit({ type: 'effect.changed', id: fx.id, remaining });
  }
}
