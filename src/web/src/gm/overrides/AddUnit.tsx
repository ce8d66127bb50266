/**
 * "Add a unit": the GM starts from a new unit of a side, a copy of one of the file's units, a character
 * or monster of the table's library, or a roster character (wounds and all, docs/gm.md "The roster"), and
 * finishes it in the builder's unit form — every field the file can hold, with the problems at their field,
 * checked as `skirmish validate` would check it as one more unit of the file. Then where it enters the turn
 * order and whether the players see it, and gm.add_unit {entry}. A unit written out (YAML or JSON, from
 * another file) can still be pasted, folded away, and read into the form. The server builds the unit from
 * the encounter's file; a refusal names the entry's field (`entry.hp: …`) beside the form.
 */
import { useContext, useEffect, useMemo, useState } from 'react';
import type { EncounterState } from '../../../../engine/index.ts';
import { rulesetById } from '../../../../rulesets/index.ts';
import type { FileUnits, RosterEntry } from '../../api/types.ts';
import type { LibraryEntry } from '../../builder/model/characters.ts';
import { FormContext } from '../../builder/form/env.ts';
import { ObjectFields } from '../../builder/form/ObjectField.tsx';
import { encounterSchemaOf, nodeAt } from '../../builder/model/schema.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { parseUnitText, placements, rosterChoices, type Entry } from '../../model/unitText.ts';
import { checkNewcomer, startsOf } from './newcomer.ts';
import '../../builder/builder.css';
import { OverrideContext, useOverrideSender, withReason } from './context.ts';
import { ReasonInput } from './ReasonInput.tsx';

/** The encounter file's units (GM), read again after each unit added here. */
function useFileUnits(refresh: number): FileUnits | undefined {
  const { api, encounterId } = useContext(OverrideContext);
  const [file, setFile] = useState<FileUnits>();
  useEffect(() => {
    if (!api || !encounterId) return;
    let live = true;
    api.fileUnits(encounterId).then(
      (f) => live && setFile(f),
      () => live && setFile(undefined),
    );
    return () => {
      live = false;
    };
  }, [api, encounterId, refresh]);
  return file?.encounter === encounterId ? file : undefined;
}

/** The table's roster (GM), read again after each unit added here; undefined until read, or when it cannot be. */
function useRoster(refresh: number): RosterEntry[] | undefined {
  const { api, tableId } = useContext(OverrideContext);
  const [entries, setEntries] = useState<RosterEntry[]>();
  useEffect(() => {
    if (!api || !tableId) return;
    let live = true;
    api.roster(tableId).then(
      (r) => live && setEntries(r.entries),
      // no picker then: the box still takes the entry typed by hand
      () => live && setEntries(undefined),
    );
    return () => {
      live = false;
    };
  }, [api, tableId, refresh]);
  return entries;
}

/** The table library's characters and monsters of this ruleset (GM); none when it cannot be read. */
function useLibrary(ruleset: string): LibraryEntry[] {
  const { api, tableId } = useContext(OverrideContext);
  const [entries, setEntries] = useState<LibraryEntry[]>([]);
  useEffect(() => {
    if (!api || !tableId) return;
    let live = true;
    api.library(tableId).then(
      (r) => live && setEntries((r.entries as LibraryEntry[]).filter((e) => (e.kind === 'character' || e.kind === 'monster') && e.ruleset === ruleset)),
      () => live && setEntries([]),
    );
    return () => {
      live = false;
    };
  }, [api, tableId, ruleset]);
  return entries;
}

const NO_UNITS: Entry[] = [];
const NO_PLAYERS: { id: string; name: string }[] = [];

export function AddUnit({ state }: { state: EncounterState }) {
  const s = useOverrideSender();
  const { players = NO_PLAYERS } = useContext(OverrideContext);
  const [entry, setEntry] = useState<Entry>();
  const [startKey, setStartKey] = useState('');
  const [text, setText] = useState('');
  // the chosen entry, for the turn order it was chosen in: once the turn moves on, back to the default
  const [where, setWhere] = useState({ at: '', i: 0 });
  const [hidden, setHidden] = useState(false);
  const [reason, setReason] = useState('');
  const [added, setAdded] = useState('');
  const [refresh, setRefresh] = useState(0);
  const file = useFileUnits(refresh);
  const library = useLibrary(state.ruleset);
  const characters = rosterChoices(useRoster(refresh) ?? [], state);
  const places = placements(state, !!rulesetById(state.ruleset)?.placeInOrder);
  const at = `${state.turn.round}/${state.turn.index}/${state.turn.order.length}`;
  const chosen = where.at === at ? Math.min(where.i, places.length - 1) : 0;
  const place = places[chosen];
  const fileUnits = useMemo(() => (file?.units ?? NO_UNITS).filter((u) => typeof u.id === 'string' && state.units[u.id]) as Entry[], [file, state.units]);
  const doc = useMemo(() => (file?.document ? { ...file.document, units: fileUnits } : undefined), [file, fileUnits]);
  const starts = startsOf(doc, fileUnits, library, characters, state);
  const start = starts.find((x) => x.key === startKey) ?? starts[0];
  const checked = useMemo(() => (doc && entry ? checkNewcomer(doc, fileUnits, entry) : undefined), [doc, fileUnits, entry]);
  const schema = nodeAt(encounterSchemaOf(state.ruleset), ['units', 0]);
  return (
    <form
      className="override add-unit"
      aria-label="Add a unit"
      onSubmit={(e) => {
        e.preventDefault();
        if (!entry) return s.setError({ code: 'command/missing_field', message: 'Start the unit first: pick where it starts from and open it in the form.', field: 'entry' });
        const name = typeof entry.name === 'string' && entry.name ? entry.name : 'The unit';
        const command = { type: 'gm.add_unit', entry, ...(place.slot !== undefined ? { slot: place.slot } : {}), ...(hidden ? { hidden: true } : {}) };
        setAdded('');
        void s.send(withReason(command, reason)).then((ok) => {
          if (!ok) return;
          setAdded(`${name} joined the fight${hidden ? ', hidden from the players' : ''}.`);
          setEntry(undefined);
          setText('');
          setReason('');
          setHidden(false);
          setRefresh((n) => n + 1);
        });
      }}
    >
      {file && !file.hasFile && (
        <p className="hint" role="note">
          This encounter keeps no encounter file (it was imported from a file without its document, or loaded before the server kept files), so the server cannot build a unit written in the file's shape here.
        </p>
      )}
      {start && (
        <div className="row">
          <label>
            Start from
            <select value={start.key} onChange={(e) => setStartKey(e.target.value)}>
              {starts.map((x) => <option key={x.key} value={x.key}>{x.label}</option>)}
            </select>
          </label>
          <button type="button" className="small" onClick={() => { s.setError(undefined); setAdded(''); setEntry(start.entry()); }}>Open in the form</button>
        </div>
      )}
      <details className="paste-unit">
        <summary>Or paste a unit written out (YAML or JSON)</summary>
        <label>
          Unit (YAML or JSON)
          <textarea value={text} onChange={(e) => setText(e.target.value)} rows={6} spellCheck={false} placeholder="name: Goblin Scout" />
        </label>
        <button
          type="button"
          className="small"
          onClick={() => {
            const r = parseUnitText(text);
            if (!r.ok) return s.setError(r.problem);
            s.setError(undefined);
            setEntry(r.entry);
          }}
        >
          Read into the form
        </button>
      </details>
      {entry && schema && checked && (
        // the builder's unit form, checked against the encounter's file; gear is picked from the file's content
        <div className="b-unit-panel add-unit-form" data-testid="add-unit-form">
          <h3>{typeof entry.name === 'string' && entry.name ? entry.name : 'The new unit'}</h3>
          {checked.problems.size > 0 && <p className="b-problem small-text" role="note">Each field's problem is shown beside it; the server refuses the unit until they are fixed.</p>}
          <FormContext.Provider value={{ ruleset: state.ruleset, doc: checked.scratch, problems: (f) => checked.problems.get(f) ?? [], players, addGear: undefined, openGear: undefined }}>
            <ObjectFields node={schema} path={['units', checked.index]} value={entry} required onChange={(next) => setEntry((next ?? {}) as Entry)} />
          </FormContext.Provider>
        </div>
      )}
      {entry && !checked && (
        <p className="hint" role="note">The encounter's file could not be read, so the unit is not checked here; the server checks it when it is added.</p>
      )}
      <div className="row">
        <label>
          Enters the turn order
          <select value={chosen} onChange={(e) => setWhere({ at, i: Number(e.target.value) })} disabled={places.length < 2}>
            {places.map((p, i) => <option key={i} value={i}>{p.label}</option>)}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> hidden from players
        </label>
      </div>
      <div className="row">
        <ReasonInput value={reason} onChange={setReason} />
        <button type="submit" disabled={s.sending || !entry}>Add unit</button>
      </div>
      {added && <p role="status" className="hint">{added}</p>}
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </form>
  );
}
