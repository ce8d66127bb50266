/**
 * Malformed input: random JSON, broken text, unknown fields, wrong types and prototype-polluting keys,
 * over HTTP and WebSocket. Every bad input gets a structured error, the server keeps serving, and the
 * encounter is exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, testTable, WsClient, type TestTable } from './testing.ts';

let t: TestTable;
let enc: string;
let version: number;
beforeAll(async () => {
  t = await testTable();
  enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
  version = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
});
afterAll(() => t.close());

const POISON = ['__proto__', 'constructor', 'prototype'];

/** A valid command body with one thing broken. */
const mutatedCommand = fc.oneof(
  fc.record({ key: fc.oneof(fc.constantFrom(...POISON), fc.string({ minLength: 1, maxLength: 8 })), value: fc.jsonValue({ maxDepth: 2 }), deep: fc.boolean() }).map(({ key, value, deep }) => {
    const inner = JSON.stringify({ type: 'end_turn', actor: 'kara' }).slice(0, -1) + (deep ? `,${JSON.stringify(key)}:${JSON.stringify(value)}}` : '}');
    return `{"id":"f1","expectedVersion":${version},"command":${inner}${deep ? '' : `,${JSON.stringify(key)}:${JSON.stringify(value)}`}}`;
  }),
  fc.record({ field: fc.constantFrom('id', 'expectedVersion', 'command', 'dice'), value: fc.jsonValue({ maxDepth: 2 }) }).map(({ field, value }) =>
    JSON.stringify({ id: 'f2', expectedVersion: 0, command: { type: 'gm.nope' }, [field]: value }),
  ),
);

const anyBody = fc.oneof(fc.string({ maxLength: 60 }), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'), mutatedCommand);

function isStructuredError(status: number, body: any): boolean {
  return status >= 400 && status < 500 && typeof body?.error?.code === 'string' && typeof body?.error?.message === 'string';
}

describe('malformed input', () => {
  it('HTTP: every bad body gets a structured error and changes nothing', async () => {
    const paths = [`/api/encounters/${enc}/commands`, `/api/encounters/${enc}/preview`, `/api/tables/${t.tableId}/encounters`, `/api/tables/${t.tableId}/invites`, `/api/encounters/${enc}/pause`, '/api/tables', '/api/join'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), anyBody, async (path, raw) => {
        const r = await t.gm.call('POST', path, undefined, { raw });
        // a random body that happens to be valid may succeed; nothing else may
        if (r.status < 300) return true;
        expect(isStructuredError(r.status, r.body), `${path} ${raw} → ${r.status} ${r.text}`).toBe(true);
        return true;
      }),
      { numRuns: 400, seed: 7 },
    );
    for (const raw of ['{"id":"x","expectedVersion":1,"command":{"type":"gm.note","text":"x","__proto__":{"polluted":1}}}', '{"constructor":{"prototype":{"polluted":1}}}', '[', '', 'null', '{"id":1}']) {
      const r = await t.gm.call('POST', `/api/encounters/${enc}/commands`, undefined, { raw });
      expect(isStructuredError(r.status, r.body), r.text).toBe(true);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await t.gm.call('POST', `/api/encounters/${enc}/commands`, undefined, { raw: '{}', contentType: 'text/plain' })).body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await t.gm.call('POST', '/api/tables', undefined, { raw: JSON.stringify({ name: 'x'.repeat(3_000_000) }) })).body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const after = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
    expect(after).toBe(version);
  });

  it('WebSocket: every bad frame gets one error reply and changes nothing', async () => {
    const ws = new WsClient(t.url);
    await ws.auth(t.gm.token!);
    const frame = fc.oneof(
      anyBody,
      fc.record({ key: fc.constantFrom(...POISON, 'extra'), value: fc.jsonValue({ maxDepth: 2 }) }).map(({ key, value }) => `{"type":"subscribe","encounter":"${enc}",${JSON.stringify(key)}:${JSON.stringify(value)}}`),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify({ type: 'command', encounter: enc, id: 'w', expectedVersion: v, command: v })),
    );
    await fc.assert(
      fc.asyncProperty(frame, async (raw) => {
        const before = ws.messages.length;
        ws.send(raw);
        const reply = await ws.next(() => true, 3000, before);
        if (reply.type !== 'error') return true;
        expect(typeof reply.error.code).toBe('string');
        return true;
      }),
      { numRuns: 400, seed: 11 },
    );
    expect((await ws.request({ type: 'ping' })).type).toBe('pong');
    ws.close();
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version).toBe(version);
    expect((await t.gm.get('/api/health')).body).toEqual({ ok: true });
  });
});
