// The SQLite store: the contract (contract.ts), then what only a file has — its durability settings, and
// files written by earlier schema versions, migrated in place.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeStoreContract, note } from './contract.ts';
import { SqliteStore } from './sqlite.ts';
import { SCHEMA_VERSION } from './sqlite-schema.ts';
import { createEncounter, CREATE_CHUNK, eventRowsOf } from './store.ts';
import { until } from '../../test/server/until.ts';

describeStoreContract('SQLite', async () => new SqliteStore({ path: ':memory:' }));

describe('SQLite store', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tempPath = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-store-'));
    dirs.push(dir);
    return join(dir, name);
  };

  it('writes a long log a chunk at a turn of the event loop, and no read sees its encounter before all of it', async () => {
    const s = new SqliteStore({ path: ':memory:' });
    await s.createTable('t1', 'T', {}, 'g');
    const N = 5 * CREATE_CHUNK;
    const rows = eventRowsOf(Array.from({ length: N }, (_, i) => note(i + 1, `c${i + 1}`)));
    // the rows written between two turns of the loop (counted at the statement), and what a read saw then
    let written = 0;
    const st = (s as unknown as { st: { insertEvent: { run: (...a: unknown[]) => unknown } } }).st.insertEvent;
    const run = st.run.bind(st);
    st.run = (...a: unknown[]) => (written++, run(...a));
    const perTurn: number[] = [];
    const seen: (number | undefined)[] = [];
    let done = false;
    const created = s.createEncounters([{ row: { id: 'e1', tableId: 't1', ruleset: 'phase20', name: 'Long', status: 'setup' }, events: rows }]).finally(() => (done = true));
    while (!done) {
      const before = written;
      seen.push((await s.encounter('e1'))?.version);
      await new Promise((r) => setImmediate(r));
      perTurn.push(written - before);
    }
    await created;
    expect(written).toBe(N);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(CREATE_CHUNK);
    expect(perTurn.filter((n) => n > 0).length).toBeGreaterThanOrEqual(N / CREATE_CHUNK - 1);
    expect(seen.every((v) => v === undefined || v === N)).toBe(true);
    expect(await s.encounter('e1')).toMatchObject({ version: N });
    await s.close();
  });

  it('a long log for a table deleted meanwhile is refused, nothing of it kept, foreign keys on again after', async () => {
    const s = new SqliteStore({ path: ':memory:' });
    await s.createTable('t1', 'T', {}, 'g');
    const rows = eventRowsOf(Array.from({ length: 2 * CREATE_CHUNK + 1 }, (_, i) => note(i + 1, `c${i + 1}`)));
    await expect(s.createEncounters([{ row: { id: 'e1', tableId: 'gone', ruleset: 'phase20', name: 'Long', status: 'setup' }, events: rows }])).rejects.toThrow(/FOREIGN KEY/);
    expect(await s.encounter('e1')).toBeUndefined();
    expect(await s.events('e1')).toEqual([]);
    expect(s.db.pragma('foreign_keys', { simple: true })).toBe(1);
    await expect(s.createEncounters([{ row: { id: 'e2', tableId: 'gone', ruleset: 'phase20', name: 'Short', status: 'setup' }, events: [note(1, 'c1')] }])).rejects.toThrow(/FOREIGN KEY/);
    await s.close();
  });

  it('checkpoints in a thread of its own: the main connection never does (issue 37), the file still gets the log', async () => {
    // a checkpoint after a 100,000-event import copied 22 MB on the main thread (170–620 ms on a loaded machine)
    const path = join(tempPath('x'), '..', 'cp', 'db.sqlite');
    const s = new SqliteStore({ path });
    expect(s.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await s.createTable('t1', 'T', {}, 'g');
    const before = statSync(path).size;
    const N = 5 * CREATE_CHUNK;
    await s.createEncounters([{ row: { id: 'e1', tableId: 't1', ruleset: 'phase20', name: 'Long', status: 'setup' }, events: eventRowsOf(Array.from({ length: N }, (_, i) => note(i + 1, `c${i + 1}`))) }]);
    // the log's pages reach the database file only by a checkpoint, and this connection makes none
    await until('a checkpoint by the thread', () => statSync(path).size > before + 100_000);
    expect((await s.events('e1')).length).toBe(N);
    await s.close();
    const again = new SqliteStore({ path });
    expect(await again.encounter('e1')).toMatchObject({ version: N });
    // the thread gone (crashed): SQLite's own checkpoint is on again, so the log never grows without end
    const thread = (again as unknown as { checkpointer: { worker: { terminate(): Promise<number> } } }).checkpointer.worker;
    await thread.terminate();
    await until('the checkpoint back on this connection', () => again.db.pragma('wal_autocheckpoint', { simple: true }) === 1000);
    await again.close();
  });

  it('uses WAL and the synchronous level asked for, and survives reopening', async () => {
    const path = join(tempPath('x'), '..', 'sub', 'db.sqlite');
    const a = new SqliteStore({ path, synchronous: 'normal' });
    expect(a.durability()).toEqual({ journalMode: 'wal', synchronous: 'NORMAL' });
    await a.createTable('t', 'T', {}, 'g');
    await a.close();
    const b = new SqliteStore({ path });
    expect(b.durability()).toEqual({ journalMode: 'wal', synchronous: 'FULL' });
    expect(await b.describe()).toBe(`SQLite ${path}, journal wal, synchronous FULL`);
    expect(await b.table('t')).toMatchObject({ id: 't', name: 'T', settings: {} });
    expect(await b.tokenRow('g')).toEqual({ tableId: 't', role: 'gm' });
    await b.close();
  });

  it('refuses a file newer than this server, untouched', () => {
    const path = tempPath('new.sqlite');
    const raw = new Database(path);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => new SqliteStore({ path })).toThrow(`database schema ${SCHEMA_VERSION + 1} is newer than this server (${SCHEMA_VERSION})`);
    const again = new Database(path);
    expect(again.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    expect(again.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get()).toBe(0);
    again.close();
  });

  it('opens a version 2 file: its encounters keep working, without a document, and new ones keep theirs', async () => {
    const path = tempPath('v2.sqlite');
    // the version 2 schema as it was shipped (the tables this test touches)
    const old = new Database(path);
    old.exec(`
      CREATE TABLE tables (id TEXT PRIMARY KEY, name TEXT NOT NULL, settings TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE TABLE tokens (hash TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables(id), role TEXT NOT NULL CHECK (role IN ('gm', 'player', 'invite')), player_id TEXT, created_at INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE encounters (id TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables(id), ruleset TEXT NOT NULL, name TEXT NOT NULL, status TEXT NOT NULL, version INTEGER NOT NULL, paused INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
      CREATE TABLE events (encounter_id TEXT NOT NULL REFERENCES encounters(id), seq INTEGER NOT NULL, cmd TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (encounter_id, seq)) WITHOUT ROWID;
      CREATE TABLE commands (encounter_id TEXT NOT NULL REFERENCES encounters(id), command_id TEXT NOT NULL, body_hash TEXT NOT NULL, result TEXT NOT NULL, PRIMARY KEY (encounter_id, command_id)) WITHOUT ROWID;
      CREATE TABLE encounter_files (encounter_id TEXT PRIMARY KEY REFERENCES encounters(id), body TEXT NOT NULL) WITHOUT ROWID;
      INSERT INTO tables VALUES ('t', 'Old table', '{"physicalDice":"off"}', 1);
      INSERT INTO tokens VALUES ('g', 't', 'gm', NULL, 1);
      INSERT INTO encounters VALUES ('e', 't', 'phase20', 'Old fight', 'active', 2, 0, 1);
      INSERT INTO events VALUES ('e', 1, 'c1', '{"type":"note","text":"one","seq":1,"cmd":"c1"}');
      INSERT INTO events VALUES ('e', 2, 'c2', '{"type":"note","text":"two","seq":2,"cmd":"c2"}');
    `);
    old.pragma('user_version = 2');
    old.close();

    const s = new SqliteStore({ path });
    expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(8);
    // version 8: the table has a chat
    expect(await s.appendChat('t', { id: 'm1', at: 2, writer: 'gm', recipient: 'table', body: '{}' }, 10)).toBe(1);
    expect(await s.encounter('e')).toMatchObject({ id: 'e', name: 'Old fight', status: 'active', version: 2, paused: false });
    expect((await s.events('e')).map((e) => e.seq)).toEqual([1, 2]);
    expect(await s.encounterDocument('e')).toBeUndefined();
    // version 5: an old table's last activity is its creation
    expect(await s.table('t')).toMatchObject({ createdAt: 1, lastActiveAt: 1 });
    expect(await s.idleTables(2, 10)).toEqual([{ id: 't', lastActiveAt: 1 }]);
    // the old encounter goes on: appends, and a document once one is given
    await s.append('e', 2, [note(3, 'c3')], { status: 'active', command: { id: 'k', bodyHash: 'h', result: { cmd: 'c3', from: 3, to: 3 } }, logCommands: { c3: { type: 'gm.note', text: 'x' } } });
    expect((await s.encounter('e'))!.version).toBe(3);
    expect(await s.logCommands('e')).toEqual({ c3: { type: 'gm.note', text: 'x' } });
    await createEncounter(s, { id: 'e2', tableId: 't', ruleset: 'phase20', name: 'New', status: 'setup' }, [note(1, 'c1')], {}, { name: 'New' });
    expect(await s.encounterDocument('e2')).toEqual({ name: 'New' });
    expect(await s.tokenRow('g')).toEqual({ tableId: 't', role: 'gm' });
    await s.close();
    // and opening it again changes nothing
    const again = new SqliteStore({ path });
    expect(await again.encounterDocument('e2')).toEqual({ name: 'New' });
    expect(await again.events('e')).toHaveLength(3);
    await again.close();
  });

  it('reads an encounter\'s units from its document, units added since included; from encounter_files only without one', async () => {
    const s = new SqliteStore({ path: ':memory:' });
    await s.createTable('t1', 'T', {}, 'g');
    const created = [note(1, 'c1')];
    const doc = { ruleset: 'phase20', name: 'E', sides: { heroes: { players: true } }, units: [{ id: 'kara', side: 'heroes' }] };
    await createEncounter(s, { id: 'withDoc', tableId: 't1', ruleset: 'phase20', name: 'E', status: 'setup' }, created, {}, doc);
    await createEncounter(s, { id: 'old', tableId: 't1', ruleset: 'phase20', name: 'E', status: 'setup' }, created);
    await createEncounter(s, { id: 'none', tableId: 't1', ruleset: 'phase20', name: 'E', status: 'setup' }, created);
    const legacy = { ruleset: 'phase20', sides: { heroes: { players: true } }, units: [{ id: 'pell', side: 'heroes' }] };
    const insert = s.db.prepare('INSERT INTO encounter_files (encounter_id, body) VALUES (?, ?)');
    insert.run('old', JSON.stringify(legacy));
    // a stale row beside a document (as schema 3 wrote both) is not read: the document is the record
    insert.run('withDoc', JSON.stringify(legacy));
    expect(await s.encounterFile('withDoc')).toEqual({ ruleset: 'phase20', sides: doc.sides, units: doc.units });
    expect(await s.encounterFile('old')).toEqual(legacy);
    expect(await s.encounterFile('none')).toBeUndefined();
    // the GM adds a unit in the file's shape: it is the document's, so the roster's
    await s.append('withDoc', 1, [note(2, 'c2')], { status: 'active', document: { ...doc, units: [...doc.units, { id: 'rook', side: 'heroes', controller: 'p1' }] } });
    expect((await s.encounterFile('withDoc'))!.units.map((u) => u.id)).toEqual(['kara', 'rook']);
    // deleting the table takes its encounter_files rows too
    expect(await s.deleteTable('t1')).toBe(true);
    expect(s.db.prepare('SELECT count(*) FROM encounter_files').pluck().get()).toBe(0);
    await s.close();
  });

  it('migrates a version 3 file: encounter_files keeps only the encounters without a document', async () => {
    const path = tempPath('v3.sqlite');
    const a = new SqliteStore({ path });
    await a.createTable('t', 'T', {}, 'g');
    await createEncounter(a, { id: 'e3', tableId: 't', ruleset: 'phase20', name: 'E', status: 'setup' }, [note(1, 'c1')], {}, { ruleset: 'phase20', units: [{ id: 'kara' }] });
    await createEncounter(a, { id: 'e2', tableId: 't', ruleset: 'phase20', name: 'E', status: 'setup' }, [note(1, 'c1')]);
    const body = JSON.stringify({ ruleset: 'phase20', sides: {}, units: [{ id: 'kara' }] });
    a.db.prepare('INSERT INTO encounter_files (encounter_id, body) VALUES (?, ?), (?, ?)').run('e3', body, 'e2', body);
    // as version 3 left it: no last activity column
    a.db.exec('DROP INDEX tables_by_activity; ALTER TABLE tables DROP COLUMN last_active_at');
    a.db.pragma('user_version = 3');
    await a.close();
    const b = new SqliteStore({ path });
    expect(b.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(b.db.prepare('SELECT encounter_id FROM encounter_files').pluck().all()).toEqual(['e2']);
    expect(await b.encounterFile('e2')).toEqual(JSON.parse(body));
    expect(await b.encounterFile('e3')).toEqual({ ruleset: 'phase20', sides: {}, units: [{ id: 'kara' }] });
    await b.close();
  });

  it('opens a version 1 file and adds the roster tables', async () => {
    const path = tempPath('v1.sqlite');
    const old = new Database(path);
    old.exec('CREATE TABLE tables (id TEXT PRIMARY KEY, name TEXT NOT NULL, settings TEXT NOT NULL, created_at INTEGER NOT NULL)');
    old.pragma('user_version = 1');
    old.close();
    const s = new SqliteStore({ path });
    expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    await s.createTable('t', 'T', {}, 'g');
    expect(await s.roster('t')).toEqual([]);
    await s.close();
  });
});
