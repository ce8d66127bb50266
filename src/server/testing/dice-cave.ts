/**
 * The physical-dice tests' table and cave (pending-dice.test.ts, dice-faces.test.ts): p1 rolls Kara's dice at
 * the table, everything else the server rolls; Kara stands beside a goblin, and her Initiative +10 puts her
 * first whatever the goblin rolls.
 */
import { testTable, type TestTable } from '../testing.ts';

export const CAVE = `
ruleset: phase20
name: Two in a cave
map: { width: 4, height: 3 }
sides:
  heroes: { players: true }
content:
  weapons:
    - { id: spear, name: Spear, damage: 1d8, scale: strength }
    - { id: rusty, name: Rusty Blade, damage: 1d6, scale: strength }
units:
  - { id: kara, name: Kara, side: heroes, controller: p1, at: [1, 1], hp: 22, dv: 15, speed: 5,
      attributes: { agility: 12, intelligence: 10 }, modifiers: { initiative: 10, generalSkill: 1, combat: 2, strength: 3 },
      skilled: { weapons: [spear] }, weapons: [spear] }
  - { id: g1, name: Goblin Cutter, side: goblins, at: [2, 1], hp: 30, dv: 12, speed: 5, modifiers: { initiative: 0, generalSkill: 1, combat: 1, strength: 1 }, skilled: { weapons: [rusty] }, weapons: [rusty] }
`;

/** A table whose server dice are seeded by `seed`, where p1 must roll their own dice. */
export async function diceTable(seed: string): Promise<TestTable> {
  const t = await testTable({ testDiceSeed: seed });
  await t.gm.call('PATCH', `/api/tables/${t.tableId}/settings`, { physicalDice: 'off', players: { p1: 'required' } });
  return t;
}
