/**
 * Where a miss goes (OUT-MISS-1..3):
 *  - melee: it simply misses;
 *  - projectile: 1d6 picks one of the target's neighbours in the cone from the attacker (engine
 *    adjacentInCone, numbered 1..n); a unit standing there is hit (no new hit check, no critical);
 *    a roll past the list or an empty cell hits nothing. With `settings.strays: gm` the GM picks;
 *  - magic (and buffs, heals) aimed at a unit with Reflect: 2d10 pick a cell of the 10×10 area centred
 *    on the target (first die the column, engine squareCell); whoever stands there gets it.
 */
import { adjacentInCone, squareCell } from '../../engine/space/area.ts';
import { inBounds } from '../../engine/space/grid.ts';
import type { Cell, GridMap, Json, Resolution, Unit } from '../../engine/index.ts';
import { settingsOf } from './model.ts';

export function unitOn(ctx: Resolution, c: Cell): Unit | undefined {
  return ctx.state.unitOrder.map((id) => ctx.state.units[id]).find((u) => u.status === 'active' && u.position!.x === c.x && u.position!.y === c.y);
}

const at = (c: Cell) => `(${c.x}, ${c.y})`;

/** A missed projectile; `land` strikes the unit it strays into. */
export function strayProjectile(ctx: Resolution, attacker: Unit, target: Unit, what: string, resume: Record<string, Json>, land: (victim: Unit) => void): void {
  const cells = adjacentInCone(attacker.position!, target.position!, ctx.state.map as GridMap);
  if (settingsOf(ctx.state).strays === 'gm') {
    const options = cells.map((c) => unitOn(ctx, c)?.id).filter((x): x is string => x !== undefined && x !== attacker.id);
    if (!options.length) {
      ctx.note(`${what} misses; no one stands where it could stray [OUT-MISS-2]`);
      return;
    }
    const choices = [
      ...options.map((id) => ({ label: ctx.state.units[id].name, said: `${what} strays into ${ctx.state.units[id].name} (the GM's call) [OUT-MISS-2]`, unit: id })),
      { label: 'Nobody', said: `${what} strays into no one (the GM's call) [OUT-MISS-2]` },
    ];
    ctx.openPending({ kind: 'stray', answeredBy: 'gm', prompt: `${what} misses ${target.name}: does it stray into someone?`, options: [...options, 'nobody'], choices, data: { ...resume, attacker: attacker.id, target: target.id } });
    return;
  }
  const face = ctx.roll(6, 'stray');
  const cell = cells[face - 1];
  const victim = cell ? unitOn(ctx, cell) : undefined;
  // at the map's edge the cone holds fewer than six cells: a face past them flies off the map
  const outcome = cell ? `strays to ${at(cell)}${victim ? `: ${victim.name}` : ': nobody there'}` : `flies off the map (the cone beside ${target.name} has only ${cells.length} cell${cells.length === 1 ? '' : 's'}): nobody hit`;
  ctx.check({ label: `stray (${what})`, terms: [{ kind: 'dice', label: '1d6', faces: [face], value: face }], total: face, outcome, rules: ['OUT-MISS-2'] }, attacker.id, target.id);
  if (victim && victim.id !== attacker.id) land(victim);
}

/** Reflected magic lands on a 2d10 cell of the 10×10 area around the target. */
export function reflect(ctx: Resolution, caster: Unit, target: Unit, what: string, land: (victim: Unit) => void): void {
  const col = ctx.roll(10, 'reflect column');
  const row = ctx.roll(10, 'reflect row');
  const cell = squareCell(target.position!, 10, col, row);
  const onMap = inBounds(ctx.state.map as GridMap, cell);
  const victim = onMap ? unitOn(ctx, cell) : undefined;
  const where = !onMap ? `${at(cell)}, off the map: lost` : victim ? `${at(cell)}: ${victim.name}` : `${at(cell)}: nobody there`;
  ctx.check({ label: `${target.name} reflects ${what}`, terms: [{ kind: 'dice', label: '2d10', faces: [col, row], value: col + row }], total: col + row, outcome: `column ${col}, row ${row} → ${where}`, rules: ['OUT-MISS-3'] }, caster.id, target.id);
  if (victim) land(victim);
}

