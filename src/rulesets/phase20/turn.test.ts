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
    expect(c.state.turn.order.map((s) => s.initiative)).toEqual([10, 10]); // the re-roll orders, the totals stay
    expect(c.lines(ev)).toContain('Initiative tie between Hero, Goblin (same total, Agility and Intelligence): re-roll of the d20 alone, higher first: Hero d20(2), Goblin d20(9) [P20-INIT-2]');
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
  it('P20-INIT-2, P20-TIME-1: the log says how a tie was settled, and which 6 seconds each round covers', () => {
    const t = new Table(phase20, duel({ hero: { modifiers: { initiative: 0 } } }));
    const ev = t.start(12, 12); // 12 + 0 = 12 each: Agility 12 over 10 → the Hero first
    expect(order(t)).toEqual(['hero', 'foe']);
    expect(t.lines(ev)).toEqual(expect.arrayContaining([
      'Initiative ties, higher Agility first, then higher Intelligence — at 12: Hero (Agility 12, Intelligence 10), Goblin (Agility 10, Intelligence 8) [P20-INIT-2]',
      '— Round 1: seconds 0–6 of the fight [P20-TIME-1] —',
    ]));
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(t.do({ type: 'end_turn', actor: 'foe' }))).toContain('— Round 2: seconds 6–12 of the fight [P20-TIME-1] —');
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
    t.do({ type: 'end_turn', actor: 'hero' }); // no further Actions: the Preparation Phase, and the turn passes
    expect(t.unit('hero').data.prep).toEqual({ state: 'open' });
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
  it('P20-PREP-1, P20-TURN-1: using the last Action enters the Preparation Phase at once — a unit that cast with its only Action announces its Preparation', () => {
    const t = new Table(phase20, duel({ foe: { at: [4, 1] } }));
    t.start(15, 1);
    // Ignite, its only Action: d20 1 + General Skill 1 + Magic 3 = 5 < DV 15 → a miss
    const cast = t.dice(1).do({ type: 'cast', actor: 'hero', spell: 'ignite', target: 'foe' });
    expect(t.lines(cast)).toContain('Hero has used its last Action: the Preparation Phase begins [P20-PREP-1]');
    expect([t.active, t.state.turn.phase]).toEqual(['hero', 'preparation']);
    // no movement after it (movement belongs to the Action Phase); the Preparation, or the turn's end
    expect(t.rejects({ type: 'move', actor: 'hero', to: [1, 2] })).toBe('turn/wrong_phase');
    expect(t.engine.legalActions(t.state, 'hero').map((o) => [o.command.type, o.label, o.group])).toEqual([
      ['prepare', "Ready an attack with Sword — strikes the first enemy that ends a move within reach, until Hero's next turn", 'preparation'],
      ['end_turn', 'End the turn (the Preparation can still be announced later)', 'turn'],
    ]);
    const ready = t.do({ type: 'prepare', actor: 'hero', kind: 'ready_attack' });
    expect(t.lines(ready)).toContain("Hero readies an attack with Sword: it strikes the first enemy that ends a move within reach, until Hero's next turn [P20-PREP-1]");
    expect(t.active).toBe('foe');
    // the Goblin walks up: d20 13 + 1 + 2 = 16 > DV 15; 1d8 (5) + Scale 3 = 8 → 12 − 8 = 4
    t.dice(13, 5).do({ type: 'move', actor: 'foe', to: [2, 1] });
    expect(t.hp('foe')).toBe(4);
  });
  it('P20-PREP-1: from the Action Phase, readying an attack is deciding to take no further Actions — it ends the turn', () => {
    const t = new Table(phase20, duel({ foe: { at: [4, 1] } }));
    t.start(15, 1);
    expect(t.engine.legalActions(t.state, 'hero').find((o) => o.command.type === 'prepare')?.label).toBe("Ready an attack with Sword and end the turn — strikes the first enemy that ends a move within reach, until Hero's next turn");
    const ev = t.do({ type: 'prepare', actor: 'hero', kind: 'ready_attack' });
    expect(ev.filter((e) => e.type === 'turn.phase').map((e) => [e.unit, e.phase])).toEqual([['hero', 'preparation'], ['foe', 'action']]);
    expect(t.unit('hero').data.prep).toEqual({ state: 'announced', kind: 'ready_attack' });
    expect(t.unit('hero').pools.actions.value).toBe(1); // the Action was not spent: it was given up
  });
  it('P20-PREP-1: a unit with its last Action used may let the turn pass and announce later; a braced one has nothing to announce, so the turn passes at once', () => {
    const t = new Table(phase20, duel({ foe: { at: [4, 1] } }));
    t.start(15, 1);
    t.dice(1).do({ type: 'cast', actor: 'hero', spell: 'ignite', target: 'foe' }); // 1 + 4 = 5 < 15: a miss, its last Action
    t.do({ type: 'end_turn', actor: 'hero' });
    expect([t.active, t.unit('hero').data.prep]).toEqual(['foe', { state: 'open' }]);
    expect(t.engine.legalActions(t.state, 'hero').map((o) => o.command.type)).toEqual(['prepare']);
    // the Goblin braces with its only Action: Brace "removes the Preparation", so the turn passes at once
    const ev = t.do({ type: 'brace', actor: 'foe' });
    expect(t.lines(ev)).toEqual(expect.arrayContaining(['Goblin has used its last Action: the Preparation Phase begins [P20-PREP-1]', 'Goblin braced: no Preparation this phase [P20-GEN-3]']));
    expect(t.active).toBe('hero');
  });
  it('P20-PREP-1, P20-GEN-1: a Sprint that is the last Action lasts while the unit runs; the Preparation Phase begins when it stops', () => {
    const t = new Table(phase20, duel({ foe: { at: [8, 8] } }));
    t.start(15, 1);
    const sprint = t.do({ type: 'sprint', actor: 'hero' }); // speed 4 × 2 = 8 movement, its only Action
    expect(t.lines(sprint)).toContain('Sprint is Hero\'s last Action: it lasts while Hero runs, and the Preparation Phase begins when it stops [P20-PREP-1]');
    t.do({ type: 'move', actor: 'hero', to: [4, 1] }); // 3 tiles: 5 left, still running
    expect([t.state.turn.phase, t.unit('hero').pools.movement.value]).toEqual(['action', 5]);
    expect(t.engine.legalActions(t.state, 'hero').find((o) => o.command.type === 'end_turn')?.label).toBe('Stop sprinting and end the turn');
    const rest = t.do({ type: 'move', actor: 'hero', to: [9, 1] }); // the other 5: the Sprint is walked
    expect(t.lines(rest)).toContain('Hero has walked all of its Sprint, its last Action: the Preparation Phase begins [P20-PREP-1]');
    expect([t.active, t.state.turn.phase]).toEqual(['hero', 'preparation']);
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.active).toBe('foe');
  });
  it('P20-ACT-1: the log names the action spent in the game\'s words', () => {
    const t = new Table(phase20, duel({ hero: { actions: { default: 1, attack: 1, spell: 0 } } }));
    t.start(15, 1);
    expect(t.lines(t.dice(1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' }))).toContain('Hero uses an Attack action (0 left) [P20-ACT-1]');
    expect(t.lines(t.dice(1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' }))).toContain('Hero uses the default Action (0 left) [P20-ACT-1]');
  });

  it('P20-FAINT-1, P20-PREP-1: a unit knocked out while acting (by a readied attack) faints at once — its turn ends there, with no Preparation', () => {
    const scout = { id: 'scout', name: 'Goblin Scout', side: 'goblins', at: [8, 8], hp: 5, dv: 10, weapons: ['sword'] };
    const t = new Table(phase20, duel({ foe: { at: [4, 1], startHp: 6 }, extra: [scout] }));
    t.start(15, 1, 1); // Hero 17; Goblin 1 and Scout 1 tie, Agility 10 over 0 → the Goblin first
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'prepare', actor: 'hero', kind: 'ready_attack' });
    // the Goblin walks next to the Hero: d20 13 + 1 + 2 = 16 > DV 15; 1d8 (5) + Scale 3 = 8 → 6 − 8 → 0: it faints
    const ev = t.dice(13, 5).do({ type: 'move', actor: 'foe', to: [2, 1] });
    expect(t.lines(ev)).toContain("Hero's readied attack (Sword) triggers: Goblin ends a move within reach [P20-PREP-1]");
    expect(t.unit('foe').status).toBe('down');
    expect(t.active).toBe('scout');
    expect(ev.some((e) => e.type === 'turn.phase' && e.unit === 'foe' && e.phase === 'preparation')).toBe(false);
    expect(t.unit('foe').data.prep).toEqual({ state: 'none' });
  });

  it('P20-PREP-1: a status that costs the target its turns ends its Preparation — a Frozen unit does not strike', () => {
    const frostbind = { id: 'frostbind', name: 'Frostbind', school: 'water', range: 6, status: { name: 'Frozen', check: 'strength', dc: 9, turns: 1, skipTurn: true } };
    // two Actions, so it can still walk after casting
    const t = new Table(phase20, duel({ foe: { at: [4, 1], weapons: ['sword', 'staff'], spells: [frostbind], actions: { default: 2, attack: 0, spell: 0 } } }));
    t.start(15, 1);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'prepare', actor: 'hero', kind: 'ready_attack' });
    // Frostbind: d20 12 + General Skill 0 = 12 ≥ DV 12 → hit; resist d20 2 + Strength 3 = 5 < DC 9 + Magic 0 → Frozen
    const ev = t.dice(12, 2).do({ type: 'cast', actor: 'foe', spell: 'frostbind', target: 'hero' });
    expect(t.lines(ev)).toContain('Hero loses its turns to Frozen: its Preparation is gone [P20-PREP-1]');
    expect(t.engine.legalActions(t.state, 'hero')).toEqual([]);
    t.do({ type: 'move', actor: 'foe', to: [2, 1] }); // into the sword's reach: no readied attack, so no die is wanted
    expect(t.hp('foe')).toBe(12);
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
  it('P20-END-1: a party out with some who gave up has lost the fight — the campaign fails only when all fainted', () => {
    const squire = { id: 'squire', name: 'Squire', side: 'heroes', at: [1, 2], hp: 5, dv: 10, weapons: ['sword'] };
    const t = new Table(phase20, duel({ hero: { startHp: 1 }, extra: [squire] }));
    t.start(15, 10, 1); // Hero 17, Goblin 10, Squire 1
    t.do({ type: 'end_turn', actor: 'hero' });
    t.dice(20, 1).do(foeAttack); // d20 20 + 1 = 21 > DV 12; 1d8 (1) + 1 = 2 → the Hero's 1 HP → 0: fainted
    t.do({ type: 'end_turn', actor: 'foe' });
    const ev = t.do({ type: 'give_up', actor: 'squire' });
    expect(ev.at(-1)).toMatchObject({
      type: 'combat.ended',
      result: { outcome: 'defeat', winner: 'goblins', reason: 'every player character has fainted or given up (not all fainted: the campaign goes on)' },
    });
    expect(t.lines(ev).at(-1)).toBe('Combat ends: defeat for the players (goblins win): every player character has fainted or given up (not all fainted: the campaign goes on) [P20-END-1]');
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
  it('P20-FAINT-1: the GM\'s damage that knocks out the acting unit ends its turn there', () => {
    const t = new Table(phase20, duel({ extra: [{ id: 'squire', name: 'Squire', side: 'heroes', at: [1, 2], hp: 5, dv: 10, weapons: ['sword'] }] }));
    t.start(15, 10, 1); // Hero 17, Goblin 10, Squire 1
    t.do({ type: 'gm.damage', unit: 'hero', amount: 25, rules: true, reason: 'the bridge gives way' }); // 20 − 25 → 0
    expect(t.unit('hero').status).toBe('down');
    expect(t.active).toBe('foe');
  });
});
