/**
 * Wings in open air (ruling OUT-SPACE-1): in the sky a unit hangs in open air only on wings it is up to beat
 * (model `flies`). One that goes down there — a flying pet, a winged creature, a winged mount — drops out of
 * the sky like a unit shoved off a deck: fall damage for the altitude (the ship under it, else the nearest
 * ship's), its wings no help, then out of the fight (fled). A rider in the saddle of a standing winged mount
 * is held up by the mount, not by its own wings. Stop and Topple leave the wings beating: only going down
 * stops them.
 */
import type { Resolution, UnitId } from '../../engine/index.ts';
import { ON_DOWN } from './damage.ts';
import { dataOf } from './model.ts';
import { isMount, riddenMount } from './mount-model.ts';
import { fallFromSky, fallHeight } from './space.ts';
import { isOpenAir } from './terrain.ts';

/** A unit just gone down: if it hung in open air on its wings, it falls. `rules` tag the log line. */
export function downInOpenAir(ctx: Resolution, id: UnitId, rules = 'OUT-SPACE-1, OUT-SHIP-2'): void {
  const u = ctx.unit(id);
  if (!u.position || !dataOf(u).wings || !isOpenAir(ctx.state, u.position)) return;
  if (riddenMount(ctx.state, u)) return; // in the saddle: its mount holds it up
  ctx.note(() => `${u.name} goes down in open air: its wings stop beating and it drops out of the sky [${rules}]`);
  fallFromSky(ctx, u, fallHeight(ctx.state, u.position), 'down in open air');
}

// a mount's own hook (mounts.ts) throws its rider first, then calls downInOpenAir
ON_DOWN.push((ctx, id) => {
  if (!isMount(ctx.state, ctx.unit(id))) downInOpenAir(ctx, id);
});
