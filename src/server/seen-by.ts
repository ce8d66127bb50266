/**
 * The GM's preview of fog of war (docs/fog.md): the encounter as one player, or one side, sees it now —
 * the very state that player is sent (a side: what its units see together, with no memory of the map).
 */
import type { EncounterState } from '../engine/index.ts';
import { liveFor, type Context } from './context.ts';
import { ApiError } from './errors.ts';
import { stateFor, warmPlayerLog } from './numbering.ts';
import type { Principal } from './policy.ts';
import { projectState } from './projection.ts';
import { knownToSide } from './vision.ts';

export async function seenBy(ctx: Context, token: Principal, id: string, who: { player?: string; side?: string }): Promise<{ encounter: string; player?: string; side?: string; state: EncounterState }> {
  const { live, p } = await liveFor(ctx, token, id, 'gm');
  if ((who.player === undefined) === (who.side === undefined)) throw new ApiError('BAD_REQUEST', 'name one player (player=<id>) or one side (side=<name>)', who.player === undefined ? 'player' : 'side');
  const state = live.log.state;
  if (who.player !== undefined) {
    const players = await ctx.store.players(p.tableId);
    if (!players.some((x) => x.playerId === who.player)) throw new ApiError('NOT_FOUND', `no player "${who.player}" at this table`, 'player');
    await warmPlayerLog(live, who.player);
    return { encounter: id, player: who.player, state: stateFor(live, { role: 'player', tableId: p.tableId, playerId: who.player }, state) };
  }
  const side = who.side!;
  if (!state.sides.includes(side)) throw new ApiError('NOT_FOUND', `no side "${side}" in this encounter`, 'side');
  // seen as a player of that side: its units' secret pools shown, as to their own players
  const player = state.unitOrder.map((u) => state.units[u]).find((u) => u.side === side && u.controller)?.controller ?? `side:${side}`;
  return { encounter: id, side, state: projectState(knownToSide(side, state, live.ruleset), { role: 'player', player }, live.ruleset) };
}
