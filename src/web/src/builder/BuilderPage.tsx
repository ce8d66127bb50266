/**
 * The encounter builder (docs/builder.md): a fight made in the page, without writing YAML. A new
 * encounter or one opened (an example, one saved at the table, a file); the map painted with the
 * ruleset's terrain; units put on it and edited in forms made from the ruleset's schema; validation as
 * `skirmish validate` does it, at each field; characters kept in the table's library; saved to the
 * table, downloaded as YAML, started; and the odds of the fight as it is built, from a Web Worker.
 */
import { useEffect, useMemo, useState } from 'react';
import { Api } from '../api/http.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { toProblem, type Problem } from '../model/errors.ts';
import { go, inviteLink } from '../route.ts';
import { linksMade, rememberLink } from '../model/inviteLinks.ts';
import { loadToken } from '../tokens.ts';
import { readDragged } from './canvas/drag.ts';
import type { Tool } from './canvas/GridCanvas.tsx';
import { MapArea } from './canvas/MapArea.tsx';
import { DifficultyPanel } from './difficulty/DifficultyPanel.tsx';
import { useDifficulty } from './difficulty/useDifficulty.ts';
import { FormContext, type FormEnv } from './form/env.ts';
import { Inspector, type Tab } from './Inspector.tsx';
import { deleteCharacter, downloadText, exportLibrary, importLibrary, putCharacter, saveCharacter, saveEncounter, startFight } from './io.ts';
import { rosterCharacter, type LibraryEntry } from './model/characters.ts';
import { fileNameFor, openData, openText, type Draft } from './model/draft.ts';
import { cellOf, duplicateUnits, hasGrid, moveUnits, removeUnits, sidesOf, unitsOf, type Cell } from './model/units.ts';
import { BuilderBar } from './panels/BuilderBar.tsx';
import { Palette } from './panels/Palette.tsx';
import { ProblemList } from './panels/ProblemList.tsx';
import { StartForm } from './panels/StartForm.tsx';
import { CharacterPanel } from './panels/CharacterPanel.tsx';
import { addGear, addSide, putOnMap, terrainKindsOf, type Place } from './put.ts';
import { useDraft } from './useDraft.ts';
import { useTable } from './useTable.ts';
import { useKeys } from './useKeys.ts';
import { focusField } from './focus.ts';
import './builder.css';

interface Props {
  tableId: string;
  example?: string;
  saved?: string;
}

export function BuilderPage({ tableId, example, saved }: Props) {
  const token = loadToken('gm', tableId);
  const api = useMemo(() => (token ? new Api(token) : undefined), [token]);
  const data = useTable(api, tableId);
  const s = useDraft();
  const [error, setError] = useState<Problem & { problems?: string[] }>();
  const [note, setNote] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [tool, setTool] = useState<Tool>('select');
  const [brush, setBrush] = useState<string>();
  const [cell, setCell] = useState<Cell>();
  const [tab, setTab] = useState<Tab>('encounter');
  const [gear, setGear] = useState<{ category: string; id: string }>();
  const [editing, setEditing] = useState<string>();
  const [savedAs, setSavedAs] = useState<string | undefined>(saved);
  const [runs, setRuns] = useState(500);
  const [seed, setSeed] = useState(1);
  const [focus, setFocus] = useState<{ field: string }>();
  // the links made for players at this table from this page (here or on the GM page), to hand over
  const [links, setLinks] = useState(() => linksMade(tableId));
  const { draft, checked } = s;
  const doc = draft?.doc;
  const ruleset = doc ? String(doc.ruleset) : undefined;
  const difficulty = useDifficulty(checked?.loaded, checked?.text, runs, seed);

  const fail = (err: unknown) => {
    const e = (err as { error?: Problem & { problems?: string[] } }).error;
    setError(e ? { ...toProblem(e), ...(e.problems ? { problems: e.problems.map(String) } : {}) } : toProblem(err));
  };
  const opened = (r: ReturnType<typeof openText>) => {
    if (!r.ok) return setError({ code: 'file/invalid', message: r.problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.path}: ${p.message}`).join('\n') });
    setError(undefined);
    setChoosing(false);
    s.open(r.draft);
    setTab('encounter');
  };

  useEffect(() => {
    if (!focus) return;
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const root = document.querySelector('.b-layout');
      if (root && focusField(root, focus.field)) return;
      if (tries++ < 10) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [focus]);

  // what the address asks to open
  useEffect(() => {
    if (!api) return;
    if (example) api.exampleText(example).then((ex) => opened(openText(ex.text, example.split('/').pop()!)), fail);
  }, [api, example]);
  useEffect(() => {
    if (!saved || draft) return;
    const entry = data.library.find((e) => e.kind === 'encounter' && e.id === saved);
    if (entry) opened(openData(entry.data, `${saved}.yaml`));
  }, [saved, data.library, draft]);

  const characters = useMemo(() => {
    const m = new Map<string, LibraryEntry>();
    for (const e of data.library) if ((e.kind === 'character' || e.kind === 'monster') && e.ruleset === ruleset) m.set(`${e.kind}/${e.id}`, e);
    for (const r of data.roster) if (r.ruleset === ruleset) m.set(`roster/${r.id}`, rosterCharacter(r as never));
    return m;
  }, [data.library, data.roster, ruleset]);

  const put = (text: string, place: Place) => {
    const d = readDragged(text);
    if (!d || !doc) return;
    const r = putOnMap(doc, d, place, characters);
    if (!r) return setNote('There is no free cell on the map for it.');
    s.change(r.doc);
    s.select([r.id]);
    setCell(undefined);
    setTab('unit');
  };
  const env: FormEnv | undefined = doc && {
    ruleset: ruleset!,
    doc,
    problems: (f) => checked?.byField.get(f) ?? [],
    players: (data.table?.players ?? []).map((p) => {
      const link = links.find((l) => l.playerId === p.playerId)?.url;
      return { id: p.playerId, name: p.name || 'a player', ...(link ? { link } : {}) };
    }),
    ...(api ? { seatPlayer: async (name: string) => {
      const r = await api.invite(tableId, name);
      const link = inviteLink(r.invite);
      setLinks(rememberLink(tableId, { playerId: r.playerId, name: r.name, url: link }));
      await data.refreshTable();
      return { id: r.playerId, name: r.name, link };
    }, uploadMap: (file: File) => api.uploadMap(tableId, file) } : {}),
    addGear: (category) => {
      const r = addGear(doc, category);
      if (!r) return undefined;
      s.change((d) => addGear(d, category)?.doc);
      return r.id;
    },
    openGear: (category, id) => {
      setGear({ category, id });
      setTab('gear');
    },
  };

  const duplicate = () => {
    if (!doc) return;
    const r = duplicateUnits(doc, s.selected);
    s.change(r.doc);
    s.select(r.ids);
  };
  const remove = () => {
    if (!doc) return;
    s.change(removeUnits(doc, s.selected));
    s.select([]);
  };
  useKeys({ undo: s.undo, redo: s.redo, duplicate, remove, nudge: (dx, dy) => {
    if (!doc || !s.selected.length) return;
    const lead = unitsOf(doc).find((u) => u.id === s.selected[0]);
    const at = lead && cellOf(lead);
    const next = at && moveUnits(doc, s.selected, lead.id, [at[0] + dx, at[1] + dy]);
    if (next) s.change(next);
  } }, !!doc);

  /** Run one of the table's calls: its sentence as the note, its refusal as the error. */
  const run = async (what: () => Promise<string | void>, hold = false) => {
    if (hold) setBusy(true);
    try {
      const said = await what();
      if (said) setNote(said);
    } catch (err) {
      fail(err);
    } finally {
      if (hold) setBusy(false);
    }
  };
  /** A call that changes the library, then the library read again (its sentence passed on). */
  const withLibrary = async (said: Promise<string>) => {
    const r = await said;
    await data.refreshLibrary();
    return r;
  };
  const saveUnit = (kind: 'character' | 'monster') => {
    const u = doc && unitsOf(doc).find((x) => x.id === s.selected[0]);
    if (u && api && draft) void run(() => withLibrary(saveCharacter(api, tableId, draft, u, kind)));
  };
  const save = () => {
    if (draft && checked && api) void run(async () => {
      const r = await saveEncounter(api, tableId, draft, checked, savedAs);
      setSavedAs(r.id);
      await data.refreshLibrary();
      return r.note;
    }, true);
  };
  const download = () => draft && checked && downloadText(checked.text, fileNameFor(draft), 'text/yaml');
  const start = () => {
    if (checked?.loaded && api && draft) void run(async () => {
      await startFight(api, tableId, draft, checked);
      go(`/gm/${tableId}`);
    }, true);
  };
  const openFile = async (f: File) => opened(openText(await f.text(), f.name));

  if (!token) {
    return (
      <main className="home">
        <h1>No GM access</h1>
        <p>This browser does not hold the GM key of this table. Open the GM link you saved when you created it.</p>
      </main>
    );
  }
  const savedEncounters = data.library.filter((e) => e.kind === 'encounter');
  const grid = doc ? hasGrid(doc) : false;
  const kinds = ruleset ? terrainKindsOf(ruleset) : [];
  const brushKind = kinds.find((k) => k.id === brush) ?? kinds[0];
  // a problem pressed: the form it is in, then (once drawn) the cursor in its field
  const pick = (field: string) => {
    const m = /^units\[(\d+)\]/.exec(field);
    const u = m && doc ? unitsOf(doc)[Number(m[1])] : undefined;
    if (u) {
      s.select([u.id]);
      setTab('unit');
    } else setTab(field.startsWith('content') ? 'gear' : 'encounter');
    setFocus({ field });
  };

  return (
    <div className="b-page" data-ruleset={ruleset}>
      <BuilderBar
        title={doc ? String(doc.name ?? '') : ''}
        ruleset={ruleset}
        backHref={`#/gm/${encodeURIComponent(tableId)}`}
        canUndo={s.canUndo}
        canRedo={s.canRedo}
        onUndo={s.undo}
        onRedo={s.redo}
        {...(draft ? { onOpen: () => setChoosing(true), onSave: save, onDownload: download, onStart: start } : {})}
        canStart={!!checked?.loaded}
        busy={busy}
      />
      <ErrorNote problem={error} onDismiss={() => setError(undefined)} />
      {error?.problems && error.problems.length > 1 && <ul className="problems">{error.problems.map((p, i) => <li key={i}>{p}</li>)}</ul>}
      {note && (
        <p className="b-ok" role="status">
          {note} <button type="button" className="link-button" onClick={() => setNote(undefined)} aria-label="Dismiss">✕</button>
        </p>
      )}
      {draft && choosing && (
        <p>
          <button type="button" className="small" onClick={() => setChoosing(false)}>
            ← Back to {String(draft.doc.name || 'the encounter')}
          </button>
        </p>
      )}
      {(!draft || choosing) && (
        <StartForm
          examples={data.examples}
          saved={savedEncounters}
          onNew={(d: Draft) => {
            setSavedAs(undefined);
            opened({ ok: true, draft: d });
          }}
          onExample={(path) => go(`/build/${encodeURIComponent(tableId)}?example=${encodeURIComponent(path)}`)}
          onSaved={(id) => {
            const e = savedEncounters.find((x) => x.id === id);
            if (e) {
              setSavedAs(id);
              opened(openData(e.data, `${id}.yaml`));
            }
          }}
          onFile={(f) => void openFile(f)}
        />
      )}
      {draft && doc && checked && env && !choosing && (
        <FormContext.Provider value={env}>
          <div className="b-layout">
            <Palette
              grid={grid}
              kinds={kinds}
              tool={tool}
              setTool={setTool}
              brush={brushKind?.id}
              setBrush={setBrush}
              sides={sidesOf(doc)}
              onNewSide={(n) => s.change(addSide(doc, n))}
              characters={[...characters].map(([key, entry]) => ({ key, entry, ...(key.startsWith('roster/') ? { note: 'on the roster' } : {}) }))}
              onPut={(d) => put(d.kind === 'new' ? `new:${d.side}` : `character:${d.key}`, undefined)}
              onEdit={(key) => {
                setEditing(key);
                setTab('character');
              }}
              onExport={() => api && void run(() => exportLibrary(api, tableId))}
              onImport={(f) => api && void run(() => withLibrary(importLibrary(api, tableId, f)))}
            />
            <div className="b-centre">
              <MapArea doc={doc} grid={grid} draft={s} tool={tool} brush={brushKind?.cell} cell={cell} setCell={setCell} tab={tab} setTab={setTab} say={setNote} put={put} />
              <ProblemList checked={checked} scenario={!!draft.scenario} doc={doc} onPick={pick} />
              <DifficultyPanel difficulty={difficulty} valid={!!checked.loaded} runs={runs} setRuns={setRuns} seed={seed} setSeed={setSeed} />
            </div>
            <Inspector tab={tab} setTab={setTab} doc={doc} selected={s.selected} cell={grid ? cell : undefined} gear={gear} change={s.change} select={s.select} onDuplicate={duplicate} onRemove={remove} onSave={saveUnit}
              character={
                editing && characters.get(editing) && api ? (
                  <CharacterPanel
                    key={editing}
                    entry={characters.get(editing)!}
                    doc={doc}
                    onClose={() => {
                      setEditing(undefined);
                      setTab('encounter');
                    }}
                    onSave={(e) => void run(() => withLibrary(putCharacter(api, tableId, e)))}
                    onDelete={(e) =>
                      void run(() => {
                        setEditing(undefined);
                        setTab('encounter');
                        return withLibrary(deleteCharacter(api, tableId, e));
                      })
                    }
                  />
                ) : undefined
              }
            />
          </div>
        </FormContext.Provider>
      )}
    </div>
  );
}
