import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../engine/index.ts';
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
});
