// The encounter's document (encounters.document) as the one record of its units as written: carry-back
// offers a character the GM added in the file's shape; an old database (encounter_files only, schema 2)
// still offers its file's characters; a GM's export carries the document and an import restores it
// (validated with the ruleset's schema), while a player's export never holds it.
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startServer } from './app.ts';
import { SCHEMA_VERSION, type SqliteStore } from '../store/index.ts';
import { Client, command, load, TEST_LIMITS, testTable, type TestTable, succeeds } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

const ok = succeeds;

const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
const fileUnits = async (c: Client, enc: string) => (await c.get(`/api/encounters/${enc}/file-units`)).body;
const encounterIds = async () => ids((await t.gm.get(`/api/tables/${t.tableId}/encounters`)).body);

/** A hero written as in goblin-cave.yaml, p1's to move. */
const rook = { id: 'rook', name: 'Rook', side: 'heroes', controller: 'p1', at: [0, 3], hp: 12, dv: 13, skilled: { weapons: ['spear'] }, weapons: ['spear'] };
const wren = { ...rook, id: 'wren', name: 'Wren', at: [0, 4] };
const scout = { id: 'g4', name: 'Goblin Scout', side: 'goblins', at: [8, 0], hp: 9, dv: 12, weapons: ['rusty'] };

describe('carry-back reads the encounter\'s document', () => {
  it('offers a character the GM added in the file\'s shape, and not a goblin or an undone one', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    await ok(command(t.gm, enc, { type: 'start' }));
    await ok(command(t.gm, enc, { type: 'gm.add_unit', entry: rook, reason: 'Rook catches up' }));
    await ok(command(t.gm, enc, { type: 'gm.add_unit', entry: scout, hidden: true }));
    // a second hero, added and taken back: not in the fight, not offered
    await ok(command(t.gm, enc, { type: 'gm.add_unit', entry: { ...rook, id: 'vale', name: 'Vale', at: [0, 4] } }));
    await ok(command(t.gm, enc, { type: 'undo' }));
    await ok(command(t.gm, enc, { type: 'gm.damage', unit: 'rook', amount: 5, rules: false }));
    await ok(command(t.gm, enc, { type: 'end_combat', outcome: 'victory', winner: 'heroes' }));

    const review = await t.gm.post(`/api/encounters/${enc}/carry-back`);
    expect(review.status, review.text).toBe(200);
    const changes = ids(review.body.changes);
    expect(changes).toEqual(expect.arrayContaining(['kara/join', 'pell/join', 'rook/join', 'rook/pool/hp']));
    expect(changes.filter((c) => c.startsWith('g4') || c.startsWith('vale'))).toEqual([]);

    const acc = await t.gm.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: ['rook/join', 'rook/pool/hp'] });
    expect(acc.status, acc.text).toBe(200);
    const roster = (await t.gm.get(`/api/tables/${t.tableId}/roster`)).body.entries;
    expect(ids(roster)).toEqual(['rook']);
    // the entry as the GM wrote it, ready for the next file
    expect(roster[0]).toMatchObject({ name: 'Rook', ruleset: 'phase20', unit: rook, current: { pools: { hp: { value: 7, max: 12 } } } });
  });

  it('offers the characters of a scenario\'s inline encounter (frontline convoy ambush: the crew, players: true)', async () => {
    const enc = await load(t, { example: 'frontline/convoy-ambush.yaml' });
    await ok(command(t.gm, enc, { type: 'end_combat', outcome: 'truce' }));
    const review = await t.gm.post(`/api/encounters/${enc}/carry-back`);
    expect(review.status, review.text).toBe(200);
    const joins = review.body.changes.filter((c: { kind: string }) => c.kind === 'join').map((c: { entry: string }) => c.entry);
    expect(joins).toContain('dana');
    const units = (await t.gm.get(`/api/encounters/${enc}`)).body.state.units as Record<string, { side: string }>;
    expect(joins.every((id: string) => units[id].side === 'crew')).toBe(true);
  });
});

describe('an old database: encounter_files only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skirmish-olddb-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const file = parse(readFileSync(resolve(import.meta.dirname, '../../examples/phase20/goblin-cave.yaml'), 'utf8')) as { sides: unknown; units: unknown[] };
  /** What schema 2 kept of goblin-cave.yaml in encounter_files. */
  const filesBody = JSON.stringify({ ruleset: 'phase20', sides: file.sides, units: file.units });

  /** A file with two goblin-cave encounters played to the end (Kara hurt), as this server writes it. */
  async function played(name: string): Promise<{ path: string; token: string; tableId: string; a: string; b: string }> {
    const path = join(dir, name);
    const srv = await startServer({ port: 0, db: path, limits: TEST_LIMITS });
    try {
      const url = `http://127.0.0.1:${srv.port}`;
      const made = await new Client(url).post('/api/tables', { name: 'Old table' });
      const gm = new Client(url, made.body.gmToken);
      const tableId = made.body.table.id as string;
      const one = async () => {
        const r = await gm.post(`/api/tables/${tableId}/encounters`, { example: 'phase20/goblin-cave.yaml' });
        expect(r.status, r.text).toBe(201);
        await ok(command(gm, r.body.id, { type: 'start' }));
        await ok(command(gm, r.body.id, { type: 'gm.damage', unit: 'kara', amount: 7, rules: false }));
        await ok(command(gm, r.body.id, { type: 'end_combat', outcome: 'victory', winner: 'heroes' }));
        return r.body.id as string;
      };
      return { path, token: made.body.gmToken, tableId, a: await one(), b: await one() };
    } finally {
      await srv.close();
    }
  }

  /** Reopen the file with this server and check what carry-back offers for each encounter. */
  async function reopened(db: { path: string; token: string; tableId: string }, check: (gm: Client, srv: Awaited<ReturnType<typeof startServer>>) => Promise<void>): Promise<void> {
    const srv = await startServer({ port: 0, db: db.path, limits: TEST_LIMITS });
    try {
      expect((srv.ctx.store as SqliteStore).db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      await check(new Client(`http://127.0.0.1:${srv.port}`, db.token), srv);
    } finally {
      await srv.close();
    }
  }

  const filesRows = (srv: Awaited<ReturnType<typeof startServer>>) => (srv.ctx.store as SqliteStore).db.prepare('SELECT encounter_id FROM encounter_files ORDER BY encounter_id').pluck().all();

  it('a version 2 file (no document column, the units in encounter_files): carry-back offers its file\'s characters', async () => {
    const db = await played('v2.sqlite');
    const raw = new Database(db.path);
    raw.prepare('INSERT INTO encounter_files (encounter_id, body) VALUES (?, ?), (?, ?)').run(db.a, filesBody, db.b, filesBody);
    raw.exec('ALTER TABLE encounters DROP COLUMN document');
    raw.pragma('user_version = 2');
    raw.close();

    await reopened(db, async (gm, srv) => {
      // nothing to fold into a document: encounter_files stays theirs
      expect(filesRows(srv)).toEqual([db.a, db.b].sort());
      for (const enc of [db.a, db.b]) {
        const review = await gm.post(`/api/encounters/${enc}/carry-back`);
        expect(review.status, review.text).toBe(200);
        expect(ids(review.body.changes)).toEqual(['kara/join', 'pell/join', 'kara/pool/hp']);
      }
      const acc = await gm.post(`/api/encounters/${db.a}/carry-back/accept`, { accepted: ['kara/join', 'kara/pool/hp'] });
      expect(acc.status, acc.text).toBe(200);
      expect(acc.body.entries[0]).toMatchObject({ id: 'kara', unit: { id: 'kara', hp: 22, controller: 'p1' }, current: { pools: { hp: { value: 15, max: 22 } } } });
      // no document: no file-shaped units, and a GM's export carries none
      expect(await fileUnits(gm, db.a)).toEqual({ encounter: db.a, hasFile: false, units: [] });
      expect((await gm.get(`/api/encounters/${db.a}/export`)).body.encounters[0]).not.toHaveProperty('document');
      // a new encounter keeps its units in its document only
      const fresh = await gm.post(`/api/tables/${db.tableId}/encounters`, { example: 'phase20/goblin-cave.yaml' });
      expect(fresh.status, fresh.text).toBe(201);
      expect(filesRows(srv)).not.toContain(fresh.body.id);
      expect((await fileUnits(gm, fresh.body.id)).hasFile).toBe(true);
    });
  });

  it('a version 3 file: an encounter with a document keeps its units there only, one without keeps encounter_files', async () => {
    const db = await played('v3.sqlite');
    const raw = new Database(db.path);
    // a: loaded under schema 2 (no document); b: under schema 3 (both)
    raw.prepare('INSERT INTO encounter_files (encounter_id, body) VALUES (?, ?), (?, ?)').run(db.a, filesBody, db.b, filesBody);
    raw.prepare('UPDATE encounters SET document = NULL WHERE id = ?').run(db.a);
    raw.pragma('user_version = 3');
    raw.close();

    await reopened(db, async (gm, srv) => {
      expect(filesRows(srv)).toEqual([db.a]);
      for (const enc of [db.a, db.b]) {
        const review = await gm.post(`/api/encounters/${enc}/carry-back`);
        expect(review.status, review.text).toBe(200);
        expect(ids(review.body.changes)).toEqual(['kara/join', 'pell/join', 'kara/pool/hp']);
      }
    });
  });
});

describe('export and import keep the document (GM), never for players', () => {
  let enc: string;
  beforeAll(async () => {
    enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    await ok(command(t.gm, enc, { type: 'start' }));
    await ok(command(t.gm, enc, { type: 'gm.add_unit', entry: wren }));
    await ok(command(t.gm, enc, { type: 'gm.add_unit', entry: scout, hidden: true, reason: 'the lookout' }));
  });

  it('a GM\'s export carries the document as it stands; a player\'s does not', async () => {
    const gmExp = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
    const doc = gmExp.encounters[0].document;
    expect(doc).toMatchObject({ ruleset: 'phase20', name: 'Goblin cave' });
    expect(ids(doc.units)).toEqual(['kara', 'pell', 'g1', 'g2', 'g3', 'wren', 'g4']);
    expect(doc.units.at(-1)).toEqual(scout);
    for (const c of [t.p1, t.p2]) {
      for (const path of [`/api/encounters/${enc}/export`, `/api/tables/${t.tableId}/export`]) {
        const r = await c.get(path);
        expect(r.status).toBe(200);
        for (const e of r.body.encounters) expect(e).not.toHaveProperty('document');
        // nothing of the hidden units' file entries either
        expect(r.text).not.toContain('Goblin Scout');
        expect(r.text).not.toContain('Hidden until it strikes');
      }
    }
  });

  it('an import restores it: the copy takes file-shaped units and offers its characters to the roster', async () => {
    const exp = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
    const imp = await t.gm.post(`/api/tables/${t.tableId}/import`, exp);
    expect(imp.status, imp.text).toBe(201);
    const copy = imp.body[0].id as string;
    expect(await fileUnits(t.gm, copy)).toEqual(await fileUnits(t.gm, enc).then((f) => ({ ...f, encounter: copy })));
    // a later entry names the file's content, as in the original
    const r = await command(t.gm, copy, { type: 'gm.add_unit', entry: { ...scout, id: 'g5', at: [8, 4] } });
    expect(r.status, r.text).toBe(200);
    expect((await t.gm.get(`/api/encounters/${copy}`)).body.state.units.g5.data.weapons[0]).toMatchObject({ id: 'rusty', name: 'Rusty Blade' });
    await ok(command(t.gm, copy, { type: 'end_combat', outcome: 'truce' }));
    const review = await t.gm.post(`/api/encounters/${copy}/carry-back`);
    expect(ids(review.body.changes).filter((c) => c.endsWith('/join'))).toEqual(expect.arrayContaining(['wren/join']));
    // the original is untouched by the copy's entry
    expect(ids((await fileUnits(t.gm, enc)).units)).not.toContain('g5');
  });

  it('refuses an invalid document clearly, and imports nothing (not even the valid encounters beside it)', async () => {
    const exp = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
    const good = exp.encounters[0];
    const before = await encounterIds();
    const tryImport = async (document: unknown) => {
      const r = await t.gm.post(`/api/tables/${t.tableId}/import`, { ...exp, encounters: [good, { ...good, document }] });
      expect(r.status, r.text).toBe(422);
      expect(await encounterIds()).toEqual(before);
      return r.body.error as { code: string; message: string; field: string; problems?: { path: string; message: string; text: string }[] };
    };
    const units = good.document.units as Record<string, unknown>[];

    let e = await tryImport({ ...good.document, units: units.map((u, i) => (i === 5 ? { ...u, hp: 0 } : u)) });
    expect(e).toMatchObject({ code: 'INVALID_IMPORT', field: 'encounters[1].document.units[5].hp' });
    expect(e.message).toMatch(/^encounters\[1\]\.document\.units\[5\]\.hp: must be at least 1$/);
    expect(e.problems).toEqual([{ path: 'encounters[1].document.units[5].hp', message: 'must be at least 1', text: e.message }]);

    e = await tryImport({ ...good.document, units: [...units, { ...scout, id: 'g9', weapons: ['axe'] }], colour: 'green' });
    expect(e.code).toBe('INVALID_IMPORT');
    expect(e.problems!.map((p) => p.text).sort()).toEqual(['encounters[1].document.units[7].weapons[0]: no weapon "axe" in content.weapons', 'encounters[1].document: unknown field "colour"'].sort());
    expect(e.message).toMatch(/\(and 1 more\)$/);

    e = await tryImport({ ...good.document, ruleset: 'frontline' });
    expect(e).toEqual({ code: 'INVALID_IMPORT', field: 'encounters[1].document.ruleset', message: 'encounters[1].document.ruleset: the document is a frontline encounter, the log a phase20 one' });
    e = await tryImport('goblin-cave.yaml');
    expect(e).toMatchObject({ code: 'INVALID_IMPORT', field: 'encounters[1].document' });
    expect(e.message).toContain('an encounter document is an object');
  });
});
