// Falling unconscious with a Battlescar, winning, and game over.
import { describe, expect, it } from 'vitest';
import { viewState } from '../../engine/index.ts';
import { Table } from '../testing.ts';
import { battle, content, EVEN_START } from './fixtures.ts';
import { frontline } from './index.ts';

describe('frontline end of battle', () => {
  it('FRL-END-1: at 0 HP a character falls unconscious and gains a Battlescar, kept on the character and told in the log', () => {
    const t = new Table(frontline, battle({ hero: { startHp: 3, battlescars: 1 } }));
    t.start(...EVEN_START);
    t.do({ type: 'end_turn', actor: 'hero' });
    // the Raider: d20 15 + 1 = 16 ≥ 2 + 1 = 3; 1d6 4 + Might 1 − Defense 1 = 4 → 3 − 4, at 0
    const ev = t.dice(15, 2, 4).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.unit('hero').status).toBe('down');
    expect(t.unit('hero').data.battlescars).toBe(2); // one from an earlier fight, one now
    expect(t.lines(ev)).toEqual(expect.arrayContaining(['Ria falls unconscious at 0 HP [FRL-END-1]', 'Ria gains a Battlescar (2 in all) [FRL-END-1]']));
  });

  it('FRL-END-2: all characters unconscious → game over (defeat)', () => {
    const t = new Table(frontline, battle({ hero: { startHp: 3 } }));
    t.start(...EVEN_START);
    t.do({ type: 'end_turn', actor: 'hero' });
    const ev = t.dice(15, 2, 4).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.state.status).toBe('ended');
    // the raiders are left standing: theirs is the win (the simulator counts it), the defeat the characters'
    expect(t.state.result).toEqual({ outcome: 'defeat', winner: 'raiders', reason: 'every character is unconscious: game over [FRL-END-2]' });
    expect(t.lines(ev).at(-1)).toBe('Combat ends: defeat, raiders win (every character is unconscious: game over [FRL-END-2])');
  });

  it('FRL-END-2: all enemies defeated → the characters win and play returns to exploration; enemies gain no Battlescar', () => {
    const t = new Table(frontline, battle({ foe: { startHp: 4 } }));
    t.start(...EVEN_START);
    // d20 15 + 3 ≥ 3 + 2; 1d8 4 + 2 − 2 = 4 → 0
    const ev = t.dice(15, 3, 4).do({ type: 'attack', actor: 'hero', target: 'foe' });
    expect(t.lines(ev)).toContain('Raider is defeated at 0 HP [FRL-END-1]');
    expect(t.lines(ev).some((l) => l.includes('Battlescar'))).toBe(false);
    expect(t.unit('foe').data.battlescars).toBe(0);
    expect(t.state.result).toEqual({ outcome: 'victory', winner: 'heroes', reason: 'every enemy is defeated: the combat ends and play returns to exploration [FRL-END-2]' });
  });

  it('FRL-END-2: a reflected blow can knock out the last character — game over even though the enemy stands', () => {
    const t = new Table(frontline, battle({ hero: { startHp: 2 }, foe: { affinities: { kinetic: 'reflect' } } }));
    t.start(...EVEN_START);
    // hit; 1d8 1 + Might 2 = 3 − Ria's Defense 1 = 2 → Ria 0
    t.dice(15, 3, 1).do({ type: 'attack', actor: 'hero', target: 'foe' });
    expect(t.unit('hero').status).toBe('down');
    expect(t.state.result?.outcome).toBe('defeat');
  });

  it('FRL-END-2 (ruling): enemies who fled count as gone — the characters win', () => {
    const t = new Table(frontline, battle());
    t.start(...EVEN_START);
    t.do({ type: 'end_turn', actor: 'hero' });
    // Raider: d20 12 + Might 1 = 13 ≥ Ria's Evasion 10 + Dodge 1 = 11 → escapes
    t.dice(12).do({ type: 'flee', actor: 'foe' });
    expect(t.state.result).toMatchObject({ outcome: 'victory', winner: 'heroes', reason: 'every enemy is defeated or fled: the combat ends and play returns to exploration [FRL-END-2]' });
  });

  it('FRL-END-2 (ruling): the last character and the last enemy falling at once is game over', () => {
    const charge = { id: 'charge', name: 'Demo Charge', target: 'all_in_zone', reach: 'melee', damage: '2d6', type: 'kinetic' };
    const t = new Table(frontline, battle({ doc: { content: { ...content, gadgets: [charge] } }, hero: { startHp: 3, gadgets: ['charge'] }, foe: { startHp: 3 } }));
    t.start(...EVEN_START);
    // one roll for the whole frontline, 2d6 = 3 + 3 = 6: Ria 6 − Defense 1 = 5 → 3 − 5, at 0; Raider 6 − Defense 2 = 4 → 3 − 4, at 0
    const ev = t.dice(3, 3).do({ type: 'gadget', actor: 'hero', gadget: 'charge', zone: 'frontline' });
    expect(t.lines(ev)).toEqual(expect.arrayContaining(['Ria falls unconscious at 0 HP [FRL-END-1]', 'Raider is defeated at 0 HP [FRL-END-1]']));
    // no one is left to go back to exploring: "If all characters are unconscious, the game ends"
    expect(t.state.result).toEqual({ outcome: 'defeat', reason: 'every character is unconscious: game over [FRL-END-2]' });
  });

  it('FRL-END-1 (ruling): an unconscious unit cannot be attacked, and a zone device passes over it', () => {
    const out = { id: 'out', name: 'Raider Lookout', side: 'raiders', start: 'frontline', hp: 8, startHp: 0, weapons: ['claws'] };
    const t = new Table(frontline, battle({ hero: { start: 'rearguard' }, extra: [out] }));
    t.start(10, 12, 1); // Ria 12, Raider 12, Lookout 1 (unconscious from the start)
    expect(t.engine.legalActions(t.state, 'hero').some((o) => o.command.target === 'out')).toBe(false);
    t.do({ type: 'equip', actor: 'hero', weapon: 'pistol' });
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'out' })).toBe('action/bad_target');
    // Frag Grenade on the frontline, 2d6 = 2 + 2 = 4: the Raider 4 − Defense 2 = 2 → 13; the Lookout is not a target
    const ev = t.dice(2, 2).do({ type: 'gadget', actor: 'hero', gadget: 'grenade', zone: 'frontline' });
    expect(t.checks(ev)).toEqual(['2d6(2, 2) − Defense 2 = 2 → 2 damage [FRL-DMG-3, FRL-DMG-4]']);
    expect([t.hp('foe'), t.hp('out')]).toEqual([13, 0]);
  });

  it('ruling (secret HP): players do not see enemy hit points; they see their whole side\'s', () => {
    const kit = { id: 'kit', name: 'Kit', side: 'heroes', controller: 'p2', hp: 12, startHp: 7, weapons: ['claws'] };
    const t = new Table(frontline, battle({ extra: [kit] }));
    t.start(10, 12, 1);
    const seen = viewState(t.state, { role: 'player', player: 'p1' }, frontline);
    expect(seen.units.foe.pools.hp).toBeUndefined();
    expect(seen.units.hero.pools.hp.value).toBe(20);
    expect(seen.units.kit.pools.hp.value).toBe(7); // another player's character, on p1's side
  });
});
