// Flee (FRL-ACT-5): 1d20 + Might against the Evasion of every enemy; each character on its own.
import { describe, expect, it } from 'vitest';
import { describeEvent, knownState, viewLog } from '../../engine/index.ts';
import { Table } from '../testing.ts';
import { battle } from './fixtures.ts';
import { frontline } from './index.ts';

// Ria: Might 2. Raider: Dodge 2, so Evasion 10 + 2 = 12 (ruling). Boss: Evasion 15 as written in the file.
const boss = { id: 'boss', name: 'Raider Boss', side: 'raiders', hp: 20, evasion: 15, weapons: ['claws'] };
const kit = { id: 'kit', name: 'Kit', side: 'heroes', hp: 12, weapons: ['pistol'] };
const flee = { type: 'flee', actor: 'hero' };

describe('frontline flee', () => {
  it('FRL-ACT-5: equal to the Evasion escapes; the unit leaves the battle (fled)', () => {
    const t = new Table(frontline, battle({ extra: [kit] }));
    t.start(10, 12, 11); // Ria 12, Raider 12, Kit 11: Ria first, no ambush
    // d20 10 + Might 2 = 12 ≥ Raider's Evasion 12 → escapes
    const ev = t.dice(10).do(flee);
    expect(t.checks(ev)).toEqual(['d20(10) + Might 2 (Evasion: Raider 12) = 12 ≥ Evasion of Raider 12 → escapes [FRL-ACT-5]']);
    expect(t.unit('hero').status).toBe('fled');
    expect(t.lines(ev)).toContain('Ria escapes: out of the battle [FRL-ACT-5]');
    // each character escapes on its own: Kit is still in the fight, and so is the battle
    expect(t.unit('kit').status).toBe('active');
    expect(t.state.status).toBe('active');
    expect(t.state.turn.order.map((s) => s.unit)).toContain('hero');
    t.passUntil('kit');
    expect(t.state.turn.round).toBe(1);
    t.do({ type: 'end_turn', actor: 'kit' });
    expect(t.state.turn.order.map((s) => s.unit)).toEqual(['foe', 'kit']); // round 2: Ria is gone
  });

  it('FRL-ACT-5: the check must beat EVERY enemy\'s Evasion — one roll against each', () => {
    const t = new Table(frontline, battle({ extra: [boss] }));
    t.start(10, 12, 1); // Ria 12, Raider 12, Boss 1
    // d20 11 + 2 = 13 ≥ Raider 12 but < Boss 15 → caught; the Major action is spent
    const ev = t.dice(11).do(flee);
    expect(t.checks(ev)).toEqual(['d20(11) + Might 2 (Evasion: Raider 12, Raider Boss 15) = 13 < Evasion of Raider Boss 15 → caught by Raider Boss [FRL-ACT-5]']);
    expect(t.unit('hero').status).toBe('active');
    expect(t.active).toBe('foe');
  });

  it('FRL-ACT-5 (ruling): enemies already down do not stop a flight; the last character fleeing ends the battle as "fled"', () => {
    const t = new Table(frontline, battle({ extra: [{ ...boss, startHp: 0 }] }));
    t.start(10, 12, 1);
    // only the Raider (12) counts: 10 + 2 = 12 escapes
    t.dice(10).do(flee);
    expect(t.state.result).toMatchObject({ outcome: 'fled' });
  });

  it('FRL-ACT-5: an enemy hidden from the players stops a flight like any other; the player still reads its own roll', () => {
    const sneak = { id: 'sneak', name: 'Sneak', side: 'raiders', hp: 5, hidden: true, evasion: 16, weapons: ['claws'] };
    const t = new Table(frontline, battle({ extra: [sneak] }));
    t.start(10, 12, 1); // Ria 12, Raider 12, Sneak 1
    // d20 13 + Might 2 = 15 ≥ the Raider's Evasion 12, but < the Sneak's 16 → caught
    const ev = t.dice(13).do(flee);
    expect(t.unit('hero').status).toBe('active');
    expect(t.lines(ev)).toEqual(expect.arrayContaining([
      'Ria: flee: d20(13) + Might 2 (Evasion: Raider 12) = 15 ≥ Evasion of Raider 12 → caught [FRL-ACT-5]',
      'Hidden from the players, Sneak (Evasion 16) also counts: caught by Sneak [FRL-ACT-5]',
    ]));
    // the player sees its roll and that it was caught, and nothing of the Sneak
    const rules = { secretPools: frontline.secretPools, projectData: frontline.projectData };
    const seen = viewLog(t.log.events, { role: 'player', player: 'p1' }, frontline.appliers, rules).map((e) => describeEvent(e, t.state, frontline));
    expect(seen).toContain('Ria: flee: d20(13) + Might 2 (Evasion: Raider 12) = 15 ≥ Evasion of Raider 12 → caught [FRL-ACT-5]');
    expect(seen.join('\n')).not.toMatch(/Sneak|16/);
  });

  it('FRL-ACT-5: a player\'s preview reckons only with the enemies it sees (a hidden one would give itself away)', () => {
    const sneak = { id: 'sneak', name: 'Sneak', side: 'raiders', hp: 5, hidden: true, evasion: 16, weapons: ['claws'] };
    const t = new Table(frontline, battle({ extra: [sneak] }));
    t.start(10, 12, 1);
    const rules = { secretPools: frontline.secretPools, projectData: frontline.projectData };
    const known = knownState(t.state, { role: 'player', player: 'p1' }, rules);
    // the player's odds: d20 + 2 ≥ Raider 12 → 10..20, 11 faces of 20
    expect((t.engine.preview(known, flee) as { chance: number }).chance).toBeCloseTo(11 / 20, 12);
    // the GM's: the Sneak's 16 counts too → 14..20, 7 faces of 20
    expect(t.preview(flee).chance).toBeCloseTo(7 / 20, 12);
  });

  it('FRL-ACT-5 (ruling): preview gives the exact chance to flee', () => {
    const t = new Table(frontline, battle({ extra: [boss] }));
    t.start(10, 12, 1);
    // needs d20 + 2 ≥ 15 → 13..20: 8 faces of 20
    expect(t.preview(flee).chance).toBeCloseTo(0.4, 12);
  });
});
