/**
 * Where a miss goes (OUT-MISS-1..3):
 *  - melee: it simply misses;
 *  - projectile: "A miss of a projectile may hit a target next to the original target in a cone shape by rolling
 *    1D6": the shot flies on past the target, and the cone is its spread beyond it (ruling OUT-MISS-2): the five
 *    cells next to the target on its far side and beside it, as the shooter sees them — 1 left, 2 far-left,
 *    3 straight behind, 4 far-right, 5 right — and 6 the shot flies wide. A unit standing there is hit (no new hit
 *    check, no critical); an empty cell, a cell off the map or a 6 hits nothing. With `settings.strays: gm` the
 *    GM picks;
 *  - magic (and buffs, heals) aimed at a unit with Reflect: 2d10 pick a cell of the 10×10 area centred on the
 *    target (first die the column, engine squareCell); whoever stands there gets it.
 */
import { squareCell } from '../../engine/space/area.ts';
import { inBounds } from '../../engine/space/grid.ts';
import { extendLine } from '../../engine/space/line.ts';
import type { Cell, GridMap, Json, Resolution, Unit } from '../../engine/index.ts';
import { settingsOf } from './model.ts';

export function unitOn(ctx: Resolution, c: Cell): Unit | undefined {
  for (const id of ctx.state.unitOrder) {
    const u = ctx.state.units[id];
    if (u.status === 'active' && u.position!.x === c.x && u.position!.y === c.y) return u;
  }
  return undefined;
}

const at = (c: Cell) => `(${c.x}, ${c.y})`;

/** The eight directions clockwise on the board (y grows south), north first. */
const COMPASS: Cell[] = [{ x: 0, y: -1 }, { x: 1, y: -1 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }, { x: -1, y: 1 }, { x: -1, y: 0 }, { x: -1, y: -1 }];
export const STRAY_NAMES = ['left of', 'far-left of', 'straight behind', 'far-right of', 'right of'] as const;

/**
 * The cells a missed shot may stray into (ruling OUT-MISS-2), numbered 1..5 for the d6 (6 flies wide): next to
 * the target, beside it and beyond it along the shot — left, far-left, straight behind, far-right, right as the
 * shooter sees them. The shot's own line decides which cell is straight behind (the next cell along it).
 * Cells off the map are kept in their place (a face there flies off the map), so a face always means one direction.
 */
export function strayCells(attacker: Cell, target: Cell): Cell[] {
  const behind = extendLine(attacker, target, 1)[0];
  if (!behind) return [];
  const i = COMPASS.findIndex((d) => d.x === behind.x - target.x && d.y === behind.y - target.y);
  return [-2, -1, 0, 1, 2].map((k) => strayAt(target, i, k));
}

const strayAt = (target: Cell, i: number, k: number): Cell => {
  const d = COMPASS[(i + k + 8) % 8];
  return { x: target.x + d.x, y: target.y + d.y };
};

/** `strayCells(attacker, target)[face - 1]`, the one cell a rolled face names, without the other four. */
function strayCell(attacker: Cell, target: Cell, face: number): Cell | undefined {
  if (face > 5) return undefined;
  const behind = extendLine(attacker, target, 1)[0];
  if (!behind) return undefined;
  const i = COMPASS.findIndex((d) => d.x === behind.x - target.x && d.y === behind.y - target.y);
  return strayAt(target, i, face - 3);
}

/** A missed projectile; `land` strikes the unit it strays into. */
export function strayProjectile(ctx: Resolution, attacker: Unit, target: Unit, what: string, resume: () => Record<string, Json>, land: (victim: Unit) => void): void {
  const map = ctx.state.map as GridMap;
  if (settingsOf(ctx.state).strays === 'gm') {
    const cells = strayCells(attacker.position!, target.position!);
    const options = cells.filter((c) => inBounds(map, c)).map((c) => unitOn(ctx, c)?.id).filter((x): x is string => x !== undefined && x !== attacker.id);
    if (!options.length) {
      ctx.note(() => `${what} misses; no one stands where it could stray [OUT-MISS-2]`);
      return;
    }
    const choices = [
      ...options.map((id) => ({ label: ctx.state.units[id].name, said: `${what} strays into ${ctx.state.units[id].name} (the GM's call) [OUT-MISS-2]`, unit: id })),
      { label: 'Nobody', said: `${what} strays into no one (the GM's call) [OUT-MISS-2]` },
    ];
    ctx.openPending({ kind: 'stray', answeredBy: 'gm', prompt: `${what} misses ${target.name}: does it stray into someone?`, options: [...options, 'nobody'], choices, data: { ...resume(), attacker: attacker.id, target: target.id } });
    return;
  }
  const face = ctx.roll(6, 'stray');
  const cell = strayCell(attacker.position!, target.position!, face);
  const onMap = cell !== undefined && inBounds(map, cell);
  const victim = onMap ? unitOn(ctx, cell) : undefined;
  // worded only when someone keeps the log (the check's thunk)
  const outcome = () =>
    !cell
      ? `flies wide of ${target.name}: nobody hit`
      : !onMap
        ? `flies off the map ${STRAY_NAMES[face - 1]} ${target.name}: nobody hit`
        : `strays to ${at(cell)} ${STRAY_NAMES[face - 1]} ${target.name}${victim ? `: ${victim.name}` : ': nobody there'}`;
  ctx.check(() => ({ label: `stray (${what})`, terms: [{ kind: 'dice', label: '1d6', faces: [face], value: face }], total: face, outcome: outcome(), rules: ['OUT-MISS-2'] }), attacker.id, target.id);
  if (victim && victim.id !== attacker.id) land(victim);
}

/** Reflected magic lands on a 2d10 cell of the 10×10 area around the target. */
export function reflect(ctx: Resolution, caster: Unit, target: Unit, what: string, land: (victim: Unit) => void): void {
  const col = ctx.roll(10, 'reflect column');
  const row = ctx.roll(10, 'reflect row');
  const cell = squareCell(target.position!, 10, col, row);
  const onMap = inBounds(ctx.state.map as GridMap, cell);
  const victim = onMap ? unitOn(ctx, cell) : undefined;
  const where = () => (!onMap ? `${at(cell)}, off the map: lost` : victim ? `${at(cell)}: ${victim.name}` : `${at(cell)}: nobody there`);
  ctx.check(() => ({ label: `${target.name} reflects ${what}`, terms: [{ kind: 'dice', label: '2d10', faces: [col, row], value: col + row }], total: col + row, outcome: `column ${col}, row ${row} → ${where()}`, rules: ['OUT-MISS-3'] }), caster.id, target.id);
  if (victim) land(victim);
}

