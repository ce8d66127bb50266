/**
 * A table's library and roster have limits (issue 37): anyone may create a table and be its GM, and 60
 * entries of 2.15 MB were all accepted (134 MB on disk); reading them back held every table 12 s. Now an
 * entry, the entries of a table and their total size are bounded, each refusal says which, changes
 * nothing, and the reads that remain are written in slices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, load, pingsDuring, succeeds, TEST_LIMITS, testTable, type TestTable } from './testing.ts';

const LIMITS = { ...TEST_LIMITS, libraryEntryBytes: 20_000, libraryEntries: 5, libraryBytes: 50_000, replySliceMs: 0 };
let t: TestTable;
beforeAll(async () => {
  t = await testTable({ limits: LIMITS });
});
afterAll(() => t.close());

const lib = () => `/api/tables/${t.tableId}/library`;
const character = (id: string, story: unknown = '') => ({ name: id, ruleset: 'phase20', data: { id, name: id, side: 'heroes', hp: 9, dv: 10, gmNotes: String(story) } });
const ids = async () => ((await t.gm.get(lib())).body.entries as { id: string }[]).map((e) => e.id);

describe("a table's library is bounded", () => {
  it('an entry past libraryEntryBytes is refused (413) with its size, and nothing is kept', async () => {
    const r = await t.gm.call('PUT', `${lib()}/character/big`, character('big', 'x'.repeat(25_000)));
    expect(r.status, r.text).toBe(413);
    expect(r.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'data' });
    expect(r.body.error.message).toMatch(/the character "big" is \d+ characters; a library entry holds at most 20000/);
    expect(await ids()).toEqual([]);
  });

  it('past libraryEntries a new entry is refused (429); replacing one that is there still works', async () => {
    for (let i = 0; i < 5; i++) expect((await t.gm.call('PUT', `${lib()}/character/c${i}`, character(`c${i}`))).status).toBe(200);
    const sixth = await t.gm.call('PUT', `${lib()}/character/c5`, character('c5'));
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(sixth.body.error.message).toMatch(/holds at most 5 entries \(this would make 6\); delete some first/);
    expect((await t.gm.call('PUT', `${lib()}/character/c0`, character('c0', 'a new story'))).status).toBe(200);
    expect(await ids()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });

  it('past libraryBytes (all entries together) an entry that fits alone is refused', async () => {
    // five entries of ~15 000 characters: each fits an entry, together past 50 000
    const sizes: number[] = [];
    for (let i = 0; i < 5; i++) sizes.push((await t.gm.call('PUT', `${lib()}/character/c${i}`, character(`c${i}`, 'y'.repeat(15_000)))).status);
    expect(sizes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(sizes[3]).toBe(429);
    const r = await t.gm.call('PUT', `${lib()}/character/c4`, character('c4', 'y'.repeat(15_000)));
    expect(r.body.error.message).toMatch(/holds at most 50000 characters \(this would make \d+\); delete some entries first/);
  });

  it('a library file is checked whole against the same limits: nothing of it is added when it does not fit', async () => {
    const before = (await t.gm.get(lib())).body.entries;
    const file = { format: 'skirmish-library', version: 1, entries: [0, 1, 2].map((i) => ({ kind: 'monster', id: `m${i}`, ...character(`m${i}`) })) };
    const r = await t.gm.post(`${lib()}/import`, file);
    expect(r.status, r.text).toBe(429);
    expect(r.body.error.code).toBe('LIMIT_REACHED');
    const big = { ...file, entries: [{ kind: 'monster', id: 'huge', ...character('huge', 'z'.repeat(30_000)) }] };
    const r2 = await t.gm.post(`${lib()}/import`, big);
    expect(r2.status).toBe(413);
    expect(r2.body.error.field).toBe('entries[0]');
    expect((await t.gm.get(lib())).body.entries).toEqual(before);
  });

  it('a full library (the default limits) is listed and exported in slices: the server answers others while it goes out', async () => {
    const full = await testTable({ limits: { ...TEST_LIMITS, replySliceMs: 0 } });
    try {
      const at = `/api/tables/${full.tableId}/library`;
      // 480 entries of ~8 000 characters (3.9 MB, under the table's 4 MB), brought in by three library files
      const story = 's'.repeat(8_000);
      for (const from of [0, 160, 320]) {
        const entries = Array.from({ length: 160 }, (_, i) => ({ kind: 'character', id: `c${from + i}`, ...character(`c${from + i}`, story) }));
        const r = await full.gm.post(`${at}/import`, { format: 'skirmish-library', version: 1, entries });
        expect(r.status, r.text.slice(0, 200)).toBe(200);
      }
      const over = await full.gm.call('PUT', `${at}/character/one-more`, character('one-more', 's'.repeat(150_000)));
      expect(over.body.error.message).toMatch(/holds at most 4000000 characters/);
      // with replySliceMs 0 a turn of the loop comes after every 64 KB written: one JSON.stringify answers no ping
      const list = await pingsDuring(full.url, full.gm.get(at));
      expect(list.value.body.entries.length).toBe(480);
      expect(list.pings).toBeGreaterThanOrEqual(3);
      const file = await pingsDuring(full.url, full.gm.get(`${at}/export`));
      expect(file.value.body).toMatchObject({ format: 'skirmish-library', version: 1 });
      expect(file.value.body.entries.length).toBe(480);
      expect(file.pings).toBeGreaterThanOrEqual(3);
    } finally {
      await full.close();
    }
  }, 60_000);
});

describe("a table's roster is bounded", () => {
  it('accepting joins past rosterEntries is refused (429) and accepts nothing', async () => {
    const small = await testTable({ limits: { ...TEST_LIMITS, rosterEntries: 1 } });
    try {
      const enc = await load(small, { example: 'phase20/goblin-cave.yaml' });
      await succeeds(command(small.gm, enc, { type: 'start' }));
      await succeeds(command(small.gm, enc, { type: 'end_combat', outcome: 'victory', winner: 'heroes', reason: 'done' }));
      const r = await small.gm.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: ['kara/join', 'pell/join'] });
      expect(r.status, r.text).toBe(429);
      expect(r.body.error).toMatchObject({ code: 'LIMIT_REACHED' });
      expect(r.body.error.message).toMatch(/a table's roster holds at most 1 characters \(this would make 2\); accept fewer joins/);
      expect((await small.gm.get(`/api/tables/${small.tableId}/roster`)).body.entries).toEqual([]);
      expect((await small.gm.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: ['kara/join'] })).status).toBe(200);
    } finally {
      await small.close();
    }
  }, 60_000);
});
