/**
 * The builder's working state: the draft with its undo history, what is selected, and the check of the
 * draft (validation as you go). Typing into one field is one undo step, not one per key: changes to the
 * same field within a second replace the last step.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { checkDraft, type Checked } from './model/check.ts';
import { followNames } from './model/gearIds.ts';
import type { Draft } from './model/draft.ts';
import { historyOf, record, redo, undo, type History } from './model/history.ts';
import type { Doc } from './model/paths.ts';

export interface DraftState {
  draft?: Draft;
  checked?: Checked;
  canUndo: boolean;
  canRedo: boolean;
  /** Start over with another draft (opened, new): its history starts here. */
  open(d: Draft): void;
  /** Change the document; `field` groups quick changes to one field into one undo step. */
  change(next: Doc | ((doc: Doc) => Doc | undefined), field?: string): void;
  undo(): void;
  redo(): void;
  selected: string[];
  select(ids: string[]): void;
}

export function useDraft(): DraftState {
  const [h, setH] = useState<History<Draft>>();
  const [selected, setSelected] = useState<string[]>([]);
  const last = useRef<{ field?: string; at: number }>({ at: 0 });
  const draft = h?.present;
  const checked = useMemo(() => (draft ? checkDraft(draft) : undefined), [draft]);
  const change = useCallback((next: Doc | ((doc: Doc) => Doc | undefined), field?: string) => {
    setH((cur) => {
      if (!cur) return cur;
      const changed = typeof next === 'function' ? next(cur.present.doc) : next;
      if (!changed || changed === cur.present.doc) return cur;
      // a piece of gear renamed takes its new name's id, and every unit naming it follows
      const doc = followNames(cur.present.doc, changed);
      const now = Date.now();
      const merge = field !== undefined && last.current.field === field && now - last.current.at < 1000 && cur.past.length > 0;
      last.current = { field, at: now };
      const d = { ...cur.present, doc };
      return merge ? { ...cur, present: d, future: [] } : record(cur, d);
    });
  }, []);
  return {
    draft,
    checked,
    canUndo: !!h?.past.length,
    canRedo: !!h?.future.length,
    open: useCallback((d: Draft) => {
      setH(historyOf(d));
      setSelected([]);
    }, []),
    change,
    undo: useCallback(() => setH((cur) => (cur ? undo(cur) : cur)), []),
    redo: useCallback(() => setH((cur) => (cur ? redo(cur) : cur)), []),
    selected,
    select: setSelected,
  };
}
