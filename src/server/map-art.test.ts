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
  it("an example's map is named by the address the server serves it at (same origin), for the GM and the players alike", async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    for (const c of [t.gm, t.p1]) {
      const image = (await c.get(`/api/encounters/${enc}`)).body.state.map.image;
      expect(image).toEqual({ src: '/maps/phase20/goblin-cave.svg', credit: 'Map art drawn by Skirmish, CC0 1.0' });
    }
    const served = await fetch(`${t.url}/maps/phase20/goblin-cave.svg`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toMatch(/img-src 'self';/);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(readFileSync('examples/phase20/maps/goblin-cave.svg'));
    for (const path of ['/maps/phase20/nothing.svg', '/maps/nowhere/goblin-cave.svg', '/maps/phase20/..%2Fgoblin-cave.yaml', '/maps/phase20/goblin-cave.yaml']) {
      expect((await fetch(`${t.url}${path}`)).status, path).toBe(404);
    }
  });

  it('a loaded file naming an image file beside it is refused, saying what to give instead', async () => {
    const text = readFileSync('examples/phase20/goblin-cave.yaml', 'utf8');
    const r = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text, file: 'cave.yaml' });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({ code: 'BAD_IMAGE', field: 'map.image.src' });
    expect(r.body.error.message).toMatch(/"maps\/goblin-cave\.svg" is a file beside an encounter; an image sent here is the image itself \(a PNG, JPEG or WebP upload\); or the GM adds one on the page/);
  });
});
