// gm.add_unit with `entry`: a unit written as in the encounter file, built by the server from the stored
// file (phase20, frontline); every refusal names the entry's field and changes nothing; players may not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, command, load, testTable, type TestTable } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

const snapshot = async (c: Client, enc: string) => (await c.get(`/api/encounters/${enc}`)).body;
const fileUnits = async (enc: string) => (await t.gm.get(`/api/encounters/${enc}/file-units`)).body;

/** A refused add: the status, the error, and proof that nothing changed (version, state, stored file). */
async function refused(enc: string, cmd: Record<string, unknown>, status = 422) {
  const before = await snapshot(t.gm, enc);
  const file = await fileUnits(enc);
  const r = await command(t.gm, enc, cmd);
  expect(r.status, r.text).toBe(status);
  const after = await snapshot(t.gm, enc);
  expect(after.encounter.version).toBe(before.encounter.version);
  expect(after.state).toEqual(before.state);
  expect(await fileUnits(enc)).toEqual(file);
  return r.body.error as { code: string; message: string; field?: string; problems?: { path: string; message: string; text: string }[] };
}

const scout = { id: 'g4', name: 'Goblin Scout', side: 'goblins', at: [8, 0], hp: 9, dv: 12, modifiers: { initiative: 2, combat: 1 }, weapons: ['rusty'] };

describe('gm.add_unit with a unit written as in the file (phase20, Goblin cave)', () => {
  let enc: string;
  beforeAll(async () => {
    enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    expect((await command(t.gm, enc, { type: 'start' })).status).toBe(200);
  });

  it('offers the file\'s units as written, for a copy', async () => {
    const f = await fileUnits(enc);
    expect(f.hasFile).toBe(true);
    expect(f.units.map((u: { id: string }) => u.id)).toEqual(['kara', 'pell', 'g1', 'g2', 'g3']);
    expect(f.units[2]).toEqual({ id: 'g1', name: 'Goblin Cutter', side: 'goblins', at: [7, 1], hp: 9, dv: 12, speed: 5, modifiers: { initiative: 2, generalSkill: 1, combat: 1, strength: 1 }, skilled: { weapons: ['rusty'] }, weapons: ['rusty'] });
  });

  it('builds the unit as the ruleset builds the file\'s, hidden as asked, with the reason', async () => {
    const r = await command(t.gm, enc, { type: 'gm.add_unit', entry: scout, hidden: true, reason: 'it was waiting in the dark' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.events[0]).toMatchObject({ type: 'unit.added', reason: 'it was waiting in the dark', unit: { id: 'g4', hidden: true } });
    const g4 = (await snapshot(t.gm, enc)).state.units.g4;
    expect(g4).toMatchObject({ id: 'g4', name: 'Goblin Scout', side: 'goblins', status: 'active', hidden: true, position: { x: 8, y: 0 } });
    expect(g4.pools.hp).toEqual({ value: 9, max: 9 });
    expect(g4.pools.movement.max).toBe(24); // speed 6 by default, as for a unit of the file
    expect(g4.data).toMatchObject({ dv: 12, mods: { initiative: 2, combat: 1 }, weapons: [{ id: 'rusty', name: 'Rusty Blade', damage: '1d6', scale: 'strength', range: 1 }] });
    // hidden: the players' state and log know nothing of it
    const seen = await snapshot(t.p1, enc);
    expect(seen.state.units.g4).toBeUndefined();
    // as a JSON string: the map art's base64 may hold the letters g4 by chance
    expect(JSON.stringify((await t.p1.get(`/api/encounters/${enc}/events`)).body)).not.toContain('"g4"');
    // the engine's command is what the log keeps (a GM export carries it), and the file keeps the entry as written
    const exp = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
    const kept = Object.values(exp.encounters[0].commands as Record<string, { type: string; unit?: { id: string } }>).find((c) => c.type === 'gm.add_unit');
    expect(kept).toMatchObject({ type: 'gm.add_unit', unit: { id: 'g4', pools: { hp: { value: 9, max: 9 } } }, reason: 'it was waiting in the dark' });
    expect((await fileUnits(enc)).units.at(-1)).toEqual(scout);
  });

  it("gives the rest of the file too (map, sides, content): the page's unit form checks a new unit against it", async () => {
    const f = await fileUnits(enc);
    expect(f.document).toMatchObject({ ruleset: 'phase20', content: { weapons: expect.arrayContaining([expect.objectContaining({ id: 'rusty' })]) } });
    expect(f.document).toHaveProperty('sides');
    expect(f.document).not.toHaveProperty('units');
  });

  it('a later unit names the same content; a slot places it; a cell another unit has left is free', async () => {
    expect((await command(t.gm, enc, { type: 'gm.move', unit: 'kara', to: [2, 2] })).status).toBe(200);
    const s = await snapshot(t.gm, enc);
    const slot = s.state.turn.order.length; // the end of the round
    const rook = { id: 'rook', name: 'Rook', side: 'heroes', at: [1, 2], hp: 12, dv: 13, skilled: { weapons: ['spear'] }, weapons: ['spear', 'shortsword'] };
    const r = await command(t.gm, enc, { type: 'gm.add_unit', entry: rook, slot });
    expect(r.status, r.text).toBe(200);
    const after = await snapshot(t.gm, enc);
    expect(after.state.units.rook.data.weapons.map((w: { name: string }) => w.name)).toEqual(['Spear', 'Shortsword']);
    expect(after.state.units.rook.position).toEqual({ x: 1, y: 2 });
    expect(after.state.units.rook.hidden).toBeUndefined();
    expect(after.state.turn.order.at(-1).unit).toBe('rook');
    // seen: the players get it
    expect((await snapshot(t.p1, enc)).state.units.rook).toMatchObject({ name: 'Rook' });
  });

  it('reports problems at the entry, not at units[i], and changes nothing', async () => {
    const g5 = { ...scout, id: 'g5', at: [0, 4] };
    let e = await refused(enc, { type: 'gm.add_unit', entry: { ...g5, hp: 0 } });
    expect(e).toMatchObject({ code: 'gm/bad_unit', field: 'entry.hp' });
    expect(e.message).toMatch(/^entry\.hp: must be at least 1$/);
    e = await refused(enc, { type: 'gm.add_unit', entry: { ...g5, weapons: ['rusty', 'x'] } });
    expect(e).toMatchObject({ code: 'gm/bad_unit', field: 'entry.weapons[1]', message: 'entry.weapons[1]: no weapon "x" in content.weapons' });
    e = await refused(enc, { type: 'gm.add_unit', entry: { ...g5, colour: 'green', dv: 'high' } });
    expect(e.code).toBe('gm/bad_unit');
    expect(e.problems!.map((p) => p.path).sort()).toEqual(['entry', 'entry.dv']);
    expect(e.message).toMatch(/\(and 1 more\)$/);
    expect(e.problems!.find((p) => p.path === 'entry')!.text).toBe('entry: unknown field "colour"');
    e = await refused(enc, { type: 'gm.add_unit', entry: { id: 'g5', name: 'Goblin', side: 'goblins' } });
    expect(e.problems!.map((p) => p.path).sort()).toEqual(['entry.at', 'entry.dv', 'entry.hp']);
  });

  it('refuses a duplicate id, a cell off the map, in a wall or taken, clearly', async () => {
    let e = await refused(enc, { type: 'gm.add_unit', entry: { ...scout, id: 'g1', at: [0, 4] } });
    expect(e).toEqual({ code: 'gm/duplicate_unit', field: 'entry.id', message: 'entry.id: there is already a unit "g1" (Goblin Cutter)' });
    e = await refused(enc, { type: 'gm.add_unit', entry: { ...scout, id: 'g4', at: [0, 4] } }); // added above, hidden
    expect(e.message).toBe('entry.id: there is already a unit "g4" (Goblin Scout)');
    e = await refused(enc, { type: 'gm.add_unit', entry: { ...scout, id: 'g5', at: [12, 2] } });
    expect(e).toEqual({ code: 'gm/bad_unit', field: 'entry.at', message: 'entry.at: cell [12, 2] is outside the 9×5 map' });
    e = await refused(enc, { type: 'gm.add_unit', entry: { ...scout, id: 'g5', at: [4, 0] } });
    expect(e).toEqual({ code: 'gm/bad_unit', field: 'entry.at', message: 'entry.at: cell [4, 0] is rock: no unit can stand there' });
    e = await refused(enc, { type: 'gm.add_unit', entry: { ...scout, id: 'g5', at: [7, 1] } });
    expect(e).toEqual({ code: 'gm/cell_taken', field: 'entry.at', message: 'entry.at: cell [7, 1] is taken by Goblin Cutter (g1)' });
    // Kara moved to [2, 2]: her starting cell is free (above), her cell now is not
    e = await refused(enc, { type: 'gm.add_unit', entry: { ...scout, id: 'g5', at: [2, 2] } });
    expect(e.message).toBe('entry.at: cell [2, 2] is taken by Kara (kara)');
  });

  it('refuses a malformed request before anything runs', async () => {
    let e = await refused(enc, { type: 'gm.add_unit', entry: { ...scout, id: 'g5' }, unit: { id: 'g5' } }, 400);
    expect(e).toMatchObject({ code: 'BAD_REQUEST', field: 'command.unit' });
    e = await refused(enc, { type: 'gm.add_unit', entry: 'g5' }, 400);
    expect(e).toMatchObject({ code: 'BAD_REQUEST', field: 'entry' });
    e = await refused(enc, { type: 'gm.add_unit', entry: { ...scout, id: 'g5' }, slot: -1 }, 400);
    expect(e).toMatchObject({ code: 'BAD_REQUEST', field: 'slot' });
  });

  it('a player may not add a unit (403), nor read the file\'s units, and nothing changes', async () => {
    const before = await snapshot(t.gm, enc);
    const r = await command(t.p1, enc, { type: 'gm.add_unit', entry: { ...scout, id: 'g6', at: [8, 4] } });
    expect(r.status, r.text).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
    expect((await snapshot(t.gm, enc)).encounter.version).toBe(before.encounter.version);
    expect((await fileUnits(enc)).units.map((u: { id: string }) => u.id)).not.toContain('g6');
    const read = await t.p1.get(`/api/encounters/${enc}/file-units`);
    expect(read.status).toBe(403);
  });

  it('after an undo, the same id may be added again; a retry returns the first result', async () => {
    const entry = { ...scout, id: 'g7', at: [8, 4] };
    const first = await command(t.gm, enc, { type: 'gm.add_unit', entry }, { id: 'add-g7' });
    expect(first.status, first.text).toBe(200);
    const again = await command(t.gm, enc, { type: 'gm.add_unit', entry }, { id: 'add-g7', expectedVersion: first.body.version - first.body.events.length });
    expect(again.body).toEqual(first.body);
    expect((await command(t.gm, enc, { type: 'undo' })).status).toBe(200);
    expect((await snapshot(t.gm, enc)).state.units.g7).toBeUndefined();
    expect((await fileUnits(enc)).units.map((u: { id: string }) => u.id)).not.toContain('g7');
    const r = await command(t.gm, enc, { type: 'gm.add_unit', entry: { ...entry, name: 'Goblin Lookout' } });
    expect(r.status, r.text).toBe(200);
    expect((await snapshot(t.gm, enc)).state.units.g7.name).toBe('Goblin Lookout');
    expect((await fileUnits(enc)).units.filter((u: { id: string }) => u.id === 'g7')).toEqual([{ ...entry, name: 'Goblin Lookout' }]);
  });

  it('an encounter imported without its document keeps no file: it says so, and the engine\'s shape still works', async () => {
    const exp = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
    // an export file without the document (a player's, or one written before exports carried it)
    const encounters = exp.encounters.map(({ document: _document, ...e }: Record<string, unknown>) => e);
    const imp = await t.gm.post(`/api/tables/${t.tableId}/import`, { format: exp.format, encounters });
    expect(imp.status, imp.text).toBe(201);
    const copy = imp.body[0].id as string;
    expect(await fileUnits(copy)).toEqual({ encounter: copy, hasFile: false, units: [] });
    const e = await refused(copy, { type: 'gm.add_unit', entry: { ...scout, id: 'g8', at: [8, 4] } });
    expect(e.code).toBe('NO_ENCOUNTER_FILE');
    expect(e.message).toContain("send it in the engine's shape (unit)");
    const unit = { ...(await snapshot(t.gm, copy)).state.units.g1, id: 'g8', position: { x: 8, y: 4 } };
    expect((await command(t.gm, copy, { type: 'gm.add_unit', unit })).status).toBe(200);
  });
});

describe('gm.add_unit with a unit written as in the file (frontline, a scenario\'s inline encounter)', () => {
  let enc: string;
  beforeAll(async () => {
    enc = await load(t, { example: 'frontline/affinity-gauntlet.yaml' });
  });

  it('builds it in its zone with the file\'s content, before the start and after', async () => {
    const golem = { id: 'golem2', name: 'Slag Golem 2', side: 'guardians', start: 'rearguard', hp: 22, startHp: 15, defense: 2, affinities: { kinetic: 'St', energy: 'Wk' }, weapons: ['slam'] };
    const r = await command(t.gm, enc, { type: 'gm.add_unit', entry: golem });
    expect(r.status, r.text).toBe(200);
    const u = (await snapshot(t.gm, enc)).state.units.golem2;
    expect(u).toMatchObject({ zone: 'enemy_rearguard', pools: { hp: { value: 15, max: 22 } } });
    expect(u.data).toMatchObject({ affinities: { kinetic: 'strong', energy: 'weak' }, weapons: [{ id: 'slam', name: 'Slam', damage: '1d8', type: 'kinetic', reach: 'melee' }], equipped: 'slam' });
    expect((await command(t.gm, enc, { type: 'start' })).status).toBe(200);
    const medic = { id: 'medic', name: 'Medic', side: 'crew', controller: 'p1', hp: 14, gadgets: ['aegis'] };
    const m = await command(t.gm, enc, { type: 'gm.add_unit', entry: medic });
    expect(m.status, m.text).toBe(200);
    expect((await snapshot(t.p1, enc)).state.units.medic).toMatchObject({ zone: 'frontline', controller: 'p1' });
  });

  it('reports its problems at the entry', async () => {
    let e = await refused(enc, { type: 'gm.add_unit', entry: { id: 'x1', name: 'X', side: 'nobody', hp: 5, weapons: ['slam'] } });
    expect(e).toMatchObject({ code: 'gm/bad_unit', field: 'entry.side', message: 'entry.side: unit "x1" is on side "nobody", which is not one of the sides: crew, guardians' });
    e = await refused(enc, { type: 'gm.add_unit', entry: { id: 'x1', name: 'X', side: 'crew', hp: 5, start: 'orbit', gadgets: ['nope'] } });
    expect(e.problems!.map((p) => p.text)).toEqual([
      'entry.start: unknown zone "orbit": a unit starts in "frontline" or "rearguard" (its own side\'s) [FRL-ZONE-1]',
      'entry.gadgets[0]: no gadget "nope" in content.gadgets',
    ]);
    e = await refused(enc, { type: 'gm.add_unit', entry: { id: 'wisp', name: 'X', side: 'crew', hp: 5 } });
    expect(e).toMatchObject({ code: 'gm/duplicate_unit', message: 'entry.id: there is already a unit "wisp" (Mirror Wisp)' });
  });
});

describe('the API document', () => {
  it('describes the file-shaped gm.add_unit and the route to the file\'s units', async () => {
    const doc = (await new Client(t.url).get('/api/openapi.json')).body;
    expect(doc.paths['/api/encounters/{encounterId}/file-units'].get['x-role']).toBe('gm');
    const schema = doc.components.schemas.AddUnitEntry;
    expect(schema.required).toEqual(['type', 'entry']);
    expect(Object.keys(schema.properties)).toEqual(['type', 'entry', 'slot', 'reason', 'hidden']);
  });
});
