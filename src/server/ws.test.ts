// The live WebSocket: auth, broadcast after commit to every subscriber, reconnect with catch-up, and its bounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessage } from './schemas.ts';
import { command, load, testTable, TEST_LIMITS, WsClient, type TestTable } from './testing.ts';

let t: TestTable;
let enc: string;
beforeAll(async () => {
  t = await testTable({ limits: { ...TEST_LIMITS, connectionsPerTable: 6, wsAuthSeconds: 1 } });
  enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
});
afterAll(() => t.close());

describe('WebSocket', () => {
  it('authenticates, broadcasts each commit to every subscriber in its projection, and catches up after a reconnect', async () => {
    const gm = new WsClient(t.url);
    const p1 = new WsClient(t.url);
    expect((await gm.auth(t.gm.token!)).type).toBe('welcome');
    const w = await p1.auth(t.p1.token!);
    expect(w).toMatchObject({ type: 'welcome', role: 'player', playerId: 'p1' });
    expect(w.encounters.map((e: { id: string }) => e.id)).toContain(enc);
    const snap = await p1.request({ type: 'subscribe', encounter: enc });
    expect(snap).toMatchObject({ type: 'events', encounter: enc, catchUp: true, events: [] });
    expect(Object.keys(snap.state.units)).not.toContain('g3');
    await gm.request({ type: 'subscribe', encounter: enc });

    // the player's numbering counts only what it sees; the GM's is the log's
    const v0 = snap.version;
    const g0 = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
    const res = await gm.request({ type: 'command', encounter: enc, id: 'ws-1', expectedVersion: g0, command: { type: 'gm.note', text: 'only for me' } });
    expect(res).toMatchObject({ type: 'result', id: 'ws-1', version: g0 + 1 });
    const note2 = await gm.request({ type: 'command', encounter: enc, id: 'ws-2', expectedVersion: g0 + 1, command: { type: 'gm.note', text: 'hello all', public: true } });
    expect(note2.type).toBe('result');
    const seen = await p1.next((m) => m.type === 'events' && !m.catchUp);
    // a GM note: the player receives nothing at all, not even a frame; the public note is its next event
    expect(seen).toMatchObject({ version: v0 + 1, events: [{ type: 'note', text: 'hello all', seq: v0 + 1 }] });
    expect(p1.messages.filter((m) => m.type === 'events')).toHaveLength(2);
    for (const m of [...gm.messages, ...p1.messages]) expect(ServerMessage.safeParse(m).success, JSON.stringify(m)).toBe(true);

    // reconnect: catch up from the last seq seen
    p1.close();
    await command(t.gm, enc, { type: 'gm.note', text: 'while away', public: true });
    await command(t.gm, enc, { type: 'start' });
    const back = new WsClient(t.url);
    await back.auth(t.p1.token!);
    const caught = await back.request({ type: 'subscribe', encounter: enc, after: v0 + 1 });
    expect(caught.events[0]).toMatchObject({ type: 'note', text: 'while away' });
    expect(caught.events.map((e: { type: string }) => e.type)).toContain('encounter.started');
    expect(caught.version).toBe((await t.p1.get(`/api/encounters/${enc}`)).body.encounter.version);
    expect(caught.events.map((e: { seq: number }) => e.seq)).toEqual(caught.events.map((_: unknown, i: number) => v0 + 2 + i));
    gm.close();
    back.close();
  });

  it('refuses unauthenticated use, bad frames, and another table', async () => {
    const c = new WsClient(t.url);
    await c.open();
    expect((await c.request({ type: 'subscribe', encounter: enc })).error.code).toBe('UNAUTHENTICATED');
    expect((await c.request({ type: 'auth', token: 'skg_nope' })).error.code).toBe('UNAUTHENTICATED');
    c.send('{not json');
    expect((await c.next((m) => m.type === 'error' && m.error.code === 'BAD_JSON')).error.message).toContain('malformed JSON');
    await c.auth(t.p2.token!);
    expect((await c.request({ type: 'command', encounter: enc, id: 'x', expectedVersion: 0, command: { type: 'undo' } })).error.code).toBe('FORBIDDEN');
    expect((await c.request({ type: 'subscribe', encounter: enc, extra: 1 })).error).toMatchObject({ code: 'BAD_REQUEST', field: 'extra' });
    expect((await c.request({ type: 'ping' })).type).toBe('pong');
    c.close();
  });

  it('closes the connections of a player whose tokens are revoked', async () => {
    const inv = await t.gm.post(`/api/tables/${t.tableId}/invites`, { playerId: 'p7' });
    const joined = await t.p1.post('/api/join', { invite: inv.body.invite });
    const c = new WsClient(t.url);
    await c.auth(joined.body.token);
    await t.gm.call('DELETE', `/api/tables/${t.tableId}/players/p7/tokens`);
    await new Promise((r) => setTimeout(r, 100));
    expect(c.closed?.code).toBe(4005);
  });

  it('checks the Origin of browser upgrades', async () => {
    await expect(new WsClient(t.url, { origin: 'https://evil.example' }).open()).rejects.toThrow(/403/);
    const same = new WsClient(t.url, { origin: t.url });
    await same.open();
    same.close();
  });

  it('closes a connection that never authenticates, and bounds connections per table', async () => {
    const idle = new WsClient(t.url);
    await idle.open();
    await new Promise((r) => setTimeout(r, 1300));
    expect(idle.closed?.code).toBe(4001);
    const many: WsClient[] = [];
    for (let i = 0; i < 6; i++) {
      const c = new WsClient(t.url);
      await c.auth(t.gm.token!);
      many.push(c);
    }
    const extra = new WsClient(t.url);
    expect((await extra.auth(t.gm.token!)).error.code).toBe('TOO_MANY_CONNECTIONS');
    await new Promise((r) => setTimeout(r, 100));
    expect(extra.closed?.code).toBe(4002);
    for (const c of many) c.close();
    await new Promise((r) => setTimeout(r, 100));
  });

  it('rate-limits each connection and drops frames over the size limit', async () => {
    const tight = await testTable({ limits: { ...TEST_LIMITS, wsRate: 5, wsBurst: 5, wsFrameBytes: 1024 } });
    try {
      const c = new WsClient(tight.url);
      await c.auth(tight.gm.token!);
      for (let i = 0; i < 20; i++) c.send({ type: 'ping', ref: `p${i}` });
      const limited = await c.next((m) => m.type === 'error' && m.error.code === 'RATE_LIMITED');
      expect(limited).toBeTruthy();
      expect(c.messages.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(5);
      c.send({ type: 'ping', pad: 'x'.repeat(2000) });
      await new Promise((r) => setTimeout(r, 200));
      expect(c.closed?.code).toBe(1009);
    } finally {
      await tight.close();
    }
  });

  it('cuts off a client that stops reading', async () => {
    const small = await testTable({ limits: { ...TEST_LIMITS, wsBufferedBytes: 256 * 1024 } });
    try {
      const e = await load(small, { example: 'phase20/crossroads-4v4.yaml' });
      const slow = new WsClient(small.url);
      await slow.auth(small.gm.token!);
      // stop reading (the receive side is paused) but keep asking for full snapshots: the server's queue grows
      (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      for (let i = 0; i < 3000 && small.srv.hub.connections > 0; i++) {
        slow.send({ type: 'subscribe', encounter: e, after: 0 });
        if (i % 100 === 99) await new Promise((r) => setTimeout(r, 5));
      }
      // the subscribes are handled in order, each after a store read: wait until the queue has cut it off
      for (let i = 0; i < 200 && small.srv.hub.connections > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(small.srv.hub.connections).toBe(0);
    } finally {
      await small.close();
    }
  });
});
