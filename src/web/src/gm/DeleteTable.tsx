/**
 * The GM deletes the table: tucked away under a closed "Delete this table", then a confirmation that says
 * in plain words what is lost, with Cancel beside it. Deleting cannot be undone.
 */
import { useState } from 'react';
import type { Api } from '../api/http.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { toProblem, type Problem } from '../model/errors.ts';

export function DeleteTable({ api, tableId, tableName, onDeleted }: { api: Api; tableId: string; tableName: string; onDeleted(): void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Problem>();
  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api.deleteTable(tableId);
      onDeleted();
    } catch (err) {
      setError(toProblem((err as { error?: Problem }).error ?? err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="danger-zone">
      {!asking ? (
        <button type="button" className="small danger" onClick={() => setAsking(true)}>
          Delete this table…
        </button>
      ) : (
        <div role="alertdialog" aria-label="Delete the table" className="confirm-delete">
          <p>
            Delete the table “{tableName}”? Every encounter, log, player seat and invite link of it is gone for good, and
            the players' pages are disconnected. This cannot be undone.
          </p>
          <div className="row">
            <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>
              Delete for good
            </button>
            <button type="button" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <ErrorNote problem={error} onDismiss={() => setError(undefined)} />
    </div>
  );
}
