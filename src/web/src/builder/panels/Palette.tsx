/**
 * The builder's palette: the tools (select and drag, paint, erase), the terrain the ruleset's rules read
 * (nothing else is offered), and what can be put on the map — a new unit of a side, or a character of the
 * table's library. Drag any of them onto the map, or press it to put it on the first free cell.
 */
import { useId, useState } from 'react';
import type { TerrainKind } from '../../../../engine/index.ts';
import { sideColour } from '../../board/palette.ts';
import { dragText, DRAG_TYPE, type Dragged } from '../canvas/drag.ts';
import type { Tool } from '../canvas/GridCanvas.tsx';
import type { LibraryEntry } from '../model/characters.ts';

interface Props {
  grid: boolean;
  kinds: TerrainKind[];
  tool: Tool;
  setTool(t: Tool): void;
  brush?: string;
  setBrush(id: string): void;
  sides: string[];
  onNewSide(name: string): void;
  characters: { key: string; entry: LibraryEntry; note?: string }[];
  onPut(d: Dragged): void;
  onEdit(key: string): void;
  onExport(): void;
  onImport(f: File): void;
}

const drag = (d: Dragged) => (e: React.DragEvent) => {
  e.dataTransfer.setData(DRAG_TYPE, dragText(d));
  e.dataTransfer.effectAllowed = 'copy';
};

export function Palette({ grid, kinds, tool, setTool, brush, setBrush, sides, onNewSide, characters, onPut, onEdit, onExport, onImport }: Props) {
  const sideId = useId();
  const [side, setSide] = useState('');
  return (
    <aside className="b-palette" aria-label="Palette">
      {grid && (
        <section aria-label="Tools">
          <h3>Tools</h3>
          <div className="b-tools" role="group" aria-label="Tool">
            {(['select', 'paint', 'erase'] as const).map((t) => (
              <button key={t} type="button" className="small" aria-pressed={tool === t} onClick={() => setTool(t)}>
                {t === 'select' ? 'Select and move' : t === 'paint' ? 'Paint terrain' : 'Erase terrain'}
              </button>
            ))}
          </div>
        </section>
      )}
      <section aria-label="New units">
        <h3>New unit</h3>
        <ul className="plain b-put">
          {sides.map((s) => (
            <li key={s}>
              <button type="button" className="b-put-item" draggable onDragStart={drag({ kind: 'new', side: s })} onClick={() => onPut({ kind: 'new', side: s })} style={{ borderLeftColor: sideColour(sides, s) }} data-new-side={s}>
                + a unit of {s}
              </button>
            </li>
          ))}
        </ul>
        <div className="b-inline-form">
          <label htmlFor={sideId}>A new side</label>
          <input id={sideId} type="text" value={side} onChange={(e) => setSide(e.target.value.trim())} placeholder="its name" autoComplete="off" />
          <button
            type="button"
            className="small"
            disabled={!side || sides.includes(side)}
            onClick={() => {
              onNewSide(side);
              setSide('');
            }}
          >
            Add side
          </button>
        </div>
      </section>
      <section aria-label="Characters">
        <h3>Characters</h3>
        {!characters.length && <p className="hint">Characters and monsters saved to the table's library (select a unit, then <em>Save to the library</em>) are listed here for every encounter of this ruleset.</p>}
        <ul className="plain b-put">
          {characters.map((c) => (
            <li key={c.key}>
              <button type="button" className="b-put-item" draggable onDragStart={drag({ kind: 'character', key: c.key })} onClick={() => onPut({ kind: 'character', key: c.key })} data-character={c.key}>
                {c.entry.name}
                <span className="muted small-text"> {c.note ?? (c.entry.kind === 'monster' ? 'monster' : 'character')}</span>
              </button>
              {!c.note && (
                <button type="button" className="small secondary" onClick={() => onEdit(c.key)} aria-label={`Edit ${c.entry.name}`}>
                  Edit
                </button>
              )}
            </li>
          ))}
        </ul>
        <div className="b-actions">
          <button type="button" className="small secondary" onClick={onExport}>Export library</button>
          <label className="b-file-button">
            Import library
            <input type="file" accept=".json,application/json" className="sr-only" onChange={(e) => e.target.files?.[0] && onImport(e.target.files[0])} />
          </label>
        </div>
      </section>
      {grid && kinds.length > 0 && (
        <section aria-label="Terrain">
          <h3>Terrain</h3>
          <ul className="plain b-brushes">
            {kinds.map((k) => (
              <li key={k.id}>
                <button
                  type="button"
                  className={`b-brush b-brush-${k.id}`}
                  aria-pressed={tool === 'paint' && brush === k.id}
                  onClick={() => {
                    setBrush(k.id);
                    setTool('paint');
                  }}
                  data-brush={k.id}
                >
                  <span className="b-brush-name">{k.name}</span>
                  <span className="b-help">{k.help}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
