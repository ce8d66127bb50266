/**
 * Secrets: canary strings are planted in what players must never learn — a hidden unit's id and name,
 * GM notes on units, GM-only notes and rolls, GM reasons — and a whole scripted session is played.
 * Every byte a player receives (HTTP bodies and WebSocket frames) is kept and searched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RandomStream } from '../dice/index.ts';
import { Client, load, testTable, WsClient, type TestTable } from './testing.ts';

const CANARIES = ['cnryhid7', 'CANARY_NAME_q81', 'CANARY_NOTE_hidden', 'CANARY_NOTE_visible', 'CANARY_GMNOTE_text', 'CANARY_ROLL_label', 'CANARY_REASON'];

const ENCOUNTER = `
ruleset: phase20
name: Canary cave
map: { width: 7, height: 5 }
sides:
  heroes: { players: true }
content:
  weapons:
    - { id: spear, name: Spear, damage: 1d8, scale: strength, range: 2 }
    - { id: bow, name: Bow, damage: 1d6, scale: agility, range: 7 }
    - { id: blade, name: Blade, damage: 1d6, scale: strength }
units:
  - { id: kara, name: Kara, side: heroes, controller: p1, at: [1, 2], hp: 30, dv: 12, speed: 5,
      modifiers: { initiative: 1, generalSkill: 1, combat: 2, strength: 3 }, skilled: { weapons: [spear] }, weapons: [spear] }
  - { id: pell, name: Pell, side: heroes, controller: p2, at: [0, 1], hp: 24, dv: 12, speed: 6,
      modifiers: { initiative: 3, generalSkill: 1, combat: 3, agility: 3 }, skilled: { weapons: [bow] }, weapons: [bow] }
  - { id: g1, name: Goblin Cutter, side: goblins, at: [3, 1], hp: 12, dv: 11, speed: 5, weapons: [blade],
      modifiers: { initiative: 2, combat: 1, strength: 1 }, gmNotes: CANARY_NOTE_visible }
  - { id: cnryhid7, name: Zorblax CANARY_NAME_q81, side: goblins, at: [3, 3], hp: 10, dv: 12, speed: 6, hidden: true,
      weapons: [blade], modifiers: { initiative: 3, combat: 2 }, gmNotes: CANARY_NOTE_hidden }
  - { id: lurker, name: Lurker, side: goblins, at: [4, 2], hp: 8, dv: 11, speed: 5, hidden: true, weapons: [blade] }
`;

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

describe('secrets never reach a player', () => {
  it('holds over a whole scripted session', async () => {
    const enc = await load(t, { text: ENCOUNTER });
    const clients: Record<string, Client> = { p1: t.p1, p2: t.p2 };
    const sockets: WsClient[] = [];
    for (const p of ['p1', 'p2']) {
      const ws = new WsClient(t.url);
      await ws.auth(clients[p].token!);
      await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
      sockets.push(ws);
    }
    const gmGet = async () => (await t.gm.get(`/api/encounters/${enc}`)).body;
    const send = async (c: Client, command: Record<string, unknown>, id: string) => {
      // each sender's own numbering: players do not count hidden events
      const version = (await c.get(`/api/encounters/${enc}`)).body.encounter.version;
      return c.post(`/api/encounters/${enc}/commands`, { id, expectedVersion: version, command });
    };

    await send(t.gm, { type: 'gm.note', text: 'CANARY_GMNOTE_text: the lurker waits' }, 's1');
    await send(t.gm, { type: 'gm.roll', dice: '2d6', label: 'CANARY_ROLL_label' }, 's2');
    await send(t.gm, { type: 'gm.assign', unit: 'cnryhid7', player: null, reason: 'CANARY_REASON' }, 's3');
    await send(t.gm, { type: 'start' }, 's4');
    await send(t.gm, { type: 'gm.reveal', unit: 'lurker' }, 's5');

    const rng = new RandomStream('secrets');
    for (let i = 0; i < 60; i++) {
      const g = await gmGet();
      if (g.encounter.status === 'ended') break;
      const active = g.activeUnit as string | undefined;
      const pending = g.state.pending?.[0];
      if (!active && !pending) break;
      const unit = active ?? pending.answeredBy;
      const owner = g.state.units[unit]?.controller as string | undefined;
      const c = owner && clients[owner] ? clients[owner] : t.gm;
      // players probe the hidden unit on every turn: actions, previews and commands naming it
      await t.p1.get(`/api/encounters/${enc}/actions?unit=cnryhid7`);
      await t.p1.post(`/api/encounters/${enc}/preview`, { command: { type: 'attack', actor: 'kara', target: 'cnryhid7', weapon: 'spear' } });
      await send(t.p1, { type: 'attack', actor: 'kara', target: 'cnryhid7', weapon: 'spear' }, `probe-${i}`);
      await send(t.p2, { type: 'end_turn', actor: 'pell' }, `probe2-${i}`);
      const acts = (await c.get(`/api/encounters/${enc}/actions?unit=${unit}`)).body.actions as { command: Record<string, unknown>; group: string }[];
      const attacks = acts.filter((a) => a.group === 'attack' || a.group === 'spell');
      const pool = attacks.length && rng.nextInt(4) > 0 ? attacks : acts.filter((a) => a.group !== 'turn' || a.command.type === 'end_turn');
      const choice = pool.length ? pool[rng.nextInt(pool.length)].command : { type: 'end_turn', actor: unit };
      const r = await send(c, choice, `play-${i}`);
      if (r.status !== 200) await send(c, { type: 'end_turn', actor: unit }, `play-end-${i}`);
      if (i === 20) await send(t.gm, { type: 'undo' }, 'undo-1');
      if (i === 30) await send(t.gm, { type: 'gm.roll', dice: '1d20', label: 'CANARY_ROLL_label again' }, 's6');
    }
    // everything a player can read afterwards
    for (const c of [t.p1, t.p2]) {
      const v = (await c.get(`/api/encounters/${enc}`)).body.encounter.version as number;
      await c.get(`/api/tables/${t.tableId}`);
      await c.get(`/api/encounters/${enc}/events?after=0`);
      await c.get(`/api/tables/${t.tableId}/export`);
      await c.get(`/api/encounters/${enc}/export`);
      for (let s = 1; s <= v; s += 3) await c.get(`/api/encounters/${enc}/replay?upTo=${s}`);
      await c.get(`/api/encounters/${enc}/replay?upTo=${v}`);
    }
    for (const ws of sockets) {
      await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
      ws.close();
    }

    // the fight was real: attacks were rolled, the hidden unit acted, and its events reached the GM only
    const gmLog = (await t.gm.get(`/api/encounters/${enc}/events`)).body.events as { type: string; actor?: string; unit?: string }[];
    expect(gmLog.filter((e) => e.type === 'check').length).toBeGreaterThan(3);
    expect(gmLog.some((e) => e.unit === 'cnryhid7' || e.actor === 'cnryhid7')).toBe(true);
    const gmSaw = t.gm.received.join('\n');
    for (const canary of CANARIES) expect(gmSaw, `the GM should see ${canary}`).toContain(canary);
    // the probes name the hidden id themselves; the answer echoes it exactly as for a unit that does not
    // exist (authz.test.ts checks that equality), so that echo is taken out before searching
    const echo = 'there is no unit \\"cnryhid7\\"';
    const playerBytes = [t.p1.received, t.p2.received, sockets[0].frames, sockets[1].frames].flat().map((b) => b.replaceAll(echo, ''));
    expect(playerBytes.length).toBeGreaterThan(200);
    for (const canary of CANARIES) {
      const leak = playerBytes.find((b) => b.includes(canary));
      expect(leak, `${canary} reached a player: ${leak?.slice(0, 400)}`).toBeUndefined();
    }
    // the revealed unit is visible to players: the filter is not simply hiding everything
    expect(playerBytes.some((b) => b.includes('Lurker'))).toBe(true);
  });

  it("keeps the pools a ruleset hides (frontline: enemies' hit points) and unrevealed affinities from players, in state and events", async () => {
    const enc = await load(t, { example: 'frontline/outpost-siege.yaml' });
    const ws = new WsClient(t.url);
    await ws.auth(t.p1.token!);
    await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
    const gmGet = async () => (await t.gm.get(`/api/encounters/${enc}`)).body;
    await t.gm.post(`/api/encounters/${enc}/commands`, { id: 'fl-start', expectedVersion: (await gmGet()).encounter.version, command: { type: 'start' } });
    const rng = new RandomStream('frontline');
    for (let i = 0; i < 60; i++) {
      const g = await gmGet();
      const unit = (g.activeUnit ?? g.state.pending?.[0]?.answeredBy) as string | undefined;
      if (g.encounter.status === 'ended' || !unit || unit === 'gm') break;
      const acts = (await t.gm.get(`/api/encounters/${enc}/actions?unit=${unit}&preview=0`)).body.actions as { command: Record<string, unknown>; group: string }[];
      const strikes = acts.filter((a) => a.command.target !== undefined);
      const pool = strikes.length ? strikes : acts;
      const choice = pool.length ? pool[rng.nextInt(pool.length)].command : { type: 'end_turn', actor: unit };
      const r = await t.gm.post(`/api/encounters/${enc}/commands`, { id: `fl-${i}`, expectedVersion: g.encounter.version, command: choice });
      if (r.status !== 200) await t.gm.post(`/api/encounters/${enc}/commands`, { id: `fl-end-${i}`, expectedVersion: g.encounter.version, command: { type: 'end_turn', actor: unit } });
      await t.p1.get(`/api/encounters/${enc}`);
    }
    await t.p1.get(`/api/encounters/${enc}/events?after=0`);
    await t.p1.get(`/api/encounters/${enc}/export`);
    ws.close();
    const enemies = new Set(['m1', 'm2', 'm3', 'chief']);
    const gmLog = (await t.gm.get(`/api/encounters/${enc}/events`)).body.events as { type: string; unit?: string; pool?: string }[];
    expect(gmLog.some((e) => e.type === 'pool.changed' && e.pool === 'hp' && enemies.has(e.unit!)), 'enemies took damage').toBe(true);
    // walk every object the player received: no enemy hp pool, no hp value on an enemy's pool event
    let seenEnemies = 0;
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!v || typeof v !== 'object') return;
      const o = v as Record<string, any>;
      if (o.units && typeof o.units === 'object') {
        if (o.units.m1) seenEnemies++;
        for (const id of enemies) expect(o.units[id]?.pools?.hp, `enemy ${id} hp in a state`).toBeUndefined();
        // ruling "Revealed affinities": an enemy's affinity only for a damage type a hit has shown
        for (const id of enemies) {
          const d = o.units[id]?.data;
          if (d) for (const type of Object.keys(d.affinities ?? {})) expect(d.revealed ?? [], `enemy ${id}'s unrevealed ${type} affinity in a state`).toContain(type);
        }
      }
      if ((o.type === 'pool.changed' || o.type === 'pool.max') && o.pool === 'hp' && enemies.has(o.unit)) expect(o.value, `enemy ${o.unit} hp in an event`).toBeUndefined();
      Object.values(o).forEach(walk);
    };
    for (const text of [...t.p1.received, ...ws.frames]) walk(JSON.parse(text));
    expect(seenEnemies, 'the player did see the enemies (without their hit points)').toBeGreaterThan(10);
  });
});
