/**
 * Reactions when attacked (OUT-TRG-1..3): a Trigger Action strikes back once per round; an Auto Skill
 * fires every time (strike back, use an item such as a potion, or use a skill). Only one kind is active: a unit with
 * both chooses with `set_reaction` (free, on its own turn). Reactions are automatic and provoke none.
 */
import { fail, type Command, type Resolution, type Unit } from '../../engine/index.ts';
import { useItemOn } from './items.ts';
import { stayCounter } from './pet-link.ts';
import { guardCounters } from './pet-watch.ts';
import { dataOf } from './model.ts';
import { castBuff } from './effects.ts';
import { healWith } from './heal.ts';
import type { Reaction } from './schema.ts';
import { effectOrderOf } from './skill-effects.ts';
import { skillSpec, weaponSpec } from './spec.ts';
import { resolveStrike } from './strike.ts';
import { attackBlocker } from './targeting.ts';

export function react(ctx: Resolution, defenderId: string, attackerId: string): void {
  const defender = ctx.unit(defenderId);
  const attacker = ctx.unit(attackerId);
  const d = dataOf(defender);
  const reaches = (pet: Unit, at: Unit) => {
    const w = dataOf(pet).weapons[0];
    return w !== undefined && !attackBlocker(ctx.state, pet, at, weaponSpec(w));
  };
  const counter = (pet: Unit, at: Unit) => void resolveStrike(ctx, pet, at, weaponSpec(dataOf(pet).weapons[0]), { reaction: true });
  stayCounter(ctx, defender, attacker, (pet, at) => {
    if (!reaches(pet, at)) return false;
    counter(pet, at);
    return true;
  });
  // a pet standing guard over the defender strikes back too (ruling OUT-PET-2)
  guardCounters(ctx, defender, attacker, reaches, counter);
  if (ctx.unit(defenderId).status !== 'active' || !d.reaction) return;
  const r = d.reactions.find((x) => x.kind === d.reaction);
  if (!r) return;
  const round = ctx.state.turn.round;
  if (r.kind === 'trigger' && d.triggerRound === round) {
    ctx.note(() => `${defender.name}'s Trigger Action "${r.name}" was already used this round [OUT-TRG-1]`);
    return;
  }
  const rule = r.kind === 'trigger' ? 'OUT-TRG-1' : 'OUT-TRG-2';
  const label = r.kind === 'trigger' ? 'Trigger Action' : 'Auto Skill';
  if (r.does === 'item') {
    const left = d.items[r.item!] ?? 0;
    // a potion is drunk only when it can do something (ruling OUT-TRG-2)
    if (left <= 0 || defender.pools.hp.value >= defender.pools.hp.max) return;
    ctx.note(() => `${defender.name}'s ${label} "${r.name}" fires [${rule}]`);
    if (r.kind === 'trigger') ctx.setData(defender.id, 'triggerRound', round);
    useItemOn(ctx, defender, defender, r.item!);
    return;
  }
  if (r.does === 'skill') return reactWithSkill(ctx, defender, attacker, r, label, rule);
  const w = d.weapons.find((x) => x.hand === 'main') ?? d.weapons[0];
  if (!w || attacker.status !== 'active') return;
  const spec = weaponSpec(w);
  const why = attackBlocker(ctx.state, defender, attacker, spec);
  if (why) {
    ctx.note(() => `${defender.name}'s ${label} "${r.name}" cannot strike back: ${why.message} [${rule}]`);
    return;
  }
  ctx.note(() => `${defender.name}'s ${label} "${r.name}": strikes back at ${attacker.name} [${rule}]`);
  if (r.kind === 'trigger') ctx.setData(defender.id, 'triggerRound', round);
  resolveStrike(ctx, defender, attacker, spec, { reaction: true });
}

/**
 * A reaction that uses a skill (ruling OUT-TRG-2: Auto Skills "may include, but are not limited to attacks"): an
 * attack or debuff skill strikes back at the attacker, if it can reach; a heal or buff is cast on the unit itself —
 * a heal only when it is hurt, as a potion is drunk only when it can do something. No action is spent. A Trigger
 * Action, "a retaliatory attack", names only an attack or debuff skill (the file says so).
 */
function reactWithSkill(ctx: Resolution, defender: Unit, attacker: Unit, r: Reaction, label: string, rule: string): void {
  const k = dataOf(defender).skills.find((x) => x.id === r.skill);
  if (!k || k.kind === 'passive') return;
  const harmful = k.kind === 'attack' || k.kind === 'debuff';
  if (harmful) {
    if (attacker.status !== 'active') return;
    const spec = skillSpec(k);
    const why = attackBlocker(ctx.state, defender, attacker, spec);
    if (why) {
      ctx.note(() => `${defender.name}'s ${label} "${r.name}" cannot reach with ${k.name}: ${why.message} [${rule}]`);
      return;
    }
  } else if (k.kind === 'heal' && defender.pools.hp.value >= defender.pools.hp.max) return;
  ctx.note(() => `${defender.name}'s ${label} "${r.name}" fires: ${k.name}${harmful ? ` at ${attacker.name}` : ` on ${defender.name}`} [${rule}]`);
  if (r.kind === 'trigger') ctx.setData(defender.id, 'triggerRound', ctx.state.turn.round);
  const order = effectOrderOf(k);
  if (harmful) resolveStrike(ctx, defender, attacker, skillSpec(k), { reaction: true, ...(k.kind === 'debuff' && order ? { effect: order } : {}) });
  else if (k.kind === 'heal') healWith(ctx, defender, defender, k.dice!, k.element, k.name, 'spell');
  else if (order) castBuff(ctx, defender, defender, order, k.element);
}

/** Choose which kind of reaction is active (OUT-TRG-3). */
export function setReactionCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const d = dataOf(u);
  if (cmd.kind !== 'trigger' && cmd.kind !== 'auto') fail('command/bad_kind', 'kind must be "trigger" or "auto"', 'kind');
  if (!d.reactions.some((r) => r.kind === cmd.kind)) fail('action/no_reaction', `${u.name} has no ${cmd.kind === 'trigger' ? 'Trigger Action' : 'Auto Skill'} [OUT-TRG-3]`, 'kind');
  if (d.reaction === cmd.kind) fail('action/already_active', `${u.name}'s ${cmd.kind} reaction is already the active one`, 'kind');
  ctx.setData(u.id, 'reaction', cmd.kind);
  ctx.note(() => `${u.name} makes its ${cmd.kind === 'trigger' ? 'Trigger Action' : 'Auto Skill'} the active one; only one kind can be [OUT-TRG-3]`);
}

export type { Unit };
