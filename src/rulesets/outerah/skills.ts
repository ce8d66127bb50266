/**
 * Skills: attacks (the hit check and the damage pipeline), debuffs (the hit check, then the target's
 * resist roll), heals (scaled by element) and buffs (a success roll by the caster's Wisdom).
 * Magic aimed at a unit with Reflect misses by reflect and lands elsewhere (OUT-MISS-3).
 */
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { effectRow } from './effect-table.ts';
import { castBuff } from './effects.ts';
import { healWith } from './heal.ts';
import { reflect } from './miss.ts';
import { dataOf, hasEffect } from './model.ts';
import type { Skill } from './schema.ts';
import { effectOrderOf } from './skill-effects.ts';
import { inspirationBlocker } from './timing.ts';
import { skillSpec } from './spec.ts';
import { strikeArea } from './skill-area.ts';
import { attackBlocker, orFail, supportBlocker, targetOf, type Blocker } from './targeting.ts';
import { react } from './triggers.ts';
import { hasSlot, spendSlot } from './turn.ts';

export function skillOf(u: Unit, id: unknown): Skill {
  const k = dataOf(u).skills.find((x) => x.id === id);
  if (!k) fail('action/unknown_skill', `${u.name} knows no skill "${String(id)}"`, 'skill');
  return k;
}

export const isHarmful = (k: Skill) => k.kind === 'attack' || k.kind === 'debuff';

/**
 * castBlocker's tests that read no target (passive, the action spent): a listing that finds them failing has
 * no target for the skill at all, so it asks them once per skill.
 */
export const castOpen = (u: Unit, k: Skill): boolean => k.kind !== 'passive' && hasSlot(u, k.action);

/** Why `u` cannot cast `k` on `t` now, or null (shared with legalActions). */
export function castBlocker(state: EncounterState, u: Unit, k: Skill, t: Unit): Blocker | null {
  if (k.kind === 'passive') return { code: 'action/passive', message: `${k.name} is passive: it is never cast, it adds its damage to ${u.name}'s Openers [OUT-OPEN-1]` };
  if (!hasSlot(u, k.action)) return { code: 'action/slot_used', message: `${u.name} has already used its ${k.action} action [OUT-TURN-1]` };
  if (isHarmful(k)) return attackBlocker(state, u, t, skillSpec(k));
  const order = effectOrderOf(k);
  const self = !(order && effectRow(order.name)?.timing === 'inspiration');
  const b = supportBlocker(state, u, t, k.range, self);
  if (b) return b;
  const inspired = self ? null : inspirationBlocker(state, t.id);
  if (inspired) return { code: 'action/already_inspired', message: inspired };
  if (k.kind === 'buff' && t.status !== 'active') return { code: 'action/bad_target', message: `${t.name} is ${t.status}` };
  return null;
}

export function castCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const k = skillOf(u, cmd.skill);
  const t = targetOf(ctx, cmd.target);
  orFail(castBlocker(ctx.state, u, k, t));
  spendSlot(ctx, u, k.action);
  const spec = skillSpec(k);
  const order = effectOrderOf(k);
  if (isHarmful(k)) {
    strikeArea(ctx, u, k, t, spec, k.kind === 'debuff' && order ? { effect: order } : {}, (v) => react(ctx, v.id, u.id));
    return;
  }
  const give = (v: Unit) => {
    if (k.kind === 'heal') healWith(ctx, u, ctx.unit(v.id), k.dice!, k.element, k.name, 'spell');
    else castBuff(ctx, u, ctx.unit(v.id), order!, k.element);
  };
  if (k.magical && t.id !== u.id && hasEffect(ctx.state, t.id, 'Reflect')) {
    ctx.note(() => `${k.name} misses ${t.name} by reflect [OUT-MISS-3]`);
    reflect(ctx, u, t, k.name, give);
    return;
  }
  give(t);
}
