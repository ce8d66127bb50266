// The roster store: one transaction per write (a throw writes nothing), and a version 1 file migrates.
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
