/**
 * Imports are held to what files are held to (issue 17, finding 5): before the fix an export edited to a
 * 100000×100000 map imported (201) and started, and every player's actions then answered 500. A log whose
 * events name a built-in property, or whose units a file could not have, is refused too, and nothing is
 * imported.
 */
import { dataUrl, gridPng } from './testing/images.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNDS } from '../engine/index.ts';
import { command, load, testTable, type TestTable } from './testing.ts';

let t: TestTable;
let file: any;
beforeAll(async () => {
  t = await testTable();
  const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
  await command(t.gm, enc, { type: 'start' });
  file = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
});
afterAll(() => t.close());

const edited = (change: (events: any[]) => void) => {
  const copy = structuredClone(file);
  change(copy.encounters[0].events);
  copy.encounters[0].events.forEach((e: { seq: number }, i: number) => (e.seq = i + 1));
  return copy;
};

async function refused(body: unknown, field: RegExp, code = 'INVALID_IMPORT') {
  const before = (await t.gm.get(`/api/tables/${t.tableId}/encounters`)).body.length;
  const r = await t.gm.post(`/api/tables/${t.tableId}/import`, body);
  expect(r.status, r.text).toBe(422);
  expect(r.body.error.code).toBe(code);
  expect(r.body.error.field).toMatch(field);
  expect((await t.gm.get(`/api/tables/${t.tableId}/encounters`)).body.length).toBe(before);
  return r.body.error.message as string;
}

describe('an import is held to the bounds of a file', () => {
  it('the export as it is imports', async () => {
    const r = await t.gm.post(`/api/tables/${t.tableId}/import`, file);
    expect(r.status, r.text).toBe(201);
  });

  it('a map a file could not have is refused, where it says so', async () => {
    const msg = await refused(edited((ev) => Object.assign(ev[0].state.map, { width: 100_000, height: 100_000 })), /^encounters\[0\]\.events\[0\]\.state$/);
    expect(msg).toMatch(/width is 100000; it must be a whole number from 1 to 200/);
    await refused(edited((ev) => ev.splice(1, 0, { ...ev[1], type: 'map.set', map: { kind: 'grid', width: 5, height: 1e6, cells: {} } })), /events\[1\]\.map$/);
  });

  it('more units than an encounter holds, a unit off the map or not as the engine holds one: refused', async () => {
    await refused(
      edited((ev) => {
        const units = ev[0].state.units;
        const kara = units.kara;
        for (let i = 0; i < BOUNDS.units; i++) units[`x${i}`] = { ...kara, id: `x${i}` };
      }),
      /events\[0\]\.state$/,
    );
    await refused(edited((ev) => (ev[0].state.units.kara.position = { x: 50, y: 2 })), /state\.units\.kara\.position$/);
    await refused(edited((ev) => (ev[0].state.units.kara.pools.hp = { value: 'lots' })), /state\.units\.kara\.pools\.hp/);
  });

  it('an event naming a built-in property is refused before anything replays it', async () => {
    const keys = Object.getOwnPropertyNames(Object.prototype).sort();
    const poolEvent = (ev: any[]) => ev.findIndex((e) => e.type === 'pool.changed');
    const msg = await refused(
      edited((ev) => {
        ev[poolEvent(ev)].pool = '__proto__';
      }),
      /^encounters\[0\]\.events\[\d+\]\.pool$/,
    );
    expect(msg).toMatch(/built in/);
    await refused(edited((ev) => (ev[0].state.units.toString = { ...ev[0].state.units.kara, id: 'toString' })), /state\.units\.toString$/);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(keys);
  });

  it("map art comes in only as a file or the GM could bring it (map-image.ts): the created state's and every map.set's", async () => {
    const png = dataUrl(gridPng(8, 8, 4));
    const withArt = (image: unknown, where: 'created' | 'set') =>
      edited((events) => {
        const created = events.find((e) => e.type === 'encounter.created');
        if (where === 'created') created.state.map.image = image;
        else events.push({ type: 'map.set', map: { ...created.state.map, image }, seq: 0, cmd: 'cx' });
      });
    for (const where of ['created', 'set'] as const) {
      const field = where === 'created' ? /^encounters\[0\]\.events\[\d+\]\.state\.map\.image\.src$/ : /^encounters\[0\]\.events\[\d+\]\.map\.image\.src$/;
      // a problem with the image itself: BAD_IMAGE, as on every path (map-images.test.ts)
      expect(await refused(withArt({ src: 'javascript:alert(1)' }, where), field, 'BAD_IMAGE')).toMatch(/not a "javascript:" address/);
      expect(await refused(withArt({ src: 'http://example.org/a.png' }, where), field, 'BAD_IMAGE')).toMatch(/not a "http:" address/);
      expect(await refused(withArt({ src: `data:image/png;base64,${'A'.repeat(5_000_000)}` }, where), field, 'BAD_IMAGE')).toMatch(/an image is at most 1,400,000 bytes \(this one is 3,750,000\)/);
      expect(await refused(withArt({ src: png, onload: 'alert(1)' }, where), /map\.image$/)).toMatch(/no field "onload" in a map image/);
    }
    // what a file or the GM may give imports
    const ok = await t.gm.post(`/api/tables/${t.tableId}/import`, withArt({ src: png, opacity: 0.5 }, 'set'));
    expect(ok.status, ok.text).toBe(201);
  });
});
