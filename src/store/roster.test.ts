// The roster store: one transaction per write (a throw writes nothing), a version 1 file migrates, and an
// encounter's units as written come from its document, or from encounter_files when it has none (schema 2).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rosterEntry } from '../engine/index.ts';
import { rosterStore } from './roster.ts';
import { SCHEMA_VERSION } from './schema.ts';
import { Store } from './store.ts';

describe('RosterStore', () => {
  it('keeps the roster in order, and an update that throws writes nothing', () => {
    const s = new Store({ path: ':memory:' });
    s.createTable('t1', 'T', {}, 'g');
    const r = rosterStore(s);
    expect(rosterStore(s)).toBe(r);
    r.updateRoster('t1', () => ({ entries: [rosterEntry({ id: 'b', hp: 5 }, 'phase20'), rosterEntry({ id: 'a', hp: 3 }, 'phase20')] }));
    expect(r.roster('t1').map((e) => e.id)).toEqual(['b', 'a']);
    expect(() =>
      r.updateRoster('t1', (entries) => {
        if (entries.length) throw new Error('no');
        return { entries: [] };
      }),
    ).toThrow('no');
    expect(r.roster('t1')).toHaveLength(2);
    r.putLibrary('t1', [{ kind: 'item', id: 'x', name: 'X', ruleset: 'phase20', data: {} }]);
    r.putLibrary('t1', [{ kind: 'item', id: 'x', name: 'X2', ruleset: 'phase20', data: {} }]);
    expect(r.library('t1')).toEqual([{ kind: 'item', id: 'x', name: 'X2', ruleset: 'phase20', data: {} }]);
    s.close();
  });

  it('reads an encounter\'s units from its document, units added since included; from encounter_files only without one', () => {
    const s = new Store({ path: ':memory:' });
    s.createTable('t1', 'T', {}, 'g');
    const created = [{ type: 'note', text: 'x', seq: 1, cmd: 'c1' }] as never[];
    const doc = { ruleset: 'phase20', name: 'E', sides: { heroes: { players: true } }, units: [{ id: 'kara', side: 'heroes' }] };
    s.createEncounter({ id: 'withDoc', tableId: 't1', ruleset: 'phase20', name: 'E', status: 'setup' }, created, {}, doc);
    s.createEncounter({ id: 'old', tableId: 't1', ruleset: 'phase20', name: 'E', status: 'setup' }, created);
    s.createEncounter({ id: 'none', tableId: 't1', ruleset: 'phase20', name: 'E', status: 'setup' }, created);
    const legacy = { ruleset: 'phase20', sides: { heroes: { players: true } }, units: [{ id: 'pell', side: 'heroes' }] };
    const insert = s.db.prepare('INSERT INTO encounter_files (encounter_id, body) VALUES (?, ?)');
    insert.run('old', JSON.stringify(legacy));
    // a stale row beside a document (as schema 3 wrote both) is not read: the document is the record
    insert.run('withDoc', JSON.stringify(legacy));
    const r = rosterStore(s);
    expect(r.encounterFile('withDoc')).toEqual({ ruleset: 'phase20', sides: doc.sides, units: doc.units });
    expect(r.encounterFile('old')).toEqual(legacy);
    expect(r.encounterFile('none')).toBeUndefined();
    expect(r.encounterFile('nope')).toBeUndefined();
    // the GM adds a unit in the file's shape: it is the document's, so the roster's
    s.append('withDoc', 1, [{ type: 'note', text: 'y', seq: 2, cmd: 'c2' } as never], { status: 'active', document: { ...doc, units: [...doc.units, { id: 'rook', side: 'heroes', controller: 'p1' }] } });
    expect(r.encounterFile('withDoc')!.units.map((u) => u.id)).toEqual(['kara', 'rook']);
    s.close();
  });

  it('migrates a version 3 file: encounter_files keeps only the encounters without a document', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-roster-'));
    try {
      const path = join(dir, 'db.sqlite');
      const a = new Store({ path });
      a.createTable('t', 'T', {}, 'g');
      const created = [{ type: 'note', text: 'x', seq: 1, cmd: 'c1' }] as never[];
      a.createEncounter({ id: 'e3', tableId: 't', ruleset: 'phase20', name: 'E', status: 'setup' }, created, {}, { ruleset: 'phase20', units: [{ id: 'kara' }] });
      a.createEncounter({ id: 'e2', tableId: 't', ruleset: 'phase20', name: 'E', status: 'setup' }, created);
      const body = JSON.stringify({ ruleset: 'phase20', sides: {}, units: [{ id: 'kara' }] });
      a.db.prepare('INSERT INTO encounter_files (encounter_id, body) VALUES (?, ?), (?, ?)').run('e3', body, 'e2', body);
      a.db.pragma('user_version = 3');
      a.close();
      const b = new Store({ path });
      expect(b.db.pragma('user_version', { simple: true })).toBe(4);
      expect(b.db.prepare('SELECT encounter_id FROM encounter_files').pluck().all()).toEqual(['e2']);
      expect(rosterStore(b).encounterFile('e2')).toEqual(JSON.parse(body));
      expect(rosterStore(b).encounterFile('e3')).toEqual({ ruleset: 'phase20', sides: {}, units: [{ id: 'kara' }] });
      b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('opens a version 1 file and adds the roster tables', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-roster-'));
    try {
      const path = join(dir, 'db.sqlite');
      const old = new Database(path);
      old.exec('CREATE TABLE tables (id TEXT PRIMARY KEY, name TEXT NOT NULL, settings TEXT NOT NULL, created_at INTEGER NOT NULL)');
      old.pragma('user_version = 1');
      old.close();
      const s = new Store({ path });
      expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      s.createTable('t', 'T', {}, 'g');
      expect(rosterStore(s).roster('t')).toEqual([]);
      s.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
