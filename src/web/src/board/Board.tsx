/** The battlefield, whichever kind the encounter has: a grid, zones, or (no map) a plain list; airships beside it. */
import type { EncounterState, UnitId } from '../../../engine/index.ts';
import { GridBoard } from './GridBoard.tsx';
import type { BoardHandlers, BoardMarks } from './marks.ts';
import { ShipPanel } from './ShipPanel.tsx';
import { ZoneBoard } from './ZoneBoard.tsx';

interface Props extends BoardHandlers {
  state: EncounterState;
  marks: BoardMarks;
  active?: UnitId;
  selected?: UnitId;
  placing?: boolean;
}

export function Board(props: Props) {
  const map = props.state.map;
  return (
    <div className="board-wrap">
      {map?.kind === 'grid' && <GridBoard {...props} map={map} />}
      {map?.kind === 'zones' && <ZoneBoard {...props} map={map} />}
      {!map && <p className="muted">This encounter has no battlefield map.</p>}
      <ShipPanel state={props.state} />
    </div>
  );
}
