/** The front door: a GM creates a table (or reopens one kept in this browser); players arrive by invite link. */
import { useState } from 'react';
import { Api } from '../api/http.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { toProblem, type Problem } from '../model/errors.ts';
import { go } from '../route.ts';
import { knownTables, saveToken } from '../tokens.ts';

export function HomePage() {
  const [name, setName] = useState('Friday night');
  const [error, setError] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const known = knownTables();
  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await new Api().createTable(name.trim() || 'Table');
      saveToken('gm', r.table.id, r.gmToken, r.table.name);
      go(`/gm/${r.table.id}`);
    } catch (err) {
      setError(toProblem((err as { error?: Problem }).error ?? err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="home">
      <h1>Skirmish</h1>
      <p className="lead">Combat resolved by the book, on the table everyone can see.</p>
      <form className="panel" onSubmit={create} aria-label="Create a table">
        <h2>Run a game</h2>
        <label>
          Table name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
        </label>
        <button type="submit" className="primary" disabled={busy}>Create a table</button>
        <ErrorNote problem={error} />
      </form>
      {known.length > 0 && (
        <section className="panel" aria-label="Your tables">
          <h2>Your tables</h2>
          <ul className="plain">
            {known.map((t) => (
              <li key={`${t.role}-${t.table}`}>
                <a href={`#/${t.role === 'gm' ? 'gm' : 'play'}/${t.table}`}>{t.name}</a> <span className="muted">({t.role === 'gm' ? 'GM' : 'player'})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="muted">Playing? Open the invite link your GM gave you.</p>
    </main>
  );
}
