/**
 * The GM's hand on one unit: place it (then click a square or zone), turn it, hide or reveal it, and
 * give it to a player, and override its values and effects. Every change is a GM command in the log, so it can be undone.
 */
import type { Command, EncounterState, UnitId } from '../../../engine/index.ts';
import type { TableInfo } from '../api/types.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import type { Problem } from '../model/errors.ts';
import { UnitOverrides } from './overrides/UnitOverrides.tsx';
import { NOT_INVITED } from '../model/players.ts';

const FACINGS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

interface Props {
  state: EncounterState;
  unit?: UnitId;
  table: TableInfo;
  placing: boolean;
  setPlacing(v: boolean): void;
  send(cmd: Command): Promise<boolean>;
  error?: Problem;
  clearError(): void;
}

export function UnitTools({ state, unit, table, placing, setPlacing, send, error, clearError }: Props) {
  const u = unit ? state.units[unit] : undefined;
  if (!u) {
    return (
      <section className="panel gm-unit" aria-label="Unit tools">
        <h2>Units</h2>
        <p className="muted">Select a unit on the board or in the turn order.</p>
      </section>
    );
  }
  const grid = state.map?.kind === 'grid';
  return (
    <section className="panel gm-unit" aria-label={`GM tools for ${u.name}`}>
      <h2>{u.name}</h2>
      <div className="buttons">
        <button type="button" aria-pressed={placing} className={placing ? 'is-chosen' : undefined} onClick={() => setPlacing(!placing)}>
          {placing ? (grid ? 'Click a square…' : 'Click a zone…') : 'Place / move'}
        </button>
        <button type="button" onClick={() => void send({ type: u.hidden ? 'gm.reveal' : 'gm.hide', unit: u.id })} data-testid="toggle-hidden">
          {u.hidden ? 'Reveal to players' : 'Hide from players'}
        </button>
      </div>
      {grid && (
        <label>
          Facing{' '}
          <select value={u.facing ?? ''} onChange={(e) => void send({ type: 'gm.face', unit: u.id, facing: e.target.value })}>
            <option value="" disabled>—</option>
            {FACINGS.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
      )}
      <label>
        Controlled by{' '}
        <select
          value={u.controller ?? ''}
          onChange={(e) => void send({ type: 'gm.assign', unit: u.id, player: e.target.value || null })}
          data-testid="assign"
        >
          <option value="">GM</option>
          {table.players.map((p) => <option key={p.playerId} value={p.playerId}>{p.name}</option>)}
          {u.controller && !table.players.some((p) => p.playerId === u.controller) && <option value={u.controller}>{NOT_INVITED}</option>}
        </select>
      </label>
      <ErrorNote problem={error} onDismiss={clearError} />
      <UnitOverrides key={u.id} state={state} unit={u} />
    </section>
  );
}
