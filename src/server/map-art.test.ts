// Map art on the server: an example's map file is read in when it loads (the encounter carries its image,
// the players see it), and a file naming an image beside it that the server cannot have is refused clearly.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, testTable, type TestTable } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

describe('map art', () => {
  it("an example's map is read in as a data: image, for the GM and the players alike", async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const svg = readFileSync('examples/phase20/maps/goblin-cave.svg');
    const expected = `data:image/svg+xml;base64,${svg.toString('base64')}`;
    for (const c of [t.gm, t.p1]) {
      const image = (await c.get(`/api/encounters/${enc}`)).body.state.map.image;
      expect(image).toEqual({ src: expected, credit: 'Map art drawn by Skirmish, CC0 1.0' });
    }
  });

  it('a loaded file naming an image file beside it is refused, saying what to give instead', async () => {
    const text = readFileSync('examples/phase20/goblin-cave.yaml', 'utf8');
    const r = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text, file: 'cave.yaml' });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({ code: 'INVALID_ENCOUNTER', field: 'map.image.src' });
    expect(r.body.error.message).toMatch(/"maps\/goblin-cave\.svg" is a file beside the encounter; a file loaded here carries its image itself/);
  });
});
