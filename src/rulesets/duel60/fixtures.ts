/** Small encounters for the duel60 tests; each test overrides what it needs. */
type Over = Record<string, unknown>;

export const heroStats = { strength: 30, endurance: 20, agility: 20, speed: 30, stamina: 10, control: 20, vitality: 10, health: 40 };
export const foeStats = { strength: 25, endurance: 15, agility: 10, speed: 20, stamina: 8, control: 0, vitality: 8, health: 30 };

import { SIDE_EFFECTS } from './schema.ts';

/** One hex per side effect, free and far-reaching, so a test can inflict any of them with one cast. */
export const hexes = SIDE_EFFECTS.map((name) => ({ id: `hex-${name}`, name: `${name} Hex`, stamina: 0, range: 9, magic: false, effects: [{ name, turns: 2 }] }));

export const content = {
  weapons: [
    { id: 'sword', name: 'Sword', damage: 10, type: 'pierce', stamina: 2 },
    { id: 'club', name: 'Club', damage: 8, type: 'blunt', stamina: 1 },
    { id: 'spear', name: 'Spear', damage: 9, type: 'pierce', reach: 2, stamina: 2 },
    { id: 'knife', name: 'Throwing Knife', damage: 6, type: 'pierce', stamina: 1, count: 5, thrown: { speed: 30, range: 10 } },
    { id: 'javelin', name: 'Javelin', damage: 12, type: 'pierce', stamina: 2, count: 2, thrown: { speed: 20, range: 12 } },
  ],
  abilities: [
    { id: 'bolt', name: 'Arcane Bolt', power: 20, stamina: 2, range: 6 },
    { id: 'hush', name: 'Hush', stamina: 1, range: 6, effects: [{ name: 'Silence', turns: 2 }] },
    { id: 'quake', name: 'Quake', power: 12, stamina: 3, range: 6, area: { radius: 1, speed: 25 } },
    { id: 'orb', name: 'Slow Orb', power: 18, stamina: 2, range: 8, projectile: { speed: 20, range: 10 } },
    { id: 'purge', name: 'Purge', target: 'ally', stamina: 1, range: 3, cleanse: ['general'] },
    { id: 'awaken', name: 'Awaken', target: 'ally', stamina: 1, range: 3, hardCleanse: true },
    { id: 'drain', name: 'Drain', stamina: 1, range: 4, vamp: { pool: 'stamina', amount: 3 } },
    { id: 'blink', name: 'Blink Jab', power: 4, stamina: 1, range: 1, instantCast: true, magic: false },
    { id: 'ward', name: 'Warding Flash', power: 10, stamina: 2, range: 6, preEmptive: true },
    { id: 'gaze', name: 'Petrifying Gaze', stamina: 2, range: 5, gaze: true, effects: [{ name: 'Paralyze', turns: 1 }] },
    ...hexes,
  ],
};

export function duel(over: { hero?: Over; foe?: Over; extra?: Over[]; doc?: Over } = {}) {
  return {
    ruleset: 'duel60',
    name: 'test duel',
    map: { width: 10, height: 10 },
    content,
    units: [
      { id: 'hero', name: 'Hero', side: 'heroes', at: [1, 1], stats: heroStats, ...over.hero },
      { id: 'foe', name: 'Brute', side: 'brutes', at: [2, 1], stats: foeStats, ...over.foe },
      ...(over.extra ?? []),
    ],
    ...over.doc,
  };
}

/**
 * A duelist caught between two knife throwers (the policy's simulation test): knives fly at speed 30, so
 * Agility 24 can Block (24 ≥ 15) but not Evade (24 < 30), and a knife from behind meets Agility 24 − 32.
 */
export function crossfire(agility = 24) {
  const thrower = { weapons: ['knife', 'club'], stats: { ...foeStats, agility: 26, strength: 30, stamina: 12 } };
  return duel({
    hero: { at: [5, 5], weapons: ['sword'], stats: { ...heroStats, agility, health: 60 } },
    foe: { at: [1, 5], ...thrower },
    extra: [{ id: 'foe2', name: 'Brute 2', side: 'brutes', at: [9, 5], ...thrower }],
  });
}
