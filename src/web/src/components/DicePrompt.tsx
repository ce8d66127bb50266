/**
 * Physical dice: the die the rules ask for now, named as the rules name it ("Kara: hit check, d20"),
 * with one field per die. The server checks each face against its die; the GM (or a player whose dice
 * are optional) may let the server roll it, or every die the command still needs.
 */
import { useEffect, useId, useState } from 'react';
import type { Api } from '../api/http.ts';
import type { RollView } from '../api/types.ts';
import { problemOf } from '../model/useSender.ts';
import type { Problem } from '../model/errors.ts';

interface Props {
  api: Api | undefined;
  encounterId: string | undefined;
  roll: RollView;
  /** The GM's page: says whose dice they are. */
  gm?: boolean;
}

// a unit hidden from this page is not named: it is another player's roll
const dieText = (a: RollView['asks'][number]) => {
  if (a.cards || a.die === 'card') return a.unitName ? `${a.unitName}: ${a.for}` : "Another player's card";
  return a.unitName ? `${a.unitName}: ${a.for}, ${a.die}` : `Another player's ${a.die}`;
};

/** A card asked is a question of which card, from those left: one choice, entered by its name. */
function CardField({ id, cards, value, onChange }: { id: string; cards: string[]; value: string; onChange(v: string): void }) {
  return (
    <label htmlFor={id}>
      Which card?
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose the card turned over</option>
        {cards.map((c) => <option key={c} value={c}>{c}</option>)}
      </select>
    </label>
  );
}

export function DicePrompt({ api, encounterId, roll, gm }: Props) {
  const id = useId();
  const ask = roll.asks[0];
  const [faces, setFaces] = useState<string[]>([]);
  const [error, setError] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  // a new die asked: empty fields, and the last refusal no longer applies
  const key = `${roll.id}/${roll.rolled.length}/${ask?.die}/${ask?.for}`;
  useEffect(() => {
    setFaces([]);
    setError(undefined);
  }, [key]);
  if (!ask) return null;

  const run = async (f: () => Promise<unknown>) => {
    if (!api || !encounterId) return;
    setBusy(true);
    setError(undefined);
    try {
      await f();
    } catch (err) {
      setError(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  const enter = () =>
    run(() => api!.answerDice(encounterId!, ask.cards ? { roll: roll.id, cards: [faces[0] ?? ''] } : { roll: roll.id, faces: Array.from({ length: ask.count }, (_, i) => Number(faces[i] ?? '')) }));
  const server = (which: 'these' | 'rest') => run(() => api!.answerDice(encounterId!, { roll: roll.id, server: which }));
  const cancel = () => run(() => api!.cancelDice(encounterId!, roll.id));
  const filled = Array.from({ length: ask.count }, (_, i) => (faces[i] ?? '').trim() !== '').every(Boolean);

  return (
    <section className="panel dice-prompt" aria-label="Dice to roll" data-testid="dice-prompt">
      <h2>{roll.yours ? (gm ? 'Dice asked at the table' : ask.cards ? 'Turn over your card' : 'Roll your dice') : 'Waiting for dice'}</h2>
      <p className="dice-ask" data-testid="dice-ask">
        <strong>{dieText(ask)}</strong>
        {!roll.yours && <span className="muted"> — its player is rolling.</span>}
        {roll.yours && gm && <span className="muted"> — its player rolls it; you may type it or let the server roll.</span>}
      </p>
      {roll.yours && (
        <form
          className="dice-fields"
          // the server checks each face against its die and says why in words; no browser bubble first
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (filled) void enter();
          }}
        >
          {ask.cards && <CardField id={`${id}-card`} cards={ask.cards} value={faces[0] ?? ''} onChange={(v) => setFaces([v])} />}
          {!ask.cards && Array.from({ length: ask.count }, (_, i) => (
            <label key={i} htmlFor={`${id}-${i}`}>
              {ask.count > 1 ? `Die ${i + 1} (d${ask.sides})` : `d${ask.sides}`}
              <input
                id={`${id}-${i}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={ask.sides}
                step={1}
                autoComplete="off"
                value={faces[i] ?? ''}
                aria-invalid={error?.field === `faces[${i}]`}
                onChange={(e) => setFaces((fs) => Object.assign([...fs], { [i]: e.target.value }))}
              />
            </label>
          ))}
          <button type="submit" disabled={busy || !filled}>
            Enter {ask.cards ? 'the card' : ask.count > 1 ? 'the dice' : 'the die'}
          </button>
        </form>
      )}
      {error && (
        <p className="error-note" role="alert" data-testid="dice-error">
          {error.code === 'dice/bad_face' || error.code === 'dice/wrong_count' ? `Not taken: ${error.message}.` : error.message}
        </p>
      )}
      <div className="buttons">
        {roll.serverMay && (
          <>
            <button type="button" className="secondary" disabled={busy} onClick={() => void server('these')}>
              Let the server {ask.cards ? 'deal it' : `roll ${ask.count > 1 ? 'them' : 'it'}`}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => void server('rest')}>
              Let the server roll the rest
            </button>
          </>
        )}
        {roll.cancelMay && (
          <button type="button" className="link-button" disabled={busy} onClick={() => void cancel()}>
            Call the action off
          </button>
        )}
      </div>
      {roll.rolled.length > 0 && (
        <ul className="dice-rolled" aria-label="Rolled so far">
          {roll.rolled.map((r, i) => (
            <li key={i}>
              {r.unitName ? `${r.unitName}: ` : ''}
              {r.for ?? 'a roll'}{r.card ? ': ' : `, d${r.sides}: `}<strong>{r.card ?? r.face}</strong> <span className="muted">({r.card ? (r.by === 'server' ? 'dealt by the server' : r.by === 'gm' ? 'chosen by the GM' : 'turned over by the player') : r.by === 'server' ? 'rolled by the server' : r.by === 'gm' ? 'typed by the GM' : 'rolled by the player'})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
