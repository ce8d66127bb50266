/** Small encounters for the phase20 tests; each test overrides what it needs. */
export function duel(over: { hero?: Record<string, unknown>; foe?: Record<string, unknown>; extra?: Record<string, unknown>[]; doc?: Record<string, unknown> } = {}) {
  return {
    ruleset: 'phase20',
    name: 'test duel',
    map: { width: 10, height: 10 },
    sides: { heroes: { players: true } },
    content: {
      weapons: [
        { id: 'sword', name: 'Sword', damage: '1d8', scale: 'strength' },
        { id: 'staff', name: 'Staff', damage: '1d4', magical: true },
      ],
      spells: [
        { id: 'ignite', name: 'Ignite', school: 'fire', damage: '1d6', range: 6, status: { name: 'Burning', check: 'agility', dc: 10, turns: 2, damage: '1d4' } },
        { id: 'fireball', name: 'Fireball', school: 'fire', damage: '2d6', range: 8, radius: 1 },
        { id: 'mend', name: 'Mend', school: 'life', damage: '1d8', range: 3, heals: true },
      ],
    },
    units: [
      {
        id: 'hero', name: 'Hero', side: 'heroes', controller: 'p1', at: [1, 1], hp: 20, dv: 12, speed: 4,
        attributes: { agility: 12, intelligence: 10 },
        modifiers: { initiative: 2, generalSkill: 1, combat: 2, magic: 3, strength: 3, agility: 1 },
        skilled: { weapons: ['sword'], schools: ['fire'] },
        weapons: ['sword', 'staff'], spells: ['ignite', 'fireball', 'mend'],
        ...over.hero,
      },
      {
        id: 'foe', name: 'Goblin', side: 'goblins', at: [2, 1], hp: 12, dv: 15, speed: 5,
        attributes: { agility: 10, intelligence: 8 },
        modifiers: { initiative: 0, generalSkill: 0, combat: 1, strength: 1, agility: 3 },
        skilled: { weapons: ['sword'] }, weapons: ['sword'],
        ...over.foe,
      },
      ...(over.extra ?? []),
    ],
    ...over.doc,
  };
}
