/**
 * Units an encounter holds on a server (limits.encounterUnits, issue 37): each step's work grows with them
 * (at 1,000 a start or a player's read held the loop 130–470 ms on a loaded machine), so past the bound a
 * file, an import and the GM's gm.add_unit are refused before anything is built, with the bound in the words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, load, TEST_LIMITS, testTable, type TestTable } from './testing.ts';

const MAX = 12;
let t: TestTable;
beforeAll(async () => {
  t = await testTable({ limits: { ...TEST_LIMITS, encounterUnits: MAX } });
}, 60_000);
afterAll(() => t.close());

/** A phase20 file of `n` units on a 20×20 map. */
const crowd = (n: number) =>
  ['ruleset: phase20', 'name: Crowd', 'map: { width: 20, height: 20 }', 'units:', ...Array.from({ length: n }, (_, i) => `  - { id: u${i}, name: Unit ${i}, side: ${i % 2 ? 'a' : 'b'}, at: [${i}, 0], hp: 5, dv: 10 }`)].join('\n');

describe(`an encounter holds at most encounterUnits units (${MAX} here)`, () => {
  it('a file of one more is refused before it is built, naming units and both counts; a file of as many loads', async () => {
    const over = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text: crowd(MAX + 1), file: 'crowd.yaml' });
    expect(over.status, over.text).toBe(422);
    expect(over.body.error).toMatchObject({ code: 'INVALID_ENCOUNTER', field: 'units', message: `crowd.yaml: units: the file has ${MAX + 1} units; an encounter on this server holds at most ${MAX}` });
    expect((await t.gm.get(`/api/tables/${t.tableId}/encounters`)).body).toHaveLength(0);
    const full = await load(t, { text: crowd(MAX) });
    expect(Object.keys((await t.gm.get(`/api/encounters/${full}`)).body.state.units)).toHaveLength(MAX);
  });

  it("the GM's gm.add_unit past it is refused, the log unchanged; below it, a unit is added", async () => {
    const enc = await load(t, { text: crowd(MAX - 1) });
    const add = (id: string) => command(t.gm, enc, { type: 'gm.add_unit', entry: { id, name: 'Late', side: 'a', at: [0, 5], hp: 5, dv: 10 } });
    expect((await add('late1')).status).toBe(200);
    const before = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
    const r = await add('late2');
    expect(r.status, r.text).toBe(429);
    expect(r.body.error).toMatchObject({ code: 'LIMIT_REACHED', message: `an encounter holds at most ${MAX} units on this server; remove one first` });
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version).toBe(before);
  });

  it('an import whose encounter starts with more, or adds past it, is refused where it says so', async () => {
    const enc = await load(t, { text: crowd(MAX) });
    const file = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
    const copy = structuredClone(file);
    const units = copy.encounters[0].events[0].state.units;
    units.extra = { ...units.u0, id: 'extra', position: { x: 0, y: 9 } };
    const r = await t.gm.post(`/api/tables/${t.tableId}/import`, copy);
    expect(r.status, r.text).toBe(422);
    expect(r.body.error).toMatchObject({ code: 'INVALID_IMPORT', field: 'encounters[0].events[0].state.units' });
    expect(r.body.error.message).toBe(`encounters[0].events[0].state.units: an encounter holds at most ${MAX} units on this server (this one starts with ${MAX + 1})`);
    const added = structuredClone(file);
    const ev = added.encounters[0].events;
    ev.push({ type: 'unit.added', unit: { ...ev[0].state.units.u0, id: 'late', position: { x: 0, y: 9 } }, seq: ev.length + 1, cmd: 'cx' });
    delete added.encounters[0].commands;
    const r2 = await t.gm.post(`/api/tables/${t.tableId}/import`, added);
    expect(r2.status, r2.text).toBe(422);
    expect(r2.body.error.message).toBe(`encounters[0].events[${ev.length - 1}].unit: an encounter holds at most ${MAX} units on this server`);
  });
});
