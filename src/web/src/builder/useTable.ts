/** What the builder reads from the table: its players, its library (characters, saved encounters), its roster, the examples. */
import { useCallback, useEffect, useState } from 'react';
import type { Api } from '../api/http.ts';
import type { Example, RosterEntry, TableInfo } from '../api/types.ts';
import { toProblem, type Problem } from '../model/errors.ts';
import type { LibraryEntry } from './model/characters.ts';

export interface TableData {
  table?: TableInfo;
  library: LibraryEntry[];
  roster: RosterEntry[];
  examples: Example[];
  error?: Problem;
  refreshLibrary(): Promise<void>;
  /** Read the table again (its players, after one is seated). */
  refreshTable(): Promise<void>;
}

export function useTable(api: Api | undefined, tableId: string): TableData {
  const [table, setTable] = useState<TableInfo>();
  const [library, setLibrary] = useState<LibraryEntry[]>([]);
  const [roster, setRoster] = useState<RosterEntry[]>([]);
  const [examples, setExamples] = useState<Example[]>([]);
  const [error, setError] = useState<Problem>();
  const fail = (err: unknown) => setError(toProblem((err as { error?: unknown }).error ?? err));
  const refreshLibrary = useCallback(async () => {
    if (!api) return;
    try {
      setLibrary((await api.library(tableId)).entries as LibraryEntry[]);
    } catch (err) {
      fail(err);
    }
  }, [api, tableId]);
  const refreshTable = useCallback(async () => {
    if (!api) return;
    try {
      setTable(await api.table(tableId));
    } catch (err) {
      fail(err);
    }
  }, [api, tableId]);
  useEffect(() => {
    if (!api) return;
    void refreshTable();
    api.roster(tableId).then((r) => setRoster(r.entries), fail);
    api.examples().then(setExamples, fail);
    void refreshLibrary();
  }, [api, tableId, refreshLibrary, refreshTable]);
  return { table, library, roster, examples, error, refreshLibrary, refreshTable };
}
