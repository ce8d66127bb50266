// A controlled pet lives on its trainer's turns: its effects tick and are shaken off there, its drift carries it on
// there, and the mount under it keeps the same time (rulings OUT-PET-1, OUT-MNT-1; borrowed-clock.ts).
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

type Obj = Record<string, unknown>;
const POISON_TICK = 'Poison per tier 2 × tier 1 100% × stacks 100% = 2 → 2 damage [OUT-EFF-1, OUT-EFF-2]';
const fang = { id: 'fang', name: 'Fang', kind: 'dagger', damage: '1d6' };
// Wolf: Hero's tamed pet, Agility 20, Vitality 0, Strength 10, facing W, at (4,2): behind Foe (3,2), who faces W.
const wolf = (over: Obj = {}) => ({ id: 'wolf', name: 'Wolf', side: 'heroes', class: 'hunter', at: [4, 2], facing: 'W', hp: 20, stats: { strength: 10, vitality: 0, agility: 20, charisma: 30, wisdom: 10 }, weapons: [fang], pet: { trainer: 'hero', kind: 'tamed' }, ...over });
// Speed: Hero 6 + 1 + d12(1) = 8, Foe 2 + 1 + d12(10) = 13, Wolf 5 + 1 + d12(12) = 18. The order is Wolf (its slot
// always skipped: it acts on Hero's orders), Foe, Hero: what Foe does to the Wolf lands before Hero's turn.
function table(foeSkills: unknown[], over: { hero?: Obj; foe?: Obj; wolf?: Obj; doc?: Obj } = {}) {
  const t = new Table(outerah, duel({ hero: over.hero, foe: { skills: foeSkills, ...over.foe }, extra: [wolf(over.wolf)], doc: over.doc }));
  t.start(1, 10, 12);
  return t;
}
const fx = (t: Table, unit: string, name: string) => t.state.effects.find((f) => f.target === unit && f.name === name);

describe('outerah: a controlled pet lives on its trainer\'s turns', () => {
  it('OUT-PET-1, OUT-EFF-1, OUT-EFF-4, OUT-TIME-1: a controlled pet\'s Poison ticks at the start of its trainer\'s turns, and it rolls to shake it off at their end; its own skipped slot ticks nothing (ruling)', () => {
    const t = table(['poison']);
    expect(t.active).toBe('foe');
    // Foe's Venom at the Wolf, behind it (Foe faces W, the Wolf is east): 50 + Charisma 20 − Agility 20 = 50; crit
    // D100(50) no, hit D100(30); resist D100(40) + Vitality 0 = 40 ≤ 100: Poison(3). Hero has not had its turn this
    // round (the Wolf's skipped slot does not count): counted from this round, 3
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'poison', target: 'wolf' });
    expect(fx(t, 'wolf', 'Poison')?.remaining).toBe(3);
    // the start of Hero's turn is the Wolf's: 2 × tier 1 × 1 stack = 2 (20 → 18)
    const r1 = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(r1)).toEqual([POISON_TICK]);
    expect(t.hp('wolf')).toBe(18);
    // Hero's turn end: the Wolf's first shake-off roll (minimum 1 held), D100(10) + Vitality 0 = 10, held. Round 2:
    // the Wolf's own slot is skipped and ticks nothing (before this ruling it ticked there and never rolled at all)
    const e1 = t.dice(10).do({ type: 'end_turn', actor: 'hero' });
    expect(t.checks(e1)).toEqual(['D100(10) + Vitality 0 = 10 ≤ 100 → Poison holds [OUT-EFF-4, OUT-EFF-3]']);
    expect(t.lines(e1)).toContain("Wolf cannot act (acts on Hero's orders (Specialty action))");
    expect([t.active, t.hp('wolf')]).toEqual(['foe', 18]);
    // round 2: Hero's turn start ticks (18 → 16); its end: D100(96) + 0 + 5 for one earlier roll = 101 > 100, shaken off
    const r2 = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(r2)).toEqual([POISON_TICK]);
    const e2 = t.dice(96).do({ type: 'end_turn', actor: 'hero' });
    expect(t.checks(e2)).toEqual(['D100(96) + Vitality 0 + +5 × 1 earlier rolls 5 = 101 > 100 → shakes off Poison [OUT-EFF-4, OUT-EFF-3]']);
    expect(fx(t, 'wolf', 'Poison')).toBeUndefined();
    t.passUntil('hero');
    expect(t.hp('wolf')).toBe(16); // two ticks in all
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-PET-1, OUT-INIT-4, OUT-EFF-1: a turn its trainer loses to Slow, the pet lives through: its Poison ticks, no shake-off roll (ruling)', () => {
    const t = table(['poison', 'slow']);
    // round 1 as above: Poison(3) on the Wolf, the tick at Hero's turn (20 → 18), a held shake-off D100(10)
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'poison', target: 'wolf' });
    t.do({ type: 'end_turn', actor: 'foe' });
    t.dice(10).do({ type: 'end_turn', actor: 'hero' });
    // round 2: Foe slows Hero head-on: 50 + 20 − Agility 20 − 10 = 40; crit D100(50), hit D100(30); resist D100(40) +
    // Agility 20 = 60 ≤ 100: Slowed, Hero's turn this round is lost. The Wolf lives through it: Poison ticks (18 → 16),
    // and no die is rolled for a shake-off (a lost turn)
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'slow', target: 'hero' });
    const lost = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(lost)).toContain('Hero cannot act (Slow: acts every other round)');
    expect(t.checks(lost)).toEqual([POISON_TICK]);
    expect([t.active, t.hp('wolf')]).toEqual(['foe', 16]);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-PET-1, OUT-SPACE-1: a controlled pet shoved out of every gravity field drifts on a cell at the start of each of its trainer\'s turns, with no Pet Movement (ruling)', () => {
    // the Ark's deck is (0..3, 0..2), its field reaches x ≤ 5, y ≤ 4. Hero at (1,1) on deck; Foe at (4,1) facing E,
    // the Wolf at (5,1) facing W, head-on: 50 + 20 − 20 − 10 = 40; crit D100(50), hit D100(30), 1d6(3) + Strength 10
    // − Vitality 0 = 13 (20 → 7); Shove D100(5) ≤ 5: pushed to (6,1), out of every field: it drifts east
    const t = table([], {
      hero: { at: [1, 1] }, foe: { at: [4, 1], facing: 'E' }, wolf: { at: [5, 1] },
      doc: { map: { width: 12, height: 6, surroundings: 'space' }, ships: [{ id: 'ark', name: 'Ark', side: 'heroes', at: [0, 0], size: [4, 3], gravity: 2 }] },
    });
    const ev = t.dice(50, 30, 3, 5).do({ type: 'attack', actor: 'foe', target: 'wolf' });
    expect(t.lines(ev)).toContain('Wolf is out of every gravity field: it drifts away [OUT-SPACE-1]');
    expect(t.unit('wolf').position).toEqual({ x: 6, y: 1 });
    // Hero's turn start carries the Wolf on a cell; nothing to push off: no Pet Movement (no move or return order)
    const r1 = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(r1)).toContain('Wolf drifts on to (7, 1) [OUT-SPACE-1]');
    const petMoves = t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type === 'pet' && (o.command.order === 'move' || o.command.order === 'return'));
    expect(petMoves).toEqual([]);
    // the Wolf's own slot (round 2) moves it nowhere; Hero's next turn start, one more cell
    const e1 = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(e1)).toContain("Wolf cannot act (acts on Hero's orders (Specialty action))");
    expect(t.unit('wolf').position).toEqual({ x: 7, y: 1 });
    const r2 = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(r2)).toContain('Wolf drifts on to (8, 1) [OUT-SPACE-1]');
    // (9,1), (10,1), (11,1), then past the map's edge at x = 12 on Hero's fourth turn after: lost in the void
    for (let i = 0; i < 8 && t.unit('wolf').status === 'active'; i++) t.do({ type: 'end_turn', actor: t.active });
    expect(t.unit('wolf')).toMatchObject({ status: 'fled', position: { x: 11, y: 1 } });
    expect(t.unusedDice).toEqual([]);
  });
});

describe('outerah: the mount of a pet', () => {
  it('OUT-MNT-1, OUT-PET-1, OUT-EFF-1, OUT-TIME-1: a rider that is itself a pet under control lives on its trainer\'s turns, and so does its mount: the Poison ticks and is shaken off on the trainer\'s turns (ruling)', () => {
    // Hero (a trainer) commands the Knight (a companion pet, Wisdom 40), who rides the Horse (Agility 10, Vitality 0,
    // facing N) at (3,4); Foe at (3,2), two cells north. Speed: Hero 6 + 1 + d12(5) = 12, Foe 2 + 1 + d12(10) = 13,
    // Knight 5 + 0 + d12(1) = 6, Horse 5 + 0 + d12(12) = 17: Horse (skipped: a mount), Foe, Hero, Knight (skipped: a pet)
    const knight = { id: 'knight', name: 'Knight', side: 'heroes', class: 'hunter', at: [3, 4], hp: 20, stats: { wisdom: 40 }, pet: { trainer: 'hero', kind: 'companion' }, mount: { unit: 'horse' } };
    const horse = { id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', level: 3, at: [3, 4], facing: 'N', hp: 30, move: 8, jump: 3, stats: { agility: 10, vitality: 0 } };
    const t = new Table(outerah, duel({ hero: { trainer: true, at: [0, 0] }, foe: { skills: ['poison'] }, extra: [knight, horse] }));
    t.start(5, 10, 1, 12);
    expect(t.active).toBe('foe');
    // Foe's Venom at the Horse head-on: 50 + Charisma 20 − Agility 10 − 10 = 50; crit D100(50) no, hit D100(30);
    // resist D100(40) + Vitality 0 = 40 ≤ 100: Poison(3). Hero, whose turns these are, has not acted: counted from now
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'foe', skill: 'poison', target: 'horse' });
    expect(fx(t, 'horse', 'Poison')?.remaining).toBe(3);
    // Hero's turn start: 2 × tier 1 × 1 stack = 2 (30 → 28); its end: the Horse's shake-off D100(10) + 0 = 10, held
    const r1 = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(r1)).toEqual([POISON_TICK]);
    const e1 = t.dice(10).do({ type: 'end_turn', actor: 'hero' });
    expect(t.checks(e1)).toEqual(['D100(10) + Vitality 0 = 10 ≤ 100 → Poison holds [OUT-EFF-4, OUT-EFF-3]']);
    // the Knight's and the Horse's own slots are skipped and tick nothing
    expect(t.lines(e1)).toContain("Knight cannot act (acts on Hero's orders (Specialty action))");
    expect(t.lines(e1)).toContain('Horse cannot act (a mount moves only with Knight)');
    expect([t.active, t.hp('horse')]).toEqual(['foe', 28]);
    // round 2: Hero's turn start ticks again (28 → 26); D100(96) + 5 = 101 > 100 at its end: shaken off
    const r2 = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(r2)).toEqual([POISON_TICK]);
    t.dice(96).do({ type: 'end_turn', actor: 'hero' });
    expect(fx(t, 'horse', 'Poison')).toBeUndefined();
    expect(t.hp('horse')).toBe(26);
    expect(t.unusedDice).toEqual([]);
  });
});
