// Limb attacks, weapon strikes, damage formulas, blocking, stamina and health at 0, vital points.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { computeDamage, magicAgainst, strengthSteps } from './damage.ts';
import { duel, foeStats, heroStats } from './fixtures.ts';
import { duel60 } from './index.ts';

// Hero: Strength 30, Endurance 20, Agility 20, Stamina 10 at (1,1). Brute: Strength 25, Endurance 15,
// Agility 10, Health 30 at (2,1) facing the Hero. The Hero acts first (Speed 30 > 20).
const hit = (limbs: string[]) => ({ type: 'attack', actor: 'hero', target: 'foe', limbs });
const sword = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' };

describe('duel60 attacks', () => {
  it('D60-ATK-1: up to five limbs, each its own contest; a sixth, a repeated limb or limbs with a weapon are refused', () => {
    const t = new Table(duel60, duel());
    t.start();
    expect(t.rejects(hit(['right_hand', 'left_hand', 'right_leg', 'left_leg', 'head', 'tail']))).toBe('command/bad_limbs');
    expect(t.rejects(hit(['head', 'head']))).toBe('command/bad_limbs');
    expect(t.rejects({ ...sword, limbs: ['head'] })).toBe('command/bad_attack');
    // five solid blows (40 vs 30 each: margin 20): 5 × 8 = 40 ≥ 30 — the Brute falls on the 4th; the 5th finds no one
    const ev = t.dice(40, 30, 40, 30, 40, 30, 40, 30).do(hit(['right_hand', 'left_hand', 'right_leg', 'left_leg', 'head']));
    expect(t.checks(ev).filter((c) => c.includes('→ solid blow'))).toHaveLength(4);
    expect(t.lines(ev)).toContain("Hero's flurry ends: Brute is out of reach [D60-ATK-1]");
    expect(t.unit('foe').status).toBe('down');
    expect(t.unusedDice).toEqual([]);
  });

  it('D60-ATK-1, D60-TURN-1: one action a turn — a second attack is refused; with the movement used too the turn ends', () => {
    const t = new Table(duel60, duel());
    t.start();
    t.dice(1, 60).do(hit(['right_hand'])); // 21 vs 70: dodged
    expect(t.rejects(hit(['left_hand']))).toBe('action/no_action_left');
    t.do({ type: 'move', actor: 'hero', to: [1, 3] });
    expect(t.active).toBe('foe');
    const two = new Table(duel60, duel({ hero: { perTurn: { actions: 2, movements: 1 } } })); // a perk: two actions
    two.start();
    two.dice(1, 60).do(hit(['right_hand']));
    two.dice(1, 60).do(hit(['left_hand']));
    expect(two.rejects(hit(['head']))).toBe('action/no_action_left');
  });

  it('D60-ATK-2: each unarmed attack costs 1 stamina, paid as the limb swings; not enough stamina is refused', () => {
    const t = new Table(duel60, duel());
    t.start();
    t.dice(1, 60, 1, 60, 1, 60).do(hit(['right_hand', 'left_hand', 'head']));
    expect(t.unit('hero').pools.stamina.value).toBe(7); // 10 − 3
    const tired = new Table(duel60, duel({ hero: { start: { stamina: 2 } } }));
    tired.start();
    expect(tired.rejects(hit(['right_hand', 'left_hand', 'head']))).toBe('action/not_enough_stamina');
  });

  it("D60-DMG-1: blunt is 6 ± 2 per FULL 10 of Strength − Endurance (toward zero: −15 is one step down)", () => {
    expect([strengthSteps(30, 15), strengthSteps(25, 20), strengthSteps(10, 25), strengthSteps(45, 20), strengthSteps(0, 40)]).toEqual([1, 0, -1, 2, -4]);
    const blunt = (strength: number, endurance: number) => computeDamage({ kind: 'blunt', base: 6, baseName: 'Unarmed', strength, endurance, grade: 'solid' }).amount;
    // 6 + 2 = 8; 6 + 0; 6 − 2 = 4; 6 − 8 → at least 0
    expect([blunt(30, 15), blunt(25, 20), blunt(10, 25), blunt(0, 40)]).toEqual([8, 6, 4, 0]);
  });

  it('D60-DMG-2: pierce is the weapon damage ± 4 per full 10; a strike costs the weapon stamina', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['sword'] } }));
    t.start();
    // 40 vs 30 → solid; Sword 10 + (30 − 15: 1 × 4) = 14 → 30 − 14 = 16; stamina 10 − 2
    const ev = t.dice(40, 30).do(sword);
    expect(t.checks(ev)[1]).toBe('Sword 10 + (Strength 30 − Endurance 15: 1 × 4) 4 = 14 → 14 damage (solid blow) [D60-DMG-2]');
    expect(t.hp('foe')).toBe(16);
    expect(t.unit('hero').pools.stamina.value).toBe(8);
  });

  it('D60-HIT-2: a dramatic weapon blow lets the attacker choose: knock back 2 tiles or Bleed', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['sword'] } }));
    t.start();
    t.dice(50, 30).do(sword); // margin 30: dramatic
    expect(t.state.pending[0]).toMatchObject({ kind: 'dramatic', answeredBy: 'hero', options: ['knockback', 'bleed'] });
    expect(t.engine.legalActions(t.state, 'hero').map((o) => o.command.choice)).toEqual(['knockback', 'bleed']);
    t.do({ type: 'answer', pending: t.state.pending[0].id, choice: 'bleed' });
    expect(t.state.effects.map((f) => [f.name, f.target, f.remaining])).toEqual([['Bleed', 'foe', 3]]);
  });

  it('D60-BLK-1: a block (the movement) halves frontal damage; only from the front', () => {
    const t = new Table(duel60, duel({ foe: { stats: { ...foeStats, speed: 40 } } }));
    t.start();
    t.do({ type: 'block', actor: 'foe' });
    expect(t.unit('foe').pools.movement.value).toBe(0);
    t.do({ type: 'end_turn', actor: 'foe' });
    // 40 vs 30: solid 8 → blocked ½ = 4
    const ev = t.dice(40, 30).do(hit(['right_hand']));
    expect(t.checks(ev)[1]).toBe('Unarmed 6 + (Strength 30 − Endurance 15: 1 × 2) 2 → blocked ½ 4 = 4 → 4 damage (solid blow) [D60-DMG-1, D60-BLK-1]');
    // from the back (Hero at (3,1), Brute facing W; Speed 52 flanks in close quarters): no halving
    const b = new Table(duel60, duel({ hero: { at: [3, 1], stats: { ...heroStats, speed: 52 } }, foe: { facing: 'W', stats: { ...foeStats, speed: 60 } } }));
    b.start();
    b.do({ type: 'block', actor: 'foe' });
    b.do({ type: 'end_turn', actor: 'foe' });
    b.dice(1, 60).do(hit(['right_hand'])); // 21 vs 70 − 32 = 38: margin −17 → dodged
    b.dice(40, 30).do({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['head'] }); // rejected? no: one action — see below
  });
});
