/**
 * Fog of war in the log (docs/fog.md): an archer out of Kara's sight shoots her. Ana (Kara's player) is
 * told that Kara takes damage "from something unseen" — the ruling: what a GM would say, "something hits
 * you" — and nothing else: not the archer's name or id, not its roll, not its weapon; her state has no
 * archer. The GM's log has it all. The attack is legal by the rules (no wall between, in the bow's range):
 * only the sight range keeps the archer unseen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTable, WsClient, type TestTable } from './testing.ts';

const ENCOUNTER = `
ruleset: phase20
name: Arrow from the dark
map: { width: 9, height: 3, vision: { range: 2 } }
sides:
  heroes: { players: true }
content:
  weapons:
    - { id: spear, name: Spear, damage: 1d8, scale: strength }
    - { id: bow, name: Longbow, damage: 1d6, scale: agility, range: 8 }
units:
  - { id: kara, name: Kara, side: heroes, controller: p1, at: [0, 1], hp: 30, dv: 5, speed: 5,
      modifiers: { initiative: 0, combat: 2 }, skilled: { weapons: [spear] }, weapons: [spear] }
  - { id: xq7archer, name: Velvet Archer, side: bandits, at: [7, 1], hp: 10, dv: 12, speed: 5,
      modifiers: { initiative: 30, combat: 9, agility: 3 }, skilled: { weapons: [bow] }, weapons: [bow] }
`;

let t: TestTable;
beforeAll(async () => {
  t = await testTable({ testDiceSeed: 'fog-log' });
});
afterAll(() => t.close());

describe('fog of war: a hit from an unseen unit', () => {
  it('reaches the player as damage from something unseen, naming nothing and showing no roll of the archer', async () => {
    const r = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text: ENCOUNTER });
    expect(r.status, r.text).toBe(201);
    const enc = r.body.id as string;
    const ws = new WsClient(t.url);
    await ws.auth(t.p1.token!);
    await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
    const gm = async (command: Record<string, unknown>) => {
      const v = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
      const x = await t.gm.post(`/api/encounters/${enc}/commands`, { id: `g${v}`, expectedVersion: v, command });
      expect(x.status, x.text).toBe(200);
    };
    await gm({ type: 'start' });
    // the archer's initiative (+30) puts it first; it shoots until Kara is hit
    expect((await t.gm.get(`/api/encounters/${enc}`)).body.activeUnit).toBe('xq7archer');
    let hit = false;
    for (let i = 0; i < 6 && !hit; i++) {
      const before = (await t.gm.get(`/api/encounters/${enc}`)).body.state.units.kara.pools.hp.value;
      const options = (await t.gm.get(`/api/encounters/${enc}/actions?unit=xq7archer&preview=0`)).body.actions as { command: { type: string; target?: string } }[];
      const shot = options.find((o) => o.command.type === 'attack' && o.command.target === 'kara');
      if (!shot) break;
      await gm(shot.command);
      hit = (await t.gm.get(`/api/encounters/${enc}`)).body.state.units.kara.pools.hp.value < before;
    }
    expect(hit).toBe(true);
    // the GM's log names the archer and its roll
    const gmLog = JSON.stringify((await t.gm.get(`/api/encounters/${enc}/events?after=0`)).body.events);
    expect(gmLog).toContain('Velvet Archer');
    expect(gmLog).toContain('"type":"check"');

    const events = (await t.p1.get(`/api/encounters/${enc}/events?after=0`)).body.events as { type: string; unit?: string; source?: string; unseen?: boolean; delta?: number }[];
    const damage = events.filter((e) => e.type === 'pool.changed' && e.unit === 'kara' && e.unseen);
    expect(damage.length).toBeGreaterThan(0);
    expect(damage.every((e) => e.source === undefined && (e.delta ?? 0) < 0)).toBe(true);
    // no roll of the archer's (Kara's own initiative roll is hers to see), nothing naming it
    const checks = events.filter((e) => e.type === 'check') as unknown as { breakdown: { label: string } }[];
    expect(checks.map((c) => c.breakdown.label)).toEqual(['initiative']);
    await new Promise((res) => setTimeout(res, 100));
    const everything = [JSON.stringify(events), JSON.stringify((await t.p1.get(`/api/encounters/${enc}`)).body), ...ws.frames].join('\n');
    for (const secret of ['xq7archer', 'Velvet', 'Archer', 'Longbow', '"bow"']) expect(everything).not.toContain(secret);
    ws.close();
  }, 60_000);
});

describe('fog of war: a move into the dark', () => {
  it('is offered from the board the player knows, and refused as a GM would: something unseen is in the way', async () => {
    // Kara acts first; a bandit stands unseen at (4, 1), 4 squares off (her sight: 2)
    const text = ENCOUNTER.replace('initiative: 30', 'initiative: -30').replace('at: [7, 1]', 'at: [4, 1]');
    const r = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text });
    expect(r.status, r.text).toBe(201);
    const enc = r.body.id as string;
    const v0 = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
    expect((await t.gm.post(`/api/encounters/${enc}/commands`, { id: 'start', expectedVersion: v0, command: { type: 'start' } })).status).toBe(200);
    expect((await t.p1.get(`/api/encounters/${enc}`)).body.activeUnit).toBe('kara');
    const options = (await t.p1.get(`/api/encounters/${enc}/actions?unit=kara&preview=0`)).body.actions as { command: { type: string; to?: number[] } }[];
    const into = options.find((o) => o.command.type === 'move' && o.command.to?.[0] === 4 && o.command.to?.[1] === 1);
    expect(into, 'the square the bandit stands on is offered: Ana does not know it is taken').toBeDefined();
    const v = (await t.p1.get(`/api/encounters/${enc}`)).body.encounter.version;
    const refused = await t.p1.post(`/api/encounters/${enc}/commands`, { id: 'into-the-dark', expectedVersion: v, command: into!.command });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'action/blocked', message: 'Kara cannot get there: something unseen is in the way' });
    expect(refused.text).not.toMatch(/xq7archer|Velvet|Archer/);
  }, 60_000);
});

describe('fog of war off, ranges per unit in the file', () => {
  it('does not send a player the ranges: they name units, a hidden one too', async () => {
    const text = ENCOUNTER.replace('vision: { range: 2 }', 'vision: { on: false, range: 2, units: { xq7archer: 4, kara: 3 } }').replace('agility: 3 }, skilled', 'agility: 3 }, hidden: true, skilled');
    const r = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text });
    expect(r.status, r.text).toBe(201);
    const enc = r.body.id as string;
    const ws = new WsClient(t.url);
    await ws.auth(t.p1.token!);
    await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
    const v = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
    // the GM turns it on and off again: each a map.set
    for (const [i, on] of [true, false].entries()) {
      const x = await t.gm.post(`/api/encounters/${enc}/commands`, { id: `v${i}`, expectedVersion: v + i, command: { type: 'gm.vision', on } });
      expect(x.status, x.text).toBe(200);
    }
    expect(JSON.stringify((await t.gm.get(`/api/encounters/${enc}`)).body.state.map.vision)).toContain('xq7archer');
    await new Promise((res) => setTimeout(res, 100));
    const everything = [JSON.stringify((await t.p1.get(`/api/encounters/${enc}/events?after=0`)).body), JSON.stringify((await t.p1.get(`/api/encounters/${enc}`)).body), ...ws.frames].join('\n');
    expect(everything).toContain('"vision":{"on":false,"range":2}');
    expect(everything).not.toMatch(/xq7archer|Velvet/);
    ws.close();
  }, 60_000);
});
