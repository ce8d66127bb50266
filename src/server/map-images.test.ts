// Map images (issue 35.2, issue 37's map-image checks): uploaded, or brought as data: by a file, a command or
// an import, an image is checked by the one check of map-image.ts (the same refusal, word for word, on every
// path), kept once by its content hash, served by address with immutable caching, and every state and frame
// carries the address, never the bytes.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { PutImage } from '../store/index.ts';
import { Client, command, load, testTable, TEST_LIMITS, WsClient, type TestTable } from './testing.ts';
import { dataUrl, gridPng, noisePng } from './testing/images.ts';

let t: TestTable;
const puts: PutImage[] = [];
beforeAll(async () => {
  t = await testTable();
  // every store of an image, to count the copies kept (store-agnostic: SQLite or PostgreSQL)
  const store = t.srv.ctx.store;
  const put = store.putImage.bind(store);
  store.putImage = async (...args) => {
    const r = await put(...args);
    puts.push(r);
    return r;
  };
});
afterAll(() => t.close());

const duel = () => parse(readFileSync('examples/phase20/goblin-cave.yaml', 'utf8')) as Record<string, any>;
const fileWith = (src: string) => {
  const doc = duel();
  doc.map.image = { src };
  return JSON.stringify(doc);
};
const upload = (tableId: string, token: string | undefined, body: Buffer, type = 'image/png') =>
  fetch(`${t.url}/api/tables/${tableId}/maps`, { method: 'POST', headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: new Uint8Array(body) });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('map images', () => {
  it('an upload is checked, kept by its hash, and served by address for good, to anyone with the address', async () => {
    const png = gridPng(360, 200, 40, 12);
    const r = await upload(t.tableId, t.gm.token, png);
    expect(r.status).toBe(201);
    const kept = await r.json();
    expect(kept).toEqual({ src: `/maps/${sha(png)}`, type: 'image/png', width: 360, height: 200, bytes: png.length });
    const served = await fetch(`${t.url}${kept.src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    const again = await fetch(`${t.url}${kept.src}`, { headers: { 'if-none-match': served.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await fetch(`${t.url}/maps/${'0'.repeat(64)}`)).status).toBe(404);
    // only the GM uploads; and only an image
    expect((await upload(t.tableId, t.p1.token, png)).status).toBe(403);
    expect((await upload(t.tableId, undefined, png)).status).toBe(401);
    const text = await upload(t.tableId, t.gm.token, Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml');
    expect(text.status).toBe(415);
    // the page may show it: the CSP names this origin's images, and no data: image
    const page = await fetch(`${t.url}/`);
    expect(page.headers.get('content-security-policy')).toMatch(/img-src 'self';/);
  });

  it('every path refuses the same bad image with the same error, and nothing is kept', async () => {
    const wide = gridPng(16, 16, 4);
    wide.writeUInt32BE(100_000, 16);
    const bad: [string, Buffer, string][] = [
      ['HTML said to be a PNG', Buffer.from('<html><script>alert(1)</script></html>'), "the data is not a PNG image (its first bytes are not one's)"],
      ['a JPEG said to be a PNG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), "the data is not a PNG image (its first bytes are a JPEG's)"],
      ['a PNG cut short', gridPng(16, 16, 4).subarray(0, 20), 'the PNG image is cut short or damaged (its size in pixels cannot be read)'],
      ['a PNG 100,000 pixels wide', wide, 'an image is 1 to 8192 pixels a side (this one is 100000×16)'],
      ['a PNG of 1.45 MB', noisePng(1_450_000, 7), ''],
    ];
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const before = (await t.gm.get(`/api/encounters/${enc}`)).body;
    const exported = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
    const encounters = (await t.gm.get(`/api/tables/${t.tableId}/encounters`)).body.length;
    const stored = puts.filter((p) => p.ok && p.stored).length;
    for (const [what, bytes, words] of bad) {
      const problem = words || `an image is at most 1,400,000 bytes (this one is ${bytes.length.toLocaleString('en')}): make it smaller`;
      const src = dataUrl(bytes);
      const viaUpload = await upload(t.tableId, t.gm.token, bytes);
      const viaFile = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text: fileWith(src), file: 'cave.json' });
      const viaCommand = await command(t.gm, enc, { type: 'gm.map_image', image: { src } });
      const imported = structuredClone(exported);
      const events = imported.encounters[0].events;
      events.push({ type: 'map.set', map: { ...events[0].state.map, image: { src } }, seq: events.length + 1, cmd: 'cx' });
      const viaImport = await t.gm.post(`/api/tables/${t.tableId}/import`, imported);
      const replies = [{ status: viaUpload.status, body: await viaUpload.json() }, viaFile, viaCommand, viaImport];
      const errors = replies.map((r) => ({ status: r.status, code: r.body.error?.code, problem: String(r.body.error?.message).replace(/^.*?image\.src: /, '') }));
      expect(errors, what).toEqual(replies.map(() => ({ status: 422, code: 'BAD_IMAGE', problem })));
      // each says where: the file's field, the command's, the import's event
      expect(viaFile.body.error.message, what).toBe(`cave.json: map.image.src: ${problem}`);
      expect(viaCommand.body.error.message, what).toBe(`image.src: ${problem}`);
      expect(viaImport.body.error.message, what).toBe(`encounters[0].events[${events.length - 1}].map.image.src: ${problem}`);
    }
    expect((await t.gm.get(`/api/encounters/${enc}`)).body).toEqual(before);
    expect((await t.gm.get(`/api/tables/${t.tableId}/encounters`)).body.length).toBe(encounters);
    expect(puts.filter((p) => p.ok && p.stored).length).toBe(stored);
  });

  it('a file, a command and an import bring data: art in: it is kept once, and states, logs and frames carry its address', async () => {
    // an image no earlier run stored (a PostgreSQL database outlives a run): its first store here is the only one
    const png = noisePng(30_000, Date.now() % 1_000_000_007);
    const src = dataUrl(png);
    const address = `/maps/${sha(png)}`;
    const storedBefore = puts.filter((p) => p.ok && p.stored).length;
    // two encounters from files with the same image, and a third with it set by command
    const a = (await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text: fileWith(src), file: 'a.json' })).body.id;
    const b = (await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text: fileWith(src), file: 'b.json' })).body.id;
    const c = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const set = await command(t.gm, c, { type: 'gm.map_image', image: { src, width: 10, height: 6, x: -0.5, y: -0.25 } });
    expect(set.status, set.text).toBe(200);
    for (const e of [a, b, c]) {
      for (const who of [t.gm, t.p1]) expect((await who.get(`/api/encounters/${e}`)).body.state.map.image.src).toBe(address);
      const exp = (await t.gm.get(`/api/encounters/${e}/export`)).text;
      expect(exp).not.toContain('base64');
      expect(exp).toContain(address);
    }
    // stored once for the three encounters (and once more for nothing: the same hash)
    expect(puts.filter((p) => p.ok && p.stored).length - storedBefore).toBe(1);
    // an import of an export naming the address: claimed, not copied; of one with the image as data: kept by address
    const exported = (await t.gm.get(`/api/encounters/${c}/export`)).body;
    expect((await t.gm.post(`/api/tables/${t.tableId}/import`, exported)).status).toBe(201);
    const fresh = noisePng(50_000, 3);
    const withData = structuredClone(exported);
    const log = withData.encounters[0].events;
    log.push({ type: 'map.set', map: { ...log[0].state.map, image: { src: dataUrl(fresh) } }, seq: log.length + 1, cmd: 'cx' });
    const imported = await t.gm.post(`/api/tables/${t.tableId}/import`, withData);
    expect(imported.status, imported.text).toBe(201);
    expect((await t.gm.get(`/api/encounters/${imported.body[0].id}`)).body.state.map.image.src).toBe(`/maps/${sha(fresh)}`);
    expect(await t.srv.ctx.store.image(sha(fresh))).toMatchObject({ type: 'image/png', size: fresh.length });
    // an address this server does not hold is refused
    const ghost = structuredClone(exported);
    ghost.encounters[0].events.push({ type: 'map.set', map: { ...log[0].state.map, image: { src: `/maps/${'f'.repeat(64)}` } }, seq: ghost.encounters[0].events.length + 1, cmd: 'cx' });
    const refused = await t.gm.post(`/api/tables/${t.tableId}/import`, ghost);
    expect(refused.body.error).toMatchObject({ code: 'BAD_IMAGE' });
    expect(refused.body.error.message).toMatch(/is not on this server/);
  });

  it('a command sends players the address, not the image: a frame is a few KB with a 590 KB map', async () => {
    const png = noisePng(590_000, 11);
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const kept = await (await upload(t.tableId, t.gm.token, png)).json();
    await command(t.gm, enc, { type: 'gm.map_image', image: { src: kept.src } });
    const ws = new WsClient(t.url);
    await ws.auth(t.p1.token!);
    await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
    const from = ws.frames.length;
    const at = ws.messages.length;
    await command(t.gm, enc, { type: 'start' });
    await ws.next((m) => m.type === 'events' && m.events.some((e: { type: string }) => e.type === 'round.started'), 5000, at);
    const frames = ws.frames.slice(from);
    const bytes = frames.reduce((n, f) => n + Buffer.byteLength(f), 0);
    expect(frames.join('')).toContain(kept.src);
    expect(frames.join('')).not.toContain('base64');
    expect(bytes).toBeLessThan(20_000);
    ws.close();
    // a player's suggested art names it by address too: a data: image in a suggestion is refused
    const kara = Object.keys((await t.gm.get(`/api/encounters/${enc}`)).body.state.units).find((id) => id === 'kara');
    await command(t.gm, enc, { type: 'gm.set_controller', unit: kara, controller: 'p1' });
    const suggested = await command(t.p1, enc, { type: 'suggest', actor: kara, text: 'this map?', proposal: { type: 'gm.map_image', image: { src: dataUrl(png) } } });
    expect(suggested.body.error).toMatchObject({ code: 'BAD_IMAGE', field: 'proposal.image.src' });
  });

  it('a table holds a bounded number of images; one table at its bound refuses no other table', async () => {
    const small = await testTable({ limits: { ...TEST_LIMITS, mapImagesPerTable: 2, mapImageBytesPerTable: 1_000_000 } });
    try {
      // `upload` goes to t's server: aim at the small one
      const to = (tableId: string, token: string, b: Buffer) =>
        fetch(`${small.url}/api/tables/${tableId}/maps`, { method: 'POST', headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` }, body: new Uint8Array(b) }).then(async (r) => ({ status: r.status, body: await r.json() }));
      expect((await to(small.tableId, small.gm.token!, gridPng(20, 20, 5))).status).toBe(201);
      expect((await to(small.tableId, small.gm.token!, gridPng(20, 20, 5))).status).toBe(201); // the same image: no second
      expect((await to(small.tableId, small.gm.token!, gridPng(21, 20, 5))).status).toBe(201);
      const third = await to(small.tableId, small.gm.token!, gridPng(22, 20, 5));
      expect(third).toEqual({ status: 429, body: { error: { code: 'LIMIT_REACHED', message: 'a table holds at most 2 map images' } } });
      const other = await new Client(small.url).post('/api/tables', { name: 'Other' });
      expect((await to(other.body.table.id, other.body.gmToken, gridPng(22, 20, 5))).status).toBe(201);
    } finally {
      await small.close();
    }
  });
});
