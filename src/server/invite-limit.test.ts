/**
 * A player's tokens have a limit (issue 37, point 2): before, every invite for a player already at the
 * table added a token, without end — the GM of a table anyone may make could grow the tokens table as
 * fast as requests were answered. Past `tokensPerPlayer` (invites not yet used and sessions) an invite is
 * refused, naming the way out; revoking the player's tokens makes room; another player is not refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, TEST_LIMITS, testTable, type TestTable } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable({ limits: { ...TEST_LIMITS, tokensPerPlayer: 4 } });
});
afterAll(() => t.close());

const invite = (playerId: string) => t.gm.post(`/api/tables/${t.tableId}/invites`, { playerId });

describe('tokens per player', () => {
  it('past tokensPerPlayer an invite is refused (429), nothing added; revoking makes room; others are not refused', async () => {
    // p1 holds one session (testTable joined it): three more invites fit, the fourth does not
    for (let i = 0; i < 3; i++) expect((await invite('p1')).status).toBe(201);
    const refused = await invite('p1');
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'LIMIT_REACHED', field: 'playerId' });
    expect(refused.body.error.message).toBe(`P1 holds 4 invites and sessions, the most a player may; revoke them first (DELETE /api/tables/${t.tableId}/players/p1/tokens), then invite again`);
    expect(await t.srv.ctx.store.playerTokens(t.tableId, 'p1')).toBe(4);
    // a join trades an invite for a session: the count stays
    const used = await invite('p2');
    expect((await new Client(t.url).post('/api/join', { invite: used.body.invite })).status).toBe(200);
    // p2 and a new player are not held to p1's share
    expect((await invite('p2')).status).toBe(201);
    expect((await invite('p3')).status).toBe(201);
    // revoked: p1 may be invited again
    expect((await t.gm.call('DELETE', `/api/tables/${t.tableId}/players/p1/tokens`)).status).toBe(200);
    expect((await invite('p1')).status).toBe(201);
  });
});
