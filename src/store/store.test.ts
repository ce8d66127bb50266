import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../engine/index.ts';
import { SCHEMA_VERSION } from './schema.ts';
import { StaleVersionError, Store } from './store.ts';

const note = (seq: number, cmd: string, text = `n${seq}`): LoggedEvent => ({ type: 'note', text, seq, cmd });

describe('Store', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  function open(): Store {
    const s = new Store({ path: ':memory:' });
    s.createTable('t1', 'Table', { physicalDice: 'off' }, 'gmhash');
    s.createEncounter({ id: 'e1', tableId: 't1', ruleset: 'phase20', name: 'E', status: 'setup' }, [note(1, 'c1')]);
    return s;
  }

  it('appends at the expected version and reads back in order', () => {
    const s = open();
    s.append('e1', 1, [note(2, 'c2'), note(3, 'c2')], { status: 'active', command: { id: 'k1', bodyHash: 'h', result: { cmd: 'c2', from: 2, to: 3 } }, logCommands: { c2: { type: 'gm.note', text: 'x' } } });
    expect(s.logCommands('e1')).toEqual({ c2: { type: 'gm.note', text: 'x' } });
    expect(s.events('e1').map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(s.events('e1', 1, 2).map((e) => e.seq)).toEqual([2]);
    expect(s.encounter('e1')).toMatchObject({ version: 3, status: 'active', paused: false });
    expect(s.command('e1', 'k1')).toEqual({ bodyHash: 'h', result: { cmd: 'c2', from: 2, to: 3 } });
  });

  it('rejects a stale append and changes nothing', () => {
    const s = open();
    s.append('e1', 1, [note(2, 'c2')], { status: 'setup' });
    expect(() => s.append('e1', 1, [note(2, 'c3')], { status: 'setup', command: { id: 'k2', bodyHash: 'h', result: { cmd: 'c3', from: 2, to: 2 } } })).toThrow(StaleVersionError);
    expect(s.events('e1').map((e) => e.cmd)).toEqual(['c1', 'c2']);
    expect(s.command('e1', 'k2')).toBeUndefined();
  });

  it('is all or nothing: a reused command id rolls back the events', () => {
    const s = open();
    s.append('e1', 1, [note(2, 'c2')], { status: 'setup', command: { id: 'k', bodyHash: 'h', result: { cmd: 'c2', from: 2, to: 2 } } });
    expect(() => s.append('e1', 2, [note(3, 'c3')], { status: 'setup', command: { id: 'k', bodyHash: 'h2', result: { cmd: 'c3', from: 3, to: 3 } }, logCommands: { c3: { type: 'x' } } })).toThrow();
    expect(s.logCommands('e1')).toEqual({});
    expect(s.encounter('e1')!.version).toBe(2);
    expect(s.events('e1')).toHaveLength(2);
  });

  it('redeems an invite once', () => {
    const s = open();
    s.addInvite('t1', 'p1', 'Ann', 'inv');
    expect(s.tokenRow('inv')).toEqual({ tableId: 't1', role: 'invite', playerId: 'p1' });
    expect(s.redeemInvite('inv', 'sess')).toEqual({ tableId: 't1', role: 'player', playerId: 'p1' });
    expect(s.redeemInvite('inv', 'sess2')).toBeUndefined();
    expect(s.tokenRow('sess')).toEqual({ tableId: 't1', role: 'player', playerId: 'p1' });
    expect(s.players('t1')).toEqual([{ playerId: 'p1', name: 'Ann' }]);
    expect(s.revokePlayer('t1', 'p1')).toBe(1);
    expect(s.tokenRow('sess')).toBeUndefined();
  });

  it('uses WAL and the synchronous level asked for, and survives reopening', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-store-'));
    dirs.push(dir);
    const path = join(dir, 'sub', 'db.sqlite');
    const a = new Store({ path, synchronous: 'normal' });
    expect(a.durability()).toEqual({ journalMode: 'wal', synchronous: 'NORMAL' });
    a.createTable('t', 'T', {}, 'g');
    a.close();
    const b = new Store({ path });
    expect(b.durability()).toEqual({ journalMode: 'wal', synchronous: 'FULL' });
    expect(b.table('t')).toMatchObject({ id: 't', name: 'T', settings: {} });
    expect(b.tokenRow('g')).toEqual({ tableId: 't', role: 'gm' });
    b.close();
  });

  it('keeps an encounter\'s source document, and replaces it with an append, in the same transaction', () => {
    const s = open();
    expect(s.encounterDocument('e1')).toBeUndefined();
    s.createEncounter({ id: 'e2', tableId: 't1', ruleset: 'phase20', name: 'E2', status: 'setup' }, [note(1, 'c1')], {}, { ruleset: 'phase20', units: [{ id: 'a' }] });
    expect(s.encounterDocument('e2')).toEqual({ ruleset: 'phase20', units: [{ id: 'a' }] });
    const doc2 = { ruleset: 'phase20', units: [{ id: 'a' }, { id: 'b' }] };
    // a stale append writes neither the events nor the document
    expect(() => s.append('e2', 0, [note(1, 'c2')], { status: 'setup', document: doc2 })).toThrow(StaleVersionError);
    expect(s.encounterDocument('e2')).toEqual({ ruleset: 'phase20', units: [{ id: 'a' }] });
    s.append('e2', 1, [note(2, 'c2')], { status: 'setup', document: doc2 });
    expect(s.encounterDocument('e2')).toEqual(doc2);
    // an append without a document leaves it as it was
    s.append('e2', 2, [note(3, 'c3')], { status: 'setup' });
    expect(s.encounterDocument('e2')).toEqual(doc2);
    expect(s.encounter('e2')).not.toHaveProperty('document');
  });

  it('opens a version 2 file: its encounters keep working, without a document, and new ones keep theirs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-store-'));
    dirs.push(dir);
    const path = join(dir, 'v2.sqlite');
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

    const s = new Store({ path });
    expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(4);
    expect(s.encounter('e')).toMatchObject({ id: 'e', name: 'Old fight', status: 'active', version: 2, paused: false });
    expect(s.events('e').map((e) => e.seq)).toEqual([1, 2]);
    expect(s.encounterDocument('e')).toBeUndefined();
    // the old encounter goes on: appends, and a document once one is given
    s.append('e', 2, [note(3, 'c3')], { status: 'active', command: { id: 'k', bodyHash: 'h', result: { cmd: 'c3', from: 3, to: 3 } }, logCommands: { c3: { type: 'gm.note', text: 'x' } } });
    expect(s.encounter('e')!.version).toBe(3);
    expect(s.logCommands('e')).toEqual({ c3: { type: 'gm.note', text: 'x' } });
    s.createEncounter({ id: 'e2', tableId: 't', ruleset: 'phase20', name: 'New', status: 'setup' }, [note(1, 'c1')], {}, { name: 'New' });
    expect(s.encounterDocument('e2')).toEqual({ name: 'New' });
    expect(s.tokenRow('g')).toEqual({ tableId: 't', role: 'gm' });
    s.close();
    // and opening it again changes nothing
    const again = new Store({ path });
    expect(again.encounterDocument('e2')).toEqual({ name: 'New' });
    expect(again.events('e')).toHaveLength(3);
    again.close();
  });
});
