/**
 * Players at the table: invite one (a one-use link to hand over), see who is here (online, offline) and
 * whether each link is still unused, and set the physical-dice rule.
 */
import { useState, type ReactNode } from 'react';
import type { Api } from '../api/http.ts';
import type { Presence } from '../api/socket.ts';
import type { DiceMode, TableInfo } from '../api/types.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { toProblem, type Problem } from '../model/errors.ts';
import { linksMade, rememberLink, type MadeLink } from '../model/inviteLinks.ts';
import { inviteLink } from '../route.ts';

interface Props {
  api: Api;
  table: TableInfo;
  /** Who is here, as the server tells the GM; absent until it has. */
  presence?: Presence;
  onChanged(): void;
  /** Shown last, out of the way (the GM's "Delete this table"). */
  children?: ReactNode;
}

/** The physical-dice rules in the GM's words (docs/web.md, Physical dice). */
const DICE_MODES: [DiceMode, string][] = [
  ['off', 'the server rolls'],
  ['optional', 'players roll their own, or let the server'],
  ['required', 'players roll their own'],
];

export function InvitePanel({ api, table, presence, onChanged, children }: Props) {
  const online = new Set(presence?.online ?? []);
  const joined = new Set([...(presence?.joined ?? []), ...online]);
  const [name, setName] = useState('');
  // kept for the page's life: the panel is drawn anew once an encounter is loaded, and the builder seats players too
  const [links, setLinks] = useState<MadeLink[]>(() => linksMade(table.id));
  const [error, setError] = useState<Problem>();
  const invite = async (e: React.FormEvent, playerId?: string) => {
    e.preventDefault();
    setError(undefined);
    try {
      const r = await api.invite(table.id, name.trim() || undefined, playerId);
      setLinks(rememberLink(table.id, { playerId: r.playerId, name: r.name, url: inviteLink(r.invite) }));
      setName('');
      onChanged();
    } catch (err) {
      setError(toProblem((err as { error?: Problem }).error ?? err));
    }
  };
  const setDice = async (mode: DiceMode, playerId?: string, own?: DiceMode | null) => {
    try {
      await (playerId ? api.setPlayerDice(table.id, playerId, own ?? null) : api.setDiceMode(table.id, mode));
      onChanged();
    } catch (err) {
      setError(toProblem((err as { error?: Problem }).error ?? err));
    }
  };
  return (
    <section className="panel invites" aria-label="Players">
      <h2>Players</h2>
      <ul className="plain players">
        {table.players.map((p) => (
          <li key={p.playerId} data-player={p.playerId} data-online={online.has(p.playerId)}>
            <span className={`presence${online.has(p.playerId) ? ' is-online' : ''}`} aria-hidden="true" />
            <strong>{p.name}</strong> <span className="muted">{presence ? (online.has(p.playerId) ? 'online' : 'offline') : ''}</span>{' '}
            <label className="player-dice">
              <span className="sr-only">{p.name}'s dice</span>
              <select value={table.settings.players[p.playerId] ?? ''} onChange={(e) => void setDice(table.settings.physicalDice, p.playerId, (e.target.value || null) as DiceMode | null)}>
                <option value="">dice: the table's rule</option>
                {DICE_MODES.map(([m, text]) => (
                  <option key={m} value={m}>dice: {text}</option>
                ))}
              </select>
            </label>
          </li>
        ))}
        {table.players.length === 0 && <li className="muted">No one invited yet.</li>}
      </ul>
      <form onSubmit={(e) => void invite(e)} className="row">
        <label className="grow">
          Player name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder="e.g. Ana" />
        </label>
        <button type="submit">Invite</button>
      </form>
      {links.map((l) =>
        joined.has(l.playerId) ? (
          <p key={l.playerId} className="invite-state is-used" data-player={l.playerId} data-testid="invite-used">
            {l.name}'s link is used: {l.name} has joined.
          </p>
        ) : (
          <div key={l.playerId} className="invite-link" data-player={l.playerId}>
            <label>
              Link for {l.name} — <span className="invite-state">not used yet; works once</span>
              <input readOnly value={l.url} onFocus={(e) => e.target.select()} data-testid="invite-url" />
            </label>
            <button type="button" className="small" onClick={() => void navigator.clipboard?.writeText(l.url)}>Copy</button>
          </div>
        ),
      )}
      <label>
        Physical dice{' '}
        <select value={table.settings.physicalDice} onChange={(e) => void setDice(e.target.value as DiceMode)}>
          {DICE_MODES.map(([m, text]) => (
            <option key={m} value={m}>{text}</option>
          ))}
        </select>
      </label>
      <ErrorNote problem={error} onDismiss={() => setError(undefined)} />
      {children}
    </section>
  );
}
