/** One unit on the board: side colour, its label, hit-point bar, facing wedge, and rings for active / selected / target / affected. */
import type { KeyboardEvent } from 'react';
import type { Unit } from '../../../engine/index.ts';
import { outWord } from '../model/standing.ts';
import { FACING_VECTOR } from './palette.ts';

interface Props {
  unit: Unit;
  cx: number;
  cy: number;
  r: number;
  colour: string;
  active: boolean;
  /** Out of the fight by the ruleset's rules (model/standing.ts). */
  out: boolean;
  selected: boolean;
  target: boolean;
  /** Inside the area or among those the aimed action affects: 'ally' when on the actor's side. */
  affected?: 'foe' | 'ally';
  /** Its distinct short label (labels.ts). */
  label: string;
  /** The rules' name for its hit points (keyNames.ts): "HP", "Wounds". */
  hpName: string;
  onClick?: () => void;
}

export function UnitToken({ unit, cx, cy, r, colour, active, out, selected, target, affected, label: short, hpName, onClick }: Props) {
  const hp = unit.pools.hp;
  // a fallen unit lies on a square others may walk onto: it takes clicks only when it is a target
  const clickable = !!onClick && (!out || target);
  const facing = unit.facing ? FACING_VECTOR[unit.facing] : undefined;
  const label = `${unit.name}${hp ? `, ${hpName} ${hp.value} of ${hp.max}` : ''}${out ? `, ${outWord(unit)}` : ''}${unit.hidden ? ', hidden from players' : ''}${active ? ', acting now' : ''}${affected === 'ally' ? ' — an ally it would affect' : affected ? ' — it would be affected' : ''}${target ? ' — tap to target' : ''}`;
  const onKey = (e: KeyboardEvent) => {
    if (onClick && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onClick();
    }
  };
  return (
    <g
      className={`token${out ? ' token-out' : ''}${unit.hidden ? ' token-hidden' : ''}${target ? ' token-target' : ''}`}
      data-unit={unit.id}
      data-side={unit.side}
      data-at={unit.position ? `${unit.position.x},${unit.position.y}` : undefined}
      data-status={unit.status}
      data-label={short}
      data-affected={affected}
      role={clickable ? 'button' : 'img'}
      aria-label={label}
      tabIndex={clickable ? 0 : undefined}
      onClick={clickable ? onClick : undefined}
      onKeyDown={clickable ? onKey : undefined}
      style={clickable ? undefined : { pointerEvents: 'none' }}
    >
      <title>{label}</title>
      {active && <circle cx={cx} cy={cy} r={r + 5} className="ring-active" />}
      {selected && <circle cx={cx} cy={cy} r={r + 3} className="ring-selected" />}
      {target && <circle cx={cx} cy={cy} r={r + 4} className="ring-target" />}
      {/* a dark halo under the dashed ring: it reads on light ground and on map art alike */}
      {affected && <circle cx={cx} cy={cy} r={r + 6} className="ring-affected-halo" />}
      {affected && <circle cx={cx} cy={cy} r={r + 6} className={affected === 'ally' ? 'ring-affected-ally' : 'ring-affected'} data-testid="affected-ring" data-affected={affected} />}
      {facing && (
        <polygon
          className="facing"
          points={`${cx + facing[0] * (r + 7)},${cy + facing[1] * (r + 7)} ${cx + facing[1] * -r * 0.55 + facing[0] * r * 0.7},${cy + facing[0] * r * 0.55 + facing[1] * r * 0.7} ${cx + facing[1] * r * 0.55 + facing[0] * r * 0.7},${cy - facing[0] * r * 0.55 + facing[1] * r * 0.7}`}
          fill={colour}
        />
      )}
      {/* a unit that is down: grey body ringed in its side's colour, initials still readable, and a
          small cross badge at the top left (a cross over the initials made them unreadable) */}
      <circle cx={cx} cy={cy} r={r} fill={out ? '#5b6170' : colour} style={out ? { stroke: colour } : undefined} className="token-body" />
      <text x={cx} y={cy + r * 0.3} textAnchor="middle" className="token-text" fontSize={short.length > 2 ? r * 0.66 : r * 0.8}>
        {short}
      </text>
      {out && (
        <g className="token-down" data-testid="down-mark">
          <circle cx={cx - r * 0.72} cy={cy - r * 0.72} r={r * 0.38} className="token-down-badge" />
          <path
            d={`M${cx - r * 0.9},${cy - r * 0.9} L${cx - r * 0.54},${cy - r * 0.54} M${cx - r * 0.54},${cy - r * 0.9} L${cx - r * 0.9},${cy - r * 0.54}`}
            className="token-cross"
          />
        </g>
      )}
      {/* one of the actor's own side would be struck: a warning badge, not only a colour */}
      {affected === 'ally' && (
        <g className="ally-warning" data-testid="ally-warning">
          <circle cx={cx + r * 0.78} cy={cy - r * 0.78} r={r * 0.42} />
          <text x={cx + r * 0.78} y={cy - r * 0.78 + r * 0.2} textAnchor="middle" fontSize={r * 0.6}>!</text>
        </g>
      )}
      {hp && hp.max > 0 && (
        <g className="hpbar">
          <rect x={cx - r} y={cy + r + 2} width={r * 2} height={4} className="hp-back" />
          <rect x={cx - r} y={cy + r + 2} width={(r * 2 * Math.max(0, hp.value)) / hp.max} height={4} className={hp.value * 3 <= hp.max ? 'hp-low' : 'hp-fill'} />
        </g>
      )}
      {unit.elevation ? (
        <text x={cx + r} y={cy - r + 2} className="elev-badge" fontSize={r * 0.55}>
          ▲{unit.elevation}
        </text>
      ) : null}
    </g>
  );
}
