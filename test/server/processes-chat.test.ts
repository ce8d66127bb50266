/**
 * The chat across two server processes on one PostgreSQL database (two servers in this test process, each
 * with its own store and change feed): a message kept by one reaches the other's pages, each as it may see
 * it — a whisper and a secret roll only its writer and the GM, wherever their pages are open — and both
 * number the table's messages one after the other when they keep them at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/app.ts';
import { Client, TEST_LIMITS, WsClient } from '../../src/server/testing.ts';
import { postgresForTests, sayAbsent, type TestPostgres } from '../pg/cluster.ts';
import { until } from './until.ts';

const env: TestPostgres = await postgresForTests('processes_chat');
afterAll(() => env.close());
if (env.absent) sayAbsent('chat across two server processes on PostgreSQL', env.absent);

describe.skipIf(!env.url)('chat across two server processes on one PostgreSQL database', () => {
  let a: RunningServer;
  let b: RunningServer;
  let urlA: string;
  let urlB: string;
  let tableId: string;
  const tokens: Record<string, string> = {};
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    const limits = { ...TEST_LIMITS, chatBurst: 1000 };
    a = await startServer({ port: 0, db: env.url!, limits });
    b = await startServer({ port: 0, db: env.url!, limits });
    urlA = `http://127.0.0.1:${a.port}`;
    urlB = `http://127.0.0.1:${b.port}`;
    const t = await new Client(urlA).post('/api/tables', { name: 'Chat on two processes' });
    tokens.gm = t.body.gmToken;
    tableId = t.body.table.id;
    const gmA = new Client(urlA, tokens.gm);
    for (const pid of ['p1', 'p2']) {
      const inv = await gmA.post(`/api/tables/${tableId}/invites`, { playerId: pid });
      tokens[pid] = (await new Client(urlB).post('/api/join', { invite: inv.body.invite })).body.token;
    }
    await until('change feeds', () => (a.ctx.store as { hearing?: boolean }).hearing === true && (b.ctx.store as { hearing?: boolean }).hearing === true);
    return async () => {
      for (const s of sockets) s.close();
      await a.close();
      await b.close();
    };
  }, 120_000);

  async function page(url: string, who: string): Promise<WsClient> {
    const ws = new WsClient(url);
    sockets.push(ws);
    await ws.auth(tokens[who]);
    return ws;
  }
  const seen = (ws: WsClient) => ws.messages.filter((m) => m.type === 'chat').flatMap((m) => m.messages.map((x: { id: string }) => x.id));

  it("reaches the other process's pages, each as it may see it", async () => {
    // the GM and p1 on A, p2 and a second page of the GM on B
    const gmA = await page(urlA, 'gm');
    const p1A = await page(urlA, 'p1');
    const p2B = await page(urlB, 'p2');
    const gmB = await page(urlB, 'gm');
    const post = (url: string, who: string, body: unknown) => new Client(url, tokens[who]).post(`/api/tables/${tableId}/chat`, body);

    const hello = (await post(urlA, 'p1', { text: 'Hello from A' })).body;
    const whisper = (await post(urlA, 'p1', { text: 'A secret for the GM', to: 'gm' })).body;
    const secret = (await post(urlB, 'p2', { roll: '1d20+2', to: 'gm' })).body;
    const toP1 = (await post(urlB, 'gm', { text: 'Only you, p1', to: 'player', player: 'p1' })).body;
    const last = (await post(urlB, 'p2', { text: 'Last word from B' })).body;
    for (const ws of [gmA, p1A, p2B, gmB]) await until('the last message', () => seen(ws).includes(last.id));
    await new Promise((r) => setTimeout(r, 200));

    const all = [hello.id, whisper.id, secret.id, toP1.id, last.id];
    expect(seen(gmA)).toEqual(all);
    expect(seen(gmB)).toEqual(all);
    expect(seen(p1A)).toEqual([hello.id, whisper.id, toP1.id, last.id]);
    expect(seen(p2B)).toEqual([hello.id, secret.id, last.id]);
    expect(p2B.frames.join('\n')).not.toContain('A secret');
    expect(p1A.frames.join('\n')).not.toContain('1d20');
  });

  it('numbers the messages kept at once by both processes one after the other, none lost', async () => {
    const gmB = await page(urlB, 'gm');
    const sends = Array.from({ length: 40 }, (_, i) => new Client(i % 2 ? urlA : urlB, tokens.gm).post(`/api/tables/${tableId}/chat`, { text: `burst ${i}` }));
    const replies = await Promise.all(sends);
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 201));
    const ids = replies.map((r) => r.body.id as string);
    await until('every burst message on B', () => ids.every((id) => seen(gmB).includes(id)));
    const rows = await a.ctx.store.chat(tableId, { reader: { gm: true }, limit: 200 });
    const seqs = rows.map((r) => r.seq).reverse();
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    // each page received each message once
    expect(new Set(seen(gmB)).size).toBe(seen(gmB).length);
  });
});
