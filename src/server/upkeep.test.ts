/**
 * Tables come and go (issue 17, finding 4): before, an anonymous client created 200 tables in 3.7 s, the
 * cap of 10,000 was gone in minutes and stayed gone (tables were kept forever). Now creation is limited
 * per address and in total with a 429, a table idle past tableIdleDays is deleted, and the GM can delete one.
 */
import { describe, expect, it } from 'vitest';
import { Client, load, TEST_LIMITS, testTable, WsClient } from './testing.ts';

const DAY = 86_400_000;

describe('creating tables', () => {
  it('one address creates tablesPerAddressHour tables an hour, then gets a 429 that says so; an hour later, more', async () => {
    let now = Date.now();
    const t = await testTable({ limits: { ...TEST_LIMITS, tablesPerAddressHour: 3 }, clock: () => now });
    try {
      const anon = new Client(t.url);
      // testTable created one already
      for (let i = 0; i < 2; i++) expect((await anon.post('/api/tables', { name: `T${i}` })).status).toBe(201);
      const refused = await anon.post('/api/tables', { name: 'One too many' });
      expect([refused.status, refused.body.error.code]).toEqual([429, 'RATE_LIMITED']);
      expect(refused.body.error.message).toBe('one network may create 3 tables an hour; try again later');
      now += 20 * 60_000; // a third of an hour: one more
      expect((await anon.post('/api/tables', { name: 'Later' })).status).toBe(201);
      expect((await anon.post('/api/tables', { name: 'Too soon' })).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('past the server\'s total, a 429 that says so', async () => {
    const t = await testTable({ limits: { ...TEST_LIMITS, tables: 2 } });
    try {
      const anon = new Client(t.url);
      expect((await anon.post('/api/tables', { name: 'Second' })).status).toBe(201);
      const full = await anon.post('/api/tables', { name: 'Third' });
      expect([full.status, full.body.error.code, full.body.error.message]).toEqual([429, 'LIMIT_REACHED', 'this server holds its limit of 2 tables; try again when some are deleted']);
    } finally {
      await t.close();
    }
  });
});

describe('deleting a table', () => {
  it('the GM deletes it with all it holds: its tokens stop working, its pages are disconnected, a new table fits in its place', async () => {
    const t = await testTable({ limits: { ...TEST_LIMITS, tables: 1 } });
    try {
      const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
      const ws = new WsClient(t.url);
      expect((await ws.auth(t.p1.token!)).type).toBe('welcome');
      // a player may not
      const byPlayer = await t.p1.call('DELETE', `/api/tables/${t.tableId}`);
      expect([byPlayer.status, byPlayer.body.error.code]).toEqual([403, 'FORBIDDEN']);
      const closed = new Promise<number>((resolve) => ws.ws.once('close', (code) => resolve(code)));
      const r = await t.gm.call('DELETE', `/api/tables/${t.tableId}`);
      expect([r.status, r.body]).toEqual([200, { deleted: true }]);
      expect(await closed).toBe(4006);
      for (const c of [t.gm, t.p1]) {
        expect((await c.get(`/api/tables/${t.tableId}`)).status).toBe(401);
        expect((await c.get(`/api/encounters/${enc}`)).status).toBe(401);
      }
      expect(await t.srv.ctx.store.encounter(enc)).toBeUndefined();
      expect((await new Client(t.url).post('/api/tables', { name: 'Next' })).status).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('idle tables expire', () => {
  it('a table no one used for tableIdleDays is deleted; one its players used lately stays; 0 keeps them forever', async () => {
    let now = Date.now();
    const t = await testTable({ limits: { ...TEST_LIMITS, tableIdleDays: 30 }, clock: () => now });
    try {
      const other = (await new Client(t.url).post('/api/tables', { name: 'Abandoned' })).body;
      now += 29 * DAY;
      expect((await t.p1.get(`/api/tables/${t.tableId}`)).status).toBe(200); // the test table is used
      expect(await t.srv.ctx.upkeep.sweep()).toBe(0);
      now += 2 * DAY; // the other table: 31 days idle; the test table: 2
      expect(await t.srv.ctx.upkeep.sweep()).toBe(1);
      expect((await new Client(t.url, other.gmToken).get(`/api/tables/${other.table.id}`)).status).toBe(401);
      expect((await t.gm.get(`/api/tables/${t.tableId}`)).status).toBe(200);
      t.srv.ctx.limits.tableIdleDays = 0;
      now += 400 * DAY;
      expect(await t.srv.ctx.upkeep.sweep()).toBe(0);
      expect((await t.gm.get(`/api/tables/${t.tableId}`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
