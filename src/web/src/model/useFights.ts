/**
 * The pages' side of "an evening of fights": every fight of the table at a glance (each from this page's
 * own feed of it), the fight this page shows — chosen by what needs the viewer, kept by a person's choice,
 * an ended one kept until a person moves on — and the tab's title when a fight needs the viewer.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFeeds, type Session } from '../api/session.ts';
import type { TableInfo } from '../api/types.ts';
import { chooseFight, firstChoice, glance, needWords, type FightGlance, type Shown } from './fights.ts';
import { playerNamer } from './players.ts';

export function useFights(session: Session | undefined, table: TableInfo | undefined): FightGlance[] {
  const ids = useMemo(() => table?.encounters.map((e) => e.id) ?? [], [table]);
  const feeds = useFeeds(session, ids);
  return useMemo(() => {
    if (!table) return [];
    const viewer = { playerId: table.role === 'player' ? table.playerId : undefined, playerName: playerNamer(table) };
    return table.encounters.map((e) => glance(e, feeds.get(e.id), viewer));
  }, [table, feeds]);
}

export interface ShownFight {
  id?: string;
  /** A person opens a fight: kept until they choose again or something new needs them. */
  open(id: string): void;
  /** A person moves on from an ended fight. */
  moveOn(id: string): void;
}

export function useShownFight(fights: readonly FightGlance[]): ShownFight {
  const [shown, setShown] = useState<Shown>();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  // the fights as they were at the last choice: what needs the viewer since then opens
  const before = useRef<readonly FightGlance[]>([]);
  const next = chooseFight(shown, fights, before.current, dismissed);
  useEffect(() => {
    before.current = fights;
    if (next?.id !== shown?.id || next?.byPerson !== shown?.byPerson) setShown(next);
  });
  return {
    id: next?.id,
    open: (id) => setShown({ id, byPerson: true }),
    moveOn: (id) => {
      const gone = new Set(dismissed).add(id);
      setDismissed(gone);
      setShown(firstChoice(fights.filter((f) => !gone.has(f.id) || f.status !== 'ended'), gone) ?? firstChoice(fights, gone));
    },
  };
}

/** The fight that needs the viewer, the one shown first; its words go in the tab's title ("● Your turn in Goblin cave — Table — Skirmish"). */
export function useFightTitle(fights: readonly FightGlance[], shown: string | undefined, table: string | undefined): FightGlance | undefined {
  const needing = fights.find((f) => f.id === shown && f.needs) ?? fights.find((f) => f.needs);
  const words = needing && needWords(needing);
  useEffect(() => {
    const base = table ? `${table} — Skirmish` : 'Skirmish';
    document.title = words ? `● ${words} — ${base}` : base;
  }, [words, table]);
  return needing;
}
