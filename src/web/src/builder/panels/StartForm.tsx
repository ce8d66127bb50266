/**
 * Where the builder starts: a new encounter (ruleset, name, the map's size or the zones, the two sides),
 * or one to open — an example, one saved at the table, a file from this computer.
 */
import { useId, useState } from 'react';
import { rulesets } from '../../../../rulesets/index.ts';
import type { Example } from '../../api/types.ts';
import type { LibraryEntry } from '../model/characters.ts';
import { newDraft, onAGrid, type NewEncounter } from '../model/newDraft.ts';
import type { Draft } from '../model/draft.ts';

interface Props {
  examples: Example[];
  saved: LibraryEntry[];
  onNew(d: Draft): void;
  onExample(path: string): void;
  onSaved(id: string): void;
  onFile(f: File): void;
}

export function StartForm({ examples, saved, onNew, onExample, onSaved, onFile }: Props) {
  const ids = Object.keys(rulesets);
  const f = useId();
  const [n, setN] = useState<NewEncounter>({ ruleset: ids[0], name: '', width: 12, height: 8, sides: ['heroes', 'foes'] });
  const grid = onAGrid(n.ruleset);
  const [a, b] = n.sides ?? ['heroes', 'foes'];
  return (
    <div className="b-start">
      <form
        className="panel b-new"
        aria-label="New encounter"
        onSubmit={(e) => {
          e.preventDefault();
          onNew(newDraft({ ...n, name: n.name.trim() || 'New encounter' }));
        }}
      >
        <h2>New encounter</h2>
        <label htmlFor={`${f}-r`}>Ruleset</label>
        <select id={`${f}-r`} value={n.ruleset} onChange={(e) => setN({ ...n, ruleset: e.target.value })}>
          {ids.map((id) => <option key={id} value={id}>{id} — {rulesets[id].description.split(/[:,(]/)[0].trim()}</option>)}
        </select>
        <label htmlFor={`${f}-n`}>Name</label>
        <input id={`${f}-n`} type="text" value={n.name} onChange={(e) => setN({ ...n, name: e.target.value })} placeholder="Goblin cave" />
        {grid ? (
          <div className="b-row">
            <label>
              Width (cells)
              <input type="number" className="b-number" min={1} max={200} value={n.width} onChange={(e) => setN({ ...n, width: Math.max(1, Math.min(200, Number(e.target.value) || 1)) })} />
            </label>
            <label>
              Height (cells)
              <input type="number" className="b-number" min={1} max={200} value={n.height} onChange={(e) => setN({ ...n, height: Math.max(1, Math.min(200, Number(e.target.value) || 1)) })} />
            </label>
          </div>
        ) : (
          <p className="hint">{n.ruleset} fights on zones, not a grid: each side's rearguard and the frontline between them.</p>
        )}
        <div className="b-row">
          <label>
            The players' side
            <input type="text" value={a} onChange={(e) => setN({ ...n, sides: [e.target.value.trim(), b] })} />
          </label>
          <label>
            Their enemies
            <input type="text" value={b} onChange={(e) => setN({ ...n, sides: [a, e.target.value.trim()] })} />
          </label>
        </div>
        <button type="submit" className="primary" disabled={!a || !b || a === b}>Create</button>
      </form>
      <section className="panel b-open" aria-label="Open an encounter to edit">
        <h2>Or edit one</h2>
        <label className="file">
          A file (YAML or JSON)
          <input type="file" accept=".yaml,.yml,.json,application/json,text/yaml" onChange={(e) => e.target.files?.[0] && onFile(e.target.files[0])} />
        </label>
        {saved.length > 0 && (
          <>
            <h3>Saved at this table</h3>
            <ul className="plain">
              {saved.map((s) => (
                <li key={s.id}>
                  <button type="button" className="example" onClick={() => onSaved(s.id)} data-saved={s.id}>{s.name}</button>
                  <span className="muted small-text"> {s.ruleset}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <h3>Examples</h3>
        <ul className="plain">
          {examples.map((ex) => (
            <li key={ex.path}>
              <button type="button" className="example" onClick={() => onExample(ex.path)} data-edit-example={ex.path}>{ex.name}</button>
              <span className="muted small-text"> {ex.ruleset}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
