// The HTTP API end to end, in process: tables and links, loading, play, dice, retries, replay, transfer.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './app.ts';
import type { SqliteStore } from '../store/index.ts';
import { Client, command, load, testTable, type TestTable } from './testing.ts';

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

/** Start an encounter and return the id of the first unit to act, with the client that controls it. */
async function started(enc: string) {
  const r = await command(t.gm, enc, { type: 'start' });
  expect(r.status, r.text).toBe(200);
  const s = await t.gm.get(`/api/encounters/${enc}`);
  return s.body;
}

describe('server basics', () => {
  it('answers health, openapi, rulesets and examples', async () => {
    const anon = new Client(t.url);
    expect((await anon.get('/api/health')).body).toEqual({ ok: true });
    const doc = (await anon.get('/api/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/encounters/{encounterId}/commands');
    expect(doc.paths['/api/encounters/{encounterId}/commands'].post.requestBody.content['application/json'].schema.required).toEqual(['id', 'expectedVersion', 'command']);
    expect(doc['x-websocket'].clientMessage.oneOf.length).toBe(5);
    const ex = (await anon.get('/api/examples')).body as { path: string }[];
    expect(ex.map((e) => e.path)).toContain('phase20/goblin-cave.yaml');
    expect((await anon.get('/api/rulesets')).body.map((r: { id: string }) => r.id)).toContain('phase20');
    expect((await anon.get('/api/nope')).body.error.code).toBe('NOT_FOUND');
    expect((await anon.call('DELETE', '/api/health')).body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('serves a placeholder page, or the built web page when there is one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-web-'));
    const bare = await startServer({ port: 0, db: ':memory:', webDist: join(dir, 'missing') });
    try {
      const page = await new Client(`http://127.0.0.1:${bare.port}`).call('GET', '/');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Skirmish server');
    } finally {
      await bare.close();
    }
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>web</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    const srv = await startServer({ port: 0, db: ':memory:', webDist: dir });
    try {
      const c = new Client(`http://127.0.0.1:${srv.port}`);
      expect((await c.call('GET', '/')).text).toContain('<title>web</title>');
      expect((await c.call('GET', '/table/abc')).text).toContain('<title>web</title>');
      const js = await fetch(`http://127.0.0.1:${srv.port}/assets/app.js`);
      expect(js.headers.get('content-type')).toContain('javascript');
      expect((await c.call('GET', '/assets/missing.js')).status).toBe(404);
      expect((await c.call('GET', '/..%2f..%2fetc%2fpasswd.txt')).status).toBe(404);
    } finally {
      await srv.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tables and links', () => {
  it('shows each member its role; invites are used once; revoked tokens stop working', async () => {
    expect((await t.gm.get(`/api/tables/${t.tableId}`)).body).toMatchObject({ role: 'gm', players: [{ playerId: 'p1' }, { playerId: 'p2' }] });
    expect((await t.p1.get(`/api/tables/${t.tableId}`)).body).toMatchObject({ role: 'player', playerId: 'p1' });
    const inv = await t.gm.post(`/api/tables/${t.tableId}/invites`, { name: 'Cleo' });
    expect(inv.body.playerId).toBe('p3');
    expect(inv.body.invite).toMatch(/^ski_[A-Za-z0-9_-]{43}$/);
    const anon = new Client(t.url);
    const joined = await anon.post('/api/join', { invite: inv.body.invite });
    expect(joined.status).toBe(200);
    expect((await anon.post('/api/join', { invite: inv.body.invite })).body.error.code).toBe('UNAUTHENTICATED');
    const p3 = new Client(t.url, joined.body.token);
    expect((await p3.get(`/api/tables/${t.tableId}`)).status).toBe(200);
    // an invite is not an access token
    expect((await new Client(t.url, inv.body.invite).get(`/api/tables/${t.tableId}`)).body.error.code).toBe('UNAUTHENTICATED');
    expect((await t.gm.call('DELETE', `/api/tables/${t.tableId}/players/p3/tokens`)).body).toEqual({ revoked: 1 });
    expect((await p3.get(`/api/tables/${t.tableId}`)).status).toBe(401);
  });

  it('stores only token hashes', () => {
    const rows = (t.srv.ctx.store as SqliteStore).db.prepare('SELECT hash FROM tokens').pluck().all() as string[];
    expect(rows.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    expect(rows).not.toContain(t.gm.token);
  });
});

describe('loading encounters', () => {
  it('reports problems with the same lines as skirmish validate', async () => {
    const bad = 'ruleset: phase20\nname: Bad\nunits:\n  - { id: a, name: A, side: x, hp: 0, dv: 10, speed: 5 }\n';
    const r = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text: bad, file: 'bad.yaml' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('INVALID_ENCOUNTER');
    expect(r.body.error.problems.some((p: { text: string }) => /^bad\.yaml:4:\d+: units\[0\]\.hp: /.test(p.text))).toBe(true);
    expect(r.body.error.problems[0]).toMatchObject({ file: 'bad.yaml', line: expect.any(Number), column: expect.any(Number), path: expect.any(String), message: expect.any(String) });
    const unknown = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text: 'ruleset: nope\n' });
    expect(unknown.body.error.message).toContain('unknown ruleset "nope"');
    expect((await t.gm.post(`/api/tables/${t.tableId}/encounters`, { example: '../package.json' })).status).toBe(404);
    expect((await t.p1.post(`/api/tables/${t.tableId}/encounters`, { example: 'phase20/goblin-cave.yaml' })).status).toBe(403);
  });
});

describe('play', () => {
  it('runs commands, previews with pmf odds, refuses stale versions, and retries idempotently', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const view = await started(enc);
    const active = view.activeUnit as string;
    const owner = view.state.units[active].controller;
    const actor = owner === 'p1' ? t.p1 : owner === 'p2' ? t.p2 : t.gm;
    const acts = await actor.get(`/api/encounters/${enc}/actions?unit=${active}`);
    expect(acts.status).toBe(200);
    expect(acts.body.actions.some((a: { group: string }) => a.group === 'turn')).toBe(true);
    const withOdds = acts.body.actions.find((a: { preview?: { damage?: unknown } }) => a.preview?.damage);
    if (withOdds) {
      const pmf = withOdds.preview.damage.pmf as [number, number][];
      expect(pmf.reduce((s, [, p]) => s + p, 0)).toBeCloseTo(1, 6);
    }
    // each viewer numbers the log its own way (hidden events are not counted for players)
    const v = (await actor.get(`/api/encounters/${enc}`)).body.encounter.version as number;
    const gmBefore = view.encounter.version as number;
    const body = { id: 'once-1', expectedVersion: v, command: { type: 'end_turn', actor: active } };
    const first = await actor.post(`/api/encounters/${enc}/commands`, body);
    expect(first.status, first.text).toBe(200);
    expect(first.body.events[0].seq).toBe(v + 1);
    const again = await actor.post(`/api/encounters/${enc}/commands`, body);
    expect(again.body).toEqual(first.body);
    const other = await actor.post(`/api/encounters/${enc}/commands`, { ...body, command: { type: 'end_turn', actor: active, x: 1 } });
    expect(other.body.error.code).toBe('IDEMPOTENCY_CONFLICT');
    // ids are per sender: another sender's same id is a different command
    const gmNow = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version as number;
    const theirs = await t.gm.post(`/api/encounters/${enc}/commands`, { id: 'once-1', expectedVersion: gmNow, command: { type: 'gm.note', text: 'mine' } });
    expect(theirs.status, theirs.text).toBe(actor === t.gm ? 409 : 200);
    const stale = await t.gm.post(`/api/encounters/${enc}/commands`, { id: 'stale-1', expectedVersion: gmBefore, command: { type: 'gm.note', text: 'late' } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'STALE_VERSION' });
    const events = (await t.gm.get(`/api/encounters/${enc}/events`)).body.events as { seq: number }[];
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it('lets the GM hide, reveal, assign, roll in secret, pause, undo and redo', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    expect((await command(t.gm, enc, { type: 'gm.assign', unit: 'g1', player: 'p2' })).status).toBe(200);
    expect((await t.p2.get(`/api/encounters/${enc}`)).body.state.units.g1.controller).toBe('p2');
    expect((await command(t.gm, enc, { type: 'gm.assign', unit: 'g1', player: 'nobody' })).body.error.code).toBe('player/unknown');
    expect((await command(t.gm, enc, { type: 'gm.reveal', unit: 'g3' })).status).toBe(200);
    expect(Object.keys((await t.p1.get(`/api/encounters/${enc}`)).body.state.units)).toContain('g3');
    expect((await command(t.gm, enc, { type: 'gm.hide', unit: 'g3' })).status).toBe(200);
    expect(Object.keys((await t.p1.get(`/api/encounters/${enc}`)).body.state.units)).not.toContain('g3');
    const roll = await command(t.gm, enc, { type: 'gm.roll', dice: '3d6', label: 'ambush' });
    expect(roll.body.events[0]).toMatchObject({ type: 'note', visibility: 'gm' });
    expect(roll.body.events[0].dice).toHaveLength(3);
    expect((await command(t.gm, enc, { type: 'gm.roll', dice: '3d' })).body.error.code).toMatch(/^dice\//);
    // undo takes the roll back, redo brings it back
    const undo = await command(t.gm, enc, { type: 'undo' });
    expect(undo.body.events[0]).toMatchObject({ type: 'undo', command: roll.body.events[0].cmd });
    expect((await command(t.gm, enc, { type: 'redo' })).body.events[0].type).toBe('redo');
    expect((await command(t.p1, enc, { type: 'undo' })).status).toBe(403);
    // pause: players wait, the GM goes on
    expect((await t.gm.post(`/api/encounters/${enc}/pause`, { paused: true })).body.paused).toBe(true);
    await command(t.gm, enc, { type: 'start' });
    const s = (await t.gm.get(`/api/encounters/${enc}`)).body;
    const p1unit = Object.values(s.state.units as Record<string, { id: string; controller?: string }>).find((u) => u.controller === 'p1')!.id;
    expect((await command(t.p1, enc, { type: 'end_turn', actor: p1unit })).body.error.code).toBe('ENCOUNTER_PAUSED');
    await t.gm.post(`/api/encounters/${enc}/pause`, { paused: false });
    expect((await command(t.gm, enc, { type: 'end_combat', outcome: 'truce' })).status).toBe(200);
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.encounter.status).toBe('ended');
    expect((await command(t.gm, enc, { type: 'gm.hide', unit: 'g1' })).body.error.code).toBe('encounter/ended');
  });

  it('takes physical dice from the command when the table allows it, exactly', async () => {
    await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { physicalDice: 'off', players: { p1: 'optional' } });
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    await command(t.gm, enc, { type: 'gm.assign', unit: 'g1', player: 'p1' });
    // p2 may not type dice in; p1 may
    const p2unit = 'pell';
    expect((await command(t.p2, enc, { type: 'end_turn', actor: p2unit }, { dice: [3] })).body.error.code).toBe('DICE_NOT_ALLOWED');
    // the GM rolls physical dice for a secret roll: exactly the faces given, too few or too many refused
    const ok = await command(t.gm, enc, { type: 'gm.roll', dice: '2d6' }, { dice: [6, 1] });
    expect(ok.body.events[0].dice.map((d: { face: number }) => d.face)).toEqual([6, 1]);
    expect((await command(t.gm, enc, { type: 'gm.roll', dice: '2d6' }, { dice: [6] })).body.error.code).toBe('dice/script_exhausted');
    expect((await command(t.gm, enc, { type: 'gm.roll', dice: '2d6' }, { dice: [6, 7] })).body.error.code).toBe('dice/bad_face');
    expect((await command(t.gm, enc, { type: 'gm.roll', dice: '2d6' }, { dice: [6, 2, 3] })).body.error.code).toBe('dice/unused_faces');
    // the refused attempts changed nothing
    const after = (await t.gm.get(`/api/encounters/${enc}/events`)).body.events as { type: string }[];
    expect(after.filter((e) => e.type === 'note')).toHaveLength(1);
    // p1 starts the fight with its own faces for initiative? No: only the GM starts. p1 types dice for its own command.
    await command(t.gm, enc, { type: 'start' });
    await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { players: { p1: null } });
  });
});

describe('replacing a roll', () => {
  it('works after the encounter was rebuilt from the file: the commands behind the log are stored too', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    await command(t.gm, enc, { type: 'start' });
    const rolled = ((await t.gm.get(`/api/encounters/${enc}/events`)).body.events as { seq: number; type: string; dice?: unknown[] }[]).find((e) => e.type === 'check' && e.dice?.length);
    expect(rolled).toBeDefined();
    t.srv.ctx.cache.evict(enc);
    const r = await command(t.gm, enc, { type: 'gm.reroll', event: rolled!.seq, reason: 'cocked die' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.events[0]).toMatchObject({ type: 'undo' });
    // and the export carries the commands to a GM (not to players: they may name hidden units)
    expect(Object.keys((await t.gm.get(`/api/encounters/${enc}/export`)).body.encounters[0].commands ?? {})).not.toHaveLength(0);
    expect((await t.p1.get(`/api/encounters/${enc}/export`)).body.encounters[0].commands).toBeUndefined();
  });
});

describe('replay and transfer', () => {
  it('replays step by step and round-trips an export through import', async () => {
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    await command(t.gm, enc, { type: 'start' });
    await command(t.gm, enc, { type: 'gm.note', text: 'secret plan' });
    const full = (await t.gm.get(`/api/encounters/${enc}/events`)).body;
    const r1 = await t.gm.get(`/api/encounters/${enc}/replay?upTo=1`);
    expect(r1.body.state.status).toBe('setup');
    expect(r1.body.events).toHaveLength(1);
    const rAll = await t.gm.get(`/api/encounters/${enc}/replay?upTo=${full.version}`);
    expect(rAll.body.state).toEqual((await t.gm.get(`/api/encounters/${enc}`)).body.state);
    expect((await t.gm.get(`/api/encounters/${enc}/replay?upTo=0`)).body.error.field).toBe('upTo');
    expect((await t.gm.get(`/api/encounters/${enc}/replay?upTo=abc`)).status).toBe(400);

    const file = await t.gm.call('GET', `/api/encounters/${enc}/export`);
    expect(file.body.format).toBe('skirmish.table/1');
    // the file as downloaded, extra fields and all, imports as it is
    expect(file.body.exportedAt).toEqual(expect.any(String));
    const imported = await t.gm.post(`/api/tables/${t.tableId}/import`, file.body);
    expect(imported.status, imported.text).toBe(201);
    const copy = (await t.gm.get(`/api/encounters/${imported.body[0].id}`)).body;
    expect(copy.state).toEqual((await t.gm.get(`/api/encounters/${enc}`)).body.state);
    // a log that does not replay is refused whole
    const broken = { format: 'skirmish.table/1', encounters: [{ ruleset: 'phase20', events: [{ type: 'pool.changed', seq: 1, cmd: 'c1', unit: 'x', pool: 'hp', delta: 1, value: 1, kind: 'heal' }] }] };
    expect((await t.gm.post(`/api/tables/${t.tableId}/import`, broken)).body.error.code).toBe('INVALID_IMPORT');
    expect((await t.p1.post(`/api/tables/${t.tableId}/import`, file.body)).status).toBe(403);
  });
});
