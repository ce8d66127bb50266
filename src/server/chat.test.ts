// The table's chat and free rolls: each reader's projection (HTTP and WebSocket, every byte), the rolls'
// breakdowns and errors, the limits (length, notation, dice drawn, rate per caller, messages kept, page size)
// — a refused message changes nothing — and a deleted table takes its chat with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollDice, scriptedSource, seededSource, type DiceSource } from '../dice/index.ts';
import { freeRoll } from './chat.ts';
import { ServerMessage } from './schemas.ts';
import { load, testTable, TEST_LIMITS, WsClient, type TestTable } from './testing.ts';

const SEED = 'chat-test';
let t: TestTable;
beforeAll(async () => {
  t = await testTable({ testDiceSeed: SEED });
});
afterAll(() => t.close());

const chatPath = () => `/api/tables/${t.tableId}/chat`;
const settle = () => new Promise((r) => setTimeout(r, 150));
const chatFrames = (ws: WsClient) => ws.messages.filter((m) => m.type === 'chat').flatMap((m) => m.messages);

describe('chat: who sees what', () => {
  it('sends a message to the table to everyone, a whisper and a secret roll only to the writer and the GM (not a byte to anyone else, HTTP or WebSocket)', async () => {
    const [gm, p1, p2] = [new WsClient(t.url), new WsClient(t.url), new WsClient(t.url)];
    await gm.auth(t.gm.token!);
    await p1.auth(t.p1.token!);
    await p2.auth(t.p2.token!);

    const hello = await t.p1.post(chatPath(), { text: 'Hello, everyone' });
    expect(hello.status, hello.text).toBe(201);
    expect(hello.body).toMatchObject({ from: 'player', player: 'p1', to: 'table', text: 'Hello, everyone' });
    expect(hello.body.seq).toBeUndefined();
    for (const ws of [gm, p1, p2]) await ws.next((m) => m.type === 'chat' && m.messages.some((x: { id: string }) => x.id === hello.body.id));

    const whisper = await t.p1.post(chatPath(), { text: 'I pocket the ruby quietly', to: 'gm' });
    expect(whisper.status, whisper.text).toBe(201);
    const secret = await t.p1.post(chatPath(), { roll: '1d20+4', label: 'Sleight of Hand', to: 'gm' });
    expect(secret.status, secret.text).toBe(201);
    const toP2 = await t.gm.post(chatPath(), { text: 'You hear a click behind the door', to: 'player', player: 'p2' });
    expect(toP2.status, toP2.text).toBe(201);
    expect(toP2.body).toMatchObject({ from: 'gm', to: 'player', toPlayer: 'p2' });
    const last = await t.p2.post(chatPath(), { text: 'Anyone else hear that?' });
    for (const ws of [gm, p1, p2]) await ws.next((m) => m.type === 'chat' && m.messages.some((x: { id: string }) => x.id === last.body.id));
    await settle();

    const ids = (list: { id: string }[]) => list.map((m) => m.id);
    expect(ids(chatFrames(gm))).toEqual([hello.body.id, whisper.body.id, secret.body.id, toP2.body.id, last.body.id]);
    expect(ids(chatFrames(p1))).toEqual([hello.body.id, whisper.body.id, secret.body.id, last.body.id]);
    expect(ids(chatFrames(p2))).toEqual([hello.body.id, toP2.body.id, last.body.id]);
    for (const ws of [gm, p1, p2]) for (const m of ws.messages) expect(ServerMessage.safeParse(m).success, JSON.stringify(m)).toBe(true);

    // the same over HTTP, each reader its own page
    const page = async (c: typeof t.gm) => ids((await c.get(chatPath())).body.messages);
    expect(await page(t.gm)).toEqual(ids(chatFrames(gm)));
    expect(await page(t.p1)).toEqual(ids(chatFrames(p1)));
    expect(await page(t.p2)).toEqual(ids(chatFrames(p2)));

    // not a byte of p1's whisper or secret roll reached p2; not a byte of the GM's whisper to p2 reached p1
    const p2Bytes = [...p2.frames, ...t.p2.received].join('\n');
    for (const s of ['ruby', 'Sleight', whisper.body.id, secret.body.id, '1d20']) expect(p2Bytes).not.toContain(s);
    const p1Bytes = [...p1.frames, ...t.p1.received].join('\n');
    for (const s of ['click behind', toP2.body.id]) expect(p1Bytes).not.toContain(s);
    // and nothing of them reached the other's socket at all: as many frames as messages it may see
    expect(p2.messages.filter((m) => m.type === 'chat')).toHaveLength(3);
    // (after the bytes were read: p2 names the id itself here) a hidden message is no cursor either: it reads as one that is not there
    expect((await t.p2.get(`${chatPath()}?before=${whisper.body.id}`)).status).toBe(404);
    expect((await t.p2.get(`${chatPath()}?before=${toP2.body.id}`)).status).toBe(200);
    for (const ws of [gm, p1, p2]) ws.close();
  });
});

describe('chat: free rolls', () => {
  it('rolls any notation with the breakdown the log shows, every face kept (replaying them gives the same roll), from the injected seed', async () => {
    const own = await testTable({ testDiceSeed: 'rolls' });
    const r = await own.p2.post(`/api/tables/${own.tableId}/chat`, { roll: '4d6kh3 + 2', label: 'Strength' });
    await own.close();
    expect(r.status, r.text).toBe(201);
    const roll = r.body.roll;
    // the server's dice: the test seed's stream for its first free roll, rolled here the same way
    const expected = rollDice('4d6kh3 + 2', seededSource('rolls:chat:1'));
    expect(roll).toMatchObject({ notation: '4d6kh3 + 2', label: 'Strength', total: expected.total, line: expected.breakdown });
    expect(roll.dice).toEqual(expected.draws);
    // the faces replay to the same line, and the breakdown's term is the log's (faces, the dropped one, the total)
    expect(rollDice(roll.notation, scriptedSource(roll.dice.map((d: { face: number }) => d.face))).breakdown).toBe(roll.line);
    const faces = expected.dice.map((d) => d.face);
    const dropped = expected.dice.flatMap((d, i) => (d.kept ? [] : [i]));
    expect(roll.breakdown).toEqual({ label: 'Strength', terms: [{ kind: 'dice', label: '4d6kh3 + 2', faces, dropped, value: expected.total }], total: expected.total });
    expect(dropped).toHaveLength(1);
    expect(roll.line).toMatch(/^4d6kh3 \[(\dd?, ){3}\dd?\] \+ 2 = \d+$/);
  });

  it('refuses bad notation with the dice layer\'s words (what, and at which column), and a roll too big, keeping nothing', async () => {
    const before = (await t.gm.get(`${chatPath()}?limit=100`)).body.messages.length;
    const bad = await t.p1.post(chatPath(), { roll: '4d6kq3' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toEqual({ code: 'dice/syntax', message: '4d6kq3: unexpected "q" at column 5', field: 'roll' });
    const many = await t.p1.post(chatPath(), { roll: '5000d6' });
    expect(many.body.error).toMatchObject({ code: 'dice/limit', field: 'roll' });
    expect(many.body.error.message).toMatch(/dice count 5000 is over the limit of 1000/);
    const drawn = await t.p1.post(chatPath(), { roll: `${TEST_LIMITS.chatRollDice + 1}d6` });
    expect(drawn.body.error).toEqual({ code: 'dice/limit', message: `${TEST_LIMITS.chatRollDice + 1}d6: a free roll draws at most ${TEST_LIMITS.chatRollDice} dice (explosions and rerolls count); this one asks for more`, field: 'roll' });
    const long = await t.p1.post(chatPath(), { roll: '1+'.repeat(150) + '1' });
    expect(long.status).toBe(413);
    expect(long.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'roll' });
    expect((await t.p1.post(chatPath(), { roll: '1d0' })).body.error).toMatchObject({ code: 'dice/invalid', field: 'roll' });
    expect((await t.gm.get(`${chatPath()}?limit=100`)).body.messages).toHaveLength(before);
  });

  it('stops a roll that would draw past the limit while it rolls (rerolls and explosions count): bounded work', () => {
    let asked = 0;
    const counting: DiceSource = { roll: (sides) => (++asked, sides === 6 ? 1 : 1) };
    // every die shows 1 and rerolls on 1: without the bound it would draw until the dice layer's own reroll limit (1000 per die)
    expect(() => freeRoll(t.srv.ctx, '10d6r1', undefined, counting)).toThrow(/draws at most 200 dice/);
    expect(asked).toBe(TEST_LIMITS.chatRollDice);
    asked = 0;
    expect(() => freeRoll(t.srv.ctx, '1d6!', undefined, { roll: () => (++asked, 6) })).toThrow(/draws at most 200 dice|explo/);
    expect(asked).toBeLessThanOrEqual(TEST_LIMITS.chatRollDice);
  });
});

describe('chat: what is refused changes nothing', () => {
  it('refuses an empty or too long message, both text and roll, a player whispering to a player, unknown fields and strangers', async () => {
    const before = (await t.gm.get(`${chatPath()}?limit=100`)).body.messages.length;
    const cases: [typeof t.gm, unknown, number, string, string?][] = [
      [t.p1, { text: '   ' }, 400, 'BAD_REQUEST', 'text'],
      [t.p1, { text: 'x'.repeat(TEST_LIMITS.chatChars + 1) }, 413, 'PAYLOAD_TOO_LARGE', 'text'],
      [t.p1, { text: 'hi', roll: '1d6' }, 400, 'BAD_REQUEST', 'roll'],
      [t.p1, {}, 400, 'BAD_REQUEST', 'text'],
      [t.p1, { text: 'psst', to: 'player', player: 'p2' }, 403, 'FORBIDDEN', 'to'],
      [t.gm, { text: 'psst', to: 'player' }, 400, 'BAD_REQUEST', 'player'],
      [t.gm, { text: 'psst', to: 'player', player: 'nobody' }, 404, 'NOT_FOUND', 'player'],
      [t.p1, { text: 'hi', colour: 'red' }, 400, 'BAD_REQUEST', 'colour'],
      [t.p1, { text: 'hi', label: 'x' }, 400, 'BAD_REQUEST', 'label'],
      [t.p1, { text: 42 }, 400, 'BAD_REQUEST', 'text'],
    ];
    for (const [who, body, status, code, field] of cases) {
      const r = await who.post(chatPath(), body);
      expect([r.status, r.body.error?.code, r.body.error?.field], JSON.stringify(body)).toEqual([status, code, field]);
    }
    expect((await t.gm.call('POST', chatPath(), undefined, { raw: '{"text": "unclosed', contentType: 'application/json' })).status).toBe(400);
    // past the route's body limit (16 KB): refused before it is read
    const huge = await t.p1.post(chatPath(), { text: 'x'.repeat(20_000) });
    expect([huge.status, huge.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect((await t.gm.call('POST', chatPath(), { text: 'hi' }, { token: null })).status).toBe(401);
    const other = await testTable();
    try {
      expect((await other.gm.post(chatPath(), { text: 'hi' })).status).toBe(403);
      expect((await other.gm.get(chatPath())).status).toBe(403);
    } finally {
      await other.close();
    }
    expect((await t.gm.get(`${chatPath()}?limit=100`)).body.messages).toHaveLength(before);
    expect((await t.gm.get(`${chatPath()}?limit=${TEST_LIMITS.chatPageMax + 1}`)).body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'limit' });
  });
});

describe('chat: limits', () => {
  it('rate-limits each caller on its own: one who spent its share is refused, nothing kept; another is not', async () => {
    const r = await testTable({ limits: { ...TEST_LIMITS, chatBurst: 3, chatRate: 0.001 } });
    try {
      const path = `/api/tables/${r.tableId}/chat`;
      for (let i = 0; i < 3; i++) expect((await r.p1.post(path, { text: `m${i}` })).status).toBe(201);
      const refused = await r.p1.post(path, { roll: '1d6' });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toEqual({ code: 'RATE_LIMITED', message: 'too many messages: 3 at once, then 0.001 a second; wait a moment' });
      // a refused message (bad notation) costs no share; the others' shares are their own
      expect((await r.p2.post(path, { roll: 'nonsense' })).status).toBe(422);
      for (let i = 0; i < 3; i++) expect((await r.p2.post(path, { text: `q${i}` })).status).toBe(201);
      expect((await r.gm.post(path, { text: 'GM still speaks' })).status).toBe(201);
      expect((await r.gm.get(path)).body.messages.map((m: { text: string }) => m.text)).toEqual(['m0', 'm1', 'm2', 'q0', 'q1', 'q2', 'GM still speaks']);
    } finally {
      await r.close();
    }
  });

  it('keeps the last chatKept messages, reads them a page at a time, and deletes them with the table', async () => {
    const r = await testTable({ limits: { ...TEST_LIMITS, chatKept: 5, chatPage: 2 } });
    try {
      const path = `/api/tables/${r.tableId}/chat`;
      for (let i = 1; i <= 8; i++) expect((await r.gm.post(path, { text: `m${i}` })).status).toBe(201);
      const texts = (b: { messages: { text: string }[] }) => b.messages.map((m) => m.text);
      const first = (await r.p1.get(path)).body;
      expect(texts(first)).toEqual(['m7', 'm8']);
      expect(first.more).toBe(true);
      const second = (await r.p1.get(`${path}?before=${first.next}`)).body;
      expect(texts(second)).toEqual(['m5', 'm6']);
      const third = (await r.p1.get(`${path}?before=${second.next}&limit=10`)).body;
      expect(texts(third)).toEqual(['m4']);
      expect(third.more).toBe(false);
      expect(third.next).toBeUndefined();
      expect(await r.srv.ctx.store.chat(r.tableId, { reader: { gm: true }, limit: 100 })).toHaveLength(5);
      expect((await r.gm.call('DELETE', `/api/tables/${r.tableId}`)).status).toBe(200);
      expect(await r.srv.ctx.store.chat(r.tableId, { reader: { gm: true }, limit: 100 })).toEqual([]);
    } finally {
      await r.close();
    }
  });
});

describe('chat: in the table export', () => {
  it("a table's export carries its chat as the exporter reads it, oldest first: the GM every message, a player none of another's whispers; an encounter's export none", async () => {
    const r = await testTable({ limits: { ...TEST_LIMITS, chatKept: 5 } });
    try {
      const path = `/api/tables/${r.tableId}/chat`;
      const encounterId = await load(r, { example: 'phase20/goblin-cave.yaml' });
      expect((await r.gm.post(path, { text: 'lost to the limit' })).status).toBe(201);
      expect((await r.p1.post(path, { text: 'We take the left tunnel' })).status).toBe(201);
      expect((await r.p1.post(path, { text: 'I pocket the ruby quietly', to: 'gm' })).status).toBe(201);
      expect((await r.gm.post(path, { text: 'You hear a click', to: 'player', player: 'p2' })).status).toBe(201);
      expect((await r.p2.post(path, { roll: '1d20', label: 'Perception' })).status).toBe(201);
      expect((await r.p2.post(path, { text: 'Did anyone hear that?' })).status).toBe(201);
      const texts = (c: typeof r.gm) => c.get(`/api/tables/${r.tableId}/export`).then((x) => (x.body.chat as { text?: string; roll?: { label: string } }[]).map((m) => m.text ?? m.roll?.label));
      // the table keeps its last five (chatKept): the first message is gone from every export
      expect(await texts(r.gm)).toEqual(['We take the left tunnel', 'I pocket the ruby quietly', 'You hear a click', 'Perception', 'Did anyone hear that?']);
      expect(await texts(r.p1)).toEqual(['We take the left tunnel', 'I pocket the ruby quietly', 'Perception', 'Did anyone hear that?']);
      expect(await texts(r.p2)).toEqual(['We take the left tunnel', 'You hear a click', 'Perception', 'Did anyone hear that?']);
      const p2File = JSON.stringify((await r.p2.get(`/api/tables/${r.tableId}/export`)).body);
      expect(JSON.parse(p2File).encounters).toHaveLength(1);
      expect(p2File).not.toContain('ruby');
      // the table's numbering of its messages stays on the server (a gap would tell of a whisper)
      expect(JSON.stringify(JSON.parse(p2File).chat)).not.toContain('"seq"');
      // one encounter's export is that encounter's, without the table's talk
      const enc = (await r.gm.get(`/api/encounters/${encounterId}/export`)).body;
      expect(enc.encounters).toHaveLength(1);
      expect(enc.chat).toBeUndefined();
      // a file with its chat imports (the chat is left: it is the old table's)
      const file = (await r.gm.get(`/api/tables/${r.tableId}/export`)).body;
      const imported = await r.gm.post(`/api/tables/${r.tableId}/import`, file);
      expect(imported.status, imported.text).toBe(201);
      expect((await r.gm.get(path)).body.messages).toHaveLength(5);
    } finally {
      await r.close();
    }
  });
});
