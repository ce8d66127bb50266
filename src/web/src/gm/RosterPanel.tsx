/**
 * The table's roster on the GM page (docs/gm.md, "The roster"): after an encounter ends, the GM reviews
 * what carries back (every change checked by default) and accepts; the roster lists each character with
 * its hit points and carried conditions. The library is exported as a file and imported from one.
 * Loading the next encounter from the roster is a checkbox of the encounter loader.
 */
import { keyName } from '../model/keyNames.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EncounterState } from '../../../engine/index.ts';
import type { Api } from '../api/http.ts';
import type { CarryBackReview, RosterEntry, ServerError } from '../api/types.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import type { Problem } from '../model/errors.ts';
import { problemOf } from '../model/useSender.ts';

interface Props {
  api: Api;
  tableId: string;
  encounterId: string;
  state: EncounterState;
}

const acceptedKey = (encounterId: string) => `skirmish.carried.${encounterId}`;

function readAccepted(encounterId: string): number | undefined {
  try {
    const v = localStorage.getItem(acceptedKey(encounterId));
    return v === null ? undefined : Number(v);
  } catch {
    return undefined; // storage blocked: the state lives only until a reload
  }
}

function writeAccepted(encounterId: string, n: number | undefined): void {
  try {
    if (n === undefined) localStorage.removeItem(acceptedKey(encounterId));
    else localStorage.setItem(acceptedKey(encounterId), String(n));
  } catch {
    // storage blocked: nothing to keep
  }
}

function hpText(e: RosterEntry): string {
  const p = e.current.pools.hp;
  if (p) return `${p.value}/${p.max}`;
  return typeof e.unit.hp === 'number' ? `${e.unit.hp}/${e.unit.hp}` : 'full';
}

function conditions(e: RosterEntry): string {
  const out = e.current.effects.map((fx) => (fx.stacks && fx.stacks > 1 ? `${fx.name} ×${fx.stacks}` : fx.name));
  if (e.current.status === 'dead') out.unshift('dead');
  return out.length ? out.join(', ') : '—';
}

/** The server's sentence starts with the name ("Vex cannot join the roster: …"): bold that name rather than repeat it. */
function NotCarriedText({ name, text }: { name: string; text: string }) {
  if (!text.startsWith(name)) {
    return (
      <>
        <strong>{name}</strong>: {text}
      </>
    );
  }
  return (
    <>
      <strong>{name}</strong>
      {text.slice(name.length)}
    </>
  );
}

export function RosterPanel({ api, tableId, encounterId, state }: Props) {
  const [entries, setEntries] = useState<RosterEntry[]>();
  const [review, setReview] = useState<CarryBackReview>();
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Problem>();
  const [problems, setProblems] = useState<string[]>();
  const [notice, setNotice] = useState<string>();
  // how many changes were accepted for this encounter; kept in the browser (the server keeps no such
  // flag) so the review button does not come back after a reload as if nothing had been carried
  const [accepted, setAccepted] = useState<number | undefined>(() => readAccepted(encounterId));
  const fileInput = useRef<HTMLInputElement>(null);
  const ended = state.status === 'ended';

  const refresh = useCallback(() => {
    api.roster(tableId).then((r) => setEntries(r.entries), (err) => setError(problemOf(err)));
  }, [api, tableId]);
  useEffect(refresh, [refresh]);
  // another encounter, or this one no longer ended (undo): the review no longer applies
  useEffect(() => setReview(undefined), [encounterId, ended]);
  // the end undone while this page watches: what was accepted belonged to that ending (a page opening
  // on a state still catching up is no undo, hence the previous value rather than !ended alone)
  const wasEnded = useRef<{ id: string; ended: boolean } | undefined>(undefined);
  useEffect(() => {
    const prev = wasEnded.current;
    if (prev && prev.id === encounterId && prev.ended && !ended) writeAccepted(encounterId, undefined);
    wasEnded.current = { id: encounterId, ended };
    setAccepted(readAccepted(encounterId));
  }, [encounterId, ended]);

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    setProblems(undefined);
    setNotice(undefined);
    try {
      await what();
    } catch (err) {
      setError(problemOf(err));
      const list = (err as { error?: ServerError }).error?.problems;
      if (list && list.length > 1) setProblems(list.map((p) => (typeof p === 'string' ? p : p.message)));
    } finally {
      setBusy(false);
    }
  };

  const startReview = () =>
    run(async () => {
      const r = await api.carryBack(encounterId);
      setReview(r);
      setChecked(Object.fromEntries(r.changes.map((c) => [c.id, true])));
    });

  const accept = () =>
    run(async () => {
      if (!review) return;
      const ids = review.changes.filter((c) => checked[c.id]).map((c) => c.id);
      const r = await api.acceptCarryBack(encounterId, ids);
      setEntries(r.entries);
      setReview(undefined);
      // a second review accepts what the first left unticked: count both
      const total = (accepted ?? 0) + ids.length;
      setAccepted(total);
      writeAccepted(encounterId, total);
    });

  const exportLibrary = () =>
    run(async () => {
      const file = await api.exportLibrary(tableId);
      const url = URL.createObjectURL(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `skirmish-library-${tableId}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });

  const importLibrary = (f: File | undefined) =>
    run(async () => {
      if (!f) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(await f.text());
      } catch (err) {
        setError({ code: 'BAD_JSON', message: `${f.name} is not a JSON file: ${(err as Error).message}` });
        return;
      } finally {
        if (fileInput.current) fileInput.current.value = '';
      }
      const r = await api.importLibrary(tableId, parsed);
      setNotice(`Imported ${r.imported} library entr${r.imported === 1 ? 'y' : 'ies'}; the library holds ${r.entries.length}.`);
    });

  return (
    <section className="panel roster-panel" aria-label="Roster" aria-busy={busy}>
      <h2>Roster</h2>
      {ended && !review && accepted !== undefined && (
        <div className="carried" role="status" data-testid="roster-accepted">
          <p>
            <span aria-hidden>✓ </span>
            <strong>Carried back to the roster:</strong> {accepted} change{accepted === 1 ? '' : 's'} accepted.
          </p>
          <button type="button" onClick={() => void startReview()} disabled={busy} data-testid="roster-review">
            Review again
          </button>
        </div>
      )}
      {ended && !review && accepted === undefined && (
        <button type="button" className="primary" onClick={() => void startReview()} disabled={busy} data-testid="roster-review">
          Review what carries back
        </button>
      )}
      {!ended && <p className="hint">Once this encounter ends, review what carries back to the roster here.</p>}
      {review && (
        <form
          aria-label="What carries back"
          onSubmit={(e) => {
            e.preventDefault();
            void accept();
          }}
        >
          {review.changes.length === 0 ? (
            <p className="hint">Nothing changes: the roster already matches this encounter.</p>
          ) : (
            <fieldset>
              <legend>What carries back</legend>
              <ul className="plain" data-testid="roster-changes">
                {review.changes.map((c) => (
                  <li key={c.id}>
                    <label className="check">
                      <input type="checkbox" checked={!!checked[c.id]} onChange={(e) => setChecked((m) => ({ ...m, [c.id]: e.target.checked }))} data-change={c.id} /> {c.text}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          {review.notCarried && review.notCarried.length > 0 && (
            <section className="not-carried" aria-labelledby="roster-not-carried-title" data-testid="roster-not-carried">
              <h3 id="roster-not-carried-title">Cannot join the roster</h3>
              <p className="hint">Nothing of theirs carries back.</p>
              <ul className="plain">
                {review.notCarried.map((n) => (
                  <li key={n.unit} data-unit={n.unit} data-code={n.code}>
                    <NotCarriedText name={n.name} text={n.text} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="row">
            <button type="submit" className="primary" disabled={busy} data-testid="roster-accept">
              Accept
            </button>
            <button type="button" onClick={() => setReview(undefined)} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {notice && (
        <p className="hint" role="status">
          {notice}
        </p>
      )}
      <ErrorNote problem={error} onDismiss={() => setError(undefined)} />
      {problems && (
        <ul className="problems" aria-label="Problems in the file">
          {problems.map((p, i) => <li key={i}>{p}</li>)}
        </ul>
      )}
      {entries && entries.length === 0 && <p className="hint">No one on the roster yet. Characters join when you accept what carries back.</p>}
      {entries && entries.length > 0 && (
        <table className="roster-table" data-testid="roster-list">
          <caption className="sr-only">Characters on the roster</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">{keyName(state.ruleset, 'hp')}</th>
              <th scope="col">Carried conditions</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-entry={e.id}>
                <th scope="row">{e.name}</th>
                <td className="num" data-testid="roster-hp">{hpText(e)}</td>
                <td>{conditions(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="row" role="group" aria-label="Library">
        <button type="button" onClick={() => void exportLibrary()} disabled={busy}>
          Export library
        </button>
        <label className="file">
          Import library
          <input ref={fileInput} type="file" accept=".json,application/json" onChange={(e) => void importLibrary(e.target.files?.[0])} disabled={busy} />
        </label>
      </div>
    </section>
  );
}
