// Affinities (FRL-DMG-2): each with its label, per damage type and per creature, and the order of the steps.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { battle, content, EVEN_START } from './fixtures.ts';
import { frontline } from './index.ts';

// Ria: sword 1d8 kinetic melee, Might 2, Dexterity 3, Defense 1, HP 20. Raider: Dodge 2, Defense 2, HP 15.
// Every attack here hits: Ria's d20 15 + 3 = 18 ≥ the Raider's d20 3 + 2 = 5.
const atk = { type: 'attack', actor: 'hero', target: 'foe' };

function table(affinities: Record<string, string>, over: Parameters<typeof battle>[0] = {}) {
  const t = new Table(frontline, battle({ ...over, foe: { affinities, ...over.foe } }));
  t.start(...EVEN_START);
  return t;
}

describe('frontline affinities', () => {
  it('FRL-DMG-2: Weak — "MAX DMG!": the dice count as their maximum, then Might, then Defense (ruling)', () => {
    const t = table({ kinetic: 'weak' });
    // 1d8 shows 3 → MAX DMG! 8 + Might 2 − Defense 2 = 8 → 15 − 8 = 7
    const ev = t.dice(15, 3, 3).do(atk);
    expect(t.checks(ev)[1]).toBe('1d8(3) → MAX DMG! 8 + Might 2 − Defense 2 = 8 → MAX DMG! 8 damage [FRL-DMG-1, FRL-DMG-2, FRL-DMG-3, FRL-DMG-4]');
    expect(t.hp('foe')).toBe(7);
  });

  it('FRL-DMG-2: Strong — "WEAK!": the dice count as their minimum, then Might, then Defense', () => {
    const t = table({ kinetic: 'strong' });
    // 1d8 shows 7 → WEAK! 1 + Might 2 − Defense 2 = 1 → 14
    const ev = t.dice(15, 3, 7).do(atk);
    expect(t.checks(ev)[1]).toBe('1d8(7) → WEAK! 1 + Might 2 − Defense 2 = 1 → WEAK! 1 damage [FRL-DMG-1, FRL-DMG-2, FRL-DMG-3, FRL-DMG-4]');
    expect(t.hp('foe')).toBe(14);
  });

  it('FRL-DMG-2 (ruling): Strong\'s "at least 1" is the dice minimum; Defense may still take it to 0', () => {
    const zapper = { id: 'zapper', name: 'Zapper', damage: '1d6-3', type: 'energy', reach: 'melee' };
    const doc = { content: { ...content, weapons: [...content.weapons, zapper] } };
    const hero = { weapons: [zapper], gadgets: [], streams: [], modifiers: { might: 0, dexterity: 3, personality: 2 } };
    // 1d6−3 could be −2 at the least: WEAK! makes it 1; with Defense 0 the Raider takes 1 …
    const soft = table({ energy: 'strong' }, { doc, hero, foe: { defense: 0 } });
    expect(soft.checks(soft.dice(15, 3, 6).do(atk))[1]).toBe('1d6(6) - 3 → WEAK! 1 + Might 0 = 1 → WEAK! 1 damage [FRL-DMG-1, FRL-DMG-2, FRL-DMG-3, FRL-DMG-4]');
    expect(soft.hp('foe')).toBe(14);
    // … and with Defense 2, 1 − 2 is floored at 0
    const hard = table({ energy: 'St' }, { doc, hero });
    expect(hard.checks(hard.dice(15, 3, 6).do(atk))[1]).toBe('1d6(6) - 3 → WEAK! 1 + Might 0 − Defense 2 → floored at 0 = 0 → WEAK! 0 damage [FRL-DMG-1, FRL-DMG-2, FRL-DMG-3, FRL-DMG-4]');
    expect(hard.hp('foe')).toBe(15);
  });

  it('FRL-DMG-2: Immune — "IMMUNE": no damage, and no damage dice are rolled', () => {
    const t = table({ kinetic: 'immune' });
    const ev = t.dice(15, 3).do(atk);
    expect(t.lines(ev)).toContain('Raider is immune to kinetic damage: IMMUNE, no damage [FRL-DMG-2]');
    expect(t.hp('foe')).toBe(15);
    expect(t.unusedDice).toEqual([]);
  });

  it('FRL-DMG-2 (ruling): Reflect — "REFLECT": the attacker takes the damage, reduced by its OWN Defense', () => {
    const t = table({ kinetic: 'reflect' });
    // 1d8 5 + Might 2 = 7 − Ria's Defense 1 = 6 → Ria 20 − 6 = 14; the Raider is untouched
    const ev = t.dice(15, 3, 5).do(atk);
    expect(t.checks(ev)[1]).toBe('1d8(5) + Might 2 − Ria\'s Defense 1 = 6 → REFLECT: 6 damage to Ria [FRL-DMG-1, FRL-DMG-2, FRL-DMG-3, FRL-DMG-4]');
    expect(t.hp('hero')).toBe(14);
    expect(t.hp('foe')).toBe(15);
    expect(ev.find((e) => e.type === 'pool.changed')).toMatchObject({ unit: 'hero', source: 'foe', delta: -6 });
  });

  it('FRL-DMG-2 (ruling): Drain — "DRAIN": the target heals the damage rolled (Might included, no Defense)', () => {
    const t = table({ kinetic: 'drain' }, { foe: { startHp: 5 } });
    // 1d8 5 + Might 2 = 7 → the Raider heals 7: 5 → 12
    const ev = t.dice(15, 3, 5).do(atk);
    expect(t.checks(ev)[1]).toBe('1d8(5) + Might 2 = 7 → DRAIN: Raider heals 7 [FRL-DMG-1, FRL-DMG-2, FRL-DMG-4]');
    expect(t.hp('foe')).toBe(12);
  });

  it('FRL-DMG-2 (ruling): Drain heals the damage rolled, but never above the maximum HP', () => {
    const t = table({ kinetic: 'drain' }, { foe: { startHp: 12 } });
    // 1d8 5 + Might 2 = 7 rolled → DRAIN 7; the Raider has 15 − 12 = 3 to gain: 12 → 15
    const ev = t.dice(15, 3, 5).do(atk);
    expect(t.checks(ev)[1]).toBe('1d8(5) + Might 2 = 7 → DRAIN: Raider heals 7 [FRL-DMG-1, FRL-DMG-2, FRL-DMG-4]');
    expect(ev.find((e) => e.type === 'pool.changed')).toMatchObject({ unit: 'foe', kind: 'heal', delta: 3, value: 15 });
    expect(t.hp('foe')).toBe(15);
  });

  it('FRL-DMG-2: affinities are per damage type and per creature', () => {
    const boss = { id: 'boss', name: 'Raider Boss', side: 'raiders', hp: 20, affinities: { energy: 'weak' }, weapons: ['claws'] };
    const t = new Table(frontline, battle({ hero: { start: 'rearguard', equipped: 'pistol' }, foe: { affinities: { kinetic: 'weak', energy: 'Im' } }, extra: [boss] }));
    t.start(10, 12, 1); // Ria 12, Raider 12, Boss 1: Ria first
    // the Raider is weak to kinetic but immune to energy: the pistol (energy) does nothing
    expect(t.lines(t.dice(15, 3).do(atk))).toContain('Raider is immune to energy damage: IMMUNE, no damage [FRL-DMG-2]');
    t.passUntil('hero');
    // the Boss is weak to energy: 1d6 shows 1 → MAX DMG! 6 − Defense 0 = 6 → 14
    const ev = t.dice(15, 3, 1).do({ type: 'attack', actor: 'hero', target: 'boss' });
    expect(t.checks(ev)[1]).toBe('1d6(1) → MAX DMG! 6 = 6 → MAX DMG! 6 damage [FRL-DMG-2, FRL-DMG-3, FRL-DMG-4]');
    expect(t.hp('boss')).toBe(14);
  });
});
