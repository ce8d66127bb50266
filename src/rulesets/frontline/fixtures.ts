/** Small encounters for the frontline tests; each test overrides what it needs. */
type Obj = Record<string, unknown>;

export const content = {
  weapons: [
    { id: 'sword', name: 'Sword', damage: '1d8', type: 'kinetic', reach: 'melee' },
    { id: 'pistol', name: 'Pistol', damage: '1d6', type: 'energy', reach: 'short' },
    { id: 'rifle', name: 'Rifle', damage: '1d10', type: 'kinetic', reach: 'long' },
    { id: 'claws', name: 'Claws', damage: '1d6', type: 'kinetic', reach: 'melee' },
  ],
  gadgets: [
    { id: 'grenade', name: 'Frag Grenade', target: 'enemies_in_zone', reach: 'short', damage: '2d6', type: 'kinetic' },
    { id: 'medkit', name: 'Medkit', target: 'ally', reach: 'melee', heal: '2d4', uses: 2 },
    { id: 'shield', name: 'Shield Projector', target: 'ally', effect: { name: 'Shielded', rounds: 1, modifiers: { defense: 2 } } },
    { id: 'hook', name: 'Grapple Hook', target: 'enemy', reach: 'long', move: 'frontline' },
  ],
  streams: [{ id: 'spark', name: 'Spark Stream', target: 'enemy', reach: 'long', hit: true, damage: '1d8', type: 'energy' }],
};

/**
 * Ria (heroes): HP 20, Defense 1, Might 2, Dexterity 3, Personality 2, Dodge 1; sword in hand.
 * Raider (raiders): HP 15, Defense 2, Might 1, Dexterity 1, Personality 0, Dodge 2; claws.
 * Both in the frontline. Initiative is per character unless the file says otherwise: start(10, 12)
 * gives Ria 10 + 2 = 12 and the Raider 12 + 0 = 12 — a tie (no ambush), characters first.
 */
export function battle(over: { hero?: Obj; foe?: Obj; extra?: Obj[]; doc?: Obj } = {}) {
  return {
    ruleset: 'frontline',
    name: 'test battle',
    sides: { heroes: { players: true }, raiders: {} },
    content,
    units: [
      {
        id: 'hero', name: 'Ria', side: 'heroes', controller: 'p1', start: 'frontline', hp: 20, defense: 1,
        modifiers: { might: 2, dexterity: 3, personality: 2, dodge: 1 },
        weapons: ['sword', 'pistol', 'rifle'], gadgets: ['grenade', 'medkit', 'shield', 'hook'], streams: ['spark'],
        ...over.hero,
      },
      {
        id: 'foe', name: 'Raider', side: 'raiders', start: 'frontline', hp: 15, defense: 2,
        modifiers: { might: 1, dexterity: 1, personality: 0, dodge: 2 },
        weapons: ['claws'],
        ...over.foe,
      },
      ...(over.extra ?? []),
    ],
    ...over.doc,
  };
}

/** The usual opening: a tie at 12, Ria acts first, no ambush. */
export const EVEN_START = [10, 12] as const;
