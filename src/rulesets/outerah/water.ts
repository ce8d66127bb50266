/**
 * Swimming and breath (OUT-TER-2). In `water` cells a unit swims (terrain.ts prices the steps: straight 1,
 * diagonal 1.5) and is under water: its attacks take a Minus Charge and an electric attack hurts only itself.
 *  - `swim` (Secondary action): half its Jump (its mount's while riding, OUT-MNT-1) thrusts it on, a cell for every two Jump points (ruling:
 *    +⌊Jump / 2⌋ Movement this turn), at the cost of 10 seconds of breath (1 from the `breath` pool);
 *  - breath is counted in rounds of 10 seconds (ruling: `breath` in the file, default 6 = one minute): each
 *    round's end under water costs 1; at 0 the unit drowns for 10 % of its maximum hit points (rounded up)
 *    at every round's end; a round's end out of the water refills it.
 */
import { fail, type Command, type Resolution } from '../../engine/index.ts';
import { dealDamage } from './damage.ts';
import { baseJumpOf, heldUnder } from './mount-model.ts';
import { isUnderwater } from './terrain.ts';
import { spendSlot } from './turn.ts';

export const thrustCells = (jump: number): number => Math.floor(jump / 2);

export function swimBlocker(state: Resolution['state'], id: string): string | null {
  const u = state.units[id];
  if (!isUnderwater(state, u)) return `${u.name} is not in the water`;
  // riding, the thrust is the mount's, and a mount that cannot move makes none (ruling OUT-MNT-1)
  const held = heldUnder(state, u);
  if (held) return `${held.why}: it carries ${u.name} nowhere this turn`;
  const jump = baseJumpOf(state, u);
  if (thrustCells(jump) === 0) return `${u.name}'s Jump ${jump} gives no thrust (a cell per two points)`;
  if ((u.pools.secondary?.value ?? 0) < 1) return `${u.name} has used its Secondary action`;
  if ((u.pools.breath?.value ?? 0) < 1) return `${u.name} has no breath left`;
  return null;
}

export function swimCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const why = swimBlocker(ctx.state, u.id);
  if (why) fail('action/cannot_swim', `${why} [OUT-TER-2]`);
  spendSlot(ctx, u, 'secondary');
  const jump = baseJumpOf(ctx.state, u); // riding, the mount's Jump (OUT-MNT-1)
  const cells = thrustCells(jump);
  ctx.changePool(u.id, 'breath', -1, 'spend', { rule: 'OUT-TER-2' });
  ctx.emit({ type: 'pool.max', unit: u.id, pool: 'movement', max: u.pools.movement.max + cells, value: u.pools.movement.value });
  ctx.changePool(u.id, 'movement', cells, 'gain', { rule: 'OUT-TER-2' });
  ctx.note(() => `${u.name} thrusts through the water: half its Jump ${jump} adds ${cells} cell${cells > 1 ? 's' : ''}, for 10 seconds of breath [OUT-TER-2]`);
}

/** Round end: breath under water, drowning at none, a full breath out of it. */
export function breathRoundEnd(ctx: Resolution): void {
  for (const id of ctx.state.unitOrder) {
    const u = ctx.unit(id);
    const breath = u.pools.breath;
    if (!breath || u.status !== 'active') continue;
    if (!isUnderwater(ctx.state, u)) {
      if (breath.value < breath.max) ctx.changePool(id, 'breath', breath.max - breath.value, 'set', { rule: 'OUT-TER-2' });
      continue;
    }
    if (breath.value > 0) {
      ctx.changePool(id, 'breath', -1, 'spend', { rule: 'OUT-TER-2' });
      continue;
    }
    const loss = Math.ceil(u.pools.hp.max / 10);
    ctx.check(() => ({ label: 'drowning', terms: [{ kind: 'mod', name: `10 % of ${u.pools.hp.max} hit points, rounded up`, value: loss }], total: loss, outcome: `${loss} damage`, rules: ['OUT-TER-2'] }), undefined, id);
    dealDamage(ctx, id, loss, undefined, 'OUT-TER-2');
  }
}
