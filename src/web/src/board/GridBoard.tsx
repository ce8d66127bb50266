/**
 * A square grid in SVG: the map art under it, terrain (walls, difficult ground, cover, elevation), airship
 * decks with their bow, projectiles in flight with their line and next flight, the units with facing and
 * distinct labels, and the marks of what the selected unit may do — reachable cells with their cost, the
 * path to the hovered cell, targets and the range being aimed with, an area of effect with everyone inside
 * ringed (allies too), the squares a decision offers, and the arc of the cannon a gunner mans. Actionable
 * cells and units are buttons (Tab, Enter). `cellPx` sets how large a square is drawn (the board's zoom).
 */
import { keyName } from '../model/keyNames.ts';
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { Cell, EncounterState, GridMap, Terrain, UnitId } from '../../../engine/index.ts';
import { findPath } from '../../../engine/space/index.ts';
import { key, type BoardHandlers, type BoardMarks } from './marks.ts';
import { sideColour } from './palette.ts';
import { flightWords, inFlightOf } from './flight.ts';
import { distinctLabels } from './labels.ts';
import { bowOf, cannonArcs, COMPASS, outlineOf, shipsOf } from './ships.ts';
import { isOut } from '../model/standing.ts';
import { UnitToken } from './UnitToken.tsx';
import { CoverMark, groundOf, TerrainDefs } from './terrain.tsx';
import { FogLayer } from './fog.tsx';

const S = 48;

/** A projectile's mark on a square: a diamond inside it. */
const diamond = (c: Cell) => `${c.x * S + S / 2},${c.y * S + 8} ${c.x * S + S - 8},${c.y * S + S / 2} ${c.x * S + S / 2},${c.y * S + S - 8} ${c.x * S + 8},${c.y * S + S / 2}`;
/** The same mark, small in the square's top-left corner: over a unit standing there, not hiding it. */
const cornerDiamond = (c: Cell) => `${c.x * S + 10},${c.y * S + 1} ${c.x * S + 19},${c.y * S + 10} ${c.x * S + 10},${c.y * S + 19} ${c.x * S + 1},${c.y * S + 10}`;

interface Props extends BoardHandlers {
  state: EncounterState;
  map: GridMap;
  marks: BoardMarks;
  active?: UnitId;
  selected?: UnitId;
  /** GM placing a unit: every cell is a button. */
  placing?: boolean;
  /** Drawn size of a square in CSS pixels; absent: the board fits its frame. */
  cellPx?: number;
}

function terrainClass(t: Terrain | undefined): string {
  const ground = groundOf(t);
  return ground ? `cell ground-${ground}` : 'cell';
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

export function GridBoard({ state, map, marks, active, selected, placing, cellPx, onCell, onUnit, onHover }: Props) {
  const [hover, setHover] = useState<Cell>();
  const from = selected ? state.units[selected]?.position : undefined;
  const aimed = marks.aimedMove;
  const path = useMemo(() => {
    // an aimed move shows its own path (on a phone there is no hover); else the path to the hovered square
    if (aimed?.path.length) return aimed.path[0] && key(aimed.path[0]) === key(aimed.from) ? aimed.path : [aimed.from, ...aimed.path];
    const start = aimed ? aimed.from : from;
    const end = aimed ? aimed.to : hover;
    if (!end || !start || (!aimed && !marks.moves?.has(key(end)))) return [];
    const mover = Object.values(state.units).find((u) => u.position && key(u.position) === key(start))?.id;
    const occupied = new Set(Object.values(state.units).filter((u) => u.position && u.status === 'active' && u.id !== mover).map((u) => key(u.position!)));
    return findPath(map, start, end, { occupied: (c) => occupied.has(key(c)) });
  }, [aimed, hover, from, marks.moves, map, state.units]);

  const setHovered = (c: Cell | undefined) => {
    setHover(c);
    onHover?.(c);
  };

  const arcs = useMemo(() => cannonArcs(state, map, [selected, active]), [state, map, selected, active]);
  const labels = useMemo(() => distinctLabels(state.unitOrder.map((id) => state.units[id]).filter(Boolean)), [state.unitOrder, state.units]);
  const flying = useMemo(() => inFlightOf(state), [state]);
  const image = map.image;

  const cells: React.ReactNode[] = [];
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const c = { x, y };
      const t = map.cells[key(c)];
      const move = marks.moves?.get(key(c));
      const inRange = marks.range && Math.max(Math.abs(x - marks.range.from.x), Math.abs(y - marks.range.from.y)) <= marks.range.cells;
      const choice = marks.choices?.get(key(c));
      const inArea = marks.area?.has(key(c));
      const clickable = !!onCell && (placing || !!move || choice !== undefined);
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
          aria-label={clickable ? `${choice ?? (move ? 'Move to' : 'Place at')} ${choice ? '' : terrainWords(c, t)}${move?.cost !== undefined ? `, costs ${move.cost}` : ''}`.trim() : undefined}
          data-choice={choice}
          className={clickable ? 'cell-button' : undefined}
          onClick={clickable ? () => onCell!(c) : undefined}
          onKeyDown={onKey}
          onMouseEnter={() => setHovered(c)}
          onFocus={() => setHovered(c)}
        >
          <rect x={x * S} y={y * S} width={S} height={S} className={`${terrainClass(t)}${image ? ' over-art' : ''}`} data-ground={groundOf(t)}>
            <title>{terrainWords(c, t)}</title>
          </rect>
          {t?.elevation ? <rect x={x * S + 1} y={y * S + 1} width={S - 2} height={S - 2} className="cell-elevated" style={{ opacity: Math.min(0.5, 0.12 * t.elevation) }} /> : null}
          {t?.elevation ? <text x={x * S + 3} y={y * S + 12} className="cell-note">▲{t.elevation}</text> : null}
          {t?.cover && <CoverMark x={x * S} y={y * S} cover={t.cover} />}
          {inRange && <rect x={x * S} y={y * S} width={S} height={S} className="cell-range" />}
          {move && <rect x={x * S + 3} y={y * S + 3} width={S - 6} height={S - 6} rx={5} className="cell-move" />}
          {move?.cost !== undefined && (
            // a cost read at a glance: a chip in the corner, large enough at any zoom the board allows
            <g className="cell-cost-chip">
              <rect x={x * S + S - 24} y={y * S + S - 20} width={22} height={18} rx={5} />
              <text x={x * S + S - 13} y={y * S + S - 6} textAnchor="middle" className="cell-cost">{move.cost}</text>
            </g>
          )}
          {inArea && <rect x={x * S + 1} y={y * S + 1} width={S - 2} height={S - 2} className="cell-area" data-testid="area-cell" />}
          {choice !== undefined && <rect x={x * S + 4} y={y * S + 4} width={S - 8} height={S - 8} rx={6} className="cell-choice" data-testid="choice-cell" />}
        </g>,
      );
    }
  }

  const units = state.unitOrder.map((id) => state.units[id]).filter((u) => u?.position && u.status !== 'removed');
  // squares a token stands on: a projectile there is marked in the corner, above the token
  const standing = new Set(units.map((u) => key(u.position!)));
  return (
    <svg
      className="board board-grid"
      viewBox={`-8 -8 ${map.width * S + 16} ${map.height * S + 16}`}
      style={cellPx ? { width: `${((map.width * S + 16) * cellPx) / S}px`, maxHeight: 'none' } : undefined}
      role="group"
      aria-label={`Battle map, ${map.width} by ${map.height} squares`}
      data-cell-px={cellPx}
      onMouseLeave={() => setHovered(undefined)}
    >
      {image && (
        <image
          href={image.src}
          x={(image.x ?? 0) * S}
          y={(image.y ?? 0) * S}
          width={(image.width ?? map.width) * S}
          height={(image.height ?? map.height) * S}
          opacity={image.opacity ?? 1}
          preserveAspectRatio="none"
          className="map-art"
          data-testid="map-art"
        >
          {image.credit && <title>{image.credit}</title>}
        </image>
      )}
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
      <FogLayer map={map} />
      <g className="in-flight" pointerEvents="none">
        {flying.map((f) => {
          const owner = state.units[f.owner];
          const colour = owner ? sideColour(state.sides, owner.side) : '#ccc';
          const mid = (c: Cell) => `${c.x * S + S / 2},${c.y * S + S / 2}`;
          const next = f.next.at(-1);
          return (
            <g key={f.id} data-testid="projectile" data-at={key(f.at)} data-next={f.next.map(key).join(' ')} data-name={f.name}>
              <title>{flightWords(f, state)}</title>
              {f.path.length > 0 && <polyline points={[f.at, ...f.path].map(mid).join(' ')} className="flight-line" stroke={colour} />}
              {f.next.map((c) => (
                <rect key={key(c)} x={c.x * S + 6} y={c.y * S + 6} width={S - 12} height={S - 12} rx={4} className="flight-next" stroke={colour} />
              ))}
              {next && <polyline points={[f.at, ...f.next].map(mid).join(' ')} className="flight-next-line" stroke={colour} markerEnd="url(#arrow)" />}
              {/* where it will hang after its next flight: the same mark, hollow */}
              {next && !f.reaching && <polygon points={diamond(next)} className="projectile-next" stroke={colour} data-testid="projectile-next" data-at={key(next)} />}
              {!standing.has(key(f.at)) && <polygon points={diamond(f.at)} className="projectile-mark" fill={colour} />}
            </g>
          );
        })}
      </g>
      <defs>
        <TerrainDefs />
        <marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill="var(--accent)" />
        </marker>
      </defs>
      {path.length > 1 && (
        <polyline className="move-path" data-testid={aimed ? 'aimed-path' : undefined} data-cells={path.map(key).join(' ')} points={path.map((c) => `${c.x * S + S / 2},${c.y * S + S / 2}`).join(' ')} />
      )}
      {aimed && <rect x={aimed.to.x * S + 2} y={aimed.to.y * S + 2} width={S - 4} height={S - 4} rx={6} className="cell-aimed" data-testid="aimed-cell" data-cell={key(aimed.to)} pointerEvents="none" />}
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
            affected={marks.affected?.get(u.id)}
            label={labels.get(u.id) ?? u.name.slice(0, 2)}
            hpName={keyName(state.ruleset, 'hp')}
            onClick={onUnit ? () => onUnit(u.id) : undefined}
          />
        ))}
      </g>
      <g className="in-flight-over" pointerEvents="none">
        {flying.filter((f) => standing.has(key(f.at))).map((f) => (
          <polygon key={f.id} points={cornerDiamond(f.at)} className="projectile-mark" fill={state.units[f.owner] ? sideColour(state.sides, state.units[f.owner].side) : '#ccc'} data-testid="projectile-over" data-at={key(f.at)} />
        ))}
      </g>
    </svg>
  );
}
