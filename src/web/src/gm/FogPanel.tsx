/**
 * Fog of war for the GM (docs/fog.md): turn vision on or off for this encounter with a sight range, and
 * preview what a player, or a side, is shown — the very state the server sends them, drawn on a board.
 */
import { useEffect, useState } from 'react';
import type { Command, EncounterState } from '../../../engine/index.ts';
import type { Api } from '../api/http.ts';
import { Board } from '../board/Board.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import type { Problem } from '../model/errors.ts';
import { problemOf } from '../model/useSender.ts';

interface Props {
  api: Api;
  encounterId: string;
  state: EncounterState;
  version: number;
  players: { id: string; name: string }[];
  send(cmd: Command): Promise<boolean>;
  error?: Problem;
  clearError(): void;
}

export function FogPanel({ api, encounterId, state, version, players, send, error, clearError }: Props) {
  const map = state.map;
  const vision = map?.kind === 'grid' ? map.vision : undefined;
  const on = !!vision?.on;
  const [range, setRange] = useState(vision?.range ? String(vision.range) : '');
  const [who, setWho] = useState('');
  const [preview, setPreview] = useState<EncounterState>();
  const [previewError, setPreviewError] = useState<Problem>();

  // the preview follows play: asked again at every new version
  useEffect(() => {
    if (!who) return setPreview(undefined);
    const [kind, id] = [who.slice(0, who.indexOf(':')), who.slice(who.indexOf(':') + 1)];
    let live = true;
    api.seenBy(encounterId, kind === 'player' ? { player: id } : { side: id }).then(
      (r) => live && (setPreview(r.state), setPreviewError(undefined)),
      (err) => live && setPreviewError(problemOf(err)),
    );
    return () => {
      live = false;
    };
  }, [api, encounterId, who, version]);

  if (map?.kind !== 'grid') return <p className="muted">Fog of war needs a grid: on a zone board every unit is in view across the battle line.</p>;
  const wanted = range.trim() === '' ? null : Number(range);
  const badRange = wanted !== null && (!Number.isInteger(wanted) || wanted < 1);
  const label = who.startsWith('player:') ? players.find((p) => `player:${p.id}` === who)?.name : who.startsWith('side:') ? `side ${who.slice(5)}` : undefined;

  return (
    <section className="panel fog-panel" aria-label="Fog of war">
      <h3>Fog of war</h3>
      <p data-testid="fog-status">
        {on ? `Vision is on: players see only what their own units see${vision?.range ? `, ${vision.range} squares away at most` : ''}.` : 'Vision is off: players see every unit that is not hidden.'}
      </p>
      <div className="row">
        <label>
          Sight range (squares)
          <input type="number" min={1} inputMode="numeric" value={range} placeholder="no limit" onChange={(e) => setRange(e.target.value)} style={{ width: '6rem' }} />
        </label>
        <button type="button" disabled={badRange} onClick={() => void send({ type: 'gm.vision', on: true, range: wanted })}>
          {on ? 'Update vision' : 'Turn vision on'}
        </button>
        {on && <button type="button" onClick={() => void send({ type: 'gm.vision', on: false })}>Turn vision off</button>}
      </div>
      {badRange && <p className="error">The sight range is a whole number of squares, 1 or more (empty: no limit).</p>}
      <ErrorNote problem={error} onDismiss={clearError} />
      <label>
        What players see
        <select value={who} onChange={(e) => setWho(e.target.value)}>
          <option value="">(the GM's board)</option>
          {players.map((p) => <option key={p.id} value={`player:${p.id}`}>{p.name}</option>)}
          {state.sides.map((s) => <option key={s} value={`side:${s}`}>Side: {s}</option>)}
        </select>
      </label>
      <ErrorNote problem={previewError} />
      {preview && (
        <div className="fog-preview" data-testid="fog-preview">
          <p className="hint">Previewing what {label} sees{on ? '' : ' (vision is off: everything not hidden)'}.</p>
          <Board state={preview} marks={{}} />
        </div>
      )}
    </section>
  );
}
