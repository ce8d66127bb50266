// The roster over HTTP: carry back from an ended encounter, accept some, load the next one from the roster; the library file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, load, testTable, type TestTable, succeeds } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

const ok = succeeds;

const hpOf = async (enc: string, unit: string) => (await t.gm.get(`/api/encounters/${enc}`)).body.state.units[unit].pools.hp;

describe('the roster', () => {
  it('carries back what the GM accepts, and the next encounter starts from it (phase20)', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    // carrying back needs an ended encounter: the GM may not carry back from a running one
    const early = await t.gm.post(`/api/encounters/${enc}/carry-back`);
    expect(early.status).toBe(422);
    expect(early.body.error.code).toBe('ENCOUNTER_NOT_ENDED');
    await ok(command(t.gm, enc, { type: 'start' }));
    await ok(command(t.gm, enc, { type: 'gm.damage', unit: 'kara', amount: 7, rules: false, reason: 'an arrow' }));
    await ok(command(t.gm, enc, { type: 'gm.damage', unit: 'pell', amount: 4, rules: false }));
    const running = await t.gm.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: [] });
    expect(running.status).toBe(422);
    expect(running.body.error.code).toBe('ENCOUNTER_NOT_ENDED');
    await ok(command(t.gm, enc, { type: 'end_combat', outcome: 'victory', winner: 'heroes', reason: 'the goblins ran' }));

    const review = await t.gm.post(`/api/encounters/${enc}/carry-back`);
    expect(review.status, review.text).toBe(200);
    expect(review.body.roster).toEqual([]);
    expect(review.body.changes.map((c: { id: string; text: string }) => [c.id, c.text])).toEqual([
      ['kara/join', 'Kara joins the roster'],
      ['pell/join', 'Pell joins the roster'],
      ['kara/pool/hp', 'Kara: HP full → 15/22'],
      ['pell/pool/hp', 'Pell: HP full → 12/16'],
    ]);
    // reviewing wrote nothing
    expect((await t.gm.get(`/api/tables/${t.tableId}/roster`)).body.entries).toEqual([]);

    const bad = await t.gm.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: ['kara/join', 'nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'accepted[1]' });
    expect((await t.gm.get(`/api/tables/${t.tableId}/roster`)).body.entries).toEqual([]);

    // both join, only Kara's wounds are kept
    const acc = await t.gm.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: ['kara/join', 'kara/pool/hp', 'pell/join'] });
    expect(acc.status, acc.text).toBe(200);
    const roster = (await t.gm.get(`/api/tables/${t.tableId}/roster`)).body.entries;
    expect(roster.map((e: { id: string }) => e.id)).toEqual(['kara', 'pell']);
    expect(roster[0]).toMatchObject({ name: 'Kara', ruleset: 'phase20', unit: { id: 'kara', hp: 22 }, current: { pools: { hp: { value: 15, max: 22 } } } });
    expect(roster[1].current).toEqual({ pools: {}, data: {}, effects: [] });
    // reviewing again: only what is still different (Pell's hit points were not taken)
    const again = await t.gm.post(`/api/encounters/${enc}/carry-back`);
    expect(again.body.changes.map((c: { id: string }) => c.id)).toEqual(['pell/pool/hp']);

    // the next encounter from the roster: Kara starts wounded, Pell full
    const next = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { example: 'phase20/goblin-cave.yaml', fromRoster: true });
    expect(next.status, next.text).toBe(201);
    expect(await hpOf(next.body.id, 'kara')).toMatchObject({ value: 15, max: 22 });
    expect(await hpOf(next.body.id, 'pell')).toMatchObject({ value: 16, max: 16 });
    // without fromRoster, the file as written
    const plain = await load(t, { example: 'phase20/goblin-cave.yaml' });
    expect(await hpOf(plain, 'kara')).toMatchObject({ value: 22 });
  });

  it('carries the rest too: lasting effects and deaths come back as GM commands in the next encounter\'s log (phase20)', async () => {
    // the roster from the test above: Kara at 15/22, Pell fresh
    const enc = (await t.gm.post(`/api/tables/${t.tableId}/encounters`, { example: 'phase20/goblin-cave.yaml', fromRoster: true })).body.id as string;
    await ok(command(t.gm, enc, { type: 'start' }));
    await ok(command(t.gm, enc, { type: 'gm.apply_effect', effect: { name: 'Cursed', target: 'kara', categories: ['lasting'], stacks: 2 } }));
    await ok(command(t.gm, enc, { type: 'gm.set_status', unit: 'pell', status: 'dead' }));
    await ok(command(t.gm, enc, { type: 'end_combat', outcome: 'truce' }));
    const review = await t.gm.post(`/api/encounters/${enc}/carry-back`);
    expect(review.body.changes.map((c: { id: string }) => c.id)).toEqual(['kara/effect/Cursed', 'pell/status']);
    await ok(t.gm.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: ['kara/effect/Cursed', 'pell/status'] }));

    const next = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { example: 'phase20/goblin-cave.yaml', fromRoster: true });
    expect(next.status, next.text).toBe(201);
    const got = (await t.gm.get(`/api/encounters/${next.body.id}`)).body;
    expect(got.encounter).toMatchObject({ status: 'setup', version: next.body.version });
    expect(got.state.status).toBe('setup');
    expect(got.state.units.kara.pools.hp).toMatchObject({ value: 15, max: 22 });
    expect(got.state.effects).toEqual([expect.objectContaining({ name: 'Cursed', target: 'kara', categories: ['lasting'], stacks: 2 })]);
    expect(got.state.units.pell.status).toBe('dead');
    // stored in the encounter's own log, each with its reason, like any GM command
    const events = (await t.gm.get(`/api/encounters/${next.body.id}/events`)).body.events as { type: string; reason?: string; cmd: string }[];
    const carried = events.filter((e) => e.reason === 'carried over from the roster');
    expect(carried.length).toBeGreaterThanOrEqual(2);
    expect(carried.every((e) => e.cmd !== 'c1')).toBe(true);
    expect(events).toHaveLength(next.body.version);
    // the GM starts it as usual
    await ok(command(t.gm, next.body.id, { type: 'start' }));
  });

  it('offers a unit the GM added in the engine\'s shape, written as a file entry, and says why one cannot join (phase20)', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    await ok(command(t.gm, enc, { type: 'start' }));
    const kara = (await t.gm.get(`/api/encounters/${enc}`)).body.state.units.kara;
    const at = { x: kara.position.x, y: kara.position.y + 1 };
    await ok(command(t.gm, enc, { type: 'gm.add_unit', unit: { ...kara, id: 'wren', name: 'Wren', position: at, controller: 'p1' } }));
    // a hand-made unit a phase20 file cannot write: 40 movement, where a file derives speed × 4 from its speed
    const pools = { ...kara.pools, movement: { value: 40, max: 40 } };
    await ok(command(t.gm, enc, { type: 'gm.add_unit', unit: { ...kara, id: 'ghost', name: 'Ghost', position: { x: at.x, y: at.y + 1 }, controller: 'p2', pools } }));
    await ok(command(t.gm, enc, { type: 'gm.damage', unit: 'wren', amount: 5, rules: false }));
    await ok(command(t.gm, enc, { type: 'end_combat', outcome: 'truce' }));

    const review = await t.gm.post(`/api/encounters/${enc}/carry-back`);
    expect(review.status, review.text).toBe(200);
    const changes = review.body.changes.map((c: { id: string; text: string }) => [c.id, c.text]);
    expect(changes).toContainEqual(['wren/join', 'Wren joins the roster (an entry written from the unit)']);
    // Wren joined at Kara's full 22 HP and took 5 in the fight: the review shows the wound as a change
    expect(changes).toContainEqual(['wren/pool/hp', 'Wren: HP full → 17/22']);
    expect(changes.some(([id]: [string]) => id.startsWith('ghost'))).toBe(false);
    expect(review.body.notCarried).toEqual([expect.objectContaining({ unit: 'ghost', name: 'Ghost', code: 'roster/not_writable', text: expect.stringMatching(/^Ghost cannot join the roster: .*movement/) })]);

    await ok(t.gm.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: ['wren/join', 'wren/pool/hp'] }));
    const roster = (await t.gm.get(`/api/tables/${t.tableId}/roster`)).body.entries as { id: string; unit: Record<string, unknown>; current: { pools: Record<string, unknown> } }[];
    const wren = roster.find((e) => e.id === 'wren')!;
    expect(wren.unit).toMatchObject({ id: 'wren', name: 'Wren', controller: 'p1', hp: 22 });
    expect(wren.current.pools.hp).toEqual({ value: 17, max: 22 });
  });

  it('is the GM\'s alone', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    await ok(command(t.gm, enc, { type: 'start' }));
    await ok(command(t.gm, enc, { type: 'end_combat', outcome: 'truce' }));
    for (const r of [
      await t.p1.get(`/api/tables/${t.tableId}/roster`),
      await t.p1.post(`/api/encounters/${enc}/carry-back`),
      await t.p1.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: [] }),
      await t.p1.get(`/api/tables/${t.tableId}/library/export`),
      await t.p1.post(`/api/tables/${t.tableId}/library/import`, { format: 'skirmish-library', version: 1, entries: [] }),
      await t.p1.post(`/api/tables/${t.tableId}/encounters`, { example: 'phase20/goblin-cave.yaml', fromRoster: true }),
    ]) {
      expect(r.status, r.text).toBe(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
    }
  });

  it('imports a library file, refuses a bad one saying which entry and field, and exports it back', async () => {
    const goblin = { kind: 'monster', id: 'goblin', name: 'Goblin', ruleset: 'phase20', data: { id: 'goblin', name: 'Goblin', side: 'goblins', hp: 9, dv: 12, at: [0, 0] } };
    const sword = { kind: 'item', id: 'sword', name: 'Sword', ruleset: 'phase20', data: { id: 'sword', name: 'Sword', damage: '1d8' } };
    const bad = await t.gm.post(`/api/tables/${t.tableId}/library/import`, { format: 'skirmish-library', version: 1, entries: [goblin, { ...sword, kind: 'weapon' }, { ...sword, id: 'sword2', name: '' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('INVALID_LIBRARY');
    expect(bad.body.error.field).toBe('entries[1].kind');
    expect(bad.body.error.message).toMatch(/^entries\[1\]\.kind: must be one of "character", "monster", "item" or "encounter", not the text "weapon" \(and 1 more\)$/);
    expect(bad.body.error.problems).toEqual([expect.stringMatching(/^entries\[1\]\.kind: /), expect.stringMatching(/^entries\[2\]\.name: /)]);
    expect((await t.gm.get(`/api/tables/${t.tableId}/library/export`)).body.entries).toEqual([]);
    const wrongFormat = await t.gm.post(`/api/tables/${t.tableId}/library/import`, { format: 'something', version: 1, entries: [] });
    expect(wrongFormat.body.error).toMatchObject({ code: 'INVALID_LIBRARY', field: 'format' });
    const missing = await t.gm.post(`/api/tables/${t.tableId}/library/import`, { entries: [] });
    expect(missing.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'format' });

    const good = await t.gm.post(`/api/tables/${t.tableId}/library/import`, { format: 'skirmish-library', version: 1, entries: [goblin, sword] });
    expect(good.status, good.text).toBe(200);
    expect(good.body.imported).toBe(2);
    const out = await t.gm.call('GET', `/api/tables/${t.tableId}/library/export`);
    expect(out.body).toEqual({ format: 'skirmish-library', version: 1, entries: [goblin, sword] });
    // the same file again replaces, it does not duplicate
    await t.gm.post(`/api/tables/${t.tableId}/library/import`, out.body);
    expect((await t.gm.get(`/api/tables/${t.tableId}/library/export`)).body.entries).toHaveLength(2);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.gm.get('/api/openapi.json')).body;
    expect(doc.paths['/api/encounters/{encounterId}/carry-back/accept'].post['x-role']).toBe('gm');
    expect(doc.paths['/api/tables/{tableId}/roster'].get['x-role']).toBe('gm');
    expect(doc.paths['/api/tables/{tableId}/library/import'].post.requestBody).toBeDefined();
    expect(doc.components.schemas.RosterEntry).toBeDefined();
  });
});
