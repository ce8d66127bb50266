/**
 * No request holds the event loop (issue 17, finding 2). Before the fix a 100,000-event import held
 * every table for seconds, its first read for ten, a 1,000-unit file's YAML for most of a second, and a
 * 30 MB body was read (and parsed) before its token was looked at. Measured without a clock: while the
 * heavy request is in flight, /api/health is asked again and again, one ping after the other; a main
 * thread busy with the request answers none of them until it is done (at most one slips in at an await).
 */
import { request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, command, load, longLog, TEST_LIMITS, testTable, type Reply, type TestTable } from './testing.ts';

let t: TestTable;
let file: any;
beforeAll(async () => {
  t = await testTable({ limits: { ...TEST_LIMITS, encounterUnits: 1000 } });
  const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
  await command(t.gm, enc, { type: 'gm.set_pool', unit: 'kara', pool: 'hp', value: 20, reason: 'fix' });
  file = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
}, 120_000);
afterAll(() => t.close());

/**
 * Send `body` and, once all of it is handed to the network, ask /api/health one ping after the other
 * until the reply comes: how many pings were answered before it, and the reply.
 */
async function pingsWhile(url: string, token: string, method: string, path: string, body?: unknown): Promise<{ pings: number; reply: Reply }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  let done = false;
  let sent!: () => void;
  const whenSent = new Promise<void>((r) => (sent = r));
  const reply = new Promise<Reply>((resolve, reject) => {
    const req = request(new URL(path, url), { method, headers: { authorization: `Bearer ${token}`, ...(text !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        done = true;
        const t = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, text: t, body: JSON.parse(t) } as Reply);
      });
    });
    req.on('error', reject);
    req.end(text, () => sent());
  });
  await whenSent;
  let pings = 0;
  while (!done) {
    const r = await fetch(`${url}/api/health`);
    expect(await r.json()).toEqual({ ok: true });
    if (!done) pings++;
  }
  return { pings, reply: await reply };
}

const MANY = 1000;
/** A phase20 encounter of `MANY` units on a 40×40 map. */
function manyUnits(): string {
  const units = Array.from({ length: MANY }, (_, i) => {
    const side = i % 2 ? 'goblins' : 'heroes';
    return `  - { id: u${i}, name: Unit ${i}, side: ${side}, at: [${i % 40}, ${Math.floor(i / 40)}], hp: 9, dv: 12, speed: 5, modifiers: { initiative: ${i % 5}, generalSkill: 1, combat: 1, strength: 1 }, weapons: [rusty] }`;
  });
  return ['ruleset: phase20', 'name: A thousand', 'map: { width: 40, height: 40 }', 'content:', '  weapons:', '    - { id: rusty, name: Rusty Blade, damage: 1d6, scale: strength }', 'units:', ...units].join('\n');
}

describe('while a heavy request is worked on, the server answers others', () => {
  it('an import of 100,000 events is refused, read in the reader thread', async () => {
    const { pings, reply } = await pingsWhile(t.url, t.gm.token!, 'POST', `/api/tables/${t.tableId}/import`, longLog(file, 100_000));
    expect(reply.status, reply.text).toBe(422);
    expect(reply.body.error.message).toMatch(/holds 100000 events; an import takes at most 20000/);
    expect(pings).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('a long import (60,000 events, the limit raised) is read in the reader thread and written, and its first read is read and folded in slices', async () => {
    const N = 60_000;
    const big = await testTable({ limits: { ...TEST_LIMITS, importEvents: N } });
    try {
      const imported = await pingsWhile(big.url, big.gm.token!, 'POST', `/api/tables/${big.tableId}/import`, longLog(file, N));
      expect(imported.reply.status, imported.reply.text).toBe(201);
      expect(imported.pings).toBeGreaterThanOrEqual(3);
      // the first read of it (not in memory yet: the import wrote it, nothing read it)
      const id = imported.reply.body[0].id;
      const read = await pingsWhile(big.url, big.gm.token!, 'GET', `/api/encounters/${id}`);
      expect(read.reply.status, read.reply.text).toBe(200);
      expect(read.reply.body.encounter.version).toBe(N);
      expect(read.reply.body.state.units.kara.pools.hp.value).toBe(20);
      expect(read.pings).toBeGreaterThanOrEqual(3);
      // a GM undo and redo of it: before, each replayed all 60,000 events in one go (hundreds of ms);
      // now from the state kept nearest before the command (src/engine/checkpoints.ts). The longest
      // stall of the loop while each runs, the smaller of the two (a loaded machine adds its own pauses)
      const stalls: number[] = [];
      for (const type of ['undo', 'redo']) {
        const v = (await big.gm.get(`/api/encounters/${id}`)).body.encounter.version;
        const h = monitorEventLoopDelay({ resolution: 1 });
        h.enable();
        const r = await big.gm.post(`/api/encounters/${id}/commands`, { id: `${type}-${v}`, expectedVersion: v, command: { type } });
        await new Promise((resolve) => setTimeout(resolve, 5));
        h.disable();
        expect(r.status, r.text).toBe(200);
        stalls.push(h.max / 1e6);
      }
      expect(Math.min(...stalls), `stalls ${stalls.map((x) => x.toFixed(0)).join(', ')} ms`).toBeLessThan(100);
      expect((await big.gm.get(`/api/encounters/${id}`)).body.state.units.kara.pools.hp.value).toBe(20);
    } finally {
      await big.close();
    }
  }, 240_000);

  it(`an encounter file of ${MANY} units is read in the reader thread`, async () => {
    const { pings, reply } = await pingsWhile(t.url, t.gm.token!, 'POST', `/api/tables/${t.tableId}/encounters`, { text: manyUnits(), file: 'many.yaml' });
    expect(reply.status, reply.text).toBe(201);
    expect(Object.keys((await t.gm.get(`/api/encounters/${reply.body.id}`)).body.state.units)).toHaveLength(MANY);
    expect(pings).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('a YAML file nested thousands deep is refused with its line before a parser sees it', async () => {
    const text = `ruleset: phase20\nx: ${'['.repeat(30_000)}${']'.repeat(30_000)}\n`;
    const reply = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text, file: 'deep.yaml' });
    expect(reply.status, reply.text).toBe(422);
    expect(reply.body.error.message).toMatch(/^deep\.yaml:2:\d+: .*nested/);
  }, 60_000);

  it('a JSON body nested a million deep is refused before it is parsed', async () => {
    const raw = `{"id":"x","expectedVersion":1,"command":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const r = await t.gm.call('POST', `/api/encounters/e_nope/commands`, undefined, { raw });
    expect(r.status, r.text).toBe(400);
    expect(r.body.error.message).toMatch(/nested 100001 deep; the limit is 64/);
    const join = await t.gm.call('POST', '/api/join', undefined, { raw: '['.repeat(1_000_000) + ']'.repeat(1_000_000), token: null });
    expect(join.status, join.text).toBe(413);
  }, 60_000);
});

/** Send the headers of a `bytes`-long body (and a first chunk of it) and take the reply that comes back before the rest. */
function unsentBody(path: string, bytes: number, token?: string): Promise<{ status: number; body: any; sent: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, t.url);
    let sent = 0;
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(bytes), ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), sent }));
    });
    req.on('error', (err) => (sent > 0 ? undefined : reject(err)));
    const chunk = Buffer.alloc(65_536, 0x20);
    sent += chunk.length;
    req.write(chunk);
  });
}

describe('a body is not read before its token is looked at', () => {
  it('15 MB to an import without a token, with a player\'s, with a GM token of another table: refused after the first 64 KB', async () => {
    const path = `/api/tables/${t.tableId}/import`;
    const none = await unsentBody(path, 15_000_000);
    expect([none.status, none.body.error.code, none.sent]).toEqual([401, 'UNAUTHENTICATED', 65_536]);
    const player = await unsentBody(path, 15_000_000, t.p1.token);
    expect([player.status, player.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const other = (await new Client(t.url).post('/api/tables', { name: 'Other' })).body;
    const theirs = await unsentBody(path, 15_000_000, other.gmToken);
    expect([theirs.status, theirs.body.error.code]).toEqual([403, 'FORBIDDEN']);
    // a body larger than the route takes is refused on what it declares, whoever sends it: the GM's 30 MB
    // (importBytes, 16 MB) after its first 64 KB, nothing of it read
    const big = await unsentBody(path, 30_000_000, t.gm.token);
    expect([big.status, big.body.error.code, big.body.error.message, big.sent]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'the body is larger than 16000000 bytes', 65_536]);
  }, 60_000);
});
