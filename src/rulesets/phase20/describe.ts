/** Log lines in the game's own words, where the engine's default wording would use the state's names. */
import type { EncounterState, GameEvent } from '../../engine/index.ts';

/** P20-TIME-1: a round is 6 seconds. */
export const SECONDS_PER_ROUND = 6;

const ACTION_POOLS: Record<string, string> = { actions: 'the default Action', attackActions: 'an Attack action', spellActions: 'a Spell action' };

export function describe(e: GameEvent, state: EncounterState): string | undefined {
  if (e.type === 'round.started') {
    return `— Round ${e.round}: seconds ${(e.round - 1) * SECONDS_PER_ROUND}–${e.round * SECONDS_PER_ROUND} of the fight [P20-TIME-1] —`;
  }
  // the engine's "defeat for goblins" would read as the goblins' defeat: it is the players'
  if (e.type === 'combat.ended' && e.result.outcome === 'defeat') {
    return `Combat ends: defeat for the players${e.result.winner ? ` (${e.result.winner} win)` : ''}: ${e.result.reason} [P20-END-1]`;
  }
  if (e.type !== 'pool.changed' || e.kind === 'set') return undefined;
  const name = state.units[e.unit]?.name ?? e.unit;
  const rule = e.rule ? ` [${e.rule}]` : '';
  const action = ACTION_POOLS[e.pool];
  if (action && e.kind === 'spend') return `${name} uses ${action} (${e.value} left)${rule}`;
  if (e.pool === 'movement') return `${name} ${e.delta < 0 ? `spends ${-e.delta}` : `gains ${e.delta}`} movement (${e.value} left this turn)${rule}`;
  return undefined;
}
