/** Redeems a player's invite link once, keeps the player token in this browser, and goes to the table. */
import { useEffect, useState } from 'react';
import { Api } from '../api/http.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { toProblem, type Problem } from '../model/errors.ts';
import { go } from '../route.ts';
import { saveToken } from '../tokens.ts';

const redeemed = new Map<string, Promise<{ token: string; tableId: string; playerId: string }>>();

export function JoinPage({ invite }: { invite: string }) {
  const [error, setError] = useState<Problem>();
  useEffect(() => {
    // an invite works once: StrictMode's double effect must not spend it twice
    let p = redeemed.get(invite);
    if (!p) {
      p = new Api().join(invite);
      redeemed.set(invite, p);
    }
    p.then(
      (r) => {
        saveToken('player', r.tableId, r.token);
        go(`/play/${r.tableId}`, true);
      },
      (err) => setError(toProblem((err as { error?: Problem }).error ?? err)),
    );
  }, [invite]);
  return (
    <main className="home">
      <h1>Joining the table…</h1>
      <ErrorNote problem={error} />
    </main>
  );
}
