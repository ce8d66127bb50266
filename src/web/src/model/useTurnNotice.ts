/**
 * A player's "It's your turn": the words the page shows while one of its units acts or must decide, and
 * the tab's title marked meanwhile ("● Your turn — Table"), so a player reading another tab sees it.
 */
import { useEffect } from 'react';
import type { EncounterState, UnitId } from '../../../engine/index.ts';

export function turnNotice(state: EncounterState | undefined, actor: UnitId | undefined, deciding: boolean): string | undefined {
  if (!state || !actor || state.status !== 'active') return undefined;
  const name = state.units[actor]?.name ?? 'your unit';
  return deciding ? `${name} must decide now.` : `It's your turn: ${name} acts.`;
}

export function useTurnNotice(state: EncounterState | undefined, actor: UnitId | undefined, deciding: boolean, table: string | undefined): string | undefined {
  const notice = turnNotice(state, actor, deciding);
  useEffect(() => {
    const base = table ? `${table} — Skirmish` : 'Skirmish';
    document.title = notice ? `● ${deciding ? 'Decide' : 'Your turn'} — ${base}` : base;
  }, [notice, deciding, table]);
  return notice;
}
