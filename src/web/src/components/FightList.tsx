/**
 * A player's fights: every fight of the table one of their units is in (and the one on screen), each
 * with its state in a line, and "Your turn in …" for a fight that needs them while they look at another.
 */
import { glanceWords, needWords, type FightGlance } from '../model/fights.ts';

interface Props {
  fights: readonly FightGlance[];
  shown?: string;
  onOpen(id: string): void;
}

export function FightList({ fights, shown, onOpen }: Props) {
  const listed = fights.filter((f) => f.mine.length || f.id === shown);
  const elsewhere = fights.filter((f) => f.needs && f.id !== shown);
  return (
    <>
      {elsewhere.map((f) => (
        <p key={f.id} className="panel your-turn elsewhere" role="status" data-testid="needed-elsewhere">
          {needWords(f)}.{' '}
          <button type="button" className="small" onClick={() => onOpen(f.id)}>
            Open {f.name}
          </button>
        </p>
      ))}
      {fights.length > 1 && (
        <nav className="fight-list" aria-label="Your fights">
          {listed.map((f) => (
            <button
              key={f.id}
              type="button"
              className={`fight${f.id === shown ? ' is-current' : ''}${f.needs ? ' needs-you' : ''}`}
              aria-current={f.id === shown ? 'page' : undefined}
              data-status={f.status}
              onClick={() => onOpen(f.id)}
            >
              <strong>{f.name}</strong>
              {f.mine.length > 0 && <span className="muted"> · {f.mine.join(', ')}</span>}
              <span className="fight-state">{f.needs ? needWords(f).replace(` in ${f.name}`, '') : glanceWords(f)}</span>
            </button>
          ))}
        </nav>
      )}
    </>
  );
}
