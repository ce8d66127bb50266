/**
 * "Add a unit": the GM types or pastes a unit written as in the encounter file, in YAML or JSON (or starts
 * from a copy of one of the file's units), picks where it enters the turn order and whether the players see
 * it, and sends gm.add_unit {entry}. The server builds the unit from the encounter's file; a refusal names
 * the entry's field (`entry.hp: …`) beside the form. A character of the table's roster not in this fight
 * can be put in the box as the file entry it joined with, wounds and all (docs/gm.md, "The roster").
 */
import { useContext, useEffect, useState } from 'react';
import type { EncounterState } from '../../../../engine/index.ts';
import { rulesetById } from '../../../../rulesets/index.ts';
import type { FileUnits, RosterEntry } from '../../api/types.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { addUnitCommand, entryTemplate, placements, rosterChoices, rosterEntryText } from '../../model/unitText.ts';
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

export function AddUnit({ state }: { state: EncounterState }) {
  const s = useOverrideSender();
  const [text, setText] = useState('');
  const [from, setFrom] = useState('');
  // the chosen entry, for the turn order it was chosen in: once the turn moves on, back to the default
  const [where, setWhere] = useState({ at: '', i: 0 });
  const [hidden, setHidden] = useState(false);
  const [reason, setReason] = useState('');
  const [added, setAdded] = useState('');
  const [refresh, setRefresh] = useState(0);
  const file = useFileUnits(refresh);
  const places = placements(state, !!rulesetById(state.ruleset)?.placeInOrder);
  const at = `${state.turn.round}/${state.turn.index}/${state.turn.order.length}`;
  const chosen = where.at === at ? Math.min(where.i, places.length - 1) : 0;
  const place = places[chosen];
  const copies = (file?.units ?? []).filter((u) => typeof u.id === 'string' && state.units[u.id]);
  const copyFrom = copies.find((u) => u.id === from) ?? copies[0];
  const [fromRoster, setFromRoster] = useState('');
  const characters = rosterChoices(useRoster(refresh) ?? [], state);
  const character = characters.find((e) => e.id === fromRoster) ?? characters[0];
  return (
    <form
      className="override add-unit"
      aria-label="Add a unit"
      onSubmit={(e) => {
        e.preventDefault();
        const out = addUnitCommand(text, { slot: place.slot, hidden });
        if (!out.ok) return s.setError(out.problem);
        setAdded('');
        void s.send(withReason(out.command, reason)).then((ok) => {
          if (!ok) return;
          setAdded(`${out.name} joined the fight${hidden ? ', hidden from the players' : ''}.`);
          setText('');
          setReason('');
          setHidden(false);
          setRefresh((n) => n + 1);
        });
      }}
    >
      {copyFrom && (
        <div className="row">
          <label>
            Start from a copy of
            <select value={String(copyFrom.id)} onChange={(e) => setFrom(e.target.value)}>
              {copies.map((u) => <option key={String(u.id)} value={String(u.id)}>{state.units[String(u.id)]?.name ?? String(u.id)}</option>)}
            </select>
          </label>
          <button type="button" className="small" onClick={() => setText(entryTemplate(copyFrom, state))}>Copy into the box</button>
        </div>
      )}
      {character && (
        <div className="row">
          <label>
            A character of the roster
            <select value={character.id} onChange={(e) => setFromRoster(e.target.value)}>
              {characters.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                  {e.current.pools.hp ? ` (HP ${e.current.pools.hp.value}/${e.current.pools.hp.max})` : ''}
                  {e.current.status === 'dead' ? ' — dead' : ''}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="small" onClick={() => setText(rosterEntryText(character, state))}>Put in the box</button>
        </div>
      )}
      {file && !file.hasFile && (
        <p className="hint" role="note">
          This encounter keeps no encounter file (it was imported from a file without its document, or loaded before the server kept files), so the server cannot build a unit written in the file's shape here.
        </p>
      )}
      <label>
        Unit (YAML or JSON)
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={10}
          spellCheck={false}
          placeholder={'id: g4\nname: Goblin Scout\nside: goblins\nat: [7, 2]\nhp: 9\nweapons: [rusty]'}
        />
      </label>
      <p className="hint">
        One unit as the encounter file writes it under <code>units:</code> — <code>id</code>, <code>name</code>, <code>side</code>, then the
        ruleset's fields (<code>hp</code>, <code>at</code> or <code>start</code>, <code>weapons</code>…), naming the file's <code>content</code> by id.
        A copy of a unit of the same kind gets it right; change what differs.
      </p>
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
        <button type="submit" disabled={s.sending}>Add unit</button>
      </div>
      {added && <p role="status" className="hint">{added}</p>}
      <ErrorNote problem={s.error} onDismiss={() => s.setError(undefined)} />
    </form>
  );
}
