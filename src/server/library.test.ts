// The library one entry at a time (the encounter builder's characters and saved encounters), and an example's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTable, type TestTable } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

const lib = () => `/api/tables/${t.tableId}/library`;
const kara = { name: 'Kara', ruleset: 'phase20', data: { id: 'kara', name: 'Kara', side: 'heroes', at: [1, 2], hp: 22, dv: 15, weapons: [{ id: 'spear', name: 'Spear', damage: '1d8' }] } };

describe('library entries', () => {
  it('puts, lists, replaces and deletes an entry; the file export carries it', async () => {
    expect((await t.gm.get(lib())).body).toEqual({ entries: [] });
    const put = await t.gm.call('PUT', `${lib()}/character/kara`, kara);
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ kind: 'character', id: 'kara', ...kara });
    const cave = { name: 'My cave', ruleset: 'phase20', data: { ruleset: 'phase20', name: 'My cave', units: [] } };
    expect((await t.gm.call('PUT', `${lib()}/encounter/my-cave`, cave)).status).toBe(200);
    // the same kind and id replaces
    expect((await t.gm.call('PUT', `${lib()}/character/kara`, { ...kara, notes: 'wounded' })).status).toBe(200);
    const list = (await t.gm.get(lib())).body.entries;
    expect(list.map((e: { kind: string; id: string; notes?: string }) => [e.kind, e.id, e.notes])).toEqual([['character', 'kara', 'wounded'], ['encounter', 'my-cave', undefined]]);
    const file = (await t.gm.get(`${lib()}/export`)).body;
    expect(file.entries.map((e: { id: string }) => e.id)).toEqual(['kara', 'my-cave']);
    expect((await t.gm.call('DELETE', `${lib()}/encounter/my-cave`)).body).toEqual({ deleted: true });
    const gone = await t.gm.call('DELETE', `${lib()}/encounter/my-cave`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('no encounter "my-cave" in the library');
    expect((await t.gm.get(lib())).body.entries.map((e: { id: string }) => e.id)).toEqual(['kara']);
  });

  it('refuses a bad kind, id or ruleset with the field, and changes nothing', async () => {
    const before = (await t.gm.get(lib())).body.entries;
    const kind = await t.gm.call('PUT', `${lib()}/hero/x`, kara);
    expect(kind.status).toBe(422);
    expect(kind.body.error).toMatchObject({ code: 'INVALID_LIBRARY', field: 'kind' });
    // an id with other characters is no entry's address
    expect((await t.gm.call('PUT', `${lib()}/character/${encodeURIComponent('a b')}`, kara)).status).toBe(404);
    const rs = await t.gm.call('PUT', `${lib()}/character/x`, { ...kara, ruleset: 'chess' });
    expect(rs.body.error).toMatchObject({ code: 'INVALID_LIBRARY', field: 'ruleset', message: 'ruleset: unknown ruleset "chess"' });
    const extra = await t.gm.call('PUT', `${lib()}/character/x`, { ...kara, colour: 'red' });
    expect(extra.status).toBe(400);
    expect((await t.gm.get(lib())).body.entries).toEqual(before);
  });

  it("refuses data its ruleset would refuse in a file, in the file's words at the path from data, on PUT and in a library file alike; nothing kept", async () => {
    const before = (await t.gm.get(lib())).body.entries;
    const bad = { ...kara, data: { ...kara.data, hp: 'lots', onload: 'alert(1)' } };
    const put = await t.gm.call('PUT', `${lib()}/character/x`, bad);
    expect(put.status, put.text).toBe(422);
    expect(put.body.error).toMatchObject({ code: 'INVALID_LIBRARY', field: 'data.hp', message: 'data.hp: must be a number, not the text "lots" (and 1 more)', problems: ['data.hp: must be a number, not the text "lots"', 'data: unknown field "onload"'] });
    const file = { format: 'skirmish-library', version: 1, entries: [{ kind: 'character', id: 'ok', ...kara }, { kind: 'monster', id: 'x', ...bad }, { kind: 'item', id: 'i', name: 'I', ruleset: 'chess', data: {} }] };
    const imp = await t.gm.post(`${lib()}/import`, file);
    expect(imp.status, imp.text).toBe(422);
    expect(imp.body.error).toMatchObject({ code: 'INVALID_LIBRARY', field: 'entries[1].data.hp', problems: ['entries[1].data.hp: must be a number, not the text "lots"', 'entries[1].data: unknown field "onload"', 'entries[2].ruleset: unknown ruleset "chess"'] });
    expect((await t.gm.get(lib())).body.entries).toEqual(before);
  });

  it('is the GM\'s: a player may not read or write it', async () => {
    expect((await t.p1.get(lib())).status).toBe(403);
    expect((await t.p1.call('PUT', `${lib()}/character/kara`, kara)).status).toBe(403);
    expect((await t.p1.call('DELETE', `${lib()}/character/kara`)).status).toBe(403);
  });
});

describe('an example as text', () => {
  it('gives a listed example\'s file, and nothing outside the list', async () => {
    const r = await t.gm.get('/api/examples/phase20/goblin-cave');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ path: 'phase20/goblin-cave.yaml', ruleset: 'phase20', name: 'Goblin cave' });
    expect(r.body.text).toMatch(/^ruleset: phase20$/m);
    expect((await t.gm.get('/api/examples/phase20/..%2F..%2Fpackage')).status).toBe(404);
    expect((await t.gm.get('/api/examples/phase20/nope')).status).toBe(404);
  });
});
