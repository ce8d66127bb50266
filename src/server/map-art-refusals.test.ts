/**
 * The map-art probe of issue 37 as a test: a loaded file's map art that a page could be harmed by, or
 * that the page could not show (SVG, which can carry script; HTML; any address outside the server;
 * paths; fields out of range), is refused with what and where — the image itself BAD_IMAGE, a field of it
 * INVALID_ENCOUNTER naming the field — and nothing is loaded. (The probe, written when SVG and https:
 * art were taken, expects INVALID_ENCOUNTER and some of them loaded; the server now takes PNG, JPEG and
 * WebP only, by address or as data, and says BAD_IMAGE for an image on every path.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTable, type TestTable } from './testing.ts';
import { dataUrl, gridPng } from './testing/images.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

const file = (image: string) => `ruleset: phase20
name: Art
map:
  width: 6
  height: 4
  image: ${image}
units:
  - { id: kara, name: Kara, side: heroes, at: [1, 1], hp: 22, dv: 15 }
  - { id: g1, name: Goblin Cutter, side: goblins, at: [4, 1], hp: 9, dv: 12 }
`;
const b64 = (x: string) => Buffer.from(x).toString('base64');
const script = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>fetch("/api/tables")</script></svg>';
const png = dataUrl(gridPng(8, 8, 2));

describe("a file's map art the page could be harmed by, or could not show", () => {
  it('is refused with what and where, and nothing is loaded', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['SVG with script', `{ src: "data:image/svg+xml;base64,${b64(script)}" }`, 'BAD_IMAGE', /not "image\/svg\+xml"/],
      ['SVG not base64', `{ src: ${JSON.stringify(`data:image/svg+xml,${encodeURIComponent(script)}`)} }`, 'BAD_IMAGE', /not "image\/svg\+xml"/],
      ['a PNG that holds HTML', `{ src: "data:image/png;base64,${b64('<html><script>alert(1)</script></html>')}" }`, 'BAD_IMAGE', /not a PNG image/],
      ['data:text/html', `{ src: "data:text/html;base64,${b64('<script>alert(1)</script>')}" }`, 'BAD_IMAGE', /not "text\/html"/],
      ['javascript:', '{ src: "javascript:alert(1)//.png" }', 'BAD_IMAGE', /not a "javascript:" address/],
      ['file:', '{ src: "file:///etc/passwd" }', 'BAD_IMAGE', /not a "file:" address/],
      ['https: (a tracking pixel)', '{ src: "https://evil.example/t.png?u=gm" }', 'BAD_IMAGE', /not a "https:" address/],
      ['http:', '{ src: "http://evil.example/t.png" }', 'BAD_IMAGE', /not a "http:" address/],
      ['protocol-relative', '{ src: "//evil.example/x.png" }', 'BAD_IMAGE', /one of the server's maps/],
      ['a path up and out', '{ src: "../../../../etc/passwd.svg" }', 'BAD_IMAGE', /one of the server's maps/],
      ['an absolute path', '{ src: "/etc/ssl/certs/x.png" }', 'BAD_IMAGE', /one of the server's maps/],
      ["a file beside an example's", '{ src: "maps/goblin-cave.svg" }', 'BAD_IMAGE', /is a file beside an encounter/],
      // with art the page can show, each field out of range
      ['a credit of 301 characters', `{ src: "${png}", credit: "${'c'.repeat(301)}" }`, 'INVALID_ENCOUNTER', /map\.image\.credit/],
      ['width Infinity', `{ src: "${png}", width: .inf }`, 'INVALID_ENCOUNTER', /map\.image\.width/],
      ['width 0', `{ src: "${png}", width: 0 }`, 'INVALID_ENCOUNTER', /map\.image\.width/],
      ['opacity 2', `{ src: "${png}", opacity: 2 }`, 'INVALID_ENCOUNTER', /map\.image\.opacity/],
      ['a field "onload"', `{ src: "${png}", onload: "alert(1)" }`, 'INVALID_ENCOUNTER', /no field "onload" in a map image/],
    ];
    const before = (await t.gm.get(`/api/tables/${t.tableId}/encounters`)).body.length;
    for (const [what, image, code, words] of cases) {
      const r = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text: file(image), file: 'art.yaml' });
      expect([what, r.status, r.body.error?.code], r.text.slice(0, 300)).toEqual([what, 422, code]);
      expect(r.body.error.message, what).toMatch(words);
    }
    expect((await t.gm.get(`/api/tables/${t.tableId}/encounters`)).body.length).toBe(before);
    // the same file with art the page can show loads, the image kept by address
    const ok = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text: file(`{ src: "${png}", opacity: 0.5, credit: "drawn by hand" }`), file: 'art.yaml' });
    expect(ok.status, ok.text).toBe(201);
    const state = (await t.p1.get(`/api/encounters/${ok.body.id}`)).body.state;
    expect(state.map.image).toMatchObject({ src: expect.stringMatching(/^\/maps\/[0-9a-f]+/), opacity: 0.5, credit: 'drawn by hand' });
  });
});
