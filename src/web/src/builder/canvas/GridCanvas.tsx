/**
 * The builder's map: paint terrain by dragging across cells, select units (shift adds, a box on empty
 * ground selects every unit in it), drag them (the whole selection moves together), and drop new units or
 * characters from the palette onto a cell. Airship decks are outlined. The map reads the draft, not a
 * played state, so it works while the file still has mistakes.
 */
import { useRef, useState, type DragEvent, type PointerEvent } from 'react';
import { initials, sideColour } from '../../board/palette.ts';
import type { Doc } from '../model/paths.ts';
import { cellsBetween, cellsInBox, terrainAt } from '../model/terrain.ts';
import { cellOf, mapSize, sidesOf, unitsOf, type Cell } from '../model/units.ts';
import { terrainLook, terrainText } from './look.ts';
import { DRAG_TYPE } from './drag.ts';

const S = 40;
export type Tool = 'select' | 'paint' | 'erase';

interface Props {
  doc: Doc;
  selected: string[];
  tool: Tool;
  /** The cell picked for the inspector (select tool, on open ground). */
  cell?: Cell;
  onSelect(ids: string[], cell?: Cell): void;
  onMove(ids: string[], lead: string, to: Cell): void;
  /** Cells painted so far in one stroke; `done` ends the stroke (one undo step). */
  onPaint(cells: Cell[], done: boolean): void;
  onDrop(payload: string, at: Cell): void;
}

type Gesture = { kind: 'move'; lead: string; ids: string[]; from: Cell; at: Cell; add: boolean } | { kind: 'box'; from: Cell; at: Cell; add: boolean } | { kind: 'paint'; last: Cell; cells: Cell[] };

const same = (a: Cell, b: Cell) => a[0] === b[0] && a[1] === b[1];

export function GridCanvas({ doc, selected, tool, cell, onSelect, onMove, onPaint, onDrop }: Props) {
  const svg = useRef<SVGSVGElement>(null);
  const [g, setG] = useState<Gesture>();
  const { width, height } = mapSize(doc);
  const sides = sidesOf(doc);
  const units = unitsOf(doc).filter((u) => cellOf(u));
  const ships = Array.isArray(doc.ships) ? (doc.ships as { id: string; name?: string; side?: string; at?: Cell; size?: Cell }[]) : [];

  const cellAt = (e: { clientX: number; clientY: number }): Cell | undefined => {
    const el = svg.current;
    const m = el?.getScreenCTM();
    if (!el || !m) return undefined;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const c: Cell = [Math.floor(p.x / S), Math.floor(p.y / S)];
    return c[0] >= 0 && c[1] >= 0 && c[0] < width && c[1] < height ? c : undefined;
  };
  const unitAt = (c: Cell) => units.find((u) => same(cellOf(u)!, c));

  const down = (e: PointerEvent<SVGSVGElement>) => {
    const c = cellAt(e);
    if (!c || e.button !== 0) return;
    (e.target as Element).setPointerCapture?.(e.pointerId);
    if (tool !== 'select') {
      setG({ kind: 'paint', last: c, cells: [c] });
      onPaint([c], false);
      return;
    }
    const u = unitAt(c);
    if (u) {
      const ids = e.shiftKey ? (selected.includes(u.id) ? selected.filter((x) => x !== u.id) : [...selected, u.id]) : selected.includes(u.id) ? selected : [u.id];
      onSelect(ids);
      if (ids.includes(u.id)) setG({ kind: 'move', lead: u.id, ids, from: c, at: c, add: e.shiftKey });
    } else setG({ kind: 'box', from: c, at: c, add: e.shiftKey });
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    const c = cellAt(e);
    if (!g || !c) return;
    if (g.kind === 'paint') {
      if (same(c, g.last)) return;
      const cells = [...g.cells, ...cellsBetween(g.last, c).slice(1)];
      setG({ ...g, last: c, cells });
      onPaint(cells, false);
    } else if (!same(c, g.at)) setG({ ...g, at: c });
  };
  const up = () => {
    if (!g) return;
    if (g.kind === 'paint') onPaint(g.cells, true);
    if (g.kind === 'move' && !same(g.from, g.at)) onMove(g.ids, g.lead, g.at);
    // a click on one of several selected (no drag, no shift) picks that one alone
    else if (g.kind === 'move' && g.ids.length > 1 && !g.add) onSelect([g.lead]);
    if (g.kind === 'box') {
      const box = cellsInBox(g.from, g.at);
      const inBox = units.filter((u) => box.some((c) => same(c, cellOf(u)!))).map((u) => u.id);
      if (same(g.from, g.at) && !inBox.length) onSelect(g.add ? selected : [], g.from);
      else onSelect(g.add ? [...new Set([...selected, ...inBox])] : inBox);
    }
    setG(undefined);
  };
  const drop = (e: DragEvent<SVGSVGElement>) => {
    const payload = e.dataTransfer.getData(DRAG_TYPE);
    const c = cellAt(e);
    if (!payload || !c) return;
    e.preventDefault();
    onDrop(payload, c);
  };

  const offset = g?.kind === 'move' ? [g.at[0] - g.from[0], g.at[1] - g.from[1]] : [0, 0];
  const box = g?.kind === 'box' && !same(g.from, g.at) ? g : undefined;
  const cells = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = terrainAt(doc, [x, y]);
      cells.push(
        <rect key={`${x},${y}`} data-cell={`${x},${y}`} x={x * S} y={y * S} width={S} height={S} className={terrainLook(t)} data-terrain={t ? JSON.stringify(Array.isArray(t.tags) ? t.tags : []) : undefined}>
          <title>{terrainText(t, x, y)}</title>
        </rect>,
      );
      if (t?.cover) cells.push(<rect key={`c${x},${y}`} x={x * S + S - 12} y={y * S + 3} width={9} height={t.cover === 'full' ? 9 : 4.5} className="b-cover-mark" pointerEvents="none" />);
      if (typeof t?.elevation === 'number' && t.elevation) cells.push(<text key={`e${x},${y}`} x={x * S + 3} y={y * S + 12} className="b-cell-note" pointerEvents="none">▲{t.elevation}</text>);
    }
  }
  // the map art under the cells (they let it show through), placed as the table places it (GridBoard)
  const art = (doc.map as { image?: { src?: unknown; x?: number; y?: number; width?: number; height?: number; opacity?: number } } | undefined)?.image;
  const artSrc = typeof art?.src === 'string' && /^\/maps\//.test(art.src) ? art.src : undefined;
  return (
    <svg
      ref={svg}
      className={`b-map b-tool-${tool}${artSrc ? ' b-has-art' : ''}`}
      viewBox={`-4 -4 ${width * S + 8} ${height * S + 8}`}
      role="application"
      aria-label={`Map, ${width} by ${height} cells: ${tool === 'select' ? 'select and drag units' : tool === 'paint' ? 'drag to paint terrain' : 'drag to erase terrain'}`}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => setG(undefined)}
      onDragOver={(e) => e.preventDefault()}
      onDrop={drop}
      data-width={width}
      data-height={height}
    >
      {artSrc && <image href={artSrc} x={(art!.x ?? 0) * S} y={(art!.y ?? 0) * S} width={(art!.width ?? width) * S} height={(art!.height ?? height) * S} opacity={art!.opacity ?? 1} preserveAspectRatio="none" pointerEvents="none" className="b-art" />}
      <g>{cells}</g>
      {cell && <rect x={cell[0] * S + 1} y={cell[1] * S + 1} width={S - 2} height={S - 2} className="b-cell-picked" pointerEvents="none" />}
      {ships.filter((s) => Array.isArray(s.at) && Array.isArray(s.size)).map((s) => (
        <g key={s.id} className="b-ship" pointerEvents="none" data-ship={s.id}>
          <rect x={s.at![0] * S + 2} y={s.at![1] * S + 2} width={s.size![0] * S - 4} height={s.size![1] * S - 4} rx={S / 3} stroke={s.side ? sideColour(sides, s.side) : undefined} />
          <text x={s.at![0] * S + 8} y={s.at![1] * S + 14}>{s.name ?? s.id}</text>
        </g>
      ))}
      <g>
        {units.map((u) => {
          const [x, y] = cellOf(u)!;
          const moving = g?.kind === 'move' && g.ids.includes(u.id);
          const cx = (x + (moving ? offset[0] : 0)) * S + S / 2;
          const cy = (y + (moving ? offset[1] : 0)) * S + S / 2;
          const hidden = u.hidden === true;
          return (
            <g key={u.id} className={`b-token${selected.includes(u.id) ? ' is-selected' : ''}${hidden ? ' is-hidden' : ''}`} data-unit={u.id} data-at={`${x},${y}`} role="img" aria-label={`${u.name}${hidden ? ', hidden from players' : ''}`}>
              <circle cx={cx} cy={cy} r={S * 0.36} fill={sideColour(sides, String(u.side))} className="b-token-body" />
              <text x={cx} y={cy + 5} textAnchor="middle" className="b-token-text">{initials(String(u.name ?? u.id))}</text>
              {hidden && <text x={cx + S * 0.3} y={cy - S * 0.22} className="b-token-hidden" aria-hidden>◌</text>}
            </g>
          );
        })}
      </g>
      {box && (
        <rect
          className="b-box"
          x={Math.min(box.from[0], box.at[0]) * S}
          y={Math.min(box.from[1], box.at[1]) * S}
          width={(Math.abs(box.at[0] - box.from[0]) + 1) * S}
          height={(Math.abs(box.at[1] - box.from[1]) + 1) * S}
          pointerEvents="none"
        />
      )}
    </svg>
  );
}
