/**
 * Mounts in the fight (OUT-MNT-1..3):
 *  - damaged by an attack, a rider has a 5 % chance to be knocked off (10 % from an Opener), doubled on a
 *    critical hit: a D100 at or under the chance. Thrown, the rider lands on a free cell next to the mount
 *    (away from the attacker when it can) that it can stand on — in the sky, deck or land before open air;
 *    a mount flying in open air with no deck or land beside it drops a rider without wings out of the sky
 *    (ruling: fall damage for the altitude, then out, as a Shove off a deck) — and the mount becomes Feared (the `Feared Mount` effect) — unless
 *    the attacker is 10+ levels below the rider: DR 0, the mount "goes unphased";
 *  - calming it is an Animal Handling check against DR 0/10/15/20/30 by the attacker's level against the
 *    rider's (ruling: d20 + ⌊Wisdom / 10⌋ ≥ DR, a natural 1 always fails — the text's own warning);
 *  - a mount keeps its own level and hit points; at 0 HP it goes down and its Spirit Release countdown
 *    starts, as every creature's does (spirit-release.ts). Its rider is thrown, without the Fear. A winged mount down in open air
 *    falls (ruling): fall damage for the altitude, its wings no help, then out of the fight; the countdown runs on;
 *  - thrown in space out of every gravity field, the rider drifts (ruling OUT-MNT-2, OUT-SPACE-1);
 *  - a mount has no turn of its own: it moves with its rider, and its effects run on its rider's turns
 *    (ruling: borrowed-clock.ts); a Toppled, Stopped or Slowed mount holds the pair (mount-model mountHeld).
 */
import { knockback } from '../../engine/space/area.ts';
import { cellKey, neighbours } from '../../engine/space/grid.ts';
import type { Cell, EncounterState, GridMap, Resolution, Unit, UnitId } from '../../engine/index.ts';
import { ON_DOWN } from './damage.ts';
import { dataOf, flies } from './model.ts';
import { downInOpenAir } from './flight.ts';
import { mountRecord, riddenMount, riderOf } from './mount-model.ts';
import { takenCells } from './move.ts';
import { fallFromSky, fallHeight, startDrift, staysPut } from './space.ts';
import { isOpenAir, surroundings } from './terrain.ts';

/** The chance, in percent, that a damaging hit knocks the rider off (OUT-MNT-2). */
export function knockOffChance(opener: boolean, critical: boolean): number {
  return (opener ? 10 : 5) * (critical ? 2 : 1);
}

/** Animal Handling difficulty by the enemy's level against the rider's (OUT-MNT-3). */
export function handlingDR(enemyLevel: number, riderLevel: number): number {
  const d = enemyLevel - riderLevel;
  if (d <= -10) return 0;
  if (d < 0) return 10;
  if (d === 0) return 15;
  if (d < 10) return 20;
  return 30;
}

/**
 * Where a rider thrown from its mount comes down (ruling OUT-MNT-2): out of the saddle onto a free cell next
 * to the mount that it can stand on — the one away from `from` (the attacker) when that will do, else the
 * first such neighbour. Thrown, the rider is on its own (its own wings), no longer carried by the mount.
 * In the sky open air is nothing to stand on without wings; in space a cell outside every gravity field is
 * nothing to stand on at all (OUT-SPACE-1). The rider goes over into such a cell only when no free neighbour
 * will do (its mount flies in open air, or floats out of every field): `over` — then it falls (sky) or drifts
 * (space). Undefined: every cell around is a wall or someone's (it clings on).
 */
export function landingOf(state: EncounterState, rider: Unit, mount: Unit, from: Cell | undefined): { cell: Cell; over: boolean } | undefined {
  const map = state.map as GridMap;
  const at = mount.position!;
  const taken = takenCells(state, rider);
  taken.add(cellKey(at));
  const blocked = (c: Cell) => taken.has(cellKey(c));
  const away = from ? knockback(map, from, at, 1, blocked).cells[0] : undefined;
  const free = neighbours(at, map).filter((c) => !blocked(c) && !map.cells[cellKey(c)]?.blocksMove);
  const order = away ? [away, ...free] : free;
  // a rider already down (its mount went down under it) cannot spread its wings
  const wings = flies(rider);
  const place = surroundings(state);
  const stands = (c: Cell) => (place === 'space' ? staysPut(state, c) : wings || !isOpenAir(state, c));
  const ground = order.find(stands);
  if (ground) return { cell: ground, over: false };
  return order.length ? { cell: order[0], over: true } : undefined;
}

/**
 * Put the rider where it comes down (landingOf): over open air it falls out of the sky, out of every gravity
 * field it drifts on the way it was thrown, from the mount's cell (OUT-SPACE-1). False: nowhere to go.
 */
function throwRider(ctx: Resolution, rider: Unit, mount: Unit, from: Cell | undefined): boolean {
  const spot = landingOf(ctx.state, rider, mount, from);
  if (!spot) return false;
  const at = mount.position!;
  ctx.setData(rider.id, 'mount', { unit: mount.id, state: 'beside' });
  ctx.emit({ type: 'unit.moved', unit: rider.id, from: rider.position, to: spot.cell, forced: 'knocked off' });
  if (!spot.over) return true;
  if (surroundings(ctx.state) === 'space') {
    // ruling OUT-MNT-2, OUT-SPACE-1: no cell in a gravity field beside the mount — the rider is forced out of every field
    startDrift(ctx, ctx.unit(rider.id), at, spot.cell);
    return true;
  }
  // ruling OUT-MNT-2: no deck or land beside a mount in open air — the rider falls as one shoved off a deck
  ctx.note(() => `${rider.name} is thrown from ${mount.name} into open air at (${spot.cell.x}, ${spot.cell.y}): nothing to land on, it falls [OUT-MNT-2, OUT-SPACE-1]`);
  fallFromSky(ctx, ctx.unit(rider.id), fallHeight(ctx.state, at), `thrown from ${mount.name}`);
  return true;
}

/** A damaging hit on a rider: the knock-off roll, and the Fear it leaves on the mount. */
export function tryKnockOff(ctx: Resolution, attacker: Unit, rider: Unit, how: { opener: boolean; critical: boolean }): void {
  const mount = riddenMount(ctx.state, rider);
  if (!mount || rider.status !== 'active') return;
  const chance = knockOffChance(how.opener, how.critical);
  const d = ctx.roll(100, 'knock-off');
  const off = d <= chance;
  const why = `${how.opener ? 'Opener 10 %' : '5 %'}${how.critical ? ', doubled by the critical' : ''}`;
  ctx.check(() => ({ label: `knock-off (${rider.name} on ${mount.name})`, terms: [{ kind: 'dice', label: 'D100', faces: [d], value: d }], total: d, against: { op: '<=', value: chance, name: why }, outcome: off ? 'knocked off' : 'stays in the saddle', rules: ['OUT-MNT-2'] }), attacker.id, rider.id);
  if (!off) return;
  if (!throwRider(ctx, rider, mount, attacker.position)) {
    ctx.note(() => `${rider.name} has nowhere to fall and clings on [OUT-MNT-2]`);
    return;
  }
  const dr = handlingDR(dataOf(attacker).level, dataOf(rider).level);
  if (dr === 0) {
    ctx.note(() => `${mount.name} goes unphased: ${attacker.name} is 10+ levels below ${rider.name} (DR 0) [OUT-MNT-3]`);
    return;
  }
  ctx.applyEffect({ name: 'Feared Mount', categories: ['debuff'], source: attacker.id, target: mount.id, data: { dr } }, () => `${mount.name} is Feared: an Animal Handling check (DR ${dr}) calms it [OUT-MNT-2, OUT-MNT-3]`);
}

/**
 * A mount at 0 HP: its rider is thrown and the Spirit Release countdown begins. A winged mount that goes down in
 * open air can no longer hold itself up (ruling OUT-MNT-1): it falls as every winged unit down there does
 * (flight.ts) — fall damage for the altitude, its wings no help, then out of the fight (fled); its countdown
 * runs on where no one can heal it. A wingless mount in open air is falling already (afterForcedMove).
 */
function mountDown(ctx: Resolution, id: UnitId): void {
  const mount = ctx.unit(id);
  const rider = riderOf(ctx.state, mount);
  if (!rider) return;
  if (riddenMount(ctx.state, rider) === undefined && mountRecord(rider)?.state === 'riding' && rider.position) {
    // the mount under it just went down: the rider is thrown, the mount is past Fear
    if (!throwRider(ctx, rider, { ...mount, status: 'active' }, undefined)) ctx.setData(rider.id, 'mount', { unit: mount.id, state: 'beside' });
  }
  // its Spirit Release began as it went down (damage.ts goDown), as every creature's does
  downInOpenAir(ctx, id, 'OUT-MNT-1, OUT-SPACE-1');
}

/** Mounts never take turns of their own. */
export function mountSkip(state: EncounterState, id: string): string | null {
  const u = state.units[id];
  const rider = u ? riderOf(state, u) : undefined;
  return rider ? `a mount moves only with ${rider.name}` : null;
}

ON_DOWN.push((ctx, id) => {
  if (riderOf(ctx.state, ctx.unit(id))) mountDown(ctx, id);
});
