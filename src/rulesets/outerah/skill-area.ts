/**
 * Area skills (ruling OUT-PET-5). The text's only word on areas is the Spirit Link's: "Hitting both you and your
 * Pet in an AoE attack would deal both the full damage to both as well as the added 50% thereafter." So skills
 * need areas: an attack or debuff skill with `area: r` strikes every unit standing within r cells of its target
 * (the (2r + 1) × (2r + 1) square around it, the Chebyshev distance the grid measures with), allies included,
 * its caster not. Each unit in it is struck as by the skill alone, the aimed-at target first, then the others
 * row by row: its own hit check (its own Agility, facing and cover), its own damage dice, its own reaction. A
 * miss in an area simply misses (it strays nowhere: there is no one shot to stray). Each hit on a linked pet or
 * trainer passes its 50 % on, so an area over both deals each its full damage and the 50 % on top.
 * A Hidden unit in the area is struck like anyone (it cannot be aimed at, but a burst fills the area); an enemy's
 * hit on it gives away where it hid, and it is found (ruling OUT-OPEN-2); a miss leaves it hidden.
 */
import type { Cell, EncounterState, GridMap, Resolution, Unit } from '../../engine/index.ts';
import type { HitResult } from './hit.ts';
import type { Skill } from './schema.ts';
import type { StrikeSpec } from './spec.ts';
import { resolveStrike, type StrikeOptions } from './strike.ts';

/** The cells of `k`'s area around `target`, on the map (empty for a skill without an area). */
export function areaCells(state: EncounterState, k: Skill, target: Cell): Cell[] {
  if (!k.area) return [];
  const map = state.map as GridMap;
  const out: Cell[] = [];
  for (let y = target.y - k.area; y <= target.y + k.area; y++) {
    for (let x = target.x - k.area; x <= target.x + k.area; x++) if (x >= 0 && y >= 0 && x < map.width && y < map.height) out.push({ x, y });
  }
  return out;
}

/** Everyone `k` aimed at `target` strikes: the target, then every other standing unit in the area row by row, the caster aside. */
export function struckBy(state: EncounterState, caster: Unit, k: Skill, target: Unit): Unit[] {
  if (!k.area) return [target];
  const inside = new Set(areaCells(state, k, target.position!).map((c) => `${c.x},${c.y}`));
  const others = state.unitOrder
    .map((id) => state.units[id])
    .filter((u) => u.id !== target.id && u.id !== caster.id && u.status === 'active' && u.position && inside.has(`${u.position.x},${u.position.y}`))
    .sort((a, b) => a.position!.y - b.position!.y || a.position!.x - b.position!.x);
  return [target, ...others];
}

/**
 * `k` (as `spec`: a cast, an orb) strikes `target` and, with an area, everyone else in it, each on its own; `after`
 * runs after each strike (the struck unit's reactions). A caster falling to a reaction strikes no further.
 */
export function strikeArea(ctx: Resolution, caster: Unit, k: Skill, target: Unit, spec: StrikeSpec, opts: StrikeOptions, after: (v: Unit) => void): void {
  const struck = struckBy(ctx.state, caster, k, target);
  if (struck.length > 1) ctx.note(() => `${spec.name} bursts over the ${2 * k.area! + 1}×${2 * k.area! + 1} area around ${target.name}: it strikes ${struck.map((v) => v.name).join(', ')} [OUT-PET-5]`);
  const standing = caster.status === 'active';
  for (const v of struck) {
    if (standing && ctx.unit(caster.id).status !== 'active') break;
    if (ctx.unit(v.id).status !== 'active') continue;
    const result = resolveStrike(ctx, caster, ctx.unit(v.id), k.area ? { ...spec, noStray: 'an area strikes where it lands' } : spec, opts);
    if (k.area) foundByArea(ctx, caster, spec.name, ctx.unit(v.id), result);
    after(ctx.unit(v.id));
  }
}

/** A Hidden enemy the area hit is found: the blow gives away where it hid (ruling OUT-OPEN-2). */
function foundByArea(ctx: Resolution, caster: Unit, what: string, victim: Unit, result: HitResult | 'reflected'): void {
  if (result !== 'hit' && result !== 'critical') return;
  const hidden = ctx.state.effects.find((f) => f.target === victim.id && f.name === 'Hidden');
  if (!hidden || victim.side === caster.side) return;
  ctx.removeEffect(hidden.id, 'ended');
  ctx.note(() => `${what} strikes ${victim.name} where it hid: ${caster.name} has found it [OUT-OPEN-2]`);
}
