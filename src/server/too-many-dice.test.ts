/**
 * A weapon of 200d200 damage (issue 17, finding 6): before the fix every player's actions and odds
 * answered 500 (`dice/limit` from the exact odds). Now the listing answers, and its odds say they are
 * an estimate from sampled rolls.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withMapArt } from './examples.ts';
import { command, load, testTable, type TestTable } from './testing.ts';

let t: TestTable;
let enc: string;
beforeAll(async () => {
  t = await testTable();
  // every weapon 200d200, every goblin next to a hero
  // (its map art read in as the server does for its own examples: a file sent carries its image)
  const text = withMapArt(readFileSync('examples/phase20/goblin-cave.yaml', 'utf8'), 'examples/phase20')
    .replace(/damage: 1d\d/g, 'damage: 200d200')
    .replace('at: [7, 1]', 'at: [1, 1]')
    .replace('at: [8, 2]', 'at: [2, 2]')
    .replace('at: [7, 3]', 'at: [2, 3]');
  enc = await load(t, { text });
  await command(t.gm, enc, { type: 'start' });
});
afterAll(() => t.close());

describe('odds past the exact limit', () => {
  it('the listing answers with estimated odds, and says so', async () => {
    const active = (await t.gm.get(`/api/encounters/${enc}`)).body.activeUnit;
    const r = await t.gm.get(`/api/encounters/${enc}/actions?unit=${active}`);
    expect(r.status, r.text).toBe(200);
    const attacks = r.body.actions.filter((a: { group: string }) => a.group === 'attack');
    expect(attacks.length).toBeGreaterThan(0);
    for (const a of attacks) {
      expect(a.preview.notes).toContain('too many dice to reckon exactly: the odds are an estimate from sampled rolls');
      // 200d200 averages 20100
      expect(Math.abs(a.preview.damageOnHit.mean - 20100)).toBeLessThan(201);
    }
    const p = await t.gm.post(`/api/encounters/${enc}/preview`, { command: attacks[0].command });
    expect(p.status, p.text).toBe(200);
    expect(p.body.preview.notes).toContain('too many dice to reckon exactly: the odds are an estimate from sampled rolls');
  });
});
