/** Players at the table: invite one (a one-use link to hand over), see who joined, and set the physical-dice rule. */
import { useState } from 'react';
import type { Api } from '../api/http.ts';
import type { DiceMode, TableInfo } from '../api/types.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { toProblem, type Problem } from '../model/errors.ts';
import { inviteLink } from '../route.ts';

interface Props {
  api: Api;
  table: TableInfo;
  onChanged(): void;
}

export function InvitePanel({ api, table, onChanged }: Props) {
  const [name, setName] = useState('');
  const [links, setLinks] = useState<{ playerId: string; name: string; url: string }[]>([]);
  const [error, setError] = useState<Problem>();
  const invite = async (e: React.FormEvent, playerId?: string) => {
    e.preventDefault();
    setError(undefined);
    try {
      const r = await api.invite(table.id, name.trim() || undefined, playerId);
      setLinks((l) => [{ playerId: r.playerId, name: r.name, url: inviteLink(r.invite) }, ...l.filter((x) => x.playerId !== r.playerId)]);
      setName('');
      onChanged();
    } catch (err) {
      setError(toProblem((err as { error?: Problem }).error ?? err));
    }
  };
  const setDice = async (mode: DiceMode) => {
    try {
      await api.setDiceMode(table.id, mode);
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
          <li key={p.playerId}>
            <strong>{p.name}</strong> <span className="muted">({p.playerId})</span>
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
      {links.map((l) => (
        <div key={l.playerId} className="invite-link" data-player={l.playerId}>
          <label>
            Link for {l.name} ({l.playerId}) — works once
            <input readOnly value={l.url} onFocus={(e) => e.target.select()} data-testid="invite-url" />
          </label>
          <button type="button" className="small" onClick={() => void navigator.clipboard?.writeText(l.url)}>Copy</button>
        </div>
      ))}
      <label>
        Physical dice{' '}
        <select value={table.settings.physicalDice} onChange={(e) => void setDice(e.target.value as DiceMode)}>
          <option value="off">off — the server rolls</option>
          <option value="optional">optional — players may type their dice</option>
          <option value="required">required — players type every die</option>
        </select>
      </label>
      <ErrorNote problem={error} onDismiss={() => setError(undefined)} />
    </section>
  );
}
