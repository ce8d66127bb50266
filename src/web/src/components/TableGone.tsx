/** What a page shows once its table is gone: a sentence saying why, and the way back to the start page. */
import type { SocketEnd } from '../api/socket.ts';
import { useEffect } from 'react';
import { go } from '../route.ts';
import { forgetTable } from '../tokens.ts';

const WHY: Record<'gm' | 'player', Record<SocketEnd, string>> = {
  gm: {
    tableDeleted: 'This table is deleted. Its encounters, logs and invite links are gone for good.',
    revoked: 'This GM page no longer has access to the table.',
  },
  player: {
    tableDeleted: 'The GM has deleted this table.',
    revoked: 'The GM has taken back your seat at this table.',
  },
};

export function TableGone({ role, why, tableId, name }: { role: 'gm' | 'player'; why: SocketEnd; tableId: string; name?: string }) {
  // a deleted table leaves nothing to reopen: take it off this browser's list of tables
  useEffect(() => {
    if (why === 'tableDeleted') forgetTable(tableId);
  }, [why, tableId]);
  return (
    <main className="home table-gone" data-testid="table-gone">
      <h1>{why === 'tableDeleted' ? 'Table deleted' : 'No longer at the table'}</h1>
      {name && <p className="muted">{name}</p>}
      <p className="lead">{WHY[role][why]}</p>
      {role === 'gm' ? (
        <p>
          <button type="button" className="primary" onClick={() => go('/')}>
            Create a new table
          </button>
        </p>
      ) : (
        <p>
          <a href="#/">Go to the start page</a> — your GM can send you a new invite link.
        </p>
      )}
    </main>
  );
}
