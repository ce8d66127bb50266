// What a strike is worth to the aggressive policy: preview's exact odds, and what a projectile still has to do.
import { describe, expect, it } from 'vitest';
import type { AttackPreview } from './preview.ts';
import { Table } from '../testing.ts';
import { duel, foeStats, heroStats } from './fixtures.ts';
import { duel60 } from './index.ts';
import { strikeOdds, strikesOf, type Strike } from './strikes.ts';

type Over = Record<string, unknown>;

function table(hero: Over, foe: Over, extra: Over[] = []) {
  const t = new Table(duel60, duel({ hero, foe, extra }));
  t.start();
  return t;
}

const throwOf = (t: Table): Strike => strikesOf(t.state, t.unit('hero')).find((s) => s.type === 'throw')!;

describe('duel60 strike odds (the aggressive policy)', () => {
  it('D60-HIT-2: from where the unit stands, a strike is worth what preview gives: expected damage, and the chance it leaves the target defenseless', () => {
    const t = table({ weapons: ['sword'] }, { start: { health: 12 } });
    const hero = t.unit('hero');
    for (const s of strikesOf(t.state, hero).filter((x) => x.type === 'attack')) {
      const cmd = s.weapon ? { type: 'attack', actor: 'hero', target: 'foe', weapon: s.weapon.id } : { type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand', 'left_hand', 'right_leg', 'left_leg', 'head'].slice(0, s.count) };
      const p = t.preview(cmd) as AttackPreview;
      const odds = strikeOdds(t.state, hero, t.unit('foe'), s, hero.position!)!;
      expect(odds.expected).toBeCloseTo(p.expectedDamage!, 12);
      expect(odds.score).toBeCloseTo(p.expectedDamage! / 12 + p.damage!.atLeast(12), 12);
    }
    // 10 stamina: five limbs keep one back (D60-STA-1)
    expect(strikesOf(t.state, hero).map((s) => [s.type, s.weapon?.id ?? 'limbs', s.count])).toEqual([['attack', 'limbs', 5], ['attack', 'sword', 1]]);
    expect(strikesOf(t.state, hero, 3).find((s) => !s.weapon)!.count).toBe(2);
  });

  it('D60-PRJ-1: a projectile that lands a turn late counts for nothing (the target steps off its line), against a held target in full', () => {
    // knives fly 3 tiles a turn: the Brute 5 tiles off is reached at the end of the Hero's second turn
    const t = table({ weapons: ['knife'], abilities: ['hex-Root'] }, { at: [6, 1] });
    const knives = throwOf(t);
    const hero = t.unit('hero');
    const late = strikeOdds(t.state, hero, t.unit('foe'), knives, { x: 1, y: 1 })!;
    const now = strikeOdds(t.state, hero, t.unit('foe'), knives, { x: 3, y: 1 })!;
    expect(late).toEqual({ expected: 0, score: 0 });
    expect(now.expected).toBeGreaterThan(0);
    t.dice(60, 1).do({ type: 'cast', actor: 'hero', ability: 'hex-Root', target: 'foe' });
    const rooted = strikeOdds(t.state, hero, t.unit('foe'), knives, { x: 1, y: 1 })!;
    expect(rooted.expected).toBeCloseTo(now.expected, 12);
  });

  it('D60-PRJ-2: a projectile the target can Evade is worth nothing; one it cannot, what lands', () => {
    // knives at speed 30: Agility 30 evades them, 29 cannot
    const quick = table({ weapons: ['knife'] }, { at: [3, 1], stats: { ...foeStats, agility: 30 } });
    expect(strikeOdds(quick.state, quick.unit('hero'), quick.unit('foe'), throwOf(quick), { x: 1, y: 1 })).toEqual({ expected: 0, score: 0 });
    const slow = table({ weapons: ['knife'] }, { at: [3, 1], stats: { ...foeStats, agility: 29 } });
    expect(strikeOdds(slow.state, slow.unit('hero'), slow.unit('foe'), throwOf(slow), { x: 1, y: 1 })!.expected).toBeGreaterThan(0);
  });

  it('D60-PRJ-1: a wall first on the line stops the projectile; an enemy first on it takes it', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['knife'] }, foe: { at: [3, 1] }, doc: { map: { width: 10, height: 10, terrain: [{ at: [2, 1], blocksMove: true }] } } }));
    t.start();
    expect(strikeOdds(t.state, t.unit('hero'), t.unit('foe'), throwOf(t), { x: 1, y: 1 })!.expected).toBe(0);
    const shielded = table({ weapons: ['knife'] }, { at: [3, 1] }, [{ id: 'foe2', name: 'Brute 2', side: 'brutes', at: [2, 1], stats: foeStats }]);
    expect(strikeOdds(shielded.state, shielded.unit('hero'), shielded.unit('foe'), throwOf(shielded), { x: 1, y: 1 })!.expected).toBeGreaterThan(0);
  });

  it('D60-DMG-4: area magic is worth what it deals every enemy in its radius; one with the Speed evades', () => {
    // Quake: power 12 + 4 (Control 20) = 16 against Endurance 15: 16 each, solid, no contest; Speed 25 evades
    const t = table({ abilities: ['quake'] }, { at: [5, 5] }, [
      { id: 'b2', name: 'Brute 2', side: 'brutes', at: [6, 5], stats: foeStats },
      { id: 'b3', name: 'Brute 3', side: 'brutes', at: [5, 6], stats: { ...foeStats, speed: 25 } },
      { id: 'b4', name: 'Brute 4', side: 'brutes', at: [8, 8], stats: foeStats },
    ]);
    const quake = strikesOf(t.state, t.unit('hero')).find((s) => s.type === 'cast')!;
    const odds = strikeOdds(t.state, t.unit('hero'), t.unit('foe'), quake, t.unit('hero').position!)!;
    expect(odds.expected).toBe(32);
    expect(odds.score).toBeCloseTo(16 / foeStats.health + 16 / foeStats.health, 12);
    expect(heroStats.control).toBe(20);
  });
});
