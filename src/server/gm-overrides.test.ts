// Every GM override the engine knows is refused to players through the server, and changes nothing
// (issue 11: "players can never issue an override"). The list comes from the engine, so a new gm.*
// command is covered the day it is added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmCommands } from '../engine/index.ts';
import { phase20 } from '../rulesets/phase20/index.ts';
import { load, testTable, type TestTable } from './testing.ts';

let t: TestTable;
let enc: string;
beforeAll(async () => {
  t = await testTable();
  enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
  const v = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
  await t.gm.post(`/api/encounters/${enc}/commands`, { id: 'go', expectedVersion: v, command: { type: 'start' } });
});
afterAll(() => t.close());

// every command the engine reserves for the GM (`suggest` is the players' way to ask for one)
const overrides = [...Object.entries(gmCommands(phase20)).filter(([, h]) => h.by === 'gm').map(([type]) => type), 'start', 'end_combat', 'undo', 'redo'];

describe('GM overrides through the server', () => {
  it('lists a good number of overrides (sanity)', () => {
    expect(overrides.filter((c) => c.startsWith('gm.')).length).toBeGreaterThan(15);
  });

  for (const type of overrides) {
    it(`a player cannot issue ${type}`, async () => {
      const before = (await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version;
      // plausible arguments: the player's own unit, so only the role can be the reason for a refusal
      const command = { type, unit: 'kara', actor: 'kara', pool: 'hp', value: 1, amount: 5, rules: false, outcome: 'truce', text: 'x', hidden: false };
      const r = await t.p1.post(`/api/encounters/${enc}/commands`, { id: `p-${type.replace(/\W/g, '_')}`, expectedVersion: before, command });
      expect(r.status, JSON.stringify(r.body)).toBe(403);
      expect((await t.gm.get(`/api/encounters/${enc}`)).body.encounter.version).toBe(before);
    });
  }
});
