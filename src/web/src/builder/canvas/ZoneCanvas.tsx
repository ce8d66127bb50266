/**
 * frontline's battlefield in the builder: each side's rearguard and the frontline between them. Drag a
 * unit into a zone (its own side's rearguard, or the frontline), or drop a new unit or a character there.
 */
import type { DragEvent, MouseEvent } from 'react';
import { sideColour } from '../../board/palette.ts';
import type { Doc } from '../model/paths.ts';
import { sidesOf, unitsOf, type UnitDoc } from '../model/units.ts';
import { DRAG_TYPE } from './drag.ts';

interface Props {
  doc: Doc;
  selected: string[];
  onSelect(ids: string[]): void;
  /** Units into a zone: the frontline, or a side's rearguard. */
  onZone(ids: string[], zone: 'frontline' | 'rearguard', side?: string): void;
  onDrop(payload: string, zone: 'frontline' | 'rearguard', side?: string): void;
}

const zoneOf = (u: UnitDoc) => (u.start === 'rearguard' ? 'rearguard' : 'frontline');


export function ZoneCanvas({ doc, selected, onSelect, onZone, onDrop }: Props) {
  const sides = sidesOf(doc);
  const [a, b] = sides;
  const units = unitsOf(doc);
  const zones: { key: string; title: string; zone: 'frontline' | 'rearguard'; side?: string; list: UnitDoc[] }[] = [
    ...(a ? [{ key: `rear-${a}`, title: `${a}: rearguard`, zone: 'rearguard' as const, side: a, list: units.filter((u) => u.side === a && zoneOf(u) === 'rearguard') }] : []),
    { key: 'front', title: 'Frontline', zone: 'frontline', list: units.filter((u) => zoneOf(u) === 'frontline') },
    ...(b ? [{ key: `rear-${b}`, title: `${b}: rearguard`, zone: 'rearguard' as const, side: b, list: units.filter((u) => u.side === b && zoneOf(u) === 'rearguard') }] : []),
  ];
  const others = units.filter((u) => zoneOf(u) === 'rearguard' && u.side !== a && u.side !== b);
  const dropInto = (zone: 'frontline' | 'rearguard', side?: string) => (e: DragEvent) => {
    e.preventDefault();
    const moving = e.dataTransfer.getData('text/x-skirmish-unit');
    if (moving) {
      const ids = selected.includes(moving) ? selected : [moving];
      // a rearguard is its own side's: only that side's units go there
      const fit = zone === 'frontline' ? ids : ids.filter((id) => units.find((u) => u.id === id)?.side === side);
      if (fit.length) onZone(fit, zone, side);
      return;
    }
    const payload = e.dataTransfer.getData(DRAG_TYPE);
    if (payload) onDrop(payload, zone, side);
  };
  const pick = (u: UnitDoc) => (e: MouseEvent) => onSelect(e.shiftKey ? (selected.includes(u.id) ? selected.filter((x) => x !== u.id) : [...selected, u.id]) : [u.id]);
  return (
    <div className="b-zones" role="group" aria-label="The zones: each side's rearguard and the frontline">
      {zones.map((z) => (
        <section key={z.key} className={`b-zone b-zone-${z.zone}`} data-zone={z.zone} data-side={z.side} aria-label={z.title} onDragOver={(e) => e.preventDefault()} onDrop={dropInto(z.zone, z.side)}>
          <h3 style={z.side ? { color: sideColour(sides, z.side) } : undefined}>{z.title}</h3>
          <ul className="plain">
            {z.list.map((u) => (
              <li key={u.id}>
                <button
                  type="button"
                  className={`b-chip${selected.includes(u.id) ? ' is-selected' : ''}${u.hidden ? ' is-hidden' : ''}`}
                  data-unit={u.id}
                  draggable
                  onDragStart={(e) => e.dataTransfer.setData('text/x-skirmish-unit', u.id)}
                  onClick={pick(u)}
                  aria-pressed={selected.includes(u.id)}
                  style={{ borderLeftColor: sideColour(sides, u.side) }}
                >
                  {u.name}
                  {u.hidden === true && <span className="muted"> (hidden)</span>}
                </button>
              </li>
            ))}
            {!z.list.length && <li className="muted small-text">Drop units here</li>}
          </ul>
        </section>
      ))}
      {others.length > 0 && <p className="muted small-text">In the rearguard of a side that is not one of the two: {others.map((u) => u.name).join(', ')}</p>}
    </div>
  );
}
