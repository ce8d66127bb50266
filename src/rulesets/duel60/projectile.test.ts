// Throwing, projectiles that travel between turns, and the reactions to them.
import { describe, expect, it } from 'vitest';
import { drawnDice, Table } from '../testing.ts';
import { content, duel, foeStats } from './fixtures.ts';
import { duel60 } from './index.ts';
import { tilesPerTurn } from './projectile.ts';
import { plural } from './words.ts';

// Hero (Agility 20, Strength 30) at (1,1); Brute (Agility 10, Endurance 15, Speed 20) far east on row 1.
const projectiles = (t: Table) => (t.state.data.projectiles as { name: string; progress: number; path: unknown[] }[]);
const answer = (t: Table, choice: unknown) => t.do({ type: 'answer', pending: t.state.pending[0].id, choice: choice as never });

describe('duel60 throwing', () => {
  it('D60-ATK-3: a throw costs the weapon stamina for each projectile; at most 3 unless a perk or the weapon says so', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['knife'] }, foe: { at: [8, 1] } }));
    t.start();
    expect(t.rejects({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'knife', count: 4 })).toBe('action/too_many_projectiles');
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'knife', count: 3 });
    expect(t.unit('hero').pools.stamina.value).toBe(7); // 3 × 1
    expect(projectiles(t)).toHaveLength(3);
    expect((t.unit('hero').data.weapons as { count: number }[])[0].count).toBe(2); // 5 − 3 knives left
    const perk = new Table(duel60, duel({ hero: { weapons: ['knife'], maxProjectiles: 4 }, foe: { at: [8, 1] } }));
    perk.start();
    perk.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'knife', count: 4 });
    expect(projectiles(perk)).toHaveLength(4);
    // the perk by name, saying so in the file: Knife Juggler, 5 a throw
    const named = new Table(duel60, duel({ hero: { weapons: ['knife'], perks: [{ name: 'Knife Juggler', maxProjectiles: 5 }] }, foe: { at: [8, 1] } }));
    named.start();
    named.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'knife', count: 5 });
    expect(projectiles(named)).toHaveLength(5);
    const sword = new Table(duel60, duel({ hero: { weapons: ['sword'] }, foe: { at: [8, 1] } }));
    sword.start();
    expect(sword.rejects({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'sword' })).toBe('action/not_throwable');
  });
  it('D60-ATK-3: a throw is worded as a person says it — "Throw 1 Javelin", "Throw 2 Javelins", "Throw 3 Throwing Knives"', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin', 'knife'] }, foe: { at: [8, 1] } }));
    t.start();
    const throws = t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type === 'throw').map((o) => o.label);
    expect(throws).toEqual(['Throw 1 Javelin at Brute', 'Throw 2 Javelins at Brute', 'Throw 1 Throwing Knife at Brute', 'Throw 2 Throwing Knives at Brute', 'Throw 3 Throwing Knives at Brute']);
    // the log says it the same way
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin', count: 2 });
    expect(t.lines().some((l) => l.includes('throws 2 Javelins at Brute'))).toBe(true);
    expect(['Axe', 'Glass', 'Dwarf', 'Chief', 'Ruby', 'Day', 'Staff'].map(plural)).toEqual(['Axes', 'Glasses', 'Dwarves', 'Chiefs', 'Rubies', 'Days', 'Staffs']);
  });
});

describe('duel60 projectiles', () => {
  it('D60-PRJ-1: floor(speed / 10) tiles a turn: 60, 64 and 69 all fly 6', () => {
    expect([60, 64, 69, 20, 9].map(tilesPerTurn)).toEqual([6, 6, 6, 2, 0]);
  });

  it('D60-PRJ-1: a slow projectile stays on the map between turns and can be walked away from', () => {
    // Javelin speed 20: 2 tiles at the end of each of the Hero's turns, along row 1 toward (6,1)
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [6, 1] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(projectiles(t)[0].progress).toBe(2); // at (3,1)
    // as a page draws it: hanging over (3,1), its next flight (4,1)-(5,1), its line on to the map's edge
    const [f] = duel60.inFlight!(t.state);
    expect(f).toMatchObject({ name: 'Javelin', owner: 'hero', at: { x: 3, y: 1 }, next: [{ x: 4, y: 1 }, { x: 5, y: 1 }] });
    expect(f.path[0]).toEqual({ x: 4, y: 1 });
    t.do({ type: 'move', actor: 'foe', to: [6, 4] }); // off the line (nothing left to do: its turn ends)
    expect(t.lines()).toContain("Brute's turn ends: its movement is spent and nothing is left that its action could do [D60-TURN-1]");
    t.do({ type: 'end_turn', actor: 'hero' }); // (5,1): nobody
    t.do({ type: 'end_turn', actor: 'foe' });
    t.do({ type: 'end_turn', actor: 'hero' }); // (7,1): nobody
    expect(t.hp('foe')).toBe(30);
    expect(t.state.pending).toEqual([]);
    expect(projectiles(t)[0].progress).toBe(6);
  });

  it('D60-PRJ-1, D60-PRJ-2: whoever is on its path at the end of a turn is hit and must react: Block if Agility ≥ half its speed', () => {
    // Javelin speed 20 thrown at a Brute 2 tiles away: it arrives at the end of the Hero's turn
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // Agility 10 ≥ 20 / 2: Block; 10 < 20: no Evade; Counter with a fist
    expect(t.state.pending[0].options).toEqual([{ reaction: 'none' }, { reaction: 'block' }, { reaction: 'counter', with: 'unarmed' }]);
    expect(t.engine.legalActions(t.state, 'foe').map((o) => o.group)).toEqual(['answer', 'answer', 'answer']);
    // Block: no contest; Javelin 12 + (30 − 15: 1 × 4) = 16 → ½ = 8; rooted, and its action is taken
    const ev = answer(t, { reaction: 'block' });
    expect(t.checks(ev)).toEqual(['Javelin 12 + (Strength 30 − Endurance 15: 1 × 4) 4 → blocked ½ 8 = 8 → 8 damage (solid blow) [D60-DMG-2, D60-PRJ-2]']);
    expect(t.hp('foe')).toBe(22);
    // the block took its action and rooted it: no move, no rest — but a rooted unit still raises its guard
    expect(t.lines(ev)).toContain('Brute suffers Root for 1 turn [D60-PRJ-2]');
    expect(t.active).toBe('foe');
    expect(t.engine.legalActions(t.state, 'foe').map((o) => o.group)).toEqual(['defend', 'free', 'turn']);
    t.do({ type: 'block', actor: 'foe' }); // its movement: with nothing left, the turn ends
    expect(t.active).toBe('hero');
    expect(t.state.effects).toEqual([]); // the Root lasted the rest of that turn
    expect(projectiles(t)).toEqual([]);
  });

  it('D60-PRJ-2: Evade needs Agility ≥ its speed: a defensive move of 1 tile + 1 per full 10 Speed', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1], stats: { ...foeStats, agility: 20 } } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    const evades = t.state.pending[0].options.filter((o) => (o as { reaction: string }).reaction === 'evade');
    expect(evades).toContainEqual({ reaction: 'evade', to: [3, 4] }); // 1 + 2 = 3 tiles
    expect(evades).not.toContainEqual({ reaction: 'evade', to: [4, 1] }); // still on the line
    answer(t, { reaction: 'evade', to: [3, 4] });
    expect(t.unit('foe').position).toEqual({ x: 3, y: 4 });
    expect(t.hp('foe')).toBe(30);
    expect(projectiles(t)).toHaveLength(1); // it flies on
  });

  it('D60-PRJ-2: Counter — a contest; reaching the projectile total cancels it, else it lands by the margin', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // counter: 50 + 10 = 60 ≥ 30 + 20 = 50 → cancelled; 1 stamina
    const ev = t.dice(50, 30).do({ type: 'answer', pending: t.state.pending[0].id, choice: { reaction: 'counter', with: 'unarmed' } });
    expect(t.checks(ev)).toEqual(['d60(50) + Agility 10 = 60 ≥ d60(30) + Agility (thrower) 20 (= 50) → cancelled [D60-PRJ-2, D60-HIT-2]']);
    expect(t.hp('foe')).toBe(30);
    expect(t.unit('foe').pools.stamina.value).toBe(7);
  });

  it('D60-PRJ-2: no reaction — the normal contest; a thrown weapon\'s dramatic blow bleeds', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // 50 + 20 = 70 vs 30 + 10 = 40: margin 30 → dramatic; 16 damage and Bleed
    t.dice(50, 30);
    answer(t, { reaction: 'none' });
    expect(t.hp('foe')).toBe(14);
    expect(t.state.effects.map((f) => f.name)).toEqual(['Bleed']);
  });

  it('D60-EFF-2: Non-Reactionary — a projectile no one may react to', () => {
    const spike = { id: 'spike', name: 'Spike', power: 10, stamina: 1, range: 8, projectile: { speed: 30 }, nonReactionary: true };
    const t = new Table(duel60, duel({ hero: { abilities: [spike] }, foe: { at: [3, 1] } }));
    t.start();
    t.do({ type: 'cast', actor: 'hero', ability: 'spike', target: 'foe' });
    // power 10 + 4 = 14 < 15: 14 − 1 = 13; solid (40 vs 30)
    const ev = t.dice(40, 30).do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(ev)).toContain('Brute cannot react to Spike (Non-Reactionary) [D60-EFF-2]');
    expect(t.state.pending).toEqual([]);
    expect(t.hp('foe')).toBe(17);
  });

  it('D60-PRJ-2, D60-EYE-1: the Block and Evade thresholds read Agility as it stands — avoiding eye contact too', () => {
    // Agility 20 could Block (≥ 20 / 2) and Evade (≥ 20) a javelin; avoiding eye contact it is 20 − 32 = −12: neither
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1], stats: { ...foeStats, agility: 20, speed: 40 } } }));
    t.start();
    t.do({ type: 'avert', actor: 'foe', on: true });
    t.do({ type: 'end_turn', actor: 'foe' });
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.state.pending[0].options).toEqual([{ reaction: 'none' }, { reaction: 'counter', with: 'unarmed' }]);
  });

  it('D60-PRJ-1: a slow projectile flies "1 tile a turn", not "1 tiles"', () => {
    // a dart of speed 10: floor(10 / 10) = 1 tile a turn
    const dart = { id: 'dart', name: 'Dart', damage: 4, type: 'pierce', stamina: 1, count: 3, thrown: { speed: 10, range: 8 } };
    const t = new Table(duel60, duel({ hero: { weapons: ['dart'] }, foe: { at: [4, 1] }, doc: { content: { ...content, weapons: [...content.weapons, dart] } } }));
    t.start();
    const ev = t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'dart' });
    expect(t.lines(ev)).toContain('Dart flies from (1, 1) toward (4, 1) at speed 10: 1 tile a turn, with the thrower\'s Agility 20 [D60-PRJ-1]');
  });

  it('D60-PRJ-1, D60-EYE-1: a projectile carries its thrower\'s Agility as it was thrown, avoiding eye contact included', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1] } }));
    t.start();
    t.do({ type: 'avert', actor: 'hero', on: true });
    const ev = t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    expect(t.lines(ev)).toContain('Javelin flies from (1, 1) toward (3, 1) at speed 20: 2 tiles a turn, with the thrower\'s Agility 20, avoiding eye contact -32: -12 [D60-PRJ-1]');
    t.do({ type: 'end_turn', actor: 'hero' });
    // no reaction: 50 − 12 = 38 against 30 + 10 = 40: margin −2 → glancing, 16 → ¼ = 4
    t.dice(50, 30);
    const hit = answer(t, { reaction: 'none' });
    expect(t.checks(hit)[0]).toBe('d60(50) + Agility (thrower) 20 − avoiding eye contact (thrower) 32 = 38 ≤ d60(30) + Agility 10 (= 40) → glancing blow (margin -2) [D60-HIT-1, D60-HIT-2]');
    expect(t.hp('foe')).toBe(26);
  });

  it('D60-PRJ-1, D60-FLK-1: a projectile comes in from its flight line, not from where the thrower has since moved', () => {
    // the Hero throws at the Brute next to it (from (1,1), the Brute facing W), then walks round to (3,1),
    // its back; the javelin still reaches the Brute from (1,1): the front, no −32
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'move', actor: 'hero', to: [3, 1] }); // the turn ends: the javelin flies to (2,1)
    expect(t.state.pending[0].answeredBy).toBe('foe');
    // 30 + 20 = 50 against 30 + 10 = 40: margin 10 → glancing; 12 + (30 − 15: 1 × 4) 4 = 16 → ¼ = 4
    t.dice(30, 30);
    const ev = answer(t, { reaction: 'none' });
    expect(t.checks(ev)[0]).toBe('d60(30) + Agility (thrower) 20 = 50 > d60(30) + Agility 10 (= 40) → glancing blow (margin 10) [D60-HIT-1, D60-HIT-2]');
    expect(t.hp('foe')).toBe(26);
  });

  it('D60-HIT-2, D60-PRJ-1: a projectile spell\'s dramatic blow knocks back along its flight, not away from where its caster went', () => {
    // Slow Orb (speed 20) cast at the Brute next door, from (1,1); the Hero then walks to (2,3), south of it
    const t = new Table(duel60, duel({ hero: { abilities: ['orb'] } }));
    t.start();
    t.do({ type: 'cast', actor: 'hero', ability: 'orb', target: 'foe' });
    t.do({ type: 'move', actor: 'hero', to: [2, 3] }); // the turn ends: the orb reaches (2,1)
    // 40 + 20 = 60 against 20 + 10 = 30: margin 30 → dramatic; power 18 + 4 (Control 20) = 22 ≥ 15 → 22
    t.dice(40, 20);
    const ev = answer(t, { reaction: 'none' });
    expect(t.checks(ev)[0]).toContain('→ dramatic blow (margin 30)');
    expect(t.hp('foe')).toBe(8); // 30 − 22
    // pushed on from (1,1) through (2,1): east to (4,1) — away from the Hero it would have gone north
    expect(t.unit('foe').position).toEqual({ x: 4, y: 1 });
  });

  it('D60-PRJ-1 (ruling): a unit that steps onto the tile a projectile hangs over is in its range at the next flight', () => {
    // Javelin speed 20 from (1,1) toward the Brute on (8,1): after the Hero's turn it hangs over (3,1)
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [8, 1] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'move', actor: 'foe', to: [3, 1] }); // 5 tiles (3 + Speed 20 / 10): right under it; nothing left, its turn ends
    const ev = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(ev)).toContain('Javelin reaches Brute at (3, 1) [D60-PRJ-1]');
    expect(t.state.pending[0].answeredBy).toBe('foe');
    expect(projectiles(t)[0].progress).toBe(2); // it did not fly past
  });

  it('D60-PRJ-2 (ruling): a throwing weapon counters in hand — its stamina is paid, the weapon is not spent', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1], weapons: ['knife'] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // counter with a knife: 50 + 10 = 60 ≥ 30 + 20 = 50 → cancelled; the knife's 1 stamina
    t.dice(50, 30);
    const ev = answer(t, { reaction: 'counter', with: 'knife' });
    expect(t.checks(ev)).toEqual(['d60(50) + Agility 10 = 60 ≥ d60(30) + Agility (thrower) 20 (= 50) → cancelled [D60-PRJ-2, D60-HIT-2]']);
    expect(t.unit('foe').pools.stamina.value).toBe(7); // 8 − 1
    expect((t.unit('foe').data.weapons as { count: number }[])[0].count).toBe(5); // all five knives still there
  });

  it('D60-PRJ-2: the reaction is asked in words — a sentence, a label for each reaction open, the evade squares as cells', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['knife'] }, foe: { at: [3, 1], stats: { ...foeStats, agility: 30 } } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'knife' });
    t.do({ type: 'end_turn', actor: 'hero' });
    const p = t.state.pending[0];
    expect(p.prompt).toMatch(/^Throwing Knife is about to hit Brute: block, evade or counter, or take it\?$/);
    expect(p.choices).toHaveLength(p.options.length);
    const labels = p.choices!.map((c) => c.label);
    expect(labels[0]).toBe('Take the hit');
    expect(labels.join(' ')).not.toMatch(/[{}"]/);
    // every evade option is a square the page offers on the board, and says so in the log
    const evades = p.choices!.filter((c) => c.cell);
    expect(evades.length).toBe(p.options.filter((o) => (o as { reaction: string }).reaction === 'evade').length);
    expect(evades[0].said).toBe(`Brute evades to (${evades[0].cell!.x}, ${evades[0].cell!.y})`);
  });

  it('D60-PRJ-2: Counter with a defensive spell the file marks so — offered, its stamina and the action paid, the same contest', () => {
    const ward = { id: 'ward', name: 'Warding Flash', power: 10, stamina: 2, range: 6, defensive: true };
    const slowWard = { id: 'slow-ward', name: 'Slow Ward', stamina: 1, range: 6, defensive: true, preEmptive: true }; // resolves next round: not "in a single turn"
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1], abilities: [ward, slowWard, 'bolt'] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // Arcane Bolt is not defensive, Slow Ward cannot be completed in the turn: only Warding Flash counters
    expect(t.state.pending[0].options).toEqual([{ reaction: 'none' }, { reaction: 'block' }, { reaction: 'counter', with: 'unarmed' }, { reaction: 'counter', spell: 'ward' }]);
    // the counter: d60 50 + Agility 10 = 60 ≥ d60 30 + the thrower's Agility 20 = 50 → cancelled; 8 − 2 stamina = 6
    t.dice(50, 30);
    const ev = answer(t, { reaction: 'counter', spell: 'ward' });
    expect(t.lines(ev)).toContain('Brute counters Javelin with Warding Flash, a defensive spell [D60-PRJ-2]');
    expect(t.checks(ev)).toEqual(['d60(50) + Agility 10 = 60 ≥ d60(30) + Agility (thrower) 20 (= 50) → cancelled [D60-PRJ-2, D60-HIT-2]']);
    // it reacted as its own turn came up: that turn's action is spent
    expect([t.hp('foe'), t.unit('foe').pools.stamina.value, t.active, t.unit('foe').pools.action.value]).toEqual([30, 6, 'foe', 0]);
  });

  it('D60-PRJ-2: a Silenced or Delayed unit cannot counter with a spell; under Delay no counter can be made "in a single turn"', () => {
    const ward = { id: 'ward', name: 'Warding Flash', stamina: 2, range: 6, defensive: true };
    for (const [hex, left] of [['Silence', [{ reaction: 'none' }, { reaction: 'block' }, { reaction: 'counter', with: 'unarmed' }]], ['Delay', [{ reaction: 'none' }, { reaction: 'block' }]]] as const) {
      const t = new Table(duel60, duel({ hero: { weapons: ['javelin'], abilities: [`hex-${hex}`] }, foe: { at: [3, 1], abilities: [ward] } }));
      t.start();
      t.dice(60, 1).do({ type: 'cast', actor: 'hero', ability: `hex-${hex}`, target: 'foe' }); // 60 + 20 vs 1 + 10: the hex lands
      t.do({ type: 'end_turn', actor: 'hero' });
      t.do({ type: 'end_turn', actor: 'foe' });
      t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
      t.do({ type: 'end_turn', actor: 'hero' });
      expect(t.state.pending[0].options).toEqual(left);
    }
  });

  it('D60-PRJ-1: a perk that states its effect on projectile speed is an outlet — the thrower\'s projectiles fly faster', () => {
    // Javelin base speed 20 + Strong Arm 10 = 30: 3 tiles a turn; the Brute's Agility 10 < 30 / 2 now: no Block
    const t = new Table(duel60, duel({ hero: { weapons: ['javelin'], perks: ['Indirect Fighter', { name: 'Strong Arm', projectileSpeed: 10 }] }, foe: { at: [8, 1] } }));
    t.start();
    const ev = t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    expect(t.lines(ev)).toContain('Javelin flies from (1, 1) toward (8, 1) at speed 20 + Strong Arm 10 = 30: 3 tiles a turn, with the thrower\'s Agility 20 [D60-PRJ-1]');
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(projectiles(t)[0].progress).toBe(3);
  });
  it('D60-PRJ-1, D60-PRJ-2: knives that reach a unit together — one Evade takes it off the line of the others', () => {
    // two knives (speed 30: 3 tiles) at the Brute on (3,1); Agility 30 ≥ 30 lets it Evade (1 + Speed 20 / 10 = 3 tiles)
    const t = new Table(duel60, duel({ hero: { weapons: ['knife'] }, foe: { at: [3, 1], stats: { ...foeStats, agility: 30 } } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'knife', count: 2 });
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.state.pending).toHaveLength(2);
    // the evade settles the second knife too: the rules close it, nobody is asked about a knife that hits no one
    const ev = answer(t, { reaction: 'evade', to: [3, 3] });
    expect(t.state.pending).toHaveLength(0);
    expect(t.lines(ev)).toContain('Throwing Knife finds no one at (3, 1): Brute is no longer there [D60-PRJ-1]');
    expect(t.lines(ev)).toContain('Brute evades to (3, 3)');
    expect(t.hp('foe')).toBe(30);
    expect(projectiles(t)).toHaveLength(2); // both fly on
  });
  it('D60-PRJ-2: three knives reaching a unit at once — each answer sees the ones before it; a third counter is refused', () => {
    // three knives (speed 30: 3 tiles) at the Brute on (3,1): Agility 10 cannot Block (10 < 15) nor Evade; a fist counters
    const t = new Table(duel60, duel({ hero: { weapons: ['knife'] }, foe: { at: [3, 1] } }));
    t.start();
    t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'knife', count: 3 });
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.state.pending.map((p) => p.options)).toEqual(Array(3).fill([{ reaction: 'none' }, { reaction: 'counter', with: 'unarmed' }]));
    const fist = { reaction: 'counter', with: 'unarmed' };
    // first counter: d60 50 + 10 = 60 ≥ d60 30 + 20 = 50 → cancelled; it takes this turn's action (the Brute's turn came up)
    t.dice(50, 30);
    answer(t, fist);
    expect([t.unit('foe').pools.action.value, t.unit('foe').data.owesAction, t.unit('foe').pools.stamina.value]).toEqual([0, false, 7]);
    // second counter: the same 60 ≥ 50 → cancelled; no action left this turn, so it takes the next turn's
    t.dice(50, 30);
    const second = answer(t, fist);
    expect([t.unit('foe').data.owesAction, t.unit('foe').pools.stamina.value]).toEqual([true, 6]);
    // now it owes an action: "otherwise preoccupied" — the last knife is asked again, without the counter
    expect(t.lines(second)).toContain('Brute can no longer counter against Throwing Knife: it already owes its next action [D60-PRJ-2]');
    expect(t.state.pending).toHaveLength(1);
    expect(t.state.pending[0].options).toEqual([{ reaction: 'none' }]);
    expect(t.rejects({ type: 'answer', pending: t.state.pending[0].id, choice: fist })).toBe('pending/bad_choice');
    // it takes the knife: d60 40 + 20 = 60 against d60 30 + 10 = 40 → margin 20, solid; 6 + (30 − 15: 1 × 4) = 10
    t.dice(40, 30);
    answer(t, { reaction: 'none' });
    expect([t.hp('foe'), t.unit('foe').pools.stamina.value]).toEqual([20, 6]);
    expect(t.unusedDice).toEqual([]);
  });

  it('D60-HIT-1, D60-PRJ-2: the order a command draws its dice, each die named (docs/rulesets/duel60.md)', () => {
    const drawn = drawnDice;
    // no dice for the turn order (Speed, then Agility); each limb is its own contest: the attacker's d60, then the defender's
    const t = new Table(duel60, duel());
    expect(drawn(t.start())).toEqual([]);
    expect(drawn(t.dice(40, 30, 40, 30).do({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand', 'head'] }))).toEqual([
      'right hand attack: attack d60', 'right hand attack: defence d60', 'head attack: attack d60', 'head attack: defence d60',
    ]);
    // a throw draws nothing; the projectile's contest comes with the reaction: the thrower's d60 (carried), then the defender's
    const j = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1] } }));
    j.start();
    expect(drawn(j.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' }))).toEqual([]);
    j.do({ type: 'end_turn', actor: 'hero' });
    expect(drawn(j.dice(40, 30).do({ type: 'answer', pending: j.state.pending[0].id, choice: { reaction: 'none' } }))).toEqual(['Javelin: attack d60', 'Javelin: defence d60']);
    // a Counter: the counter's d60 first, then the projectile's
    const k = new Table(duel60, duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1] } }));
    k.start();
    k.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' });
    k.do({ type: 'end_turn', actor: 'hero' });
    expect(drawn(k.dice(50, 30).do({ type: 'answer', pending: k.state.pending[0].id, choice: { reaction: 'counter', with: 'unarmed' } }))).toEqual(['counter d60', 'Javelin d60']);
  });
});
