/**
 * Zone battlefields (frontline): the zones side by side along the battle line, each listing the units
 * standing in it. Zones a zone-wide device may aim at and units that may be targeted are buttons.
 */
import { keyName } from '../model/keyNames.ts';
import type { EncounterState, UnitId, ZoneMap } from '../../../engine/index.ts';
import type { BoardHandlers, BoardMarks } from './marks.ts';
import { isOut, outWord } from '../model/standing.ts';
import { useMemo } from 'react';
import { distinctLabels } from './labels.ts';
import { sideColour } from './palette.ts';

interface Props extends BoardHandlers {
  state: EncounterState;
  map: ZoneMap;
  marks: BoardMarks;
  active?: UnitId;
  selected?: UnitId;
  /** GM moving a unit: every zone is a button. */
  placing?: boolean;
}

const words = (zone: string) => zone.replace(/_/g, ' ');

export function ZoneBoard({ state, map, marks, active, selected, placing, onZone, onUnit }: Props) {
  const labels = useMemo(() => distinctLabels(state.unitOrder.map((id) => state.units[id]).filter(Boolean)), [state.unitOrder, state.units]);
  // map art behind the battle line, dimmed so the zones stay readable
  const art = map.image ? { backgroundImage: `linear-gradient(rgba(20, 23, 28, 0.45), rgba(20, 23, 28, 0.45)), url("${map.image.src.replace(/"/g, '%22')}")` } : undefined;
  return (
    <div className={`board board-zones${art ? ' has-art' : ''}`} role="group" aria-label={`Battlefield: ${map.zones.length} zones, ${map.spacing} m apart`} style={art} data-testid={art ? 'map-art' : undefined} title={map.image?.credit}>
      {map.zones.map((zone, i) => {
        const here = state.unitOrder.map((id) => state.units[id]).filter((u) => u && u.zone === zone && u.status !== 'removed');
        const zoneClickable = !!onZone && (placing || !!marks.zones?.has(zone));
        return (
          <section key={zone} className={`zone${marks.zones?.has(zone) ? ' zone-target' : ''}`} data-zone={zone} aria-label={words(zone)}>
            <header className="zone-head">
              {zoneClickable ? (
                <button type="button" className="zone-button" onClick={() => onZone!(zone)}>
                  {placing ? 'Move here: ' : 'Aim at '}
                  {words(zone)}
                </button>
              ) : (
                <h3>{words(zone)}</h3>
              )}
              {i > 0 && <span className="zone-gap">{map.spacing} m</span>}
            </header>
            <ul className="zone-units">
              {here.map((u) => {
                const target = !!marks.targets?.has(u.id);
                const hp = u.pools.hp;
                const body = (
                  <>
                    <span className="chip" style={{ background: !isOut(state, u) ? sideColour(state.sides, u.side) : '#666' }} aria-hidden>
                      {labels.get(u.id)}
                    </span>
                    <span className="zone-unit-name">{u.name}</span>
                    {hp && <span className="zone-unit-hp">{keyName(state.ruleset, 'hp')} {hp.value}/{hp.max}</span>}
                    {isOut(state, u) && <span className="badge">{outWord(u)}</span>}
                    {u.hidden && <span className="badge badge-hidden">hidden</span>}
                  </>
                );
                const affected = marks.affected?.get(u.id);
                const cls = `zone-unit${u.id === active ? ' is-active' : ''}${u.id === selected ? ' is-selected' : ''}${target ? ' is-target' : ''}${u.hidden ? ' is-hidden' : ''}${affected ? ` is-affected-${affected}` : ''}`;
                return (
                  <li key={u.id} data-unit={u.id} data-affected={affected}>
                    {onUnit ? (
                      <button type="button" className={cls} onClick={() => onUnit(u.id)} aria-label={`${u.name}${target ? ' — target' : ''}${affected === 'ally' ? ' — an ally it would affect' : affected ? ' — it would be affected' : ''}`}>
                        {body}
                      </button>
                    ) : (
                      <div className={cls}>{body}</div>
                    )}
                  </li>
                );
              })}
              {here.length === 0 && <li className="muted">empty</li>}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
