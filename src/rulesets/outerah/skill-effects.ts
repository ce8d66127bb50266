/** Reading a skill's effect (the book's notation or an object) into an order for effects.ts (OUT-EFF-2). */
import { parseEffectNotation } from './effect-table.ts';
import type { EffectOrder } from './effects.ts';
import type { Skill } from './schema.ts';

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
