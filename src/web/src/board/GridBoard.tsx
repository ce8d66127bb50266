/**
 * A square grid in SVG: terrain (walls, difficult ground, cover, elevation), airship decks with their bow,
 * the units with facing, and the marks of what the selected unit may do — reachable cells with their cost,
 * the path to the hovered cell, targets and the range being aimed with, and the arc of the cannon a
 * selected or acting gunner mans. Actionable cells and units are buttons (Tab, Enter).
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { Cell, EncounterState, GridMap, Terrain, UnitId } from '../../../engine/index.ts';
import { findPath } from '../../../engine/space/index.ts';
import { key, type BoardHandlers, type BoardMarks } from './marks.ts';
import { sideColour } from './palette.ts';
import { bowOf, cannonArcs, COMPASS, outlineOf, shipsOf } from './ships.ts';
import { isOut } from '../model/standing.ts';
import { UnitToken } from './UnitToken.tsx';

const S = 48;

interface Props extends BoardHandlers {
  state: EncounterState;
  map: GridMap;
  marks: BoardMarks;
  active?: UnitId;
  selected?: UnitId;
  /** GM placing a unit: every cell is a button. */
  placing?: boolean;
}

function terrainClass(t: Terrain | undefined): string {
  if (!t) return 'cell';
  const parts = ['cell'];
  if (t.blocksMove) parts.push('cell-wall');
  else if ((t.cost ?? 1) > 1) parts.push('cell-difficult');
  if (t.blocksSight && !t.blocksMove) parts.push('cell-opaque');
  for (const tag of t.tags ?? []) if (/^[a-z]+$/.test(tag)) parts.push(`tag-${tag}`);
  return parts.join(' ');
}

function terrainWords(c: Cell, t: Terrain | undefined): string {
  const w = [`(${c.x}, ${c.y})`];
  if (t?.tags?.length) w.push(t.tags.join(', '));
  if (t?.blocksMove) w.push('impassable');
  else if ((t?.cost ?? 1) > 1) w.push(`costs ${t!.cost} to enter`);
  if (t?.cover) w.push(`${t.cover} cover`);
  if (t?.elevation) w.push(`elevation ${t.elevation}`);
  return w.join(' · ');
}

export function GridBoard({ state, map, marks, active, selected, placing, onCell, onUnit, onHover }: Props) {
  const [hover, setHover] = useState<Cell>();
  const from = selected ? state.units[selected]?.position : undefined;
  const path = useMemo(() => {
    if (!hover || !from || !marks.moves?.has(key(hover))) return [];
    const occupied = new Set(Object.values(state.units).filter((u) => u.position && u.status === 'active' && u.id !== selected).map((u) => key(u.position!)));
    return findPath(map, from, hover, { occupied: (c) => occupied.has(key(c)) });
  }, [hover, from, marks.moves, map, state.units, selected]);

  const setHovered = (c: Cell | undefined) => {
    setHover(c);
    onHover?.(c);
  };

  const arcs = useMemo(() => cannonArcs(state, map, [selected, active]), [state, map, selected, active]);

  const cells: React.ReactNode[] = [];
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const c = { x, y };
      const t = map.cells[key(c)];
      const move = marks.moves?.get(key(c));
      const inRange = marks.range && Math.max(Math.abs(x - marks.range.from.x), Math.abs(y - marks.range.from.y)) <= marks.range.cells;
      const clickable = !!onCell && (placing || !!move);
      const onKey = (e: KeyboardEvent) => {
        if (clickable && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onCell!(c);
        }
      };
      cells.push(
        <g
          key={key(c)}
          data-cell={key(c)}
          role={clickable ? 'button' : undefined}
          tabIndex={clickable ? 0 : undefined}
          aria-label={clickable ? `${move ? 'Move to' : 'Place at'} ${terrainWords(c, t)}${move?.cost !== undefined ? `, costs ${move.cost}` : ''}` : undefined}
          className={clickable ? 'cell-button' : undefined}
          onClick={clickable ? () => onCell!(c) : undefined}
          onKeyDown={onKey}
          onMouseEnter={() => setHovered(c)}
          onFocus={() => setHovered(c)}
        >
          <rect x={x * S} y={y * S} width={S} height={S} className={terrainClass(t)}>
            <title>{terrainWords(c, t)}</title>
          </rect>
          {t?.elevation ? <rect x={x * S + 1} y={y * S + 1} width={S - 2} height={S - 2} className="cell-elevated" style={{ opacity: Math.min(0.5, 0.12 * t.elevation) }} /> : null}
          {t?.elevation ? <text x={x * S + 3} y={y * S + 12} className="cell-note">▲{t.elevation}</text> : null}
          {t?.cover === 'full' && <rect x={x * S + S - 13} y={y * S + 4} width={9} height={9} rx={1.5} className="cover-mark" />}
          {t?.cover === 'half' && <path d={`M${x * S + S - 13},${y * S + 13} h9 v-4.5 h-9 z`} className="cover-mark" />}
          {inRange && <rect x={x * S} y={y * S} width={S} height={S} className="cell-range" />}
          {move && <rect x={x * S + 3} y={y * S + 3} width={S - 6} height={S - 6} rx={5} className="cell-move" />}
          {move?.cost !== undefined && <text x={x * S + S - 5} y={y * S + S - 5} textAnchor="end" className="cell-cost">{move.cost}</text>}
        </g>,
      );
    }
  }

  const units = state.unitOrder.map((id) => state.units[id]).filter((u) => u?.position && u.status !== 'removed');
  return (
    <svg
      className="board board-grid"
      viewBox={`-8 -8 ${map.width * S + 16} ${map.height * S + 16}`}
      role="group"
      aria-label={`Battle map, ${map.width} by ${map.height} squares`}
      onMouseLeave={() => setHovered(undefined)}
    >
      <g className="cells">{cells}</g>
      <g className="cannon-arcs" pointerEvents="none">
        {arcs.map((a) => {
          const colour = sideColour(state.sides, a.shipSide);
          const who = state.units[a.unit]?.name ?? a.unit;
          return (
            <g key={`${a.ship}-${a.side}`} data-testid="cannon-arc" data-ship={a.ship} data-side={a.side} data-toward={a.toward} data-cells={a.cells.length}>
              <title>{`${who} at ${a.shipName}'s ${a.side} cannon: it fires ${a.side === 'left' ? 'to port' : 'to starboard'}, ${COMPASS[a.toward]} of the deck`}</title>
              {a.cells.map((c) => (
                <rect key={key(c)} data-arc-cell={key(c)} x={c.x * S} y={c.y * S} width={S} height={S} fill={colour} fillOpacity={0.14} />
              ))}
              <path
                d={outlineOf(a.cells).map(([p, q]) => `M${p.x * S},${p.y * S}L${q.x * S},${q.y * S}`).join('')}
                fill="none"
                stroke={colour}
                strokeOpacity={0.7}
                strokeWidth={2}
                strokeDasharray="6 4"
              />
            </g>
          );
        })}
      </g>
      <g className="ships-on-grid">
        {shipsOf(state).filter((sh) => sh.footprint).map((sh) => {
          const f = sh.footprint!;
          const colour = sh.side ? sideColour(state.sides, sh.side) : undefined;
          const bow = bowOf(f, sh.heading);
          return (
            <g key={sh.id} className={`ship-deck${sh.wrecked ? ' is-wrecked' : ''}`}>
              <rect x={f.x * S + 2} y={f.y * S + 2} width={f.w * S - 4} height={f.h * S - 4} rx={S / 3} stroke={colour} />
              <text x={f.x * S + 8} y={f.y * S + 14} className="ship-name">{sh.name}</text>
              <polygon
                data-testid="ship-bow"
                data-ship={sh.id}
                data-heading={sh.heading}
                points={bow.points.map((p) => `${p.x * S},${p.y * S}`).join(' ')}
                fill={colour ?? '#a07850'}
                strokeWidth={2}
                strokeLinejoin="round"
                opacity={sh.wrecked ? 0.5 : undefined}
                style={{ stroke: 'var(--bg)', pointerEvents: 'none' }}
              >
                <title>{`${sh.name}'s bow: heading ${sh.heading} (${COMPASS[sh.heading]})`}</title>
              </polygon>
            </g>
          );
        })}
      </g>
      {path.length > 1 && (
        <polyline className="move-path" points={path.map((c) => `${c.x * S + S / 2},${c.y * S + S / 2}`).join(' ')} />
      )}
      <g className="units">
        {units.map((u) => (
          <UnitToken
            key={u.id}
            unit={u}
            cx={u.position!.x * S + S / 2}
            cy={u.position!.y * S + S / 2}
            r={S * 0.33}
            colour={sideColour(state.sides, u.side)}
            active={u.id === active}
            out={isOut(state, u)}
            selected={u.id === selected}
            target={!!marks.targets?.has(u.id)}
            onClick={onUnit ? () => onUnit(u.id) : undefined}
          />
        ))}
      </g>
    </svg>
  );
}
