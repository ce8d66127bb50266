/**
 * Seat a player at the table from the builder (issue 14 of issue 36): a name, and the player is at the
 * table at once — before any encounter is loaded — with a one-use link to hand over. "Played by" offers
 * them straight away.
 */
import { useId, useState } from 'react';
import { useFormEnv, type Seated } from './env.ts';

export function SeatPlayer({ onSeated, autoFocus, label = 'Seat a player at the table' }: { onSeated?(p: Seated): void; autoFocus?: boolean; label?: string }) {
  const env = useFormEnv();
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  if (!env.seatPlayer) return null;
  const seat = async () => {
    if (!name.trim()) return;
    setBusy(true);
    setFailed(undefined);
    try {
      const p = await env.seatPlayer!(name.trim());
      setName('');
      onSeated?.(p);
    } catch (err) {
      setFailed((err as { error?: { message?: string } }).error?.message ?? String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="b-seat">
      <label htmlFor={id}>{label}</label>
      <span className="b-seat-row">
        <input id={id} type="text" value={name} maxLength={60} placeholder="the player's name" autoComplete="off" autoFocus={autoFocus}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void seat();
            }
          }} />
        <button type="button" className="small" disabled={!name.trim() || busy} onClick={() => void seat()}>Seat</button>
      </span>
      {failed && <span className="b-problem" role="alert">{failed}</span>}
    </div>
  );
}

/** The players at the table, each with the link made for them here (works once), and a name to seat another. */
export function TablePlayers() {
  const env = useFormEnv();
  if (!env.seatPlayer) return null;
  return (
    <fieldset className="b-group b-players" aria-label="Players at the table">
      <legend>Players at the table</legend>
      {env.players.length ? (
        <ul className="plain">
          {env.players.map((p) => (
            <li key={p.id} data-player={p.name}>
              <strong>{p.name}</strong>
              {p.link && <InviteLink name={p.name} link={p.link} />}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small-text">No one seated yet. Seat players by name, hand each their link, and pick who plays each unit in its form.</p>
      )}
      <SeatPlayer />
    </fieldset>
  );
}

export function InviteLink({ name, link }: { name: string; link: string }) {
  return (
    <label className="b-invite">
      <span className="muted small-text">{`${name}'s link — works once`}</span>
      <input readOnly value={link} onFocus={(e) => e.target.select()} data-testid="invite-url" />
    </label>
  );
}
