// The PostgreSQL store: the contract (contract.ts) on a real server, then what only a shared database
// has — two stores (two processes' worth) on one database: appends serialised across them, changes heard
// by the other, migrations run once, and a database out of reach or restarting.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresForTests, sayAbsent, type TestPostgres } from '../../test/pg/cluster.ts';
import { describeStoreContract, note } from './contract.ts';
import { CARRIED_BYTES, PostgresStore, redact } from './postgres.ts';
import { PG_SCHEMA_VERSION } from './postgres-schema.ts';
import { createEncounter, StaleVersionError, StoreUnavailableError, type StoreChange } from './store.ts';

const env: TestPostgres = await postgresForTests('store');
// a cluster of its own to restart (CI's is shared)
const own: TestPostgres = await postgresForTests('store_restart', { ownCluster: true });
afterAll(() => {
  env.close();
  own.close();
}, 60_000);
if (env.absent) sayAbsent('PostgreSQL store tests', env.absent);

/** A fresh, empty schema for each store of the contract: drop everything the last one made. */
async function emptied(url: string): Promise<PostgresStore> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  await c.end();
  return PostgresStore.open(url);
}

const until = async (what: string, ok: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!env.url)('PostgreSQL store', () => {
  const url = env.url!;
  describeStoreContract('PostgreSQL', () => emptied(url));

  describe('two stores on one database', () => {
    let a: PostgresStore;
    let b: PostgresStore;
    beforeAll(async () => {
      a = await emptied(url);
      b = await PostgresStore.open(url);
      return async () => {
        await a.close();
        await b.close();
      };
    });

    it('migrates once and records it; a second opening finds nothing to do', async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query('SELECT version FROM schema_migrations ORDER BY version');
      await c.end();
      expect(rows.map((r) => r.version)).toEqual(Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1));
    });

    it('serialises appends across stores: exactly one wins, the other gets STALE_VERSION', async () => {
      await a.createTable('t', 'T', {}, 'g');
      await createEncounter(a, { id: 'e', tableId: 't', ruleset: 'phase20', name: 'E', status: 'setup' }, [note(1, 'c1')]);
      for (let v = 1; v <= 20; v++) {
        const tries = await Promise.allSettled([a, b].map((s, i) => s.append('e', v, [note(v + 1, `c${v + 1}`, `from ${i}`)], { status: 'active', command: { id: `k${v}-${i}`, bodyHash: 'h', result: { cmd: `c${v + 1}`, from: v + 1, to: v + 1 } } })));
        expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
        const lost = tries.find((t) => t.status === 'rejected') as PromiseRejectedResult;
        expect(lost.reason).toBeInstanceOf(StaleVersionError);
        expect(lost.reason).toMatchObject({ expected: v, actual: v + 1 });
      }
      const events = await b.events('e');
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
      expect((await a.encounter('e'))!.version).toBe(21);
    });

    it('reads what another store appended after a version in one read: the row, the events up to its version, their commands', async () => {
      await a.createTable('t3', 'T3', {}, 'g3');
      await createEncounter(a, { id: 'e3', tableId: 't3', ruleset: 'phase20', name: 'E', status: 'setup' }, [note(1, 'c1')], { c1: { type: 'start' } });
      for (let v = 1; v <= 4; v++) await a.append('e3', v, [note(v + 1, `c${v + 1}`, `said ${v + 1}`)], { status: 'active', logCommands: { [`c${v + 1}`]: { type: 'gm.note', text: `said ${v + 1}` } } });
      const read = await b.since('e3', 2);
      expect(read!.row).toMatchObject({ id: 'e3', version: 5, status: 'active', paused: false });
      expect(read!.events).toEqual(await b.events('e3', 2));
      expect(read!.events.map((e) => e.seq)).toEqual([3, 4, 5]);
      expect(read!.commands).toEqual({ c3: { type: 'gm.note', text: 'said 3' }, c4: { type: 'gm.note', text: 'said 4' }, c5: { type: 'gm.note', text: 'said 5' } });
      expect(await b.since('e3', 5)).toMatchObject({ events: [], commands: {} });
      expect(await b.since('nowhere', 0)).toBeUndefined();
      expect(await b.versions(['e3', 'nowhere'])).toEqual(new Map([['e3', 5]]));
    });

    it('tells the other store what was committed, and never a store its own: appends in their commit order, after their commits', async () => {
      const heardA: StoreChange[] = [];
      const heardB: StoreChange[] = [];
      const offA = a.onChange((c) => heardA.push(c));
      const offB = b.onChange((c) => heardB.push(c));
      await until('both listening', () => a.hearing && b.hearing);
      await a.createTable('t2', 'T2', {}, 'g2');
      await createEncounter(a, { id: 'e2', tableId: 't2', ruleset: 'phase20', name: 'E', status: 'setup' }, [note(1, 'c1')]);
      for (let v = 1; v <= 4; v++) await a.append('e2', v, [note(v + 1, `c${v + 1}`)], { status: 'active', logCommands: { [`c${v + 1}`]: { type: 'gm.note', text: `t${v}` } } });
      // too long to carry (NOTIFY's payload stays under 8000 bytes): the pointer alone
      const long = note(6, 'c6', 'é'.repeat(CARRIED_BYTES / 2));
      await a.append('e2', 5, [long], { status: 'active' });
      await a.setPaused('e2', true);
      await a.revokePlayer('t2', 'p1');
      await a.deleteTable('t2');
      await until('the changes', () => heardB.length >= 9);
      // an append's notification is sent just after its commit, from a connection of its own (not inside
      // the commit: postgres.ts says why), so it may come after a later change of another kind; each kind
      // comes in commit order, and a listener reads the log as it stands, whatever the order
      // each carries what it appended, as stored — but the one too long to carry
      const carried = [2, 3, 4, 5].map((version) => ({ kind: 'appended', encounterId: 'e2', version, logged: { events: [note(version, `c${version}`)], commands: { [`c${version}`]: { type: 'gm.note', text: `t${version - 1}` } } } }));
      expect(heardB.filter((c) => c.kind === 'appended')).toEqual([...carried, { kind: 'appended', encounterId: 'e2', version: 6 }]);
      expect(heardB.filter((c) => c.kind !== 'appended')).toEqual([
        { kind: 'encounter', encounterId: 'e2', tableId: 't2' },
        { kind: 'encounter', encounterId: 'e2', tableId: 't2' },
        { kind: 'revoked', tableId: 't2', playerId: 'p1' },
        { kind: 'tableDeleted', tableId: 't2' },
      ]);
      // a stale append notifies no one
      await expect(b.append('e', 1, [note(2, 'x')], { status: 'active' })).rejects.toBeInstanceOf(StaleVersionError);
      await b.append('e', 21, [note(22, 'c22')], { status: 'active' });
      await until('b\'s append', () => heardA.length >= 1);
      expect(heardA).toEqual([{ kind: 'appended', encounterId: 'e', version: 22, logged: { events: [note(22, 'c22')], commands: {} } }]);
      offA();
      offB();
    });

    it("holds a table's settings and players while its change feed is up: read again when any store changes them, or the feed breaks", async () => {
      const offA = a.onChange(() => undefined);
      const offB = b.onChange(() => undefined);
      await until('both listening', () => a.hearing && b.hearing);
      await a.createTable('tf', 'TF', { v: 1 }, 'gtf');
      expect([await b.settings('tf'), await b.players('tf')]).toEqual([{ v: 1 }, []]);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // a change no store told of (no process of ours writes so): the copy held is what b answers
      await admin.query(`UPDATE tables SET settings = '{"v":2}' WHERE id = 'tf'`);
      expect(await b.settings('tf')).toEqual({ v: 1 });
      // a copy handed out is not the one held
      ((await b.settings('tf')) as { v: number }).v = 99;
      expect(await b.settings('tf')).toEqual({ v: 1 });
      // another store's changes are told in their commits
      await a.setSettings('tf', { v: 3 });
      let seen: unknown;
      await until('b reads the new settings', () => (void b.settings('tf').then((x) => (seen = x)), (seen as { v?: number })?.v === 3));
      await a.addInvite('tf', 'p1', 'Ann', 'itf');
      await until('b reads the new player', () => (void b.players('tf').then((x) => (seen = x)), JSON.stringify(seen) === JSON.stringify([{ playerId: 'p1', name: 'Ann' }])));
      // its own change, at once
      await b.setSettings('tf', { v: 4 });
      expect(await b.settings('tf')).toEqual({ v: 4 });
      // the feed broken: nothing held is trusted (the change below was never told)
      await admin.query(`UPDATE tables SET settings = '{"v":5}' WHERE id = 'tf'`);
      expect(await b.settings('tf')).toEqual({ v: 4 });
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'skirmish listener' AND pid <> pg_backend_pid()");
      await until('b reads again', () => (void b.settings('tf').then((x) => (seen = x)), (seen as { v?: number })?.v === 5));
      await admin.end();
      await until('b hears again', () => b.hearing);
      await a.deleteTable('tf');
      await until('the table gone for b', () => (void b.settings('tf').then((x) => (seen = x ?? 'gone')), seen === 'gone'));
      offA();
      offB();
    });

    it('hears again after its listening connection is cut, and says to read again', async () => {
      const heard: StoreChange[] = [];
      const off = b.onChange((c) => heard.push(c));
      await until('listening', () => b.hearing);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'skirmish listener' AND pid <> pg_backend_pid()");
      await until('resync', () => heard.some((c) => c.kind === 'resync'));
      await admin.end();
      await a.append('e', 22, [note(23, 'c23')], { status: 'active' });
      await until('the append after', () => heard.some((c) => c.kind === 'appended' && c.version === 23));
      off();
    });

    it('says STORE_UNAVAILABLE, not a wrong answer, when the database cannot be reached', async () => {
      const gone = new URL(url);
      gone.port = '1';
      await expect(PostgresStore.open(gone.toString(), { connectTimeoutMs: 1000 })).rejects.toBeInstanceOf(StoreUnavailableError);
    });

    it('never shows a password', () => {
      expect(redact('postgres://ann:s3cret@db.example:5433/skirmish')).toBe('ann@db.example:5433/skirmish');
      expect(a.location).not.toContain('s3cret');
    });
  });

  describe.skipIf(!own.cluster)('a database restart', () => {
    it('fails clearly while it is down, and works again once it is back, on the same store', async () => {
      const s = await PostgresStore.open(own.url!);
      try {
        const heard: StoreChange[] = [];
        s.onChange((c) => heard.push(c));
        await until('listening', () => s.hearing);
        await s.createTable('r', 'R', {}, 'gr');
        own.cluster!.stop();
        await expect(s.table('r')).rejects.toBeInstanceOf(StoreUnavailableError);
        await expect(s.createTable('r2', 'R2', {}, 'gr2')).rejects.toBeInstanceOf(StoreUnavailableError);
        own.cluster!.start();
        let back = false;
        for (let i = 0; i < 200 && !back; i++) {
          back = await s.table('r').then((t) => t?.name === 'R', () => false);
          if (!back) await new Promise((r) => setTimeout(r, 100));
        }
        expect(back).toBe(true);
        await until('resync after the restart', () => heard.some((c) => c.kind === 'resync'));
        expect(await s.table('r2')).toBeUndefined();
      } finally {
        await s.close();
      }
    }, 120_000);
  });
});
