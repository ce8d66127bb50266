// The Generic Actions (Sprint, Sprint+, Brace, Help, Roleshift), with scripted dice and hand-worked numbers.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { phase20 } from './index.ts';

const order = (t: Table) => t.state.turn.order.map((s) => s.unit);
const foeAttack = { type: 'attack', actor: 'foe', target: 'hero', weapon: 'sword' };
/** The Goblin as a caster of a status that costs turns (it is unskilled in water and has no Magic). */
const frostbind = { id: 'frostbind', name: 'Frostbind', school: 'water', range: 6, status: { name: 'Frozen', check: 'strength', dc: 9, turns: 1, skipTurn: true } };
const caster = { weapons: ['sword', 'staff'], spells: [frostbind] };

describe('phase20 generic actions', () => {
  it('P20-GEN-1: Sprint doubles the movement for this turn, using the default action', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    t.do({ type: 'sprint', actor: 'hero' });
    expect(t.unit('hero').pools.movement.value).toBe(8);
    t.do({ type: 'move', actor: 'hero', to: [9, 1] }); // 8 tiles east
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe' })).toBe('action/out_of_range');
  });

  it('P20-GEN-2: Sprint+ quadruples the movement; the next turn has none', () => {
    const t = new Table(phase20, duel({ doc: { map: { width: 20, height: 10 } } }));
    t.start(15, 1);
    t.do({ type: 'sprint_plus', actor: 'hero' });
    expect(t.unit('hero').pools.movement.value).toBe(16);
    t.do({ type: 'move', actor: 'hero', to: [17, 1] });
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.unit('hero').pools.movement.value).toBe(0);
    expect(t.rejects({ type: 'sprint', actor: 'hero' })).toBe('action/exhausted');
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.unit('hero').pools.movement.value).toBe(4);
  });

  it('P20-GEN-1, P20-GEN-2: one Sprint or Sprint+ a turn — each sets the turn\'s movement, a second is refused', () => {
    const t = new Table(phase20, duel({ hero: { actions: { default: 2, attack: 0, spell: 0 } } }));
    t.start(15, 1);
    const ev = t.do({ type: 'sprint', actor: 'hero' }); // speed 4 → 4 × 2 = 8
    expect(t.lines(ev)).toContain('Hero sprints: movement doubled, 4 × 2 = 8 this turn [P20-GEN-1]');
    expect(t.unit('hero').pools.movement.value).toBe(8);
    expect(t.rejects({ type: 'sprint', actor: 'hero' })).toBe('action/already_sprinted');
    expect(t.rejects({ type: 'sprint_plus', actor: 'hero' })).toBe('action/already_sprinted');
    expect(t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type.startsWith('sprint'))).toEqual([]);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    t.do({ type: 'sprint_plus', actor: 'hero' }); // a new turn: 4 × 4 = 16
    expect(t.unit('hero').pools.movement.value).toBe(16);
  });

  it('P20-GEN-2: Sprint+ takes the movement of the next turn the unit plays — a turn lost to Frozen does not use it up', () => {
    const t = new Table(phase20, duel({ foe: { at: [4, 1], ...caster } }));
    t.start(15, 1);
    t.do({ type: 'sprint_plus', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // Frostbind: d20 12 + 0 = 12 ≥ DV 12 → hit; resist d20 2 + Strength 3 = 5 < DC 9 → Frozen (1 turn)
    t.dice(12, 2).do({ type: 'cast', actor: 'foe', spell: 'frostbind', target: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' }); // round 2: the Hero's turn is lost
    t.do({ type: 'end_turn', actor: 'foe' }); // round 3: the Hero plays, with no movement
    expect(t.active).toBe('hero');
    expect(t.unit('hero').pools.movement.value).toBe(0);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.unit('hero').pools.movement.value).toBe(4); // round 4: its walking speed again
  });

  it('P20-GEN-3: Brace halves incoming damage (rounded down, last) until its next turn; no more attacks this turn; no Preparation', () => {
    const t = new Table(phase20, duel({ hero: { actions: { default: 1, attack: 1, spell: 0 } } }));
    t.start(15, 1);
    t.do({ type: 'brace', actor: 'hero' });
    // an Attack action is left, but Brace forbids attacking for the rest of the turn
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' })).toBe('action/no_more_attacks');
    expect(t.rejects({ type: 'brace', actor: 'hero' })).toBe('action/already_braced');
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.rejects({ type: 'prepare', actor: 'hero', kind: 'ready_attack' })).toBe('prep/not_in_phase');
    // the odds know it: d20 + 1 > 12 on 12..20 = 9 of 20; on a hit 1d8 + 1 = 2..9, halved 1,1,2,2,3,3,4,4 → mean 2.5
    const p = t.preview(foeAttack);
    expect(p.chance).toBeCloseTo(0.45, 12);
    expect(p.damageOnHit).toEqual({ min: 1, max: 4, mean: 2.5 });
    // Goblin: d20 15 + General Skill 0 + Combat 1 = 16 > DV 12; 1d8 (6) + 1 = 7 → braced: ⌊7 / 2⌋ = 3 → 20 − 3 = 17
    const ev = t.dice(15, 6).do(foeAttack);
    expect(t.lines(ev)).toContain('Hero is bracing: 7 damage halved to 3 (rounded down) [P20-GEN-3]');
    expect(t.hp('hero')).toBe(17);
    const next = t.do({ type: 'end_turn', actor: 'foe' }); // the Hero's next turn: the Brace is over
    expect(t.lines(next)).toContain("Hero's Brace ends (expired)");
    expect(t.state.effects).toEqual([]);
  });

  it('P20-GEN-3: after Brace no attack spells either ("Attacking" covers the Spell Action); a healing spell attacks no one', () => {
    const t = new Table(phase20, duel({ hero: { startHp: 15, actions: { default: 1, attack: 0, spell: 1 } } }));
    t.start(15, 1);
    t.do({ type: 'brace', actor: 'hero' });
    expect(t.rejects({ type: 'cast', actor: 'hero', spell: 'ignite', target: 'foe' })).toBe('action/no_more_attacks');
    const casts = t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type === 'cast').map((o) => o.command.spell);
    expect(casts).toEqual(['mend']);
    // Mend with the Spell action: 1d8 (4) + Magic 3 = 7 → 15 + 7 = 22, held at the maximum 20
    t.dice(4).do({ type: 'cast', actor: 'hero', spell: 'mend', target: 'hero' });
    expect(t.hp('hero')).toBe(20);
  });

  it('P20-GEN-3: damage at the start of the braced unit\'s next turn is still halved; then the Brace ends', () => {
    const t = new Table(phase20, duel({ foe: { weapons: ['sword', 'staff'], spells: ['ignite'] } }));
    t.start(15, 1);
    t.do({ type: 'brace', actor: 'hero' }); // its only Action: the Preparation Phase (none to announce, braced), the turn passes
    // Goblin's Ignite, unskilled in fire: d20 12 + General Skill 0 = 12 ≥ DV 12 → hit;
    // 1d6 (4) + Magic 0 = 4 → braced ⌊4 / 2⌋ = 2 → 18; resist d20 1 + Agility 1 = 2 < DC 10 + Magic 0 → Burning
    t.dice(12, 4, 1).do({ type: 'cast', actor: 'foe', spell: 'ignite', target: 'hero' });
    expect(t.hp('hero')).toBe(18);
    // the Hero's turn starts: Burning 1d4 (3), still braced → ⌊3 / 2⌋ = 1 → 17; then the Brace runs out
    const ev = t.dice(3).do({ type: 'end_turn', actor: 'foe' });
    const lines = t.lines(ev);
    expect(lines).toContain('Hero is bracing: 3 damage halved to 1 (rounded down) [P20-GEN-3]');
    expect(lines.indexOf("Hero's Brace ends (expired)")).toBeGreaterThan(lines.indexOf('Hero is bracing: 3 damage halved to 1 (rounded down) [P20-GEN-3]'));
    expect(t.hp('hero')).toBe(17);
  });

  it('P20-GEN-3: Brace ends when the unit\'s next turn comes round, even a turn it loses to a status', () => {
    const t = new Table(phase20, duel({ foe: caster }));
    t.start(15, 1);
    t.do({ type: 'brace', actor: 'hero' }); // its only Action: the Preparation Phase (none to announce, braced), the turn passes
    // Frostbind, the Goblin unskilled in water: d20 12 + General Skill 0 = 12 ≥ DV 12 → hit;
    // resist d20 2 + Strength 3 = 5 < DC 9 + Goblin's Magic 0 = 9 → Frozen for 1 turn
    t.dice(12, 2).do({ type: 'cast', actor: 'foe', spell: 'frostbind', target: 'hero' });
    const lost = t.lines(t.do({ type: 'end_turn', actor: 'foe' }));
    expect(lost).toEqual(expect.arrayContaining(['Hero cannot act (Frozen)', "Hero's Brace ends (expired)", "Hero's Frozen ends (expired)"]));
    expect(t.active).toBe('foe');
    // no longer braced: d20 15 + 0 + 1 = 16 > 12; 1d8 (6) + 1 = 7 in full → 20 − 7 = 13
    t.dice(15, 6).do(foeAttack);
    expect(t.hp('hero')).toBe(13);
  });

  it('P20-GEN-4, P20-FAINT-1: a fainted ally gets no turns until helped up; then it has 1 HP and its old place in the order', () => {
    const squire = { id: 'squire', name: 'Squire', side: 'heroes', at: [1, 2], hp: 5, dv: 10, weapons: ['sword'], modifiers: { initiative: 0 } };
    const t = new Table(phase20, duel({ foe: { at: [2, 2] }, extra: [squire] }));
    t.start(15, 10, 1); // Hero 17, Goblin 10, Squire 1
    expect(order(t)).toEqual(['hero', 'foe', 'squire']);
    t.do({ type: 'end_turn', actor: 'hero' });
    // Goblin hits the Squire: 20 + 1 > 10; 1d8 (8) + 1 = 9 → 5 − 9 → 0: fainted
    t.dice(20, 8).do({ type: 'attack', actor: 'foe', target: 'squire', weapon: 'sword' });
    expect(t.unit('squire').status).toBe('down');
    // a fainted body is no target (ruling P20-FAINT-1)
    expect(t.rejects({ type: 'attack', actor: 'foe', target: 'squire', weapon: 'sword' })).toBe('action/bad_target');
    const ev = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(ev)).toContain('Squire cannot act (down)');
    expect(t.active).toBe('hero');
    t.do({ type: 'help', actor: 'hero', target: 'squire' });
    expect(t.unit('squire')).toMatchObject({ status: 'active', pools: { hp: { value: 1 } } });
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.active).toBe('squire');
  });

  it('P20-GEN-5: Roleshift switches role; the file says what each role changes (here Defense: DV +2)', () => {
    const t = new Table(phase20, duel({ doc: { roles: { defense: { dv: 2 } } } }));
    t.start(15, 1);
    t.do({ type: 'roleshift', actor: 'hero', role: 'defense' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // the Goblin now needs d20 + 1 > 14: faces 14..20, 7 of 20
    expect(t.preview(foeAttack).chance).toBeCloseTo(0.35, 12);
    // 13 + 1 = 14, not > DV 14 → miss
    expect(t.checks(t.dice(13).do(foeAttack))).toEqual(['d20(13) + General Skill 0 + Combat 1 = 14 ≤ DV 14 → miss [P20-ATK-2]']);
  });
  it('P20-GEN-4: an area heal reaches a fainted ally in its area and brings it back; one who gave up is out of reach', () => {
    const wave = { id: 'wave', name: 'Healing Wave', school: 'life', damage: '1d4', range: 6, radius: 1, heals: true };
    const squire = { id: 'squire', name: 'Squire', side: 'heroes', at: [1, 2], hp: 10, startHp: 0, dv: 10, weapons: ['sword'] };
    const page = { id: 'page', name: 'Page', side: 'heroes', at: [0, 0], hp: 6, startHp: 3, dv: 10, weapons: ['sword'] };
    const t = new Table(phase20, duel({ hero: { startHp: 18, spells: ['mend', wave] }, extra: [squire, page] }));
    t.start(15, 1, 5, 3); // Hero 17, Squire 5 (fainted, but it keeps a slot), Page 3, Goblin 1
    // Healing Wave on the Squire (1,2), radius 1: the Squire and the Hero (1,1); not the Page (0,0), 2 away.
    // 1d4 (2) + Magic 3 = 5 → Squire 0 + 5 = 5 and back in the fight; Hero 18 + 5 → 20 (its maximum)
    t.dice(2).do({ type: 'cast', actor: 'hero', spell: 'wave', target: 'squire' });
    expect(t.unit('squire')).toMatchObject({ status: 'active', pools: { hp: { value: 5 } } });
    expect([t.hp('hero'), t.hp('page')]).toEqual([20, 3]);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'squire' }); // its own slot, this very round
    t.do({ type: 'give_up', actor: 'page' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.rejects({ type: 'cast', actor: 'hero', spell: 'mend', target: 'page' })).toBe('action/bad_target');
  });
});

