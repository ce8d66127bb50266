/** Reading a skill's effect (the book's notation or an object) into an order for effects.ts (OUT-EFF-2). */
import { parseEffectNotation } from './effect-table.ts';
import type { EffectOrder } from './effects.ts';
import type { Unit } from '../../engine/index.ts';
import { dataOf } from './model.ts';
import type { Skill } from './schema.ts';
import type { StrikeSpec } from './spec.ts';

export function effectOrderOf(k: Skill): EffectOrder | undefined {
  const e = k.effect;
  if (e === undefined) return undefined;
  if (typeof e === 'string') {
    const n = parseEffectNotation(e)!;
    return { name: n.name, tier: 1, ...(n.prefix ? { prefix: n.prefix } : {}), ...(n.rounds !== undefined ? { rounds: n.rounds } : {}) };
  }
  const n = parseEffectNotation(e.name)!;
  const prefix = e.prefix ?? n.prefix;
  const rounds = e.rounds ?? n.rounds;
  return { name: n.name, tier: e.tier, ...(prefix ? { prefix } : {}), ...(rounds !== undefined ? { rounds } : {}) };
}

/**
 * The dice skills add to an Opener (ruling OUT-OPEN-1: "some skills grant additional damage to Opener Attacks"): the
 * `openerDamage` of the skill the Opener is made with, and of every passive skill the unit knows (a passive skill
 * is never cast: it only lends its Opener damage to every Opener, weapon or skill). Undefined when none.
 */
export function openerBonus(u: Unit, spec: StrikeSpec): { dice: string; from: string[] } | undefined {
  const skills = dataOf(u).skills.filter((k) => k.openerDamage && (k.kind === 'passive' || k.id === spec.skill));
  if (!skills.length) return undefined;
  return { dice: skills.map((k) => k.openerDamage!).join('+'), from: skills.map((k) => k.name) };
}
