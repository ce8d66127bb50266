/**
 * The battlefield, whichever kind the encounter has: a grid, zones, or (no map) a plain list; airships
 * beside it. A grid zooms (buttons, Ctrl + wheel) and pans (drag, or swipe on a touch screen): on a phone
 * it opens with squares of at least 44 px — a finger's width — and scrolls, else it fits its frame; the
 * acting unit is brought into view when its turn comes, and an aim (an area, everyone it would strike) when
 * it is shown. Under the grid, what is in the air in words.
 */
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import type { EncounterState, UnitId } from '../../../engine/index.ts';
import { flightGroups } from './flight.ts';
import { GridBoard } from './GridBoard.tsx';
import type { BoardHandlers, BoardMarks } from './marks.ts';
import { ShipPanel } from './ShipPanel.tsx';
import { ZoneBoard } from './ZoneBoard.tsx';
import { TerrainKey } from './terrain.tsx';
import { FogKey } from './fog.tsx';

interface Props extends BoardHandlers {
  state: EncounterState;
  marks: BoardMarks;
  active?: UnitId;
  selected?: UnitId;
  placing?: boolean;
}

/** Square sizes the zoom steps through, in CSS pixels. */
const STEPS = [24, 32, 44, 56, 72, 96, 128];
/** A finger's width: below it, squares are too small to tap. */
export const TAP = 44;

function GridFrame(props: Props & { map: Extract<EncounterState['map'], { kind: 'grid' }> }) {
  const { map, active } = props;
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // undefined: the default (fit the frame when squares fitted are large enough to tap, else a finger's width);
  // 'fit': the whole map in the frame, whatever size its squares come to (the Fit button: every unit in view)
  const [cellPx, setCellPx] = useState<number | 'fit'>();
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | undefined>(undefined);

  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const fitted = width > 0 ? (width * 48) / (map.width * 48 + 16) : 0;
  const fitsTaps = fitted >= TAP;
  // the size drawn: the GM's or player's zoom, else fitted, but never below a finger's width when that would not fit
  const px = cellPx === 'fit' ? undefined : (cellPx ?? (width > 0 && !fitsTaps ? TAP : undefined));
  const shown = px ?? fitted;

  const zoom = (dir: 1 | -1) => {
    const now = shown || TAP;
    const next = dir > 0 ? STEPS.find((s) => s > now + 0.5) : [...STEPS].reverse().find((s) => s < now - 0.5);
    if (next === undefined) return;
    // zooming out past the fitted size is the fitted size
    if (dir < 0 && next <= fitted + 0.5) return setCellPx('fit');
    setCellPx(next);
  };

  // bring the acting unit into view when its turn comes (a zoomed board may have it off screen)
  useEffect(() => {
    const el = frame.current;
    if (!el || !active || px === undefined) return;
    const token = el.querySelector(`g.token[data-unit="${CSS.escape(active)}"]`);
    if (!token) return;
    const f = el.getBoundingClientRect();
    const t = token.getBoundingClientRect();
    if (t.left < f.left || t.right > f.right || t.top < f.top || t.bottom > f.bottom) {
      el.scrollBy({ left: t.left + t.width / 2 - (f.left + f.width / 2), top: t.top + t.height / 2 - (f.top + f.height / 2) });
    }
  }, [active, px]);

  // an aim shown on a zoomed board (an area, everyone it would strike) is brought into view: a phone shows a
  // few squares across, and a preview off screen is no preview
  const aimed = [...(props.marks.area ?? [])].join(' ') + '|' + [...(props.marks.affected?.keys() ?? [])].join(' ');
  useEffect(() => {
    const el = frame.current;
    if (!el || aimed === '|' || px === undefined) return;
    const boxes = Array.from(el.querySelectorAll('[data-testid=area-cell], g.token[data-affected]')).map((e) => e.getBoundingClientRect());
    if (!boxes.length) return;
    const f = el.getBoundingClientRect();
    const [left, top] = [Math.min(...boxes.map((b) => b.left)), Math.min(...boxes.map((b) => b.top))];
    const [right, bottom] = [Math.max(...boxes.map((b) => b.right)), Math.max(...boxes.map((b) => b.bottom))];
    if (left < f.left || right > f.right || top < f.top || bottom > f.bottom) {
      el.scrollBy({ left: (left + right) / 2 - (f.left + f.width / 2), top: (top + bottom) / 2 - (f.top + f.height / 2) });
    }
  }, [aimed, px]);

  const onWheel = (e: WheelEvent) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    zoom(e.deltaY < 0 ? 1 : -1);
  };
  // a mouse drags the board about; a click that did not move still lands on its square
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse' || e.button !== 0 || !frame.current) return;
    drag.current = { x: e.clientX, y: e.clientY, left: frame.current.scrollLeft, top: frame.current.scrollTop, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || !frame.current || !(e.buttons & 1)) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    d.moved = true;
    frame.current.scrollLeft = d.left - dx;
    frame.current.scrollTop = d.top - dy;
  };
  const onClickCapture = (e: React.MouseEvent) => {
    if (drag.current?.moved) {
      e.stopPropagation();
      e.preventDefault();
    }
    drag.current = undefined;
  };

  return (
    <div className="board-frame-wrap">
      <div className="zoom-bar" role="group" aria-label="Zoom">
        <button type="button" className="small" onClick={() => zoom(-1)} aria-label="Zoom out" disabled={px === undefined || shown <= STEPS[0] + 0.5}>−</button>
        <button type="button" className="small" onClick={() => setCellPx('fit')} aria-label="Fit the board" aria-pressed={px === undefined}>
          Fit
        </button>
        <button type="button" className="small" onClick={() => zoom(1)} aria-label="Zoom in" disabled={shown >= STEPS[STEPS.length - 1] - 0.5}>+</button>
        <span className="muted small-text zoom-hint">{px !== undefined ? 'Drag or swipe to move the map' : ''}</span>
      </div>
      <div
        ref={frame}
        className={`board-frame${px !== undefined ? ' is-zoomed' : ''}`}
        data-testid="board-frame"
        data-cell-px={Math.round(shown)}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onClickCapture={onClickCapture}
      >
        <GridBoard {...props} map={map} cellPx={px} />
      </div>
    </div>
  );
}

/** What is in the air, in words under the board: a tooltip on the map is no help on a phone. */
function InTheAir({ state }: { state: EncounterState }) {
  const groups = flightGroups(state);
  if (!groups.length) return null;
  return (
    <div className="in-the-air" role="group" aria-label="In the air" data-testid="in-the-air">
      <span className="in-the-air-head">In the air</span>
      <ul>
        {groups.map((g) => (
          <li key={g.flight.id} data-testid="in-the-air-line">
            <span className="in-the-air-mark" aria-hidden="true">◆</span> {g.words}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Board(props: Props) {
  const map = props.state.map;
  return (
    <div className="board-wrap">
      {map?.kind === 'grid' && <GridFrame {...props} map={map} />}
      {map?.kind === 'grid' && <FogKey map={map} />}
      {map?.kind === 'grid' && <TerrainKey map={map} />}
      {map?.kind === 'grid' && <InTheAir state={props.state} />}
      {map?.kind === 'zones' && <ZoneBoard {...props} map={map} />}
      {!map && <p className="muted">This encounter has no battlefield map.</p>}
      <ShipPanel state={props.state} />
    </div>
  );
}
