/**
 * Small encounters for the outerah tests; each test overrides what it needs.
 * The duel: Hero (Nightblade, base Speed 6, Agility 20 → +1) at (2,2) facing E; Foe (Sorcerer, base 2,
 * Agility 20 → +1) at (3,2) facing W: they stand head-on. Hero's hit threshold on Foe:
 * 50 + Charisma 30 − Agility 20 − 10 head-on = 50. Sword damage on Foe: 1d8 + Strength 20 − Vitality 10
 * reduction 2 = 1d8 + 18.
 */
type Obj = Record<string, unknown>;

export const content = {
  weapons: [
    { id: 'sword', name: 'Sword', kind: 'sword', damage: '1d8' },
    { id: 'mace', name: 'Mace', kind: 'mace', damage: '1d6' },
    { id: 'spear', name: 'Spear', kind: 'spear', damage: '1d8' },
    { id: 'rifle', name: 'Rifle', kind: 'rifle', damage: '2d6' },
    { id: 'longbow', name: 'Longbow', kind: 'longbow', damage: '1d10' },
    { id: 'ap', name: 'AP Rifle', kind: 'rifle', damage: '2d6', armorPiercing: true },
    { id: 'chair', name: 'Chair', kind: 'improvised', object: 'heavy' },
    { id: 'dagger', name: 'Parrying Dagger', kind: 'dagger', damage: '1d4', hand: 'off' },
    { id: 'wand', name: 'Fire Wand', kind: 'wand', damage: '1d6', element: 'fire' },
  ],
  skills: [
    { id: 'firebolt', name: 'Firebolt', kind: 'attack', element: 'fire', dice: '2d6', range: 6 },
    { id: 'smite', name: 'Smite', kind: 'attack', magical: false, dice: '1d8', range: 1, charge: 'hyper' },
    { id: 'aimed', name: 'Aimed Shot', kind: 'attack', magical: false, dice: '1d6', range: 8, bypassHalfCover: true },
    { id: 'haste', name: 'Haste', kind: 'buff', effect: 'Haste(3)', range: 6 },
    { id: 'slow', name: 'Slow', kind: 'debuff', effect: 'Slow(4)', range: 6 },
    { id: 'stop', name: 'Stop', kind: 'debuff', effect: 'Stop(3)', range: 6 },
    { id: 'inspire', name: 'Inspire', kind: 'buff', effect: 'Inspiration', range: 6 },
    { id: 'poison', name: 'Venom', kind: 'debuff', effect: 'Poison(3)', range: 6 },
    { id: 'burn', name: 'Everlasting Burn', kind: 'debuff', element: 'fire', effect: { name: 'Everlasting Burn', rounds: 3, tier: 2 }, range: 6 },
    { id: 'regen', name: 'Regrowth', kind: 'buff', element: 'earth', effect: 'Regen(3)', range: 6 },
    { id: 'reflect', name: 'Mirror', kind: 'buff', effect: 'Reflect(3)', range: 6 },
    { id: 'mend', name: 'Tidal Mend', kind: 'heal', element: 'water', dice: '2d6', range: 4 },
    { id: 'fear', name: 'Dread', kind: 'debuff', effect: 'Feared(2)', range: 6 },
  ],
  items: [
    { id: 'potion', name: 'Potion', heal: '2d4' },
    { id: 'waterpotion', name: 'Water Potion', heal: '10', element: 'water' },
  ],
};

export function duel(over: { hero?: Obj; foe?: Obj; extra?: Obj[]; doc?: Obj } = {}) {
  return {
    ruleset: 'outerah',
    name: 'test duel',
    map: { width: 12, height: 12 },
    sides: { heroes: { players: true } },
    content,
    units: [
      {
        id: 'hero', name: 'Hero', side: 'heroes', class: 'nightblade', at: [2, 2], facing: 'E', hp: 40,
        stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, intelligence: 10, wisdom: 20 },
        weapons: ['sword'],
        ...over.hero,
      },
      {
        id: 'foe', name: 'Foe', side: 'foes', class: 'sorcerer', at: [3, 2], facing: 'W', hp: 30,
        stats: { strength: 10, vitality: 10, agility: 20, charisma: 20, intelligence: 20, wisdom: 10 },
        weapons: ['mace'],
        ...over.foe,
      },
      ...(over.extra ?? []),
    ],
    ...over.doc,
  };
}

/** A duel on a map with terrain (part 2): the hero alone near the top-left, the foe far off unless placed. */
export function field(terrain: Obj[], over: { hero?: Obj; foe?: Obj; extra?: Obj[]; doc?: Obj; map?: Obj } = {}) {
  return duel({
    hero: { at: [0, 0], ...over.hero },
    foe: { at: [11, 11], ...over.foe },
    extra: over.extra ?? [],
    doc: { map: { width: 12, height: 12, terrain, ...over.map }, ...over.doc },
  });
}
