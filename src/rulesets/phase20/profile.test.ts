// The profile of a unit's fixed numbers (profile.ts): shared by every fork of a set-up, and never stale —
// a GM's gm.set_data of a value it was made from is read at once, logged and unlogged alike.
import { describe, expect, it } from 'vitest';
import { createEngine, type Command, type EncounterState } from '../../engine/index.ts';
import { Table } from '../testing.ts';
import { damageBonus, hitBonus, weaponOf } from './attack.ts';
import { duel } from './fixtures.ts';
import { phase20 } from './index.ts';
import { dvOf } from './model.ts';
import { profileOf } from './profile.ts';
import { spellDamageBonus, spellHitBonus, spellOf } from './spell.ts';
import { readiedWeapon } from './turn.ts';

// Hero: General Skill +1, Combat +2, Strength +3, skilled with the sword (1d8), DV 12, speed 4, one Action.
// Goblin: DV 15, 12 HP. start(15, 1): Hero 15 + 2 = 17 acts first.
const atk: Command = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' };
const setData = (unit: string, key: string, value: unknown): Command => ({ type: 'gm.set_data', unit, key, value } as Command);

describe('phase20 unit profiles (issue 40)', () => {
  it('P20-ATK-2: one profile for every fork of a set-up, made once', () => {
    const engine = createEngine(phase20);
    const t = new Table(phase20, duel());
    t.start(15, 1);
    const a = engine.fork(t.state);
    const b = engine.fork(t.state);
    expect(a.units.hero).not.toBe(b.units.hero);
    expect(profileOf(a.units.hero)).toBe(profileOf(b.units.hero));
    expect(profileOf(a.units.hero)).toBe(profileOf(t.state.units.hero));
    expect(profileOf(a.units.hero).physical.map((w) => [w.weapon.id, w.skilled, w.hitBase, w.damageBase])).toEqual([
      ['sword', true, 3, 3],
      ['staff', false, 1, 0], // the staff is physical too, unskilled: General Skill alone, no Scale
    ]);
  });

  it('P20-ATK-2: a new DV set by the GM is the one the next hit check must beat', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    expect(dvOf(t.state, t.unit('foe'))).toBe(15);
    t.do(setData('foe', 'dv', 10));
    expect(dvOf(t.state, t.unit('foe'))).toBe(10);
    // d20 7 + General Skill 1 + Combat 2 = 10, not > DV 10 → miss (a stale DV 15 would miss too); 8 → 11 > 10 → hit
    expect(t.checks(t.dice(7).do(atk))).toEqual(['d20(7) + General Skill 1 + Combat 2 = 10 ≤ DV 10 → miss [P20-ATK-2]']);
    expect(t.preview(atk).chance).toBeCloseTo(13 / 20); // faces 8..20
  });

  it('P20-ATK-2, P20-ATK-3: new modifiers, skills and class bonus set by the GM change the next attack', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    const hero = () => t.unit('hero');
    const sword = weaponOf(hero(), 'sword');
    expect([hitBonus(t.state, hero(), sword), damageBonus(t.state, hero(), sword)]).toEqual([3, 3]);
    t.do(setData('hero', 'mods', { initiative: 2, generalSkill: 4, combat: 2, strength: 1 }));
    expect([hitBonus(t.state, hero(), sword), damageBonus(t.state, hero(), sword)]).toEqual([6, 1]);
    t.do(setData('hero', 'skilled', { weapons: [], schools: [] }));
    expect([hitBonus(t.state, hero(), sword), damageBonus(t.state, hero(), sword)]).toEqual([4, 0]);
    t.do(setData('hero', 'classBonus', { attack: 2, spell: 0 }));
    // d20 12 + General Skill 4 = 16 > DV 15 → hit; 1d8 (5) + Class bonus 2 = 7 → 12 − 7 = 5
    expect(t.checks(t.dice(12, 5).do(atk))).toEqual(['d20(12) + General Skill 4 = 16 > DV 15 → hit [P20-ATK-2]', '1d8(5) + Class bonus 2 = 7 → 7 damage [P20-ATK-3]']);
    expect(t.hp('foe')).toBe(5);
  });

  it('P20-PREP-1, P20-ACT-1: new weapons and action budgets set by the GM are what the next turn gets', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    expect(readiedWeapon(t.unit('hero'))?.id).toBe('sword');
    const club = { id: 'club', name: 'Club', damage: '1d6', scale: 'strength', range: 1, physical: true, magical: false };
    t.do(setData('hero', 'weapons', [club]));
    expect(readiedWeapon(t.unit('hero'))?.id).toBe('club');
    expect(t.rejects(atk)).toBe('action/unknown_weapon');
    // no default Action and 2 movement in its next turn (was 1 and 4)
    t.do(setData('hero', 'actionBudget', { default: 0, attack: 0, spell: 0 }));
    t.do(setData('hero', 'speed', 2));
    t.passUntil('foe');
    t.passUntil('hero');
    expect([t.unit('hero').pools.actions.value, t.unit('hero').pools.movement.value]).toEqual([0, 2]);
  });

  it('P20-ATK-2: unlogged, on a fork, a DV set by the GM is read at once', () => {
    const engine = createEngine(phase20);
    const t = new Table(phase20, duel());
    t.start(15, 1);
    const fork: EncounterState = engine.fork(t.state);
    expect(dvOf(fork, fork.units.foe)).toBe(15);
    const r = engine.decide(fork, setData('foe', 'dv', 9), { roll: () => 1 }, { inPlace: true, unlogged: true });
    expect(r.ok).toBe(true);
    expect(dvOf(fork, fork.units.foe)).toBe(9);
    expect(dvOf(t.state, t.state.units.foe)).toBe(15); // the set-up's own unit is as it was
  });

  it('P20-ATK-2, P20-ATK-3, P20-ACT-1: unlogged, on a fork, every fixed value the GM sets is read at once', () => {
    const engine = createEngine(phase20);
    const t = new Table(phase20, duel());
    t.start(15, 1);
    const club = { id: 'club', name: 'Club', damage: '1d6', scale: 'strength', range: 1, physical: true, magical: false };
    // each: the value set, and what the profile's readers then say (before: 3 and 3, sword, speed 4, ...)
    const cases: [string, unknown, (s: EncounterState) => unknown, unknown, unknown][] = [
      ['mods', { generalSkill: 4, combat: 2, strength: 1 }, (s) => hitBonus(s, s.units.hero, weaponOf(s.units.hero, 'sword')), 3, 6],
      ['skilled', { weapons: [], schools: [] }, (s) => damageBonus(s, s.units.hero, weaponOf(s.units.hero, 'sword')), 3, 0],
      ['classBonus', { attack: 2, spell: 0 }, (s) => damageBonus(s, s.units.hero, weaponOf(s.units.hero, 'sword')), 3, 5],
      ['weapons', [club], (s) => readiedWeapon(s.units.hero)?.id, 'sword', 'club'],
      ['speed', 2, (s) => profileOf(s.units.hero).speed, 4, 2],
      ['actionBudget', { default: 0, attack: 1, spell: 0 }, (s) => profileOf(s.units.hero).budgetAttack, 0, 1],
      // fireball's 2d6 (mean 7) was the largest of its dice; without spells, the sword's 1d8
      ['spells', [], (s) => Math.round(profileOf(s.units.hero).threat * 100) / 100, 7, 4.5],
      ['followUps', [{ name: 'Flurry', after: 'attack', grants: 'attack' }], (s) => profileOf(s.units.hero).hasFollowUps, false, true],
      // spells: the check's bonus is General Skill 1 + Magic 3 when skilled in fire; damage Magic 3 + class bonus
      ['skilled', { weapons: ['sword'], schools: [] }, (s) => spellHitBonus(s, s.units.hero, spellOf(s.units.hero, 'fireball')), 4, 1],
      ['mods', { generalSkill: 1, combat: 2, magic: 1 }, (s) => spellHitBonus(s, s.units.hero, spellOf(s.units.hero, 'fireball')), 4, 2],
      ['classBonus', { attack: 0, spell: 2 }, (s) => spellDamageBonus(s, s.units.hero), 3, 5],
    ];
    for (const [key, value, read, before, after] of cases) {
      const fork = engine.fork(t.state);
      expect([key, read(fork)]).toEqual([key, before]);
      expect(engine.decide(fork, setData('hero', key, value), { roll: () => 1 }, { inPlace: true, unlogged: true }).ok).toBe(true);
      expect([key, read(fork)]).toEqual([key, after]);
      expect([key, read(engine.fork(t.state))]).toEqual([key, before]);
    }
  });

  it('P20-ATK-3: a fight whose weapons roll too many dice to reckon exactly still starts (the policy\'s threat is asked only by the policy)', () => {
    const doc = duel();
    doc.content.weapons = doc.content.weapons.map((w) => ({ ...w, damage: '200d200' }));
    const t = new Table(phase20, doc);
    t.start(15, 1);
    expect(t.state.status).toBe('active');
    expect(profileOf(t.unit('hero')).physical[0].dice).toBeDefined();
  });
});
