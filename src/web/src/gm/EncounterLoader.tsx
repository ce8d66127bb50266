/**
 * Loading an encounter: one of the server's examples (grouped by ruleset) or a YAML/JSON file from this
 * computer. A file with mistakes comes back with every problem and its line, listed here.
 */
import { useEffect, useState } from 'react';
import type { Api } from '../api/http.ts';
import type { Example, ServerError } from '../api/types.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { SavedEncounters } from '../builder/SavedEncounters.tsx';
import { toProblem, type Problem } from '../model/errors.ts';
import { builderPath } from '../route.ts';

interface Props {
  api: Api;
  tableId: string;
  onLoaded(encounterId: string): void;
}

export function EncounterLoader({ api, tableId, onLoaded }: Props) {
  const [examples, setExamples] = useState<Example[]>();
  const [error, setError] = useState<Problem & { problems?: ServerError['problems'] }>();
  const [busy, setBusy] = useState(false);
  const [fromRoster, setFromRoster] = useState(false);
  useEffect(() => {
    api.examples().then((r) => setExamples(r), (err) => setError(toProblem(err.error ?? err)));
  }, [api]);

  const load = async (body: { text: string; file?: string } | { example: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      const r = await api.loadEncounter(tableId, fromRoster ? { ...body, fromRoster: true } : body);
      onLoaded(r.id);
    } catch (err) {
      const e = (err as { error?: ServerError }).error;
      setError(e ? { ...toProblem(e), problems: e.problems } : toProblem(err));
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (f: File | undefined) => {
    if (!f) return;
    await load({ text: await f.text(), file: f.name });
  };

  const byRuleset = new Map<string, Example[]>();
  for (const e of examples ?? []) byRuleset.set(e.ruleset, [...(byRuleset.get(e.ruleset) ?? []), e]);

  return (
    <section className="panel loader" aria-label="Load an encounter">
      <h2>Load an encounter</h2>
      <p>
        <a className="b-build-link" href={`#${builderPath(tableId)}`} data-testid="build-encounter">Build an encounter</a>
        <span className="muted small-text"> — make one in the page, or edit an example (✎ beside it) or one saved at this table</span>
      </p>
      <SavedEncounters api={api} tableId={tableId} busy={busy} onLoad={(text, file) => void load({ text, file })} />
      <label className="check">
        <input type="checkbox" checked={fromRoster} onChange={(e) => setFromRoster(e.target.checked)} data-testid="from-roster" /> Load next encounter from roster
        <span className="muted small-text"> (characters on the roster start with their current hit points)</span>
      </label>
      <label className="file">
        From a file (YAML or JSON)
        <input type="file" accept=".yaml,.yml,.json,application/json,text/yaml" onChange={(e) => void onFile(e.target.files?.[0])} disabled={busy} />
      </label>
      {examples === undefined && !error && <p className="muted">Loading the examples…</p>}
      {[...byRuleset].map(([ruleset, list]) => (
        <div key={ruleset} className="example-group" role="group" aria-label={`${ruleset} examples`}>
          <h3>{ruleset}</h3>
          <ul className="plain">
            {list.map((ex) => (
              <li key={ex.path}>
                <button type="button" className="example" disabled={busy} onClick={() => void load({ example: ex.path })} data-example={ex.path}>
                  {ex.name}
                </button>
                <a className="b-edit-link" href={`#${builderPath(tableId, { example: ex.path })}`} aria-label={`Edit ${ex.name} in the builder`} data-edit-example={ex.path}>✎ Edit</a>
                {ex.description && <span className="muted small-text"> {ex.description}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <ErrorNote problem={error} onDismiss={() => setError(undefined)} />
      {error?.problems && error.problems.length > 1 && (
        <ul className="problems">
          {error.problems.map((p, i) => <li key={i}>{typeof p === 'string' ? p : p.message}</li>)}
        </ul>
      )}
    </section>
  );
}
