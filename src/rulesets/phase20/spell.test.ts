// Spell Actions: hit checks against every target's DV, damage, area, resist checks and the worked example.
import { describe, expect, it } from 'vitest';
import { validateEncounter } from '../load.ts';
import { drawnDice, Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { phase20 } from './index.ts';

// Hero: General Skill +1, Magic +3, skilled in fire, carries a magical Staff. Goblin: DV 15, Agility +3, 12 HP.
const ignite = { type: 'cast', actor: 'hero', spell: 'ignite', target: 'foe' };

describe('phase20 spells', () => {
  it('P20-SPL-5: the worked example — +4 needs an 11 against DV 15; Ignite DC 13; Agility +3 resists on a 10', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    // hit 11 + 1 + 3 = 15 ≥ 15; damage 1d6 (2) + Magic 3 = 5 → 7 HP; resist 10 + 3 = 13 ≥ 10 + 3 → resisted
    const ev = t.dice(11, 2, 10).do(ignite);
    expect(t.checks(ev)).toEqual([
      'd20(11) + General Skill 1 + Magic 3 = 15 ≥ DV 15 → hit [P20-SPL-2]',
      '1d6(2) + Magic 3 = 5 → 5 damage to Goblin [P20-SPL-3]',
      'd20(10) + Agility 3 = 13 ≥ Agility check 10 + Magic 3 (= 13) → resisted [P20-SPL-4]',
    ]);
    expect(t.hp('foe')).toBe(7);
    expect(t.state.effects).toEqual([]);
    // and the preview agrees: faces 11..20 hit, 10 of 20
    const u = new Table(phase20, duel());
    u.start(15, 1);
    expect(u.preview(ignite).chance).toBe(0.5);
  });

  it('P20-SPL-5: a 10 to hit misses (14 < DV 15); a 9 to resist fails', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    expect(t.checks(t.dice(10).do(ignite))).toEqual(['d20(10) + General Skill 1 + Magic 3 = 14 < DV 15 → miss [P20-SPL-2]']);
    const u = new Table(phase20, duel());
    u.start(15, 1);
    const ev = u.dice(11, 2, 9).do(ignite);
    expect(u.checks(ev)[2]).toBe('d20(9) + Agility 3 = 12 < Agility check 10 + Magic 3 (= 13) → suffers Burning [P20-SPL-4]');
    expect(u.state.effects.map((f) => [f.name, f.target, f.remaining])).toEqual([['Burning', 'foe', 2]]);
  });

  it('P20-SPL-1: casting needs a magical weapon or catalyst and the target within the spell\'s range', () => {
    // without a catalyst the spells never become actions: the file says so at the unit's spells (issue 36)
    const bare = validateEncounter(duel({ hero: { weapons: ['sword'] } }), 'bad.yaml');
    expect(bare.ok ? [] : bare.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'units[0].spells: Hero knows Ignite, Fireball, Mend but carries no magical weapon or catalyst to cast with, so can never cast [P20-SPL-1]',
    ]);
    const far = new Table(phase20, duel({ foe: { at: [8, 1] } })); // 7 tiles; Ignite reaches 6
    far.start(15, 1);
    expect(far.rejects(ignite)).toBe('action/out_of_range');
  });

  it('P20-SPL-2: an area spell hits every target whose DV is equal to or lower than the total, with one roll', () => {
    const second = { id: 'foe2', name: 'Goblin Scout', side: 'goblins', at: [3, 1], hp: 10, dv: 12, weapons: ['sword'] };
    const t = new Table(phase20, duel({ extra: [second] }));
    t.start(15, 1, 1); // Hero 17, Goblin 1, Scout 1 (tie: Agility 10 vs 0 → Goblin first)
    // Fireball at the Goblin (2,1), radius 1: Goblin and Scout (3,1); the Hero (1,1) is an ally, spared.
    // d20 8 + 4 = 12: Goblin DV 15 → miss; Scout DV 12 → hit (equal counts). 2d6 (3, 4) + 3 = 10 → Scout 10 → 0
    const ev = t.dice(8, 3, 4).do({ type: 'cast', actor: 'hero', spell: 'fireball', target: 'foe' });
    expect(t.checks(ev)).toEqual([
      'd20(8) + General Skill 1 + Magic 3 = 12 < DV 15 → miss [P20-SPL-2]',
      'd20(8) + General Skill 1 + Magic 3 = 12 ≥ DV 12 → hit [P20-SPL-2]',
      '2d6(3, 4) + Magic 3 = 10 → 10 damage to Goblin Scout [P20-SPL-3]',
    ]);
    expect(t.hp('foe')).toBe(12);
    expect(t.hp('foe2')).toBe(0);
    expect(t.hp('hero')).toBe(20);
  });

  it('P20-SPL-2: the preview of an area spell lists everyone it strikes, each with its own chance against its DV', () => {
    const second = { id: 'foe2', name: 'Goblin Scout', side: 'goblins', at: [3, 1], hp: 10, dv: 12, weapons: ['sword'] };
    const t = new Table(phase20, duel({ extra: [second] }));
    t.start(15, 1, 1);
    // d20 + 4: Goblin DV 15 needs 11+ (10 faces of 20: 0.5); Scout DV 12 needs 8+ (13 faces: 0.65); the Hero is spared
    const p = t.preview({ type: 'cast', actor: 'hero', spell: 'fireball', target: 'foe' });
    expect(p.chance).toBe(0.5);
    expect(p.affected?.map((a) => [a.unit, a.chance])).toEqual([['foe', 0.5], ['foe2', 0.65]]);
  });

  it('P20-SPL-3: spell damage adds the Magic modifier and the class bonus', () => {
    const t = new Table(phase20, duel({ hero: { classBonus: { attack: 0, spell: 2 } } }));
    t.start(15, 1);
    // hit 20 + 4; 1d6 (6) + Magic 3 + Class 2 = 11 → 12 − 11 = 1; resist 20 + 3 ≥ 13
    const ev = t.dice(20, 6, 20).do(ignite);
    expect(t.checks(ev)[1]).toBe('1d6(6) + Magic 3 + Class bonus 2 = 11 → 11 damage to Goblin [P20-SPL-3]');
    expect(t.hp('foe')).toBe(1);
  });

  it('P20-SPL-4: a status that is not resisted burns at the start of each of the target\'s turns and ends after two', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    t.dice(11, 2, 9).do(ignite); // 12 → 7, Burning (2)
    // the Hero ends its turn; the Goblin's turn starts and Burning's 1d4 shows 3 → 7 − 3 = 4
    t.dice(3).do({ type: 'end_turn', actor: 'hero' });
    expect(t.hp('foe')).toBe(4);
    expect(t.state.effects[0].remaining).toBe(2);
    t.do({ type: 'end_turn', actor: 'foe' }); // counted at the end of the Goblin's turn: 1 left
    expect(t.state.effects[0].remaining).toBe(1);
    t.dice(2).do({ type: 'end_turn', actor: 'hero' }); // round 2: burns for 2 → 2
    expect(t.hp('foe')).toBe(2);
    const last = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(last)).toContain("Goblin's Burning ends (expired)");
    t.do({ type: 'end_turn', actor: 'hero' }); // round 3: no more burning, no die needed
    expect(t.hp('foe')).toBe(2);
    expect(t.unusedDice).toEqual([]);
  });

  it('healing spells restore hit points and bring a fainted ally back', () => {
    const ally = { id: 'ally', name: 'Squire', side: 'heroes', at: [1, 2], hp: 10, startHp: 3, dv: 10, weapons: ['sword'] };
    const t = new Table(phase20, duel({ extra: [ally] }));
    t.start(15, 1, 1);
    // Mend: 1d8 (4) + Magic 3 = 7 → 3 + 7 = 10
    t.dice(4).do({ type: 'cast', actor: 'hero', spell: 'mend', target: 'ally' });
    expect(t.hp('ally')).toBe(10);
  });
  it('P20-SPL-4: the caster\'s Magic raises the DC even when it is unskilled in the school (its hit check gets no Magic then)', () => {
    const t = new Table(phase20, duel({ hero: { skilled: { weapons: ['sword'], schools: [] } } }));
    t.start(15, 1);
    // hit: d20 14 + General Skill 1 = 15 ≥ DV 15 (no Magic: unskilled); damage 1d6 (2) + Magic 3 = 5 (always, P20-SPL-3) → 12 − 5 = 7;
    // resist: d20 9 + Agility 3 = 12 < DC 10 + Magic 3 = 13 → Burning
    const ev = t.dice(14, 2, 9).do(ignite);
    expect(t.checks(ev)).toEqual([
      'd20(14) + General Skill 1 = 15 ≥ DV 15 → hit [P20-SPL-2]',
      '1d6(2) + Magic 3 = 5 → 5 damage to Goblin [P20-SPL-3]',
      'd20(9) + Agility 3 = 12 < Agility check 10 + Magic 3 (= 13) → suffers Burning [P20-SPL-4]',
    ]);
    expect(t.hp('foe')).toBe(7);
  });

  it('P20-SPL-4: only a target the spell hit rolls to resist — and not one its damage knocked out', () => {
    const t = new Table(phase20, duel({ foe: { startHp: 5 } }));
    t.start(15, 1);
    // d20 11 + 4 = 15 ≥ 15 → hit; 1d6 (2) + Magic 3 = 5 → 5 − 5 = 0: fainted, so no resist check (no third die wanted)
    const ev = t.dice(11, 2).do(ignite);
    expect(t.checks(ev)).toHaveLength(2);
    expect(t.unit('foe').status).toBe('down');
    expect(t.state.effects).toEqual([]);
  });
  it('P20-SPL-4, P20-FAINT-1: a status waits while its target is fainted — no damage, no count-down — and goes on once it is helped up', () => {
    const ally = { id: 'ally', name: 'Squire', side: 'goblins', at: [3, 1], hp: 6, dv: 10, weapons: ['sword'] };
    const t = new Table(phase20, duel({ foe: { startHp: 7 }, extra: [ally] }));
    t.start(15, 10, 1); // Hero 17, Goblin 10, Squire 1
    // Ignite: d20 11 + 4 = 15 ≥ DV 15 → hit; 1d6 (2) + 3 = 5 → 7 − 5 = 2; resist d20 1 + 3 = 4 < 13 → Burning (2 turns)
    t.dice(11, 2, 1).do(ignite);
    // the Goblin's turn starts: Burning 1d4 (2) → 2 − 2 = 0: it faints as its turn begins; that turn began, so it counts (2 → 1)
    t.dice(2).do({ type: 'end_turn', actor: 'hero' });
    expect(t.unit('foe').status).toBe('down');
    expect(t.state.effects.map((f) => [f.name, f.remaining])).toEqual([['Burning', 1]]);
    t.do({ type: 'end_turn', actor: 'ally' });
    t.do({ type: 'end_turn', actor: 'hero' }); // round 2: the fainted Goblin is skipped — no die, no count-down
    expect(t.state.effects.map((f) => [f.name, f.remaining])).toEqual([['Burning', 1]]);
    t.do({ type: 'help', actor: 'ally', target: 'foe' }); // the Squire (3,1) is next to it: back with 1 HP
    t.do({ type: 'end_turn', actor: 'ally' });
    // round 3, the Goblin's turn: Burning 1d4 (1) → 1 − 1 = 0, fainted again; its last turn counted, Burning ends
    const last = t.dice(1).do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(last)).toContain("Goblin's Burning ends (expired)");
    expect(t.unusedDice).toEqual([]);
  });
  it('P20-INIT-2, P20-SPL-2, P20-SPL-3, P20-SPL-4: the order a command draws its dice, each die named (docs/rulesets/phase20.md)', () => {
    const drawn = drawnDice;
    const even = { modifiers: { initiative: 0, generalSkill: 0, magic: 3 }, attributes: { agility: 12, intelligence: 9 } };
    const squire = { id: 'sq', name: 'Squire', side: 'goblins', at: [3, 2], hp: 9, dv: 10, weapons: ['sword'], modifiers: { initiative: -20 } };
    const firestorm = { id: 'storm', name: 'Firestorm', school: 'fire', damage: '1d6', range: 6, radius: 1, status: { name: 'Burning', check: 'agility', dc: 10, turns: 2, damage: '1d4' } };
    const t = new Table(phase20, duel({ hero: { ...even, spells: [firestorm] }, foe: { attributes: { agility: 12, intelligence: 9 }, at: [3, 1] }, extra: [squire] }));
    // one d20 each in the file's order; then the d20 alone for those tied on total, Agility and Intelligence (10 and 10)
    expect(drawn(t.start(10, 10, 4, 2, 9))).toEqual(['initiative Hero d20', 'initiative Goblin d20', 'initiative Squire d20', 'initiative re-roll Hero d20', 'initiative re-roll Goblin d20']);
    // Goblin re-rolled 9 > 2: it acts first; it ends its turn, the Hero casts: one hit check for the area (20 + 3 = 23
    // hits DV 15 and DV 10), one damage roll for all, then a resist check for each target hit, in the file's order
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(drawn(t.dice(20, 3, 1, 1).do({ type: 'cast', actor: 'hero', spell: 'storm', target: 'foe' }))).toEqual(['spell hit check d20', 'spell damage: 1d6 d6', 'resist Burning d20', 'resist Burning d20']);
    // the Hero's Preparation passes; the Squire's turn begins: its Burning's dice are drawn by the command that ends the Hero's turn
    expect(drawn(t.dice(2).do({ type: 'end_turn', actor: 'hero' }))).toEqual(['Burning damage: 1d4 d4']);
  });
});
