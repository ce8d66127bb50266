/**
 * The builder's map: the grid (select, drag, paint, drop) or a zone ruleset's lines, and on a phone the
 * button that takes the GM from the map down to the selected units' form.
 */
import { useRef } from 'react';
import type { Tab } from '../Inspector.tsx';
import type { Doc } from '../model/paths.ts';
import { paint } from '../model/terrain.ts';
import { moveUnits, setZone, unitsOf, type Cell } from '../model/units.ts';
import type { Place } from '../put.ts';
import type { DraftState } from '../useDraft.ts';
import { GridCanvas, type Tool } from './GridCanvas.tsx';
import { ZoneCanvas } from './ZoneCanvas.tsx';

interface Props {
  doc: Doc;
  grid: boolean;
  draft: DraftState;
  tool: Tool;
  /** The terrain the paint brush lays (undefined: the eraser's plain ground). */
  brush?: Record<string, unknown>;
  cell?: Cell;
  setCell(c: Cell | undefined): void;
  tab: Tab;
  setTab(t: Tab): void;
  /** A sentence for the GM (a move the map refused). */
  say(note: string): void;
  /** Something dragged from the palette, dropped at a place. */
  put(text: string, place: Place): void;
}

export function MapArea({ doc, grid, draft: s, tool, brush, cell, setCell, tab, setTab, say, put }: Props) {
  // one paint stroke is one undo step
  const stroke = useRef(0);
  return (
    <>
      {grid ? (
        <div className="b-map-wrap">
          <GridCanvas
            doc={doc}
            selected={s.selected}
            tool={tool}
            cell={cell}
            onSelect={(ids, c) => {
              s.select(ids);
              setCell(c);
              setTab(ids.length ? 'unit' : c ? 'cell' : tab);
            }}
            onMove={(ids, lead, to) => {
              const next = moveUnits(doc, ids, lead, to);
              if (next) s.change(next);
              else say('They cannot go there: off the map, or onto another unit.');
            }}
            onPaint={(cells, done) => {
              if (cells.length === 1 && !done) stroke.current++;
              s.change(paint(doc, cells, tool === 'paint' ? brush : undefined), `paint stroke ${stroke.current}`);
            }}
            onDrop={(text, at) => put(text, { cell: at })}
          />
        </div>
      ) : (
        <ZoneCanvas
          doc={doc}
          selected={s.selected}
          onSelect={(ids) => {
            s.select(ids);
            setTab('unit');
          }}
          onZone={(ids, zone) => s.change(setZone(doc, ids, zone))}
          onDrop={(text, zone, side) => put(text, { zone, side })}
        />
      )}
      {/* on a phone the form is far below the map: one tap takes the GM to it */}
      {s.selected.length > 0 && (
        <button type="button" className="small b-jump" onClick={() => document.querySelector('.b-inspector')?.scrollIntoView({ block: 'start' })}>
          ↓ Edit {s.selected.length > 1 ? `the ${s.selected.length} selected` : String(unitsOf(doc).find((u) => u.id === s.selected[0])?.name ?? 'the unit')}
        </button>
      )}
    </>
  );
}
