/** Taking damage and fainting: shared by attacks, spells and damage over time. */
import type { Resolution, UnitId } from '../../engine/index.ts';
import { dataOf } from './model.ts';

/**
 * Deal damage to a unit: Brace halves it, rounded down, after every other reduction (P20-GEN-3);
 * at 0 hit points the unit faints (P20-FAINT-1).
 */
export function dealDamage(ctx: Resolution, target: UnitId, amount: number, source: UnitId | undefined, rule: string): number {
  const u = ctx.unit(target);
  let dmg = Math.max(0, amount);
  if (dataOf(u).braced && dmg > 0) {
    const halved = Math.floor(dmg / 2);
    ctx.note(`${u.name} is bracing: ${dmg} damage halved to ${halved} [P20-GEN-3]`);
    dmg = halved;
  }
  const extra = source === undefined ? { rule } : { source, rule };
  const dealt = ctx.damage(target, dmg, extra);
  if (u.status === 'active' && ctx.unit(target).pools.hp.value <= 0) {
    ctx.emit({ type: 'unit.status', unit: target, status: 'down', cause: 'fainted at 0 hit points', rule: 'P20-FAINT-1' });
    ctx.setData(target, 'prep', { state: 'none' });
  }
  return dealt;
}
