/**
 * A player's "It's your turn": the words the page shows while one of its units acts or must decide in the
 * fight on screen. The tab's title ("● Your turn in Goblin cave — Table") is set from every fight of the
 * table (useFightTitle), so a player on another fight, or in another tab, sees it too.
 */
import type { EncounterState, UnitId } from '../../../engine/index.ts';

export function turnNotice(state: EncounterState | undefined, actor: UnitId | undefined, deciding: boolean): string | undefined {
  if (!state || !actor || state.status !== 'active') return undefined;
  const name = state.units[actor]?.name ?? 'your unit';
  return deciding ? `${name} must decide now.` : `It's your turn: ${name} acts.`;
}
