/**
 * A player's odds come from what the player knows (frontline ruling "Revealed affinities"): an enemy's
 * IMMUNE that no hit has shown yet is not in the player's previews — they read as for an ordinary
 * target — while the GM's previews are exact; once a hit shows it, the player's previews show it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, load, testTable, type Client, type TestTable } from './testing.ts';

// the Sentinel and the Grunt are alike but for the Sentinel's immunity to kinetic damage (the sword's type)
const ENCOUNTER = `
ruleset: frontline
name: Unseen immunity
sides:
  heroes: { players: true }
  vault: {}
content:
  weapons:
    - { id: sword, name: Sword, damage: 1d8, type: kinetic, reach: melee }
    - { id: claws, name: Claws, damage: 1d6, type: kinetic, reach: melee }
units:
  - { id: hero, name: Ria, side: heroes, controller: p1, hp: 20, defense: 1,
      modifiers: { might: 2, dexterity: 3, personality: 2 }, weapons: [sword] }
  - { id: sentinel, name: Sentinel, side: vault, hp: 15, defense: 2,
      modifiers: { might: 1, dexterity: 1, personality: 0, dodge: 2 }, affinities: { kinetic: immune }, weapons: [claws] }
  - { id: grunt, name: Grunt, side: vault, hp: 15, defense: 2,
      modifiers: { might: 1, dexterity: 1, personality: 0, dodge: 2 }, weapons: [claws] }
`;

interface Odds {
  chance?: number;
  expectedDamage?: number;
  damage?: { pmf: [number, number][] };
  notes?: string[];
}

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
});
afterAll(() => t.close());

const strike = (target: string) => ({ type: 'attack', actor: 'hero', target });

async function previewOf(c: Client, enc: string, target: string): Promise<Odds> {
  const r = await c.post(`/api/encounters/${enc}/preview`, { command: strike(target) });
  expect(r.status, r.text).toBe(200);
  return r.body.preview;
}

async function listedOdds(c: Client, enc: string, target: string): Promise<Odds> {
  const r = await c.get(`/api/encounters/${enc}/actions?unit=hero`);
  expect(r.status, r.text).toBe(200);
  const o = (r.body.actions as { command: Record<string, unknown>; preview?: Odds }[]).find((a) => a.command.type === 'attack' && a.command.target === target);
  expect(o?.preview, `an attack on ${target} with odds`).toBeDefined();
  return o!.preview!;
}

const numbers = (p: Odds) => ({ chance: p.chance, expectedDamage: p.expectedDamage, pmf: p.damage?.pmf });
const saysImmune = (p: Odds) => (p.notes ?? []).some((n) => /immune/i.test(n));

describe("a player's previews know only revealed affinities", () => {
  it('an unseen IMMUNE reads as an ordinary target to the player, exactly to the GM; after the hit, to both', async () => {
    const enc = await load(t, { text: ENCOUNTER });
    // initiative in file order: Ria 15 + 2, Sentinel 2, Grunt 1: Ria first, and an ambush round (the vault is skipped)
    expect((await command(t.gm, enc, { type: 'start' }, { dice: [15, 2, 1] })).status).toBe(200);

    const ordinary = await previewOf(t.gm, enc, 'grunt');
    expect(ordinary.expectedDamage).toBeGreaterThan(0);
    for (const read of [previewOf, listedOdds]) {
      const gm = await read(t.gm, enc, 'sentinel');
      expect(gm.expectedDamage).toBe(0);
      expect(saysImmune(gm)).toBe(true);
      const player = await read(t.p1, enc, 'sentinel');
      expect(numbers(player)).toEqual(numbers(ordinary));
      expect(saysImmune(player)).toBe(false);
      // what the player does know is exact: the Grunt
      expect(numbers(await read(t.p1, enc, 'grunt'))).toEqual(numbers(ordinary));
    }
    // and the player's view of the Sentinel has no affinity yet
    expect((await t.p1.get(`/api/encounters/${enc}`)).body.state.units.sentinel.data.affinities).toEqual({});

    // Ria hits the Sentinel: 15 + 3 ≥ 3 + 2 → IMMUNE, no damage dice; the log has shown it. The ambushed
    // vault is skipped, so it is Ria's turn again
    const hit = await command(t.gm, enc, strike('sentinel'), { dice: [15, 3] });
    expect(hit.status, hit.text).toBe(200);
    const view = (await t.p1.get(`/api/encounters/${enc}`)).body;
    expect(view.activeUnit).toBe('hero');
    expect(view.state.units.sentinel.data).toMatchObject({ affinities: { kinetic: 'immune' }, revealed: ['kinetic'] });
    for (const read of [previewOf, listedOdds]) {
      const player = await read(t.p1, enc, 'sentinel');
      expect(player.expectedDamage).toBe(0);
      expect(saysImmune(player)).toBe(true);
      expect(numbers(player)).toEqual(numbers(await read(t.gm, enc, 'sentinel')));
    }
  });
});
