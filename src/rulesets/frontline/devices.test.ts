// Gadgets and Streams (FRL-ACT-2): Major actions defined in the encounter file from building blocks.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { battle } from './fixtures.ts';
import { frontline } from './index.ts';
import { mod } from './model.ts';

// Ria: Dexterity 3, HP 20. Raider: Dodge 2, Defense 2, HP 15. See fixtures.ts for the devices.
const boss = { id: 'boss', name: 'Raider Boss', side: 'raiders', hp: 20, affinities: { kinetic: 'weak' }, weapons: ['claws'] };
const kit = { id: 'kit', name: 'Kit', side: 'heroes', hp: 12, weapons: ['claws'] };

describe('frontline gadgets and streams', () => {
  it('FRL-ACT-2: damage to a whole zone — one roll, each target\'s own affinity and Defense, allies spared', () => {
    const t = new Table(frontline, battle({ hero: { start: 'rearguard' }, extra: [boss, kit] }));
    t.start(10, 12, 1, 1); // Ria 12, Raider 12, Boss 1, Kit 1: Ria first, no ambush
    // Frag Grenade (2d6 kinetic, short reach) from the allies' rearguard onto the frontline: 2d6 shows 3 + 4 = 7
    // Raider: 7 − Defense 2 = 5 → 10. Boss (weak to kinetic): MAX DMG! 12 → 8. Kit, an ally in the same zone, is not hit.
    const ev = t.dice(3, 4).do({ type: 'gadget', actor: 'hero', gadget: 'grenade', zone: 'frontline' });
    expect(t.checks(ev)).toEqual([
      '2d6(3, 4) − Defense 2 = 5 → 5 damage [FRL-DMG-3, FRL-DMG-4]',
      '2d6(3, 4) → MAX DMG! 12 = 12 → MAX DMG! 12 damage [FRL-DMG-2, FRL-DMG-3, FRL-DMG-4]',
    ]);
    expect([t.hp('foe'), t.hp('boss'), t.hp('kit')]).toEqual([10, 8, 12]);
    expect(t.lines(ev)).toContain('Ria uses the gadget Frag Grenade on the frontline (Major action) [FRL-ACT-2]');
    expect(t.active).toBe('foe');
  });

  it('FRL-ACT-2: the reach of a device is by zones; a zone with no one to hit is refused', () => {
    const t = new Table(frontline, battle());
    t.start(10, 12);
    // short reach: not the zone Ria stands in; the enemy rearguard is empty
    expect(t.rejects({ type: 'gadget', actor: 'hero', gadget: 'grenade', zone: 'frontline' })).toBe('action/out_of_range');
    expect(t.rejects({ type: 'gadget', actor: 'hero', gadget: 'grenade', zone: 'enemy_rearguard' })).toBe('action/no_targets');
    expect(t.rejects({ type: 'gadget', actor: 'hero', gadget: 'grenade', zone: 'moon' })).toBe('command/bad_zone');
    expect(t.rejects({ type: 'gadget', actor: 'hero', gadget: 'nothing' })).toBe('action/unknown_device');
  });

  it('FRL-ACT-2: heal — an ally regains the roll; an unconscious one wakes; uses per encounter run out', () => {
    const t = new Table(frontline, battle({ hero: { startHp: 5 }, extra: [{ ...kit, startHp: 0 }] }));
    t.start(10, 12, 1); // Kit starts unconscious and still rolls, so it has a slot to come back to
    // Medkit 2d4 on herself: 3 + 2 = 5 → 10
    const ev = t.dice(3, 2).do({ type: 'gadget', actor: 'hero', gadget: 'medkit', target: 'hero' });
    expect(t.checks(ev)).toEqual(['2d4(3, 2) → Ria heals 5 [FRL-ACT-2]']);
    expect(t.hp('hero')).toBe(10);
    t.passUntil('hero');
    // on unconscious Kit: 1 + 1 = 2 → Kit is back with 2 HP
    const wake = t.dice(1, 1).do({ type: 'gadget', actor: 'hero', gadget: 'medkit', target: 'kit' });
    expect(t.lines(wake)).toContain('Kit is back in the fight (healed back to consciousness) [FRL-END-1]');
    expect(t.unit('kit')).toMatchObject({ status: 'active', pools: { hp: { value: 2 } } });
    t.passUntil('hero');
    // two uses, both spent
    expect(t.rejects({ type: 'gadget', actor: 'hero', gadget: 'medkit', target: 'hero' })).toBe('action/no_uses_left');
    expect(t.engine.legalActions(t.state, 'hero').some((o) => o.command.gadget === 'medkit')).toBe(false);
  });

  it('FRL-ACT-2 (ruling): healing never takes HP above the maximum; the log counts the uses left', () => {
    const t = new Table(frontline, battle({ hero: { startHp: 18 } }));
    t.start(10, 12);
    // Medkit 2d4 on herself: 4 + 4 = 8 rolled; Ria has 20 − 18 = 2 to gain: 18 → 20
    const ev = t.dice(4, 4).do({ type: 'gadget', actor: 'hero', gadget: 'medkit', target: 'hero' });
    expect(t.lines(ev)).toContain('Ria uses the gadget Medkit on Ria (Major action; 1 of 2 uses left) [FRL-ACT-2]');
    expect(t.checks(ev)).toEqual(['2d4(4, 4) → Ria heals 8 [FRL-ACT-2]']);
    expect(ev.find((e) => e.type === 'pool.changed')).toMatchObject({ unit: 'hero', kind: 'heal', delta: 2, value: 20 });
  });

  it('FRL-ACT-2 (ruling): an effect "for 1 round" lasts until the start of the user\'s next turn, exactly', () => {
    const t = new Table(frontline, battle({ extra: [kit] }));
    t.start(10, 12, 1); // Ria 12, Raider 12, Kit 1
    // Shield Projector: Kit gains Shielded (Defense +2) for 1 round
    t.do({ type: 'gadget', actor: 'hero', gadget: 'shield', target: 'kit' });
    expect(mod(t.state, t.unit('kit'), 'defense')).toBe(2);
    // the Raider claws Kit while shielded: d20 15 + 1 = 16 ≥ 2 + 0 = 2; 1d6 5 + Might 1 − Defense 2 = 4 → 12 − 4 = 8
    const hit = t.dice(15, 2, 5).do({ type: 'attack', actor: 'foe', target: 'kit' });
    expect(t.checks(hit)[1]).toBe('1d6(5) + Might 1 − Defense 2 = 4 → 4 damage [FRL-DMG-1, FRL-DMG-3, FRL-DMG-4]');
    expect(t.hp('kit')).toBe(8);
    // Kit's own turn and the end of round 1: still shielded
    t.do({ type: 'end_turn', actor: 'kit' });
    // … and the start of Ria's turn in round 2 ends it
    expect(t.state.turn.round).toBe(2);
    expect(t.active).toBe('hero');
    expect(t.state.effects).toEqual([]);
    expect(t.lines(t.log.events.slice(-12))).toContain('Kit\'s Shielded ends (expired)');
  });

  it('FRL-ACT-2 (ruling): if the user is out of the fight, its effects count down at each round\'s end instead', () => {
    const t = new Table(frontline, battle({ extra: [kit], doc: { content: { ...battle().content, gadgets: [{ id: 'long', name: 'Long Shield', target: 'ally', effect: { name: 'Shielded', rounds: 2, modifiers: { defense: 2 } } }] } }, hero: { gadgets: ['long'], startHp: 1 } }));
    t.start(10, 12, 1);
    t.do({ type: 'gadget', actor: 'hero', gadget: 'long', target: 'kit' }); // 2 rounds
    // the Raider knocks Ria out: 15 + 1 ≥ 2 + 1; 1d6 3 + 1 − Defense 1 = 3 → 0 HP
    t.dice(15, 2, 3).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.unit('hero').status).toBe('down');
    t.do({ type: 'end_turn', actor: 'kit' }); // end of round 1: 2 → 1
    expect(t.state.effects[0].remaining).toBe(1);
    t.do({ type: 'end_turn', actor: 'foe' });
    t.do({ type: 'end_turn', actor: 'kit' }); // end of round 2: gone
    expect(t.state.effects).toEqual([]);
  });

  it('FRL-ACT-2: move a unit between zones; a stream that must hit rolls like an attack', () => {
    const t = new Table(frontline, battle({ hero: { start: 'rearguard' }, foe: { start: 'rearguard' } }));
    t.start(10, 12);
    // Grapple Hook (long reach): pulls the Raider from its rearguard into the frontline
    const ev = t.do({ type: 'gadget', actor: 'hero', gadget: 'hook', target: 'foe' });
    expect(ev.find((e) => e.type === 'unit.zone')).toMatchObject({ unit: 'foe', from: 'enemy_rearguard', to: 'frontline' });
    expect(t.lines(ev)).toEqual(expect.arrayContaining(['Grapple Hook puts Raider in the frontline [FRL-ACT-2]', 'Raider: enemy rearguard → frontline (20 m)']));
    t.passUntil('hero');
    // Spark Stream (1d8 energy, hit: true): d20 12 + 3 = 15 ≥ 5 + 2 = 7 → hit; 1d8 6 − Defense 2 = 4 → 11
    const s = t.dice(12, 5, 6).do({ type: 'stream', actor: 'hero', stream: 'spark', target: 'foe' });
    expect(t.checks(s)).toEqual([
      'd20(12) + Dexterity 3 = 15 ≥ Dodge d20(5) + Dodge 2 (= 7) → hit [FRL-ATK-1]',
      '1d8(6) − Defense 2 = 4 → 4 damage [FRL-DMG-3, FRL-DMG-4]',
    ]);
    expect(t.hp('foe')).toBe(11);
    t.passUntil('hero');
    // and a miss: 2 + 3 = 5 < 19 + 2 = 21, no damage rolled
    t.dice(2, 19).do({ type: 'stream', actor: 'hero', stream: 'spark', target: 'foe' });
    expect(t.hp('foe')).toBe(11);
    expect(t.unusedDice).toEqual([]);
  });
});
