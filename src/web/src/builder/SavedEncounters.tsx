/**
 * On the GM page's encounter loader: the encounters saved from the builder at this table, each to load
 * as it is (once it has no problems) or to edit again.
 */
import { useEffect, useState } from 'react';
import type { Api } from '../api/http.ts';
import { builderPath } from '../route.ts';
import { checkDraft } from './model/check.ts';
import { draftText, openData } from './model/draft.ts';

interface Props {
  api: Api;
  tableId: string;
  busy: boolean;
  onLoad(text: string, file: string): void;
}

export function SavedEncounters({ api, tableId, busy, onLoad }: Props) {
  const [saved, setSaved] = useState<{ id: string; name: string; ruleset: string; data: unknown }[]>([]);
  useEffect(() => {
    api.library(tableId).then((r) => setSaved(r.entries.filter((e) => e.kind === 'encounter')), () => setSaved([]));
  }, [api, tableId]);
  if (!saved.length) return null;
  return (
    <div className="example-group" role="group" aria-label="Saved encounters">
      <h3>Saved at this table</h3>
      <ul className="plain">
        {saved.map((e) => {
          const o = openData(e.data, `${e.id}.yaml`);
          const ready = o.ok && checkDraft(o.draft).problems.length === 0;
          return (
            <li key={e.id}>
              <button type="button" className="example" disabled={busy || !ready} onClick={() => o.ok && onLoad(draftText(o.draft), `${e.id}.yaml`)} data-saved={e.id}>
                {e.name}
              </button>
              <a className="b-edit-link" href={`#${builderPath(tableId, { saved: e.id })}`} aria-label={`Edit ${e.name} in the builder`} data-edit-saved={e.id}>✎ Edit</a>
              <span className="muted small-text"> {e.ruleset}{ready ? '' : ' — has problems to fix in the builder'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
