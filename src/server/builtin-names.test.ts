/**
 * Ids named like the properties every object has built in, sent to the running server in every command
 * type, by the GM and in a player's suggestion, over HTTP and WebSocket: a clear 4xx refusal, never a
 * 500, the encounter unchanged and still in memory (before the fix a unit "toString" in a GM command or a
 * suggestion answered 500 and dropped the encounter from the cache, and `gm.set_pool {pool: "__proto__"}`
 * wrote into Object.prototype).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmCommands } from '../engine/index.ts';
import { rulesets } from '../rulesets/index.ts';
import { SERVER_GM_COMMANDS } from './gm-commands.ts';
import { command, load, testTable, WsClient, type TestTable } from './testing.ts';

const NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', '__lookupGetter__'];
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

let t: TestTable;
let enc: string;
let evictions = 0;
beforeAll(async () => {
  t = await testTable();
  enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
  await command(t.gm, enc, { type: 'start' });
  const cache = t.srv.ctx.cache;
  const evict = cache.evict.bind(cache);
  cache.evict = (id: string) => {
    evictions++;
    evict(id);
  };
});
afterAll(() => t.close());

/** Every field a command names something by, all set to `n`. */
const named = (type: string, n: string, actor: string) => ({
  type, actor, unit: n, target: n, targets: [n], other: n, pool: n, stat: n, key: n, id: n, pending: n, order: [n], side: n, weapon: n, spell: n,
  zone: n, player: n, controller: n, dice: n, event: 1, amount: 1, value: 1, to: [0, 0], rules: false, effect: { name: 'Mark', target: n }, entry: { id: n, name: 'X', side: n },
});

const commandTypes = [...new Set([...Object.keys(rulesets.phase20.commands), ...Object.keys(gmCommands(rulesets.phase20)), ...SERVER_GM_COMMANDS, 'start', 'end_turn', 'end_combat', 'answer', 'undo', 'redo'])];

async function stateOf() {
  return (await t.gm.get(`/api/encounters/${enc}`)).body;
}

describe('built-in property names sent to the server', () => {
  it('every command type, by the GM, each field named so: a 4xx refusal, nothing changed, nothing dropped', async () => {
    const before = await stateOf();
    for (const type of commandTypes) {
      for (const n of NAMES) {
        const actor = before.activeUnit;
        for (const cmd of [named(type, n, actor), { ...named(type, n, actor), actor: n }]) {
          const r = await command(t.gm, enc, cmd, { expectedVersion: before.encounter.version });
          expect(r.status, `${type} ${n}: ${r.text}`).toBeGreaterThanOrEqual(400);
          expect(r.status, `${type} ${n}: ${r.text}`).toBeLessThan(500);
          expect(typeof r.body.error.message).toBe('string');
        }
      }
    }
    expect(await stateOf()).toEqual(before);
    expect(evictions).toBe(0);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  });

  it("a player's suggestion of every GM command, its actions and its odds: refused the same way", async () => {
    const before = await stateOf();
    const version = (await t.p1.get(`/api/encounters/${enc}`)).body.encounter.version;
    const gmTypes = commandTypes.filter((c) => c.startsWith('gm.'));
    for (const type of gmTypes) {
      for (const n of NAMES) {
        for (const actor of ['kara', n]) {
          const r = await command(t.p1, enc, { type: 'suggest', actor, text: 'please', proposal: named(type, n, actor) }, { expectedVersion: version });
          expect(r.status, `suggest ${type} ${n}: ${r.text}`).toBeGreaterThanOrEqual(400);
          expect(r.status, `suggest ${type} ${n}: ${r.text}`).toBeLessThan(500);
        }
      }
    }
    for (const n of NAMES) {
      const a = await t.p1.get(`/api/encounters/${enc}/actions?unit=${encodeURIComponent(n)}`);
      expect(a.status, a.text).toBe(404);
      expect(a.body.error.code).toBe('unit/unknown');
      const p = await t.p1.post(`/api/encounters/${enc}/preview`, { command: { type: 'attack', actor: 'kara', target: n, weapon: n } });
      expect(p.status, p.text).toBeGreaterThanOrEqual(400);
      expect(p.status, p.text).toBeLessThan(500);
    }
    expect(await stateOf()).toEqual(before);
    expect(evictions).toBe(0);
  });

  it('over the WebSocket too', async () => {
    const before = await stateOf();
    const ws = new WsClient(t.url);
    await ws.auth(t.gm.token!);
    for (const n of NAMES) {
      const reply = await ws.request({ type: 'command', encounter: enc, id: `ws-${n}`, expectedVersion: before.encounter.version, command: { type: 'gm.set_pool', unit: 'kara', pool: n, value: 1 } });
      expect(reply.type).toBe('error');
      expect(reply.error.code).toBe('command/builtin_name');
    }
    ws.close();
    expect(await stateOf()).toEqual(before);
    expect(evictions).toBe(0);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  });
});
