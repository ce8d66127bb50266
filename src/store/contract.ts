/**
 * The store contract as tests: one suite, run against every adapter (sqlite.test.ts, postgres.test.ts).
 * `open` gives a fresh, empty store each time; `close` is the suite's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rosterEntry, type LoggedEvent } from '../engine/index.ts';
import { createEncounter, CREATE_CHUNK, DuplicateCommandError, eventRowsOf, StaleVersionError, type Store } from './store.ts';

export const note = (seq: number, cmd: string, text = `n${seq}`): LoggedEvent => ({ type: 'note', text, seq, cmd }) as LoggedEvent;

export function describeStoreContract(name: string, open: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    const opened: Store[] = [];
    afterEach(async () => {
      for (const s of opened.splice(0)) await s.close();
    });

    async function fresh(): Promise<Store> {
      const s = await open();
      opened.push(s);
      return s;
    }

    async function withEncounter(): Promise<Store> {
      const s = await fresh();
      await s.createTable('t1', 'Table', { physicalDice: 'off' }, 'gmhash');
      await createEncounter(s, { id: 'e1', tableId: 't1', ruleset: 'phase20', name: 'E', status: 'setup' }, [note(1, 'c1')]);
      return s;
    }

    it('appends at the expected version and reads back in order', async () => {
      const s = await withEncounter();
      await s.append('e1', 1, [note(2, 'c2'), note(3, 'c2')], { status: 'active', command: { id: 'k1', bodyHash: 'h', result: { cmd: 'c2', from: 2, to: 3 } }, logCommands: { c2: { type: 'gm.note', text: 'x' } } });
      expect(await s.logCommands('e1')).toEqual({ c2: { type: 'gm.note', text: 'x' } });
      expect(await s.logCommands('e1', ['c2', 'c9'])).toEqual({ c2: { type: 'gm.note', text: 'x' } });
      expect(await s.logCommands('e1', [])).toEqual({});
      expect((await s.events('e1')).map((e) => e.seq)).toEqual([1, 2, 3]);
      expect((await s.events('e1', 1, 2)).map((e) => e.seq)).toEqual([2]);
      expect(await s.events('e1', 1, 2)).toEqual([note(2, 'c2')]);
      expect(await s.encounter('e1')).toMatchObject({ id: 'e1', tableId: 't1', ruleset: 'phase20', name: 'E', version: 3, status: 'active', paused: false });
      expect(await s.command('e1', 'k1')).toEqual({ bodyHash: 'h', result: { cmd: 'c2', from: 2, to: 3 } });
      expect(await s.command('e1', 'k2')).toBeUndefined();
      expect(await s.encounter('nope')).toBeUndefined();
    });

    it('rejects a stale append and changes nothing', async () => {
      const s = await withEncounter();
      await s.append('e1', 1, [note(2, 'c2')], { status: 'setup' });
      const stale = s.append('e1', 1, [note(2, 'c3')], { status: 'active', command: { id: 'k2', bodyHash: 'h', result: { cmd: 'c3', from: 2, to: 2 } }, document: { x: 1 } });
      await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
      await expect(stale).rejects.toMatchObject({ expected: 1, actual: 2 });
      expect((await s.events('e1')).map((e) => e.cmd)).toEqual(['c1', 'c2']);
      expect(await s.command('e1', 'k2')).toBeUndefined();
      expect(await s.encounter('e1')).toMatchObject({ version: 2, status: 'setup' });
      expect(await s.encounterDocument('e1')).toBeUndefined();
    });

    it('is all or nothing: a reused command id rolls back the events', async () => {
      const s = await withEncounter();
      await s.append('e1', 1, [note(2, 'c2')], { status: 'setup', command: { id: 'k', bodyHash: 'h', result: { cmd: 'c2', from: 2, to: 2 } } });
      await expect(s.append('e1', 2, [note(3, 'c3')], { status: 'active', command: { id: 'k', bodyHash: 'h2', result: { cmd: 'c3', from: 3, to: 3 } }, logCommands: { c3: { type: 'x' } } })).rejects.toBeInstanceOf(DuplicateCommandError);
      expect(await s.logCommands('e1')).toEqual({});
      expect(await s.encounter('e1')).toMatchObject({ version: 2, status: 'setup' });
      expect(await s.events('e1')).toHaveLength(2);
      expect(await s.command('e1', 'k')).toEqual({ bodyHash: 'h', result: { cmd: 'c2', from: 2, to: 2 } });
    });

    it('of two appends at the same version exactly one wins, whole', async () => {
      const s = await withEncounter();
      const tries = await Promise.allSettled(
        ['a', 'b', 'c', 'd'].map((w) => s.append('e1', 1, [note(2, `c${w}`), note(3, `c${w}`)], { status: 'active', command: { id: `k${w}`, bodyHash: w, result: { cmd: `c${w}`, from: 2, to: 3 } } })),
      );
      const won = tries.flatMap((t, i) => (t.status === 'fulfilled' ? ['abcd'[i]] : []));
      expect(won).toHaveLength(1);
      for (const t of tries) if (t.status === 'rejected') expect(t.reason).toBeInstanceOf(StaleVersionError);
      expect((await s.events('e1')).map((e) => e.cmd)).toEqual(['c1', `c${won[0]}`, `c${won[0]}`]);
      for (const w of 'abcd') expect(await s.command('e1', `k${w}`), w).toEqual(w === won[0] ? { bodyHash: w, result: { cmd: `c${w}`, from: 2, to: 3 } } : undefined);
    });

    it('refuses events that do not follow the version, and an encounter that does not exist', async () => {
      const s = await withEncounter();
      await expect(s.append('e1', 1, [note(3, 'c2')], { status: 'setup' })).rejects.toThrow(/seq 3/);
      await expect(s.append('nope', 0, [note(1, 'c1')], { status: 'setup' })).rejects.toThrow(/no encounter nope/);
      expect(await s.encounter('e1')).toMatchObject({ version: 1 });
    });

    it('keeps tables, settings, players and tokens; redeems an invite once', async () => {
      const s = await withEncounter();
      expect(await s.table('t1')).toMatchObject({ id: 't1', name: 'Table', settings: { physicalDice: 'off' } });
      expect(await s.table('nope')).toBeUndefined();
      expect(await s.settings('t1')).toEqual({ physicalDice: 'off' });
      await s.setSettings('t1', { physicalDice: 'all', players: { p1: 'on' } });
      expect((await s.table('t1'))!.settings).toEqual({ physicalDice: 'all', players: { p1: 'on' } });
      expect(await s.settings('t1')).toEqual({ physicalDice: 'all', players: { p1: 'on' } });
      expect(await s.settings('nope')).toBeUndefined();
      expect(await s.countTables()).toBe(1);
      // tables are counted by the network they were created from (none given: counted in the total only)
      await s.createTable('tn1', 'N1', {}, 'gmn1', '10.0.0.0/24');
      await s.createTable('tn2', 'N2', {}, 'gmn2', '10.0.0.0/24');
      await s.createTable('tn3', 'N3', {}, 'gmn3', '10.0.1.0/24');
      expect([await s.countTables(), await s.countTables('10.0.0.0/24'), await s.countTables('10.0.1.0/24'), await s.countTables('10.0.2.0/24')]).toEqual([4, 2, 1, 0]);
      expect(await s.deleteTable('tn1')).toBe(true);
      expect(await s.countTables('10.0.0.0/24')).toBe(1);
      for (const id of ['tn2', 'tn3']) await s.deleteTable(id);
      expect(await s.tokenRow('gmhash')).toEqual({ tableId: 't1', role: 'gm' });
      await s.addInvite('t1', 'p1', 'Ann', 'inv');
      await s.addInvite('t1', 'p2', 'Bo', 'inv2');
      await s.addInvite('t1', 'p1', 'Anne', 'inv3');
      expect(await s.tokenRow('inv')).toEqual({ tableId: 't1', role: 'invite', playerId: 'p1' });
      expect(await s.redeemInvite('inv', 'sess')).toEqual({ tableId: 't1', role: 'player', playerId: 'p1' });
      expect(await s.redeemInvite('inv', 'sess2')).toBeUndefined();
      expect(await s.redeemInvite('gmhash', 'sess3')).toBeUndefined();
      expect(await s.tokenRow('sess')).toEqual({ tableId: 't1', role: 'player', playerId: 'p1' });
      expect(await s.players('t1')).toEqual([{ playerId: 'p1', name: 'Anne' }, { playerId: 'p2', name: 'Bo' }]);
      expect([await s.playerTokens('t1', 'p1'), await s.playerTokens('t1', 'p2'), await s.playerTokens('t1', 'p9'), await s.playerTokens('t9', 'p1')]).toEqual([2, 1, 0, 0]);
      expect(await s.revokePlayer('t1', 'p1')).toBe(2);
      expect(await s.playerTokens('t1', 'p1')).toBe(0);
      expect(await s.tokenRow('sess')).toBeUndefined();
      expect(await s.tokenRow('inv2')).toEqual({ tableId: 't1', role: 'invite', playerId: 'p2' });
    });

    it('lists a table\'s encounters in creation order; pauses; creates several all or none', async () => {
      const s = await withEncounter();
      await s.createEncounters([
        { row: { id: 'e2', tableId: 't1', ruleset: 'duel60', name: 'Two', status: 'setup' }, events: [note(1, 'c1')] },
        { row: { id: 'e3', tableId: 't1', ruleset: 'phase20', name: 'Three', status: 'ended' }, events: [note(1, 'c1'), note(2, 'c2')], logCommands: { c2: { type: 'end_combat' } }, document: { units: [] } },
      ]);
      expect((await s.encounters('t1')).map((e) => [e.id, e.version, e.status])).toEqual([['e1', 1, 'setup'], ['e2', 1, 'setup'], ['e3', 2, 'ended']]);
      expect(await s.logCommands('e3')).toEqual({ c2: { type: 'end_combat' } });
      expect(await s.encounterDocument('e3')).toEqual({ units: [] });
      await s.setPaused('e2', true);
      expect(await s.encounter('e2')).toMatchObject({ paused: true });
      await s.setPaused('e2', false);
      expect(await s.encounter('e2')).toMatchObject({ paused: false });
      // an id taken: neither of the two is created
      await expect(s.createEncounters([{ row: { id: 'e4', tableId: 't1', ruleset: 'phase20', name: 'Four', status: 'setup' }, events: [note(1, 'c1')] }, { row: { id: 'e1', tableId: 't1', ruleset: 'phase20', name: 'Again', status: 'setup' }, events: [note(1, 'c1')] }])).rejects.toThrow();
      expect(await s.encounter('e4')).toBeUndefined();
      expect(await s.encounters('t1')).toHaveLength(3);
      expect(await s.encounters('nope')).toEqual([]);
    });

    it('creates a long log (an import\'s, written as rows) all or none, while other writes go on and are kept', async () => {
      const s = await withEncounter();
      const N = 3 * CREATE_CHUNK + 7;
      const long = Array.from({ length: N }, (_, i) => note(i + 1, `c${i + 1}`));
      const rows = eventRowsOf(long);
      const created = s.createEncounters([{ row: { id: 'e2', tableId: 't1', ruleset: 'phase20', name: 'Long', status: 'active' }, events: rows, logCommands: { c2: { type: 'end_combat' } } }]);
      // another table's write and another encounter's append, sent while the log is written: kept, in order
      const other = s.createTable('t2', 'Other', {}, 'gm2');
      const appended = s.append('e1', 1, [note(2, 'c2')], { status: 'setup' });
      await Promise.all([created, other, appended]);
      expect(await s.encounter('e2')).toMatchObject({ version: N, status: 'active' });
      expect((await s.events('e2')).map((e) => e.seq)).toEqual(long.map((e) => e.seq));
      expect((await s.events('e2', N - 1))[0]).toEqual(long[N - 1]);
      expect(await s.logCommands('e2')).toEqual({ c2: { type: 'end_combat' } });
      expect(await s.encounter('e1')).toMatchObject({ version: 2 });
      expect(await s.table('t2')).toBeDefined();
      // an id taken after a long log: nothing of either is kept, and the next write goes through
      await expect(s.createEncounters([{ row: { id: 'e3', tableId: 't1', ruleset: 'phase20', name: 'Three', status: 'setup' }, events: rows }, { row: { id: 'e1', tableId: 't1', ruleset: 'phase20', name: 'Again', status: 'setup' }, events: [note(1, 'c1')] }])).rejects.toThrow();
      expect(await s.encounter('e3')).toBeUndefined();
      expect(await s.events('e3')).toEqual([]);
      await s.append('e1', 2, [note(3, 'c3')], { status: 'setup' });
      expect(await s.encounter('e1')).toMatchObject({ version: 3 });
    });

    it('keeps an encounter\'s source document, and replaces it with an append, in the same transaction', async () => {
      const s = await withEncounter();
      expect(await s.encounterDocument('e1')).toBeUndefined();
      await createEncounter(s, { id: 'e2', tableId: 't1', ruleset: 'phase20', name: 'E2', status: 'setup' }, [note(1, 'c1')], {}, { ruleset: 'phase20', units: [{ id: 'a' }] });
      expect(await s.encounterDocument('e2')).toEqual({ ruleset: 'phase20', units: [{ id: 'a' }] });
      const doc2 = { ruleset: 'phase20', units: [{ id: 'a' }, { id: 'b' }] };
      await expect(s.append('e2', 0, [note(1, 'c2')], { status: 'setup', document: doc2 })).rejects.toBeInstanceOf(StaleVersionError);
      expect(await s.encounterDocument('e2')).toEqual({ ruleset: 'phase20', units: [{ id: 'a' }] });
      await s.append('e2', 1, [note(2, 'c2')], { status: 'setup', document: doc2 });
      expect(await s.encounterDocument('e2')).toEqual(doc2);
      // an append without a document leaves it as it was
      await s.append('e2', 2, [note(3, 'c3')], { status: 'setup' });
      expect(await s.encounterDocument('e2')).toEqual(doc2);
      expect(await s.encounter('e2')).not.toHaveProperty('document');
      expect(await s.encounterFile('e2')).toEqual({ ruleset: 'phase20', sides: {}, units: [{ id: 'a' }, { id: 'b' }] });
      expect(await s.encounterFile('e1')).toBeUndefined();
      expect(await s.encounterFile('nope')).toBeUndefined();
    });

    it('keeps the roster in order, and an update that throws writes nothing; the library by kind and id', async () => {
      const s = await withEncounter();
      await s.updateRoster('t1', () => ({ entries: [rosterEntry({ id: 'b', hp: 5 }, 'phase20'), rosterEntry({ id: 'a', hp: 3 }, 'phase20')] }));
      expect((await s.roster('t1')).map((e) => e.id)).toEqual(['b', 'a']);
      await expect(
        s.updateRoster('t1', (entries) => {
          if (entries.length) throw new Error('no');
          return { entries: [] };
        }),
      ).rejects.toThrow('no');
      expect(await s.roster('t1')).toHaveLength(2);
      const out = await s.updateRoster('t1', (entries) => ({ entries: entries.slice(1), said: 'ok' }));
      expect(out.said).toBe('ok');
      expect((await s.roster('t1')).map((e) => e.id)).toEqual(['a']);
      await s.putLibrary('t1', [{ kind: 'item', id: 'x', name: 'X', ruleset: 'phase20', data: {} }, { kind: 'monster', id: 'x', name: 'Mx', ruleset: 'phase20', data: {} }]);
      await s.putLibrary('t1', [{ kind: 'item', id: 'x', name: 'X2', ruleset: 'phase20', data: {} }, { kind: 'item', id: 'y', name: 'Y', ruleset: 'phase20', data: {} }]);
      expect((await s.library('t1')).map((e) => `${e.kind}/${e.id}/${e.name}`)).toEqual(['item/x/X2', 'monster/x/Mx', 'item/y/Y']);
      // one entry out, by kind and id; the same id of another kind stays
      expect(await s.deleteLibrary('t1', 'item', 'x')).toBe(true);
      expect(await s.deleteLibrary('t1', 'item', 'x')).toBe(false);
      expect((await s.library('t1')).map((e) => `${e.kind}/${e.id}`)).toEqual(['monster/x', 'item/y']);
    });

    it('serialises roster updates: two at once both count', async () => {
      const s = await withEncounter();
      await Promise.all(['a', 'b', 'c'].map((id) => s.updateRoster('t1', (entries) => ({ entries: [...entries, rosterEntry({ id, hp: 1 }, 'phase20')] }))));
      expect((await s.roster('t1')).map((e) => e.id).sort()).toEqual(['a', 'b', 'c']);
    });

    it('records activity, finds idle tables oldest first, and deletes a table with everything of it', async () => {
      const s = await withEncounter();
      const created = (await s.table('t1'))!;
      expect(created.lastActiveAt).toBe(created.createdAt);
      await s.createTable('t2', 'Two', {}, 'gm2');
      await s.createTable('t3', 'Three', {}, 'gm3');
      await s.touchTable('t1', 5_000);
      await s.touchTable('t2', 1_000);
      await s.touchTable('t3', 3_000);
      await s.touchTable('t1', created.createdAt + 10);
      // activity never goes back
      await s.touchTable('t1', 10);
      expect((await s.table('t1'))!.lastActiveAt).toBe(created.createdAt + 10);
      const far = created.createdAt + 1_000_000;
      // t2, t3 were touched only with old times: their creation (now) is their latest activity
      for (const id of ['t2', 't3']) expect((await s.table(id))!.lastActiveAt).toBeGreaterThanOrEqual(created.createdAt);
      await s.touchTable('t2', far);
      await s.touchTable('t3', created.createdAt + 100_000);
      expect((await s.idleTables(far, 10)).map((t) => t.id)).toEqual(['t1', 't3']);
      expect(await s.idleTables(far, 1)).toEqual([{ id: 't1', lastActiveAt: created.createdAt + 10 }]);
      expect(await s.idleTables(0, 10)).toEqual([]);

      await s.addInvite('t1', 'p1', 'Ann', 'inv');
      await s.append('e1', 1, [note(2, 'c2')], { status: 'active', command: { id: 'k', bodyHash: 'h', result: { cmd: 'c2', from: 2, to: 2 } }, logCommands: { c2: { type: 'x' } } });
      await s.updateRoster('t1', () => ({ entries: [rosterEntry({ id: 'a', hp: 3 }, 'phase20')] }));
      await s.putLibrary('t1', [{ kind: 'item', id: 'x', name: 'X', ruleset: 'phase20', data: {} }]);
      await createEncounter(s, { id: 'e9', tableId: 't3', ruleset: 'phase20', name: 'Other', status: 'setup' }, [note(1, 'c1')]);
      expect(await s.deleteTable('t1')).toBe(true);
      expect(await s.deleteTable('t1')).toBe(false);
      expect(await s.table('t1')).toBeUndefined();
      expect(await s.tokenRow('gmhash')).toBeUndefined();
      expect(await s.tokenRow('inv')).toBeUndefined();
      expect(await s.players('t1')).toEqual([]);
      expect(await s.encounter('e1')).toBeUndefined();
      expect(await s.encounters('t1')).toEqual([]);
      expect(await s.events('e1')).toEqual([]);
      expect(await s.command('e1', 'k')).toBeUndefined();
      expect(await s.logCommands('e1')).toEqual({});
      expect(await s.roster('t1')).toEqual([]);
      expect(await s.library('t1')).toEqual([]);
      expect(await s.countTables()).toBe(2);
      // the other tables are untouched, and the id can be used again
      expect(await s.events('e9')).toHaveLength(1);
      expect(await s.tokenRow('gm3')).toEqual({ tableId: 't3', role: 'gm' });
      await s.createTable('t1', 'Again', {}, 'gmhash');
      await createEncounter(s, { id: 'e1', tableId: 't1', ruleset: 'phase20', name: 'E', status: 'setup' }, [note(1, 'c1')]);
      expect(await s.command('e1', 'k')).toBeUndefined();
    });

    it("keeps a table's chat numbered, reads it per reader a page at a time, drops the oldest past `keep`, and deletes it with the table", async () => {
      const s = await fresh();
      await s.createTable('t1', 'Table', {}, 'gmhash');
      await s.createTable('t2', 'Other', {}, 'gm2');
      const msg = (id: string, writer: string, recipient: string) => ({ id, at: 1000, writer, recipient, body: JSON.stringify({ text: id }) });
      expect(await s.appendChat('t1', msg('m1', 'gm', 'table'), 10)).toBe(1);
      expect(await s.appendChat('t1', msg('m2', 'p:a', 'gm'), 10)).toBe(2); // a's whisper to the GM
      expect(await s.appendChat('t1', msg('m3', 'gm', 'p:b'), 10)).toBe(3); // the GM's whisper to b
      expect(await s.appendChat('t1', msg('m4', 'p:b', 'table'), 10)).toBe(4);
      expect(await s.appendChat('t2', msg('x1', 'gm', 'table'), 10)).toBe(1);
      expect(await s.appendChat('nope', msg('y', 'gm', 'table'), 10)).toBeUndefined();
      const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
      expect(ids(await s.chat('t1', { reader: { gm: true }, limit: 10 }))).toEqual(['m4', 'm3', 'm2', 'm1']);
      expect(ids(await s.chat('t1', { reader: { player: 'a' }, limit: 10 }))).toEqual(['m4', 'm2', 'm1']);
      expect(ids(await s.chat('t1', { reader: { player: 'b' }, limit: 10 }))).toEqual(['m4', 'm3', 'm1']);
      expect(ids(await s.chat('t1', { reader: { player: 'b' }, limit: 1, before: 4 }))).toEqual(['m3']);
      expect(ids(await s.chat('t1', { reader: { gm: true }, limit: 2, after: 1 }))).toEqual(['m2', 'm3']);
      expect(ids(await s.chat('t1', { reader: { player: 'a' }, limit: 5, after: 1 }))).toEqual(['m2', 'm4']);
      expect(await s.chat('t1', { reader: { player: 'a' }, limit: 1 })).toEqual([{ seq: 4, id: 'm4', at: 1000, writer: 'p:b', recipient: 'table', body: '{"text":"m4"}' }]);
      expect(await s.chatSeq('t1', 'm3', { player: 'b' })).toBe(3);
      expect(await s.chatSeq('t1', 'm3', { player: 'a' })).toBeUndefined();
      expect(await s.chatSeq('t2', 'm3', { gm: true })).toBeUndefined();
      // past `keep` the oldest go; the numbering goes on
      for (let i = 5; i <= 13; i++) await s.appendChat('t1', msg(`m${i}`, 'gm', 'table'), 10);
      expect(ids(await s.chat('t1', { reader: { gm: true }, limit: 100 }))).toEqual(['m13', 'm12', 'm11', 'm10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4']);
      expect(await s.deleteTable('t1')).toBe(true);
      expect(await s.chat('t1', { reader: { gm: true }, limit: 100 })).toEqual([]);
      expect(ids(await s.chat('t2', { reader: { gm: true }, limit: 100 }))).toEqual(['x1']);
      // the id can be used again, with a chat of its own
      await s.createTable('t1', 'Again', {}, 'gmhash');
      expect(await s.appendChat('t1', msg('m1', 'gm', 'table'), 10)).toBe(1);
    });

    it('keeps a map image once by its hash, counted once per table, within the bounds; a deleted table lets go of it', async () => {
      const s = await fresh();
      await s.createTable('t1', 'One', {}, 'g1');
      await s.createTable('t2', 'Two', {}, 'g2');
      const img = (hash: string, size: number) => ({ hash: hash.repeat(64), type: 'image/png', width: 4, height: 3, size });
      const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
      const bounds = { perTable: 2, bytesPerTable: 100, bytesPerServer: 150 };
      expect(await s.putImage('t1', img('a', 40), bytes(40, 1), bounds)).toEqual({ ok: true, stored: true });
      // the same image again, for this table or another: no second copy of the bytes
      expect(await s.putImage('t1', img('a', 40), bytes(40, 1), bounds)).toEqual({ ok: true, stored: false });
      expect(await s.putImage('t2', img('a', 40), undefined, bounds)).toEqual({ ok: true, stored: false });
      expect(await s.image('a'.repeat(64))).toMatchObject({ hash: 'a'.repeat(64), type: 'image/png', width: 4, height: 3, size: 40 });
      expect([...(await s.image('a'.repeat(64)))!.body]).toEqual([...bytes(40, 1)]);
      // a claim on an image the server does not hold, and each bound
      expect(await s.putImage('t1', img('b', 10), undefined, bounds)).toEqual({ ok: false, refused: 'missing' });
      expect(await s.putImage('t1', img('b', 61), bytes(61, 2), bounds)).toEqual({ ok: false, refused: 'bytesPerTable' });
      expect(await s.putImage('t1', img('b', 60), bytes(60, 2), bounds)).toEqual({ ok: true, stored: true });
      expect(await s.putImage('t1', img('c', 1), bytes(1, 3), bounds)).toEqual({ ok: false, refused: 'perTable' });
      expect(await s.putImage('t2', img('c', 51), bytes(51, 3), bounds)).toEqual({ ok: false, refused: 'bytesPerServer' });
      expect(await s.image('c'.repeat(64))).toBeUndefined();
      // t1 goes: b (held by t1 only) goes with it; a stays for t2
      await s.deleteTable('t1');
      expect(await s.image('b'.repeat(64))).toBeUndefined();
      expect(await s.image('a'.repeat(64))).toBeDefined();
      expect(await s.putImage('t2', img('c', 51), bytes(51, 3), bounds)).toEqual({ ok: true, stored: true });
    });

    it('describes itself in one line', async () => {
      const s = await fresh();
      expect(await s.describe()).toMatch(new RegExp(s.kind === 'sqlite' ? '^SQLite ' : '^PostgreSQL '));
      expect(await s.describe()).not.toMatch(/password|secret/i);
    });
  });
}
