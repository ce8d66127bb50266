/**
 * The authorization matrix: every message type × every kind of caller × every kind of unit, checked
 * against the written table (the same one as in docs/server.md). Outcomes:
 *   ok      — not refused for access (it ran, or the rules refused it: not your turn, not started...)
 *   401     — no valid token
 *   403     — a valid token that may not do this (another table's, a player doing the GM's work, another's unit)
 *   unknown — `unit/unknown`, exactly as for a unit that does not exist (hidden units, to players)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, load, testTable, WsClient, type TestTable } from './testing.ts';

type Outcome = 'ok' | '401' | '403' | 'unknown';
type Who = 'gm' | 'owner' | 'other' | 'none' | 'foreign';
type UnitKind = 'own' | 'others' | 'hidden';

const WHO: Who[] = ['gm', 'owner', 'other', 'none', 'foreign'];
const UNITS: UnitKind[] = ['own', 'others', 'hidden'];

/** Per-unit messages: outcomes for [own unit, other player's unit, hidden unit], by caller. */
const UNIT_MATRIX: Record<string, Record<Who, [Outcome, Outcome, Outcome]>> = {
  'GET actions?unit=U': { gm: ['ok', 'ok', 'ok'], owner: ['ok', '403', 'unknown'], other: ['403', 'ok', 'unknown'], none: ['401', '401', '401'], foreign: ['403', '403', '403'] },
  'POST preview {actor:U}': { gm: ['ok', 'ok', 'ok'], owner: ['ok', '403', 'unknown'], other: ['403', 'ok', 'unknown'], none: ['401', '401', '401'], foreign: ['403', '403', '403'] },
  'POST commands {actor:U}': { gm: ['ok', 'ok', 'ok'], owner: ['ok', '403', 'unknown'], other: ['403', 'ok', 'unknown'], none: ['401', '401', '401'], foreign: ['403', '403', '403'] },
  'POST commands gm.hide U': { gm: ['ok', 'ok', 'ok'], owner: ['403', '403', '403'], other: ['403', '403', '403'], none: ['401', '401', '401'], foreign: ['403', '403', '403'] },
  'POST commands gm.assign U': { gm: ['ok', 'ok', 'ok'], owner: ['403', '403', '403'], other: ['403', '403', '403'], none: ['401', '401', '401'], foreign: ['403', '403', '403'] },
  'WS command {actor:U}': { gm: ['ok', 'ok', 'ok'], owner: ['ok', '403', 'unknown'], other: ['403', 'ok', 'unknown'], none: ['401', '401', '401'], foreign: ['403', '403', '403'] },
};

/** Messages about the table or encounter as a whole, by caller. */
const TABLE_MATRIX: Record<string, Record<Who, Outcome>> = {
  'GET table': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'GET encounters': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'GET chat': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'POST chat (to the table)': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'POST chat (a whisper to the GM)': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'POST chat (a whisper to player p1)': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'GET encounter': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'GET events': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'GET replay': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'GET export (table)': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'GET export (encounter)': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  'PATCH settings': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST invites': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'DELETE player tokens': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST encounters (load)': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST import': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST pause': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST simulate': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'GET file-units': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'GET seen-by': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'GET roster': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST carry-back': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST carry-back/accept': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'GET library/export': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST library/import': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST commands start': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST commands undo': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST commands end_combat': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST commands gm.roll': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'POST commands gm.add_unit {entry}': { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
  'WS subscribe': { gm: 'ok', owner: 'ok', other: 'ok', none: '401', foreign: '403' },
  // a roll waiting for physical dice: the GM's start asks p1 (the owner, who rolls at the table) for Kara's initiative;
  // the player asked or the GM answers it, the GM or the command's sender (here the GM) calls it off
  'POST dice (asked of the owner)': { gm: 'ok', owner: 'ok', other: '403', none: '401', foreign: '403' },
  "DELETE dice/:rollId (the GM's command)": { gm: 'ok', owner: '403', other: '403', none: '401', foreign: '403' },
};

const UNIT_ID: Record<UnitKind, string> = { own: 'kara', others: 'pell', hidden: 'g3' };

let t: TestTable;
let foreign: Client;
let exportFile: unknown;
beforeAll(async () => {
  t = await testTable();
  const other = await new Client(t.url).post('/api/tables', { name: 'Elsewhere' });
  foreign = new Client(t.url, other.body.gmToken);
  const e = await load(t, { example: 'phase20/goblin-cave.yaml' });
  exportFile = (await t.gm.get(`/api/encounters/${e}/export`)).body;
});
afterAll(() => t.close());

function client(who: Who): Client {
  return { gm: t.gm, owner: t.p1, other: t.p2, none: new Client(t.url), foreign }[who];
}

function classify(status: number, body: any): Outcome {
  const code = body?.error?.code;
  if (status === 401 || code === 'UNAUTHENTICATED') return '401';
  if (status === 403 || code === 'FORBIDDEN') return '403';
  if (code === 'unit/unknown') return 'unknown';
  if (status === 404) throw new Error(`unexpected 404: ${JSON.stringify(body)}`);
  return 'ok';
}

/** A fresh encounter for every cell, so one cell's command cannot change the next one's answer. */
async function fresh(): Promise<{ enc: string; version: number }> {
  const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
  return { enc, version: (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version };
}

/** The version as `c` numbers the log (players do not count hidden events); the GM's for those who cannot read it. */
async function versionFor(c: Client, enc: string, gmVersion: number): Promise<number> {
  const r = await c.get(`/api/encounters/${enc}`);
  return r.status === 200 ? (r.body.encounter.version as number) : gmVersion;
}

async function wsCall(who: Who, msg: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const ws = new WsClient(t.url);
  try {
    await ws.open();
    const token = client(who).token;
    if (token) await ws.request({ type: 'auth', token });
    const r = await ws.request(msg);
    return { status: r.type === 'error' ? 0 : 200, body: r };
  } finally {
    ws.close();
  }
}

async function runUnit(row: string, who: Who, unit: string): Promise<{ status: number; body: any }> {
  const c = client(who);
  const fresh0 = await fresh();
  const enc = fresh0.enc;
  const version = await versionFor(c, enc, fresh0.version);
  const cmd = (command: Record<string, unknown>) => c.post(`/api/encounters/${enc}/commands`, { id: `m-${row}-${who}-${unit}`.replace(/[^A-Za-z0-9_-]/g, '_'), expectedVersion: version, command });
  switch (row) {
    case 'GET actions?unit=U': return c.get(`/api/encounters/${enc}/actions?unit=${unit}`);
    case 'POST preview {actor:U}': return c.post(`/api/encounters/${enc}/preview`, { command: { type: 'attack', actor: unit, target: 'g1', weapon: 'spear' } });
    case 'POST commands {actor:U}': return cmd({ type: 'end_turn', actor: unit });
    case 'POST commands gm.hide U': return cmd({ type: 'gm.hide', unit });
    case 'POST commands gm.assign U': return cmd({ type: 'gm.assign', unit, player: 'p2' });
    case 'WS command {actor:U}': return wsCall(who, { type: 'command', encounter: enc, id: 'ws', expectedVersion: version, command: { type: 'end_turn', actor: unit } });
  }
  throw new Error(row);
}

/** `call` made while the GM's start of `enc` waits for p1's initiative die (p1 rolls at the table meanwhile). */
async function withRoll(enc: string, call: (roll: string) => Promise<{ status: number; body: any }>): Promise<{ status: number; body: any }> {
  await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { players: { p1: 'required' } });
  try {
    const version = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
    const start = await t.gm.post(`/api/encounters/${enc}/commands`, { id: 'dice-start', expectedVersion: version, command: { type: 'start' } });
    expect(start.status, start.text).toBe(202);
    expect(start.body.roll.asks[0]).toMatchObject({ unitName: 'Kara', for: 'initiative' });
    return await call(start.body.roll.id);
  } finally {
    await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { players: { p1: null } });
  }
}

async function runTable(row: string, who: Who): Promise<{ status: number; body: any }> {
  const c = client(who);
  const fresh0 = await fresh();
  const enc = fresh0.enc;
  const version = await versionFor(c, enc, fresh0.version);
  const tid = t.tableId;
  const cmd = (command: Record<string, unknown>) => c.post(`/api/encounters/${enc}/commands`, { id: 'm1', expectedVersion: version, command });
  switch (row) {
    case 'GET table': return c.get(`/api/tables/${tid}`);
    case 'GET encounters': return c.get(`/api/tables/${tid}/encounters`);
    case 'GET chat': return c.get(`/api/tables/${tid}/chat`);
    case 'POST chat (to the table)': return c.post(`/api/tables/${tid}/chat`, { text: 'hello' });
    case 'POST chat (a whisper to the GM)': return c.post(`/api/tables/${tid}/chat`, { roll: '1d20', to: 'gm' });
    case 'POST chat (a whisper to player p1)': return c.post(`/api/tables/${tid}/chat`, { text: 'psst', to: 'player', player: 'p1' });
    case 'GET encounter': return c.get(`/api/encounters/${enc}`);
    case 'GET events': return c.get(`/api/encounters/${enc}/events?after=0`);
    case 'GET replay': return c.get(`/api/encounters/${enc}/replay?upTo=1`);
    case 'GET export (table)': return c.get(`/api/tables/${tid}/export`);
    case 'GET export (encounter)': return c.get(`/api/encounters/${enc}/export`);
    case 'PATCH settings': return c.call('PATCH', `/api/tables/${tid}/settings`, { physicalDice: 'off' });
    case 'POST invites': return c.post(`/api/tables/${tid}/invites`, { playerId: 'p9' });
    case 'DELETE player tokens': return c.call('DELETE', `/api/tables/${tid}/players/p9/tokens`);
    case 'POST encounters (load)': return c.post(`/api/tables/${tid}/encounters`, { example: 'phase20/mage-duel.yaml' });
    case 'POST import': return c.post(`/api/tables/${tid}/import`, exportFile);
    case 'POST pause': return c.post(`/api/encounters/${enc}/pause`, { paused: false });
    case 'POST simulate': return c.post(`/api/encounters/${enc}/simulate`, { runs: 2, seed: 1 });
    case 'GET file-units': return c.get(`/api/encounters/${enc}/file-units`);
    case 'GET seen-by': return c.get(`/api/encounters/${enc}/seen-by?player=p1`);
    case 'GET roster': return c.get(`/api/tables/${tid}/roster`);
    case 'POST carry-back': return c.post(`/api/encounters/${enc}/carry-back`);
    case 'POST carry-back/accept': return c.post(`/api/encounters/${enc}/carry-back/accept`, { accepted: [] });
    case 'GET library/export': return c.get(`/api/tables/${tid}/library/export`);
    case 'POST library/import': return c.post(`/api/tables/${tid}/library/import`, { format: 'skirmish-library', version: 1, entries: [] });
    case 'POST commands start': return cmd({ type: 'start' });
    case 'POST commands undo': return cmd({ type: 'undo' });
    case 'POST commands end_combat': return cmd({ type: 'end_combat', outcome: 'truce' });
    case 'POST commands gm.roll': return cmd({ type: 'gm.roll', dice: '1d20' });
    case 'POST commands gm.add_unit {entry}': return cmd({ type: 'gm.add_unit', entry: { id: 'g9', name: 'Goblin Scout', side: 'goblins', at: [8, 4], hp: 9, dv: 12 } });
    case 'WS subscribe': return wsCall(who, { type: 'subscribe', encounter: enc });
    case 'POST dice (asked of the owner)': return withRoll(enc, (roll) => c.post(`/api/encounters/${enc}/dice`, { roll, faces: [12] }));
    case "DELETE dice/:rollId (the GM's command)": return withRoll(enc, (roll) => c.call('DELETE', `/api/encounters/${enc}/dice/${roll}`));
  }
  throw new Error(row);
}

describe('authorization matrix', () => {
  it('per-unit messages match the written table exactly', async () => {
    const actual: typeof UNIT_MATRIX = {};
    for (const row of Object.keys(UNIT_MATRIX)) {
      actual[row] = {} as Record<Who, [Outcome, Outcome, Outcome]>;
      for (const who of WHO) {
        const cells: Outcome[] = [];
        for (const kind of UNITS) {
          const r = await runUnit(row, who, UNIT_ID[kind]);
          cells.push(classify(r.status, r.body));
        }
        actual[row][who] = cells as [Outcome, Outcome, Outcome];
      }
    }
    expect(actual).toEqual(UNIT_MATRIX);
  });

  it('table and encounter messages match the written table exactly', async () => {
    const actual: typeof TABLE_MATRIX = {};
    for (const row of Object.keys(TABLE_MATRIX)) {
      actual[row] = {} as Record<Who, Outcome>;
      for (const who of WHO) {
        const r = await runTable(row, who);
        actual[row][who] = classify(r.status, r.body);
      }
    }
    expect(actual).toEqual(TABLE_MATRIX);
  });

  it('to a player, a hidden unit answers exactly like one that does not exist', async () => {
    for (const row of ['GET actions?unit=U', 'POST preview {actor:U}', 'POST commands {actor:U}', 'WS command {actor:U}']) {
      const hidden = await runUnit(row, 'owner', 'g3');
      const missing = await runUnit(row, 'owner', 'zz');
      expect(hidden.status).toBe(missing.status);
      expect(JSON.stringify(hidden.body).replaceAll('g3', '??')).toBe(JSON.stringify(missing.body).replaceAll('zz', '??'));
    }
    // naming a hidden unit as a target: the same answer as naming a missing one
    const { enc, version } = await fresh();
    await t.gm.post(`/api/encounters/${enc}/commands`, { id: 'go', expectedVersion: version, command: { type: 'start' } });
    const v = (await t.p1.get(`/api/encounters/${enc}`)).body.encounter.version;
    const send = (target: string) => t.p1.post(`/api/encounters/${enc}/preview`, { command: { type: 'attack', actor: 'kara', target, weapon: 'spear' } });
    const [h, m] = [await send('g3'), await send('zz')];
    expect(JSON.stringify(h.body).replaceAll('g3', '??')).toBe(JSON.stringify(m.body).replaceAll('zz', '??'));
    const c = (target: string, id: string) => t.p1.post(`/api/encounters/${enc}/commands`, { id, expectedVersion: v, command: { type: 'attack', actor: 'kara', target, weapon: 'spear' } });
    const [hc, mc] = [await c('g3', 'h1'), await c('zz', 'm1')];
    expect(hc.status).toBe(mc.status);
    expect(JSON.stringify(hc.body).replaceAll('g3', '??')).toBe(JSON.stringify(mc.body).replaceAll('zz', '??'));
  });
});
