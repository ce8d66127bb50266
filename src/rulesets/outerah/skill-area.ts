/**
 * Area skills (ruling OUT-PET-5). The text's only word on areas is the Spirit Link's: "Hitting both you and your
 * Pet in an AoE attack would deal both the full damage to both as well as the added 50% thereafter." So skills
 * need areas: an attack or debuff skill with `area: r` strikes every unit standing within r cells of its target
 * (the (2r + 1) × (2r + 1) square around it, the Chebyshev distance the grid measures with), allies included,
 * its caster not. Each unit in it is struck as by the skill alone, the aimed-at target first, then the others
 * row by row: its own hit check (its own Agility, facing and cover), its own damage dice, its own reaction. A
 * miss in an area simply misses (it strays nowhere: there is no one shot to stray). Each hit on a linked pet or
 * trainer passes its 50 % on, so an area over both deals each its full damage and the 50 % on top.
 */
import type { Cell, EncounterState, GridMap, Unit } from '../../engine/index.ts';
import type { Skill } from './schema.ts';

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
