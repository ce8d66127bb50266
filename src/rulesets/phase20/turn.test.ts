// Initiative, rounds, the two phases of a turn, Preparation, the Generic Actions, fainting and the end of combat.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { phase20 } from './index.ts';

const order = (t: Table) => t.state.turn.order.map((s) => s.unit);
const foeAttack = { type: 'attack', actor: 'foe', target: 'hero', weapon: 'sword' };

describe('phase20 initiative and rounds', () => {
  it('P20-INIT-1: d20 + Initiative Modifier, highest first', () => {
    const t = new Table(phase20, duel());
    const ev = t.start(5, 18); // Hero 5 + 2 = 7, Goblin 18 + 0 = 18
    expect(t.checks(ev)).toEqual(['d20(5) + Initiative 2 = 7 [P20-INIT-1]', 'd20(18) + Initiative 0 = 18 [P20-INIT-1]']);
    expect(order(t)).toEqual(['foe', 'hero']);
    expect(t.active).toBe('foe');
  });

  it('P20-INIT-2: ties go to higher Agility, then higher Intelligence, then a re-roll until they differ', () => {
    const even = { modifiers: { initiative: 0, generalSkill: 0 } };
    const a = new Table(phase20, duel({ hero: { ...even, attributes: { agility: 12, intelligence: 10 } }, foe: { attributes: { agility: 10, intelligence: 99 } } }));
    a.start(10, 10);
    expect(order(a)).toEqual(['hero', 'foe']); // Agility 12 beats 10
    const b = new Table(phase20, duel({ hero: { ...even, attributes: { agility: 12, intelligence: 8 } }, foe: { attributes: { agility: 12, intelligence: 9 } } }));
    b.start(10, 10);
    expect(order(b)).toEqual(['foe', 'hero']); // same Agility: Intelligence 9 beats 8
    const c = new Table(phase20, duel({ hero: { ...even, attributes: { agility: 12, intelligence: 9 } }, foe: { attributes: { agility: 12, intelligence: 9 } } }));
    // everything equal: re-roll 5 and 5 (tied again), then 2 and 9 → Goblin first
    const ev = c.start(10, 10, 5, 5, 2, 9);
    expect(order(c)).toEqual(['foe', 'hero']);
    expect(c.lines(ev).filter((l) => l.includes('[P20-INIT-2]'))).toHaveLength(2);
    expect(c.unusedDice).toEqual([]);
  });

  it('P20-TIME-1: a round ends once every character has completed a turn', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    expect(t.state.turn.round).toBe(1);
    const first = t.do({ type: 'end_turn', actor: 'hero' });
    expect(first.some((e) => e.type === 'round.ended')).toBe(false);
    const second = t.do({ type: 'end_turn', actor: 'foe' });
    expect(second.filter((e) => e.type === 'round.ended' || e.type === 'round.started').map((e) => e.type)).toEqual(['round.ended', 'round.started']);
    expect(t.state.turn.round).toBe(2);
    expect(t.active).toBe('hero');
  });
});

describe('phase20 turns', () => {
  it('P20-TURN-1: a turn is the Action Phase, then the Preparation Phase', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    expect(t.state.turn.phase).toBe('action');
    const ev = t.do({ type: 'end_turn', actor: 'hero' });
    expect(ev.filter((e) => e.type === 'turn.phase').map((e) => [e.unit, e.phase])).toEqual([['hero', 'preparation'], ['foe', 'action']]);
    expect(t.unit('hero').data.prep).toEqual({ state: 'open' });
  });

  it('P20-PREP-1: one Preparation, announced when the character likes, never changed; a readied attack strikes an enemy coming within reach', () => {
    const t = new Table(phase20, duel({ foe: { at: [4, 1] } }));
    t.start(15, 1);
    expect(t.rejects({ type: 'prepare', actor: 'hero', kind: 'ready_attack' })).toBe('prep/not_in_phase'); // still acting
    t.do({ type: 'end_turn', actor: 'hero' });
    // during the Goblin's turn the Hero announces it (not right away: that is allowed)
    expect(t.engine.legalActions(t.state, 'hero').map((o) => o.command.type)).toEqual(['prepare']);
    t.do({ type: 'prepare', actor: 'hero', kind: 'ready_attack' });
    expect(t.rejects({ type: 'prepare', actor: 'hero', kind: 'ready_attack' })).toBe('prep/already_announced');
    // the Goblin walks next to the Hero: the readied sword strikes. d20 13 + 3 = 16 > 15; 1d8 (5) + 3 = 8 → 12 − 8 = 4
    const ev = t.dice(13, 5).do({ type: 'move', actor: 'foe', to: [2, 1] });
    expect(t.checks(ev)).toEqual(['d20(13) + General Skill 1 + Combat 2 = 16 > DV 15 → hit [P20-ATK-2]', '1d8(5) + Scale (strength) 3 = 8 → 8 damage [P20-ATK-3]']);
    expect(t.hp('foe')).toBe(4);
    expect(t.unit('hero').data.prep).toEqual({ state: 'spent', why: 'used' });
  });
});

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

  it('P20-GEN-3: Brace halves incoming damage (rounded down, last), ends attacking this turn and the next Preparation', () => {
    const t = new Table(phase20, duel({ hero: { actions: { default: 1, attack: 1, spell: 0 } } }));
    t.start(15, 1);
    t.do({ type: 'brace', actor: 'hero' });
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' })).toBe('action/no_more_attacks');
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.rejects({ type: 'prepare', actor: 'hero', kind: 'ready_attack' })).toBe('prep/not_in_phase');
    // Goblin: d20 15 + General Skill 0 + Combat 1 = 16 > DV 12; 1d8 (6) + 1 = 7 → braced: ⌊7 / 2⌋ = 3 → 20 − 3 = 17
    const ev = t.dice(15, 6).do(foeAttack);
    expect(t.lines(ev)).toContain('Hero is bracing: 7 damage halved to 3 [P20-GEN-3]');
    expect(t.hp('hero')).toBe(17);
    t.do({ type: 'end_turn', actor: 'foe' }); // the Hero's next turn: no longer braced
    expect(t.unit('hero').data.braced).toBe(false);
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
});

describe('phase20 end of combat', () => {
  it('P20-END-1: when every enemy has fainted the combat ends in victory', () => {
    const t = new Table(phase20, duel({ foe: { startHp: 5 } }));
    t.start(15, 1);
    const ev = t.dice(13, 2).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' }); // 2 + 3 = 5 → 0
    expect(ev.at(-1)).toMatchObject({ type: 'combat.ended', result: { outcome: 'victory', winner: 'heroes' } });
    expect(t.rejects({ type: 'end_turn', actor: 'hero' })).toBe('encounter/ended');
  });

  it('P20-END-1: when every player character has fainted the campaign fails', () => {
    const t = new Table(phase20, duel({ hero: { startHp: 1 } }));
    t.start(1, 20); // Hero 3, Goblin 20
    const ev = t.dice(20, 1).do(foeAttack);
    expect(ev.at(-1)).toMatchObject({ type: 'combat.ended', result: { outcome: 'defeat', winner: 'goblins' } });
    expect(t.state.result?.reason).toMatch(/campaign fails/);
  });

  it('P20-END-1: giving up counts like fainting', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    const ev = t.do({ type: 'give_up', actor: 'hero' });
    expect(ev.at(-1)).toMatchObject({ type: 'combat.ended', result: { outcome: 'defeat' } });
  });
});

describe('phase20 GM hooks', () => {
  it('P20-INIT-1: a unit the GM adds mid-combat rolls initiative and slots in among those still to act', () => {
    const t = new Table(phase20, duel());
    t.start(15, 5); // Hero 17, Goblin 5
    const wolf = { ...t.unit('foe'), id: 'wolf', name: 'Wolf', position: { x: 5, y: 5 } };
    // d20 7 + 0 = 7: after the Hero (acting), before the Goblin's 5
    t.dice(7).do({ type: 'gm.add_unit', unit: wolf as never });
    expect(t.state.turn.order.map((s) => `${s.unit} ${s.initiative}`)).toEqual(['hero 17', 'wolf 7', 'foe 5']);
  });

  it('a unit whose data phase20 cannot use is refused with a clear error, and nothing changes', () => {
    const t = new Table(phase20, duel());
    t.start(15, 5);
    const before = JSON.stringify(t.state);
    // the engine's shape is right, but phase20's data (modifiers, weapons...) is missing
    const bare = { id: 'wisp', name: 'Wisp', side: 'foes', pools: { hp: { value: 3, max: 3 } } };
    const r = t.log.execute({ type: 'gm.add_unit', unit: bare }, { roll: () => 7 });
    expect(r.ok ? '' : `${r.rejection.code}: ${r.rejection.message}`).toMatch(/^gm\/bad_unit: phase20 cannot use this unit as given \(.+\); start from a copy/);
    expect(JSON.stringify(t.state)).toBe(before);
  });

  it('P20-GEN-3: the GM\'s direct damage with rules on goes through Brace (halved, rounded down)', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    t.do({ type: 'brace', actor: 'hero' });
    t.do({ type: 'gm.damage', unit: 'hero', amount: 9, rules: true, reason: 'a falling rock' });
    expect(t.hp('hero')).toBe(16); // ⌊9 / 2⌋ = 4
  });
});
