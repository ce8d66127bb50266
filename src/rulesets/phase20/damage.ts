/** Taking damage and fainting: shared by attacks, spells, damage over time and the GM's damage. */
import { currentUnit, type Resolution, type UnitId } from '../../engine/index.ts';
import { BRACE, dataOf, isBraced } from './model.ts';

/**
 * Deal damage to a unit: Brace halves it, rounded down, after every other reduction (P20-GEN-3);
 * at 0 hit points the unit faints (P20-FAINT-1).
 */
export function dealDamage(ctx: Resolution, target: UnitId, amount: number, source: UnitId | undefined, rule: string): number {
  const u = ctx.unit(target);
  let dmg = Math.max(0, amount);
  if (dmg > 0 && ctx.state.effects.length && isBraced(ctx.state, target)) {
    const halved = Math.floor(dmg / 2);
    ctx.note(() => `${u.name} is bracing: ${dmg} damage halved to ${halved} (rounded down) [P20-GEN-3]`);
    dmg = halved;
  }
  const extra = source === undefined ? { rule } : { source, rule };
  const dealt = ctx.damage(target, dmg, extra);
  if (u.status === 'active' && ctx.unit(target).pools.hp.value <= 0) faint(ctx, target);
  return dealt;
}

/**
 * P20-FAINT-1: the unit faints. Ruling: fainting ends its Preparation and its Brace (a fainted body
 * neither strikes nor braces), and if it is acting, its turn ends there: it "is unable to gain a turn".
 */
export function faint(ctx: Resolution, id: UnitId): void {
  ctx.emit({ type: 'unit.status', unit: id, status: 'down', cause: 'fainted at 0 hit points', rule: 'P20-FAINT-1' });
  const d = dataOf(ctx.unit(id));
  if (d.prep.state !== 'none') ctx.setData(id, 'prep', { state: 'none' });
  if (d.braceBlocksPrep) ctx.setData(id, 'braceBlocksPrep', undefined);
  if (ctx.state.effects.length) for (const fx of ctx.effectsOn(id, BRACE)) ctx.removeEffect(fx.id, 'ended');
  // only while it acts (or waits to announce its Preparation): a unit fainting as its turn starts is the engine's to skip
  const phase = ctx.state.turn.phase;
  if (currentUnit(ctx.state) === id && (phase === 'action' || phase === 'preparation') && !ctx.turnOver) ctx.endTurn();
}
