/**
 * Fog of war, the two-world test (docs/fog.md): for every grid ruleset in the registry, two encounters
 * built from its showcase example that differ only in what is out of the player's sight — where an enemy
 * stands and where the GM moves it, its name, a piece of terrain no unit of the player's has seen — are
 * played by the same commands. Every byte the player receives (HTTP bodies and WebSocket frames) must be
 * the same in both; only the table's and the encounter's own ids (drawn anew by each server) are put to
 * placeholders first. And the same bytes must differ when vision is off, or the test could not fail.
 *
 * A ruleset with no grid is excluded: frontline fights on zones along a battle line, where no line of
 * sight is traced — every unit of the zones is in view across the line; gm.vision refuses it.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { rulesets } from '../rulesets/index.ts';
import { readExample, showcaseOf } from './examples.ts';
import { testTable, WsClient, type Client } from './testing.ts';

const RANGE = 2;

interface Unitish { id: string; name: string; side: string; at: [number, number]; controller?: string }

/** The grid rulesets, from the registry: those whose showcase makes a grid. */
const grids = Object.values(rulesets).filter((r) => {
  const ex = showcaseOf(r.id);
  return ex !== undefined && r.create(parse(readExample(ex)!.text)).map?.kind === 'grid';
});

const far = (a: [number, number], b: [number, number]) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) > RANGE + 1;

/** The example with vision on (range 2), the first unit the player's, and the cells out of its sight the worlds use. */
function worlds(rulesetId: string, vision: boolean) {
  const doc = parse(readExample(showcaseOf(rulesetId)!)!.text);
  const units = doc.units as Unitish[];
  for (const u of units) delete u.controller;
  const mine = units[0];
  mine.controller = 'p1';
  // duel60 turns a unit with no facing toward its nearest enemy when the fight is built, which tells the
  // player where that enemy is: a fog encounter writes its facings (docs/fog.md)
  if (rulesets[rulesetId].create(parse(readExample(showcaseOf(rulesetId)!)!.text)).units[mine.id].facing) (mine as Unitish & { facing?: string }).facing = 'N';
  const enemy = [...units].reverse().find((u) => u.side !== mine.side)!;
  const taken = new Set([...units.map((u) => `${u.at}`), ...(doc.map.terrain ?? []).map((t: { at: number[] }) => `${t.at}`)]);
  const free: [number, number][] = [];
  for (let y = 0; y < doc.map.height; y++) for (let x = 0; x < doc.map.width; x++) if (!taken.has(`${x},${y}`) && far([x, y], mine.at) && units.every((u) => u === enemy || far([x, y], u.at) || u.side !== mine.side)) free.push([x, y]);
  if (free.length < 5) throw new Error(`${rulesetId}: too few cells out of sight`);
  if (vision) doc.map.vision = { on: true, range: RANGE };
  const a = structuredClone(doc);
  const b = structuredClone(doc);
  const enemyIn = (d: typeof doc) => (d.units as Unitish[]).find((u) => u.id === enemy.id)!;
  enemyIn(a).at = free[0];
  enemyIn(b).at = free[1];
  enemyIn(b).name = 'Zzyx the Unseen';
  b.map.terrain = [...(b.map.terrain ?? []), { at: free[4], tags: ['rubble'], cost: 2 }];
  return { a: stringify(a), b: stringify(b), mine: mine.id, enemy: enemy.id, moves: [free[2], free[3]] as const, movesB: [free[3], free[2]] as const };
}

/** Play one world; every byte the player receives, ids put to placeholders. */
async function play(text: string, mine: string, enemy: string, moves: readonly (readonly [number, number])[]): Promise<string[]> {
  const t = await testTable({ testDiceSeed: 'fog-worlds' });
  try {
    const r = await t.gm.post(`/api/tables/${t.tableId}/encounters`, { text });
    if (r.status !== 201) throw new Error(r.text);
    const enc = r.body.id as string;
    const got: string[] = [];
    const ws = new WsClient(t.url);
    await ws.auth(t.p1.token!);
    await ws.request({ type: 'subscribe', encounter: enc, after: 0 });
    const read = async (c: Client, path: string) => {
      const x = await c.get(path);
      got.push(`${x.status} ${x.text}`);
      return x;
    };
    const look = async () => {
      await read(t.p1, `/api/encounters/${enc}`);
      await read(t.p1, `/api/encounters/${enc}/events?after=0`);
      await read(t.p1, `/api/encounters/${enc}/actions?unit=${mine}&preview=1`);
    };
    const gm = async (command: Record<string, unknown>) => {
      const v = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
      const x = await t.gm.post(`/api/encounters/${enc}/commands`, { id: `g${v}`, expectedVersion: v, command });
      if (x.status !== 200) throw new Error(`${JSON.stringify(command)}: ${x.text}`);
    };
    await look();
    await gm({ type: 'start' });
    await look();
    for (let step = 0; step < 8; step++) {
      if (step === 1 || step === 4) await gm({ type: 'gm.move', unit: enemy, to: moves[step === 1 ? 0 : 1] });
      const active = (await t.gm.get(`/api/encounters/${enc}`)).body.activeUnit;
      if (active === mine) {
        const v = (await t.p1.get(`/api/encounters/${enc}`)).body.encounter.version;
        const x = await t.p1.post(`/api/encounters/${enc}/commands`, { id: `p${step}`, expectedVersion: v, command: { type: 'end_turn', actor: mine } });
        got.push(`${x.status} ${x.text}`);
      } else if (active !== undefined) await gm({ type: 'gm.end_turn' });
      await look();
    }
    // let the last frames arrive
    await read(t.p1, `/api/encounters/${enc}`);
    await new Promise((res) => setTimeout(res, 100));
    got.push(...ws.frames);
    ws.close();
    return got.map((s) => s.split(enc).join('<encounter>').split(t.tableId).join('<table>'));
  } finally {
    await t.close();
  }
}

describe('fog of war: two worlds differing only out of sight', () => {
  it('finds the grid rulesets in the registry (frontline has zones, no grid)', () => {
    expect(grids.map((r) => r.id).sort()).toEqual(Object.keys(rulesets).filter((id) => id !== 'frontline').sort());
  });

  for (const r of grids) {
    it(`${r.id}: the player receives the same bytes in both worlds; without vision it would not`, async () => {
      const on = worlds(r.id, true);
      const [a, b] = [await play(on.a, on.mine, on.enemy, on.moves), await play(on.b, on.mine, on.enemy, on.movesB)];
      expect(a.length).toBeGreaterThan(20);
      expect(b).toEqual(a);
      expect(a.join('\n')).not.toContain('Zzyx');
      // the control: with vision off the same two worlds do differ (where the enemy stands, its name)
      const off = worlds(r.id, false);
      const [c, d] = [await play(off.a, off.mine, off.enemy, off.moves), await play(off.b, off.mine, off.enemy, off.movesB)];
      expect(d).not.toEqual(c);
      expect(d.join('\n')).toContain('Zzyx');
    }, 60_000);
  }
});
