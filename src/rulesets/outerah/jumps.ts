/**
 * Jumping on a mountain (OUT-TER-3): every jump rolls a d10 (the 0 face reads 10): 7–0 the jump
 * succeeds; 3–6 the unit Topples; 1–2 it falls and makes an Agility save (D100 + Agility > 100, the
 * resist roll of OUT-EFF-3) to catch itself. Ruling: a failed jump leaves the unit on the cell it
 * jumped from, Toppled, its Movement spent; a failed save slides it to the foot of the mountain (the
 * nearest free cell that is not mountain) with fall damage for the height lost. Riding, the mount jumps
 * and the pair falls together (ruling). A unit on wings flies up and down and never jumps (ruling:
 * `jumpsOn`).
 */
import { cellKey, elevationAt } from '../../engine/space/grid.ts';
import type { Cell, GridMap, Resolution, Term, Unit } from '../../engine/index.ts';
import { effectRow } from './effect-table.ts';
import { land } from './effects.ts';
import { fallDamage } from './falls.ts';
import { stat } from './model.ts';
import { carryPartner, riddenMount } from './mount-model.ts';
import { isMountain } from './terrain.ts';

export type JumpResult = 'made' | 'topple' | 'caught' | 'fell';

/** The odds of one mountain jump, for previews: 40 % made, 40 % Topple, 20 % fall. */
export const JUMP_ODDS = { made: 0.4, topple: 0.4, fall: 0.2 };

function topple(ctx: Resolution, u: Unit): void {
  land(ctx, u, ctx.unit(u.id), effectRow('Topple')!, { name: 'Topple', tier: 1 });
}

/**
 * The foot of the mountain: the nearest free cell off the mountain (then the lowest, then by rows).
 * Looked for ring by ring outward from `from` (a cell's distance is its ring), each ring in row order, so
 * the first ring holding a free cell holds the answer: most falls end a few cells away, and the whole
 * map is read only when nothing nearer is free.
 */
export function footOf(ctx: Resolution, from: Cell, taken: Set<string>): Cell | undefined {
  const map = ctx.state.map as GridMap;
  const rings = Math.max(from.x, map.width - 1 - from.x, from.y, map.height - 1 - from.y);
  for (let d = 0; d <= rings; d++) {
    let best: Cell | undefined;
    let lowest = Infinity;
    for (let y = Math.max(0, from.y - d); y <= Math.min(map.height - 1, from.y + d); y++) {
      // a row at the ring's edge crosses it; any other row meets it in its two ends
      const edge = Math.abs(y - from.y) === d;
      const step = edge ? 1 : 2 * d;
      for (let x = from.x - d; x <= from.x + d; x += step) {
        if (x < 0 || x >= map.width) continue;
        const c = { x, y };
        const key = cellKey(c);
        if (isMountain(ctx.state, c) || map.cells[key]?.blocksMove || taken.has(key)) continue;
        const h = elevationAt(map, c);
        if (h < lowest) [best, lowest] = [c, h];
      }
    }
    if (best) return best;
  }
  return undefined;
}

/**
 * Roll one jump from → to; on a failure the unit is left where it should be and its Movement is gone.
 * Riding, the mount does the jumping (ruling OUT-TER-3, OUT-MNT-1): the save is the mount's Agility, the
 * pair slides to the foot together and each takes its fall damage — the mount, then the rider. The Topple is the mount's: it holds the pair (mountHeld) on its
 * rider's turns, which are the mount's, and the mount's Agility shakes it off.
 */
export function mountainJump(ctx: Resolution, u: Unit, from: Cell, to: Cell, taken: Set<string>): JumpResult {
  const mount = riddenMount(ctx.state, u);
  const jumper = mount ?? u;
  const carried: Term[] = mount ? [{ kind: 'note', text: `${mount.name} jumps, ${u.name} in the saddle` }] : [];
  const d = ctx.roll(10, 'mountain jump');
  const result = d >= 7 ? 'made' : d >= 3 ? 'topple' : 'fall';
  ctx.check(() => ({ label: `mountain jump (${from.x}, ${from.y}) → (${to.x}, ${to.y})`, terms: [{ kind: 'dice', label: 'd10', faces: [d], value: d }, ...carried], total: d, outcome: result === 'made' ? '7–0: the jump is made' : result === 'topple' ? '3–6: Topple' : '1–2: falls', rules: mount ? ['OUT-TER-3', 'OUT-MNT-1'] : ['OUT-TER-3'] }), u.id);
  if (result === 'made') return 'made';
  if (result === 'topple') {
    topple(ctx, jumper);
    return 'topple';
  }
  const agi = stat(jumper, 'agility');
  const s = ctx.roll(100, 'Agility save');
  const caught = s + agi > 100;
  ctx.check(() => ({ label: 'Agility save (catch oneself)', terms: [{ kind: 'dice', label: 'D100', faces: [s], value: s }, { kind: 'mod', name: mount ? `${mount.name}'s Agility` : 'Agility', value: agi }], total: s + agi, against: { op: '>', value: 100 }, outcome: caught ? 'catches itself' : 'falls to the foot of the mountain', rules: ['OUT-TER-3'] }), u.id);
  if (caught) {
    topple(ctx, jumper);
    return 'caught';
  }
  const foot = footOf(ctx, from, taken);
  const map = ctx.state.map as GridMap;
  if (foot) {
    const levels = elevationAt(map, from) - elevationAt(map, foot);
    ctx.emit({ type: 'unit.moved', unit: u.id, from, to: foot, forced: 'carried down the mountainside' });
    if (mount) {
      // the pair slides down together; the mount lands first, its rider on it (a winged mount never jumps: jumpFor)
      carryPartner(ctx, ctx.unit(u.id), foot);
      fallDamage(ctx, ctx.unit(mount.id), levels, 'OUT-TER-3', 'down the mountain');
      fallDamage(ctx, ctx.unit(u.id), levels, 'OUT-TER-3', `down the mountain with ${mount.name}`);
    } else fallDamage(ctx, ctx.unit(u.id), levels, 'OUT-TER-3', 'down the mountain');
  }
  if (ctx.unit(jumper.id).status === 'active') topple(ctx, ctx.unit(jumper.id));
  return 'fell';
}
