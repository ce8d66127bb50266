/**
 * Throw Weapon (D60-ATK-3): costs the weapon's stamina for each one thrown, at most 3 projectiles a
 * throw unless a perk (unit maxProjectiles) or the weapon (its maxProjectiles) says otherwise; consumes
 * the action. Each weapon thrown is a projectile of its own (projectile.ts).
 */
import { distance } from '../../engine/space/grid.ts';
import { facingToward } from '../../engine/space/facing.ts';
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { requireAction, requireStamina, spendAction, spendStamina } from './actions.ts';
import { targetUnit } from './attack.ts';
import { deferIfDelayed } from './delay.ts';
import { asJson, dataOf, strengthOf, weaponOf } from './model.ts';
import { launch } from './projectile.ts';
import type { Weapon } from './schema.ts';
import { counted } from './words.ts';

export interface ThrowPlan {
  weapon: Weapon & { thrown: NonNullable<Weapon['thrown']> };
  target: Unit;
  count: number;
}

export const projectileCap = (u: Unit, w: Weapon): number => w.maxProjectiles ?? dataOf(u).maxProjectiles;

export function planThrow(state: EncounterState, u: Unit, cmd: Command): ThrowPlan {
  const w = weaponOf(u, cmd.weapon) ?? fail('action/unknown_weapon', `${u.name} has no weapon "${String(cmd.weapon)}"`, 'weapon');
  if (!w.thrown) fail('action/not_throwable', `${w.name} is not a throwing weapon [D60-ATK-3]`, 'weapon');
  const t = targetUnit(state, u, cmd.target);
  if (t.status !== 'active') fail('action/bad_target', `${t.name} is ${t.status}`, 'target');
  const count = cmd.count ?? 1;
  const cap = projectileCap(u, w);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) fail('command/bad_count', 'count: how many to throw, at least 1', 'count');
  if (count > cap) fail('action/too_many_projectiles', `at most ${cap} projectiles a throw [D60-ATK-3]`, 'count');
  if (count > w.count) fail('action/not_enough_weapons', `${u.name} carries ${counted(w.count, w.name)}`, 'count');
  const d = distance(u.position!, t.position!);
  if (d > w.thrown.range) fail('action/out_of_range', `${t.name} is ${d} tiles away; ${w.name} flies ${w.thrown.range}`, 'target');
  requireStamina(u, w.stamina * count, () => `throwing ${counted(count, w.name)} [D60-ATK-3]`);
  return { weapon: w as ThrowPlan['weapon'], target: t, count };
}

export function throwCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const plan = planThrow(ctx.state, u, cmd);
  requireAction(ctx.state, u);
  spendAction(ctx, u);
  if (deferIfDelayed(ctx, u, cmd)) return;
  resolveThrow(ctx, u, plan);
}

export function resolveThrow(ctx: Resolution, u: Unit, plan: ThrowPlan): void {
  const { weapon: w, target, count } = plan;
  spendStamina(ctx, u, w.stamina * count, 'D60-ATK-3');
  const left = dataOf(ctx.unit(u.id)).weapons.map((x) => (x.id === w.id ? { ...x, count: x.count - count } : x)).filter((x) => x.count > 0);
  ctx.setData(u.id, 'weapons', asJson(left));
  ctx.emit({ type: 'unit.faced', unit: u.id, facing: facingToward(u.position!, target.position!) });
  ctx.note(() => `${u.name} throws ${counted(count, w.name)} at ${target.name} (${w.stamina * count} stamina) [D60-ATK-3]`);
  for (let i = 0; i < count; i++) {
    launch(ctx, {
      name: w.name,
      owner: u.id,
      speed: w.thrown.speed, // the thrower's outlets are added at launch
      strength: strengthOf(u),
      kind: w.type,
      base: w.damage,
      weapon: w.id,
      nonReactionary: false,
    }, u.position!, target.position!, w.thrown.range);
  }
}
