/**
 * What a Mount Tamer does with its mount in a fight (OUT-MNT-1, OUT-MNT-3):
 *  - `summon_mount`: in combat it costs the Primary (mainhand) action; the mount appears under the rider;
 *  - `calm_mount`: the Animal Handling check on a Feared mount next to it (ruling: a Secondary action);
 *  - `ride` / `dismount`: getting on a calm mount next to it, or off onto a free cell next to it, each
 *    costs 1 Movement (ruling: a step). The dismount is the rider's own step on its own feet (ruling):
 *    the cell must be on the map, not a wall, not taken, not open air in the sky (unless it has wings), not
 *    water it cannot swim, not a rise or drop beyond its own Jump, and not a mountain jump (that is a move,
 *    with its d10: OUT-TER-3).
 * Out of combat (in the file) a mount is summoned or dismissed freely: `mount.state`.
 */
import { cellKey, distance, inBounds, terrainAt } from '../../engine/space/grid.ts';
import { groundAt } from './cells.ts';
import { stepCost } from '../../engine/space/path.ts';
import { fail, type Cell, type Command, type EncounterState, type GridMap, type Resolution, type Unit } from '../../engine/index.ts';
import { dataOf, hasEffect, stat } from './model.ts';
import { isMountTamer, mountRecord, MOUNT_TAMER_WISDOM } from './mount-model.ts';
import { moveRules, parseCell, takenCells } from './move.ts';
import type { Blocker } from './targeting.ts';
import { isOpenAir, isWater, jumpFor, jumpOf } from './terrain.ts';
import { hasSlot, spendSlot } from './turn.ts';
import { outOfCombat } from './hidden.ts';

function mountFor(state: EncounterState, u: Unit): { mount: Unit; state: string } {
  const rec = mountRecord(u);
  if (!rec) fail('action/no_mount', `${u.name} has no mount [OUT-MNT-1]`);
  if (!isMountTamer(u)) fail('action/not_tamer', `${u.name} has ${stat(u, 'wisdom')} Wisdom: Mount Tamer needs ${MOUNT_TAMER_WISDOM} [OUT-MNT-1]`);
  return { mount: state.units[rec.unit], state: rec.state };
}

export function summonBlocker(state: EncounterState, u: Unit): string | null {
  const rec = mountRecord(u);
  if (!rec || rec.state !== 'unsummoned') return `${u.name} has no mount to summon`;
  if (!isMountTamer(u)) return `${u.name} is no Mount Tamer (${MOUNT_TAMER_WISDOM} Wisdom)`;
  if (state.units[rec.unit]?.status === 'dead') return 'its spirit was released';
  if (!outOfCombat(state) && !hasSlot(u, 'primary')) return `${u.name} has used its Primary action`;
  return null;
}

export function summonMountCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const why = summonBlocker(ctx.state, u);
  if (why) fail('action/cannot_summon', `${why} [OUT-MNT-1]`);
  const { mount } = mountFor(ctx.state, u);
  // "Anytime outside of combat, players can summon or dismiss their mount without expending an action" (after a side
  // went to ground and ended combat, ruling OUT-OPEN-2)
  const free = outOfCombat(ctx.state);
  if (!free) spendSlot(ctx, u, 'primary');
  ctx.emit({ type: 'unit.status', unit: mount.id, status: 'active', cause: 'summoned', rule: 'OUT-MNT-1' });
  ctx.emit({ type: 'unit.moved', unit: mount.id, from: mount.position, to: u.position!, forced: 'summoned' });
  ctx.setData(u.id, 'mount', { unit: mount.id, state: 'riding' });
  ctx.note(() => (free ? `${u.name} summons ${mount.name}: out of combat it costs no action; from its next turn it moves with ${mount.name}'s Movement and Jump [OUT-MNT-1, OUT-OPEN-2]` : `${u.name} summons ${mount.name} in the heat of battle: its mainhand action is spent; from its next turn it moves with ${mount.name}'s Movement and Jump [OUT-MNT-1]`));
}

export function calmBlocker(state: EncounterState, u: Unit): string | null {
  const rec = mountRecord(u);
  const mount = rec ? state.units[rec.unit] : undefined;
  if (!mount || !hasEffect(state, mount.id, 'Feared Mount')) return `${u.name} has no Feared mount`;
  if (distance(u.position!, mount.position!) > 1) return `${mount.name} is not next to ${u.name}`;
  if (!hasSlot(u, 'secondary')) return `${u.name} has used its Secondary action`;
  return null;
}

/** Animal Handling: d20 + ⌊Wisdom / 10⌋ ≥ DR; a natural 1 fails (ruling OUT-MNT-3). */
export function calmMountCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const why = calmBlocker(ctx.state, u);
  if (why) fail('action/cannot_calm', `${why} [OUT-MNT-3]`);
  const { mount } = mountFor(ctx.state, u);
  spendSlot(ctx, u, 'secondary');
  const fx = ctx.state.effects.find((f) => f.target === mount.id && f.name === 'Feared Mount')!;
  const dr = Number(fx.data?.dr ?? 15);
  const d = ctx.roll(20, 'Animal Handling');
  const bonus = Math.floor(stat(u, 'wisdom') / 10);
  const calm = d !== 1 && d + bonus >= dr;
  ctx.check(() => ({ label: `Animal Handling (${mount.name})`, terms: [{ kind: 'dice', label: 'd20', faces: [d], value: d }, { kind: 'mod', name: `Wisdom ${stat(u, 'wisdom')} ÷ 10`, value: bonus }], total: d + bonus, against: { op: '>=', value: dr, name: 'DR' }, outcome: d === 1 ? 'a natural 1: the mount bolts on' : calm ? `${mount.name} calms down` : `${mount.name} is still Feared`, rules: ['OUT-MNT-3'] }), u.id, mount.id);
  if (calm) ctx.removeEffect(fx.id, 'cleansed');
}

export function rideBlocker(state: EncounterState, u: Unit): string | null {
  const rec = mountRecord(u);
  const mount = rec ? state.units[rec.unit] : undefined;
  if (!rec || !mount || rec.state !== 'beside') return `${u.name} has no mount standing by`;
  if (!isMountTamer(u)) return `${u.name} is no Mount Tamer`;
  if (mount.status !== 'active') return `${mount.name} is ${mount.status}`;
  if (hasEffect(state, mount.id, 'Feared Mount')) return `${mount.name} is Feared: calm it first`;
  if (distance(u.position!, mount.position!) > 1) return `${mount.name} is not next to ${u.name}`;
  if (u.pools.movement.value < 1) return `${u.name} has no Movement left`;
  return null;
}

export function rideCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const why = rideBlocker(ctx.state, u);
  if (why) fail('action/cannot_ride', `${why} [OUT-MNT-1]`);
  const { mount } = mountFor(ctx.state, u);
  ctx.changePool(u.id, 'movement', -1, 'spend', { rule: 'OUT-MNT-1' });
  ctx.emit({ type: 'unit.moved', unit: u.id, from: u.position, to: mount.position!, cost: 1 });
  ctx.setData(u.id, 'mount', { unit: mount.id, state: 'riding' });
  ctx.note(() => `${u.name} climbs onto ${mount.name} [OUT-MNT-1]`);
}

/**
 * Why the rider cannot dismount onto `to` now, or null (the command and legalActions share it). The rider
 * steps off on its own feet (ruling OUT-MNT-1): a cell next to the mount it could stand on and step to.
 */
export function dismountBlocker(state: EncounterState, u: Unit, to: Cell): Blocker | null {
  const rec = mountRecord(u);
  if (!rec || rec.state !== 'riding') return { code: 'action/not_riding', message: `${u.name} is not riding` };
  const at = `(${to.x}, ${to.y})`;
  const map = state.map as GridMap;
  if (distance(u.position!, to) !== 1) return { code: 'action/bad_cell', message: `${at} is not next to the mount: dismount onto a cell beside it [OUT-MNT-1]` };
  if (!inBounds(map, to)) return { code: 'action/out_of_bounds', message: `${at} is off the map` };
  if (terrainAt(map, to).blocksMove) return { code: 'action/blocked', message: `${at} is a wall: nobody stands there [OUT-MNT-1]` };
  if (takenCells(state, u).has(cellKey(to))) return { code: 'action/occupied', message: `someone stands at ${at}` };
  // on its own feet: the rider's own wings, swimming and Jump, not the mount's
  const own = dataOf(u);
  const onFoot: Unit = { ...u, data: { ...u.data, mount: { unit: rec.unit, state: 'beside' } } };
  if (isOpenAir(state, to) && !own.wings) return { code: 'action/open_air', message: `${at} is open air: there is nothing to stand on without wings [OUT-MNT-1, OUT-SPACE-1]` };
  if (isWater(state, to) && !own.swims && !own.wings) return { code: 'action/bad_cell', message: `${at} is water and ${u.name} cannot swim [OUT-TER-2]` };
  const rise = Math.abs(groundAt(map, to) - groundAt(map, u.position!));
  // on its own wings the rider flies down, or up, any height, and makes no jump (ruling OUT-TER-3)
  if (jumpFor(state, onFoot, u.position!, to)) return { code: 'action/bad_cell', message: `${at} is a jump on the mountain: ride there, or move once on foot (the jump rolls its d10) [OUT-TER-3]` };
  const jump = jumpOf(state, onFoot);
  if (rise > jump && !own.wings) return { code: 'action/bad_cell', message: `${at} is ${rise} levels up or down; ${u.name}'s own Jump here is ${jump} [OUT-TER-1]` };
  if (stepCost(map, u.position!, to, moveRules(state, onFoot)) === null) return { code: 'action/bad_cell', message: `${u.name} cannot step to ${at} from the saddle` };
  if (u.pools.movement.value < 1) return { code: 'action/no_movement', message: `${u.name} has no Movement left` };
  return null;
}

export function dismountCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const to = parseCell(cmd);
  const why = dismountBlocker(ctx.state, u, to);
  if (why) fail(why.code, why.message, why.code === 'action/not_riding' || why.code === 'action/no_movement' ? undefined : 'to');
  const rec = mountRecord(u)!;
  ctx.changePool(u.id, 'movement', -1, 'spend', { rule: 'OUT-MNT-1' });
  ctx.setData(u.id, 'mount', { unit: rec.unit, state: 'beside' });
  ctx.emit({ type: 'unit.moved', unit: u.id, from: u.position, to, cost: 1 });
  ctx.note(() => `${u.name} gets down from ${ctx.unit(rec.unit).name} [OUT-MNT-1]`);
}
