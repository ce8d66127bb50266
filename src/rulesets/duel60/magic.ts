/**
 * Magic and abilities (D60-ATK-4): prepared visibly, consumes the action (Instant-Cast: no action, once a
 * turn). Single-target magic uses the combat roll (D60-HIT-1) and power against Endurance (D60-DMG-3);
 * area magic is evaded only with the Speed it asks (D60-DMG-4); projectile spells fly (D60-PRJ-1);
 * Pre-Emptive abilities resolve at the start of the next round (D60-EFF-2).
 */
import { distance } from '../../engine/space/grid.ts';
import { facingToward } from '../../engine/space/facing.ts';
import { fail, type Command, type EncounterState, type Json, type Resolution, type Unit } from '../../engine/index.ts';
import { requireAction, requireStamina, spendAction, spendStamina } from './actions.ts';
import { abilityAftermath } from './aftermath.ts';
import { attackerOf, knockBack, targetUnit } from './attack.ts';
import { landBlow } from './blow.ts';
import { contest } from './contest.ts';
import { spellPower } from './damage.ts';
import { deferIfDelayed } from './delay.ts';
import { cleanse, hardCleanse } from './effects.ts';
import { abilityOf, cannotEvadeArea, controlOf, dataOf, enemiesOf, speedOf, strengthOf } from './model.ts';
import { launch } from './projectile.ts';
import type { Ability } from './schema.ts';

export interface CastPlan {
  ability: Ability;
  target: Unit;
}

export function planCast(state: EncounterState, u: Unit, cmd: Command): CastPlan {
  const a = abilityOf(u, cmd.ability) ?? fail('action/unknown_ability', `${u.name} knows no ability "${String(cmd.ability)}"`, 'ability');
  let t: Unit;
  if (a.target === 'self') t = u;
  else {
    t = cmd.target === u.id && a.target === 'ally' ? u : targetUnit(state, u, cmd.target);
    if (a.target === 'ally' && t.side !== u.side) fail('action/bad_target', `${a.name} is for allies`, 'target');
    if (a.target === 'enemy' && t.side === u.side) fail('action/bad_target', `${a.name} is for enemies`, 'target');
    if (t.status !== 'active') fail('action/bad_target', `${t.name} is ${t.status}`, 'target');
    const d = distance(u.position!, t.position!);
    if (d > a.range) fail('action/out_of_range', `${t.name} is ${d} tiles away; ${a.name} reaches ${a.range}`, 'target');
  }
  requireStamina(u, a.stamina, a.name);
  return { ability: a, target: t };
}

export function castCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const plan = planCast(ctx.state, u, cmd);
  const a = plan.ability;
  requireAction(ctx.state, u, { magic: a.magic, instant: a.instantCast });
  spendAction(ctx, u, a.instantCast);
  if (a.instantCast) ctx.note(() => `${a.name} is Instant-Cast: no action used [D60-EFF-2]`);
  if (a.preEmptive) {
    spendStamina(ctx, u, a.stamina, 'D60-ATK-4');
    const queue = (ctx.state.data.preEmptive ?? []) as Json[];
    ctx.setEncounterData('preEmptive', [...queue, { caster: u.id, ability: a.id, target: plan.target.id }]);
    ctx.note(() => `${u.name} prepares ${a.name}: Pre-Emptive, it goes off just before the next round [D60-EFF-2]`);
    return;
  }
  if (!a.instantCast && deferIfDelayed(ctx, u, cmd)) return;
  resolveCast(ctx, u, plan);
}

/** Pre-Emptive abilities queued last round go off now, before anyone's turn (D60-EFF-2). */
export function firePreEmptive(ctx: Resolution): void {
  const queue = (ctx.state.data.preEmptive ?? []) as { caster: string; ability: string; target: string }[];
  if (!queue.length) return;
  ctx.setEncounterData('preEmptive', []);
  for (const q of queue) {
    const u = ctx.state.units[q.caster];
    const a = u && abilityOf(u, q.ability);
    const t = ctx.state.units[q.target];
    if (!u || !a || !t || u.status !== 'active' || t.status !== 'active') {
      ctx.note(() => `${a?.name ?? q.ability} fizzles [D60-EFF-2]`);
      continue;
    }
    ctx.note(() => `Pre-Emptive: ${u.name}'s ${a.name} goes off before the round [D60-EFF-2]`);
    resolveCast(ctx, u, { ability: a, target: t }, true);
  }
}

/** Cast now. `paid`: the stamina was spent already (Pre-Emptive). */
export function resolveCast(ctx: Resolution, u: Unit, plan: CastPlan, paid = false): void {
  const { ability: a, target: t } = plan;
  if (!paid) spendStamina(ctx, u, a.stamina, 'D60-ATK-4');
  ctx.note(() => `${u.name} prepares ${a.name}${t.id !== u.id ? ` at ${t.name}` : ''} — visibly [D60-ATK-4]`);
  if (t.id !== u.id) ctx.emit({ type: 'unit.faced', unit: u.id, facing: facingToward(u.position!, t.position!) });
  if (a.target !== 'enemy') return supportCast(ctx, u, a, t);
  const power = a.power === undefined ? 0 : spellPower(u, a.power);
  const kind = a.trueDamage ? 'true' : 'magic';
  if (a.projectile) {
    launch(ctx, { name: a.name, owner: u.id, speed: a.projectile.speed, strength: strengthOf(u), kind, base: power, ability: a.id, nonReactionary: a.nonReactionary }, u.position!, t.position!, a.projectile.range);
    return;
  }
  const caster = ctx.unit(u.id);
  const victims = a.area ? enemiesOf(ctx.state, caster).filter((o) => distance(o.position!, t.position!) <= a.area!.radius) : [t];
  for (const v of victims) {
    if (a.gaze && dataOf(v).averting) {
      ctx.note(() => `${v.name} avoids eye contact: ${a.name} has no hold on it [D60-EYE-1]`);
      continue;
    }
    const area = a.area;
    // ruling D60-DMG-4: the Speed it asks evades — a dodge and a move, so only for a unit that can do both
    const held = area && speedOf(v) >= area.speed ? cannotEvadeArea(ctx.state, v) : null;
    if (area && speedOf(v) >= area.speed && !held) {
      ctx.note(() => `${v.name} evades ${a.name}: Speed ${speedOf(v)} ≥ ${area.speed} [D60-DMG-4]`);
      continue;
    }
    // no roll for an area: the Speed it asks decides, and the log says so
    if (area && held) ctx.note(() => `${v.name} cannot evade ${a.name}: Speed ${speedOf(v)} ≥ ${area.speed}, but ${areaHeldWords(held)} — no roll, a solid blow [D60-DMG-4, ${held === 'no stamina' ? 'D60-STA-1' : 'D60-EFF-1'}]`);
    else if (area) ctx.note(() => `${v.name} cannot evade ${a.name}: Speed ${speedOf(v)} < ${area.speed}, no roll — a solid blow [D60-DMG-4]`);
    const cqc = distance(caster.position!, v.position!) <= 1;
    let grade: string = 'solid';
    if (a.power !== undefined) {
      grade = landBlow(ctx, {
        label: a.name,
        attacker: attackerOf(u.id, caster),
        approach: cqc ? { from: caster.position!, cqcSpeed: speedOf(caster) } : { from: caster.position! },
        kind,
        base: power,
        baseName: `${a.name} power${power !== a.power ? ` (${a.power} + Control ${controlOf(caster)}: ${(power - a.power) / 2} × 2)` : ''}`,
        strength: 0,
        ...(a.area ? { grade: 'solid' as const } : {}),
        rule: a.area ? 'D60-DMG-4' : 'D60-DMG-3',
      }, v.id).grade;
    } else if (!a.area) {
      // no damage, still a hit to land: the combat roll decides whether the effects take hold
      grade = contest(ctx, a.name, attackerOf(u.id, caster), v, cqc ? { from: caster.position!, cqcSpeed: speedOf(caster) } : { from: caster.position! }).grade;
    }
    if (grade !== 'dodged') abilityAftermath(ctx, u.id, a, v.id);
    // ruling D60-HIT-2: a dramatic spell blow has no weapon to bleed with: it knocks back
    if (grade === 'dramatic' && a.power !== undefined && ctx.unit(v.id).status !== 'dead') knockBack(ctx, u.id, v.id);
  }
}

/** Why a fast enough unit still cannot leave an area, in words: a dodge lost, or held where it stands. */
export const areaHeldWords = (why: string): string =>
  why === 'no stamina' ? 'at 0 stamina it cannot dodge' : why === 'stunned' || why === 'defenseless' ? `it is ${why}: helpless` : `it is ${why}: it cannot move`;

function supportCast(ctx: Resolution, u: Unit, a: Ability, t: Unit): void {
  if (a.cleanse?.length) {
    const gone = cleanse(ctx, t.id, a.cleanse);
    ctx.note(() => `${a.name} cleanses ${t.name}: ${gone.length ? gone.join(', ') : 'nothing to remove'} [D60-EFF-2]`);
  }
  if (a.hardCleanse) {
    const gone = hardCleanse(ctx, t.id);
    ctx.note(() => `${a.name} hard-cleanses ${t.name}: ${gone.length ? gone.join(', ') : 'nothing to remove'} [D60-EFF-2]`);
  }
  abilityAftermath(ctx, u.id, a, t.id);
}
