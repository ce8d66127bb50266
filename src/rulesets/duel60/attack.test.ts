// Limb attacks, weapon strikes, damage formulas, blocking, stamina and health at 0, vital points.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { computeDamage, magicAgainst, strengthSteps } from './damage.ts';
import { duel, foeStats, heroStats } from './fixtures.ts';
import { duel60 } from './index.ts';
import type { AttackPreview } from './preview.ts';

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
    expect(t.lines(ev)).toContain("Hero's flurry ends: Brute is defenseless [D60-ATK-1]");
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
    // ruling D60-ATK-1: each limb once per attack — the perk's second action may swing the same hand again
    two.dice(1, 60).do(hit(['right_hand']));
    expect(two.rejects(hit(['head']))).toBe('action/no_action_left');
    // the same perk by name in the file, saying what it changes: Twin Fists, two actions a turn
    const named = new Table(duel60, duel({ hero: { perks: [{ name: 'Twin Fists', perTurn: { actions: 2 } }] } }));
    named.start();
    expect(named.unit('hero').pools.action.value).toBe(2);
    named.dice(1, 60).do(hit(['right_hand']));
    named.dice(1, 60).do(hit(['right_hand']));
    expect(named.rejects(hit(['head']))).toBe('action/no_action_left');
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
    // from behind (Hero at (3,1), Brute facing W; Speed 52 flanks in close quarters): not halved
    // (the Brute's Quick Draw has 1st Initiative, so it acts first and blocks)
    const quickDraw = { id: 'draw', name: 'Quick Draw', target: 'self', stamina: 0, magic: false, initiative: 1 };
    const b = new Table(duel60, duel({ hero: { at: [3, 1], stats: { ...heroStats, speed: 52 } }, foe: { facing: 'W', abilities: [quickDraw] } }));
    b.start();
    b.do({ type: 'block', actor: 'foe' });
    b.do({ type: 'end_turn', actor: 'foe' });
    // 40 + 20 = 60 against 30 + 10 − 32 = 8: margin 52 → critical 12 + 2 = 14, no block
    const ev2 = b.dice(40, 30).do(hit(['right_hand']));
    expect(b.checks(ev2)[1]).not.toContain('blocked');
    expect(b.hp('foe')).toBe(16);
  });

  it('D60-BLK-1: blocking with a weapon adds its damage to Endurance; a blow above it breaks the weapon (⅔ taken)', () => {
    const t = new Table(duel60, duel({ hero: { weapons: ['sword'] }, foe: { weapons: ['club'], stats: { ...foeStats, speed: 40 } } }));
    t.start();
    t.do({ type: 'block', actor: 'foe', weapon: 'club' });
    t.do({ type: 'end_turn', actor: 'foe' });
    // Sword 10 + (30 − (15 + Club 8) = 7: 0 steps) = 10 > Club 8 → breaks: ⌊10 × 2 / 3⌋ = 6
    const ev = t.dice(40, 30).do(sword);
    expect(t.checks(ev)[1]).toBe('Sword 10 + (Strength 30 − (Endurance 15 + Club 8): 0 × 4) 0 → Club breaks: ⅔ 6 = 6 → 6 damage (solid blow) [D60-DMG-2, D60-BLK-1]');
    expect(t.hp('foe')).toBe(24);
    expect(t.unit('foe').data.weapons).toEqual([]);
    // a blow that does not exceed the weapon is halved: unarmed 6 + 0 = 6 ≤ 8 → 3
    const u = new Table(duel60, duel({ foe: { weapons: ['club'], stats: { ...foeStats, speed: 40 } } }));
    u.start();
    u.do({ type: 'block', actor: 'foe', weapon: 'club' });
    u.do({ type: 'end_turn', actor: 'foe' });
    u.dice(40, 30).do(hit(['right_hand']));
    expect(u.hp('foe')).toBe(27);
  });

  it('D60-BLK-1: true damage is cut by ¼ instead of halved', () => {
    const d = (block: boolean) => computeDamage({ kind: 'true', base: 20, baseName: 'Smite', strength: 0, endurance: 50, grade: 'solid', ...(block ? { block: { weapon: null } } : {}) }).amount;
    expect([d(false), d(true)]).toEqual([20, 15]); // Endurance does not count; ⌊20 × ¾⌋ = 15
  });

  it('D60-DMG-3: magic power against Endurance: above it, the power; below, reduced by the difference', () => {
    expect([magicAgainst(24, 15), magicAgainst(20, 20), magicAgainst(24, 30), magicAgainst(10, 30)]).toEqual([24, 20, 18, 0]);
    const t = new Table(duel60, duel({ hero: { abilities: ['bolt'] } }));
    t.start();
    // Arcane Bolt power 20 + Control 20 (2 × 2) = 24 ≥ Endurance 15 → 24 (solid: 40 vs 30)
    const ev = t.dice(40, 30).do({ type: 'cast', actor: 'hero', ability: 'bolt', target: 'foe' });
    expect(t.lines(ev)).toContain('Hero prepares Arcane Bolt at Brute — visibly [D60-ATK-4]');
    expect(t.checks(ev)[1]).toBe('Arcane Bolt power (20 + Control 20: 2 × 2) 24 → power ≥ Endurance 15: 24 = 24 → 24 damage (solid blow) [D60-DMG-3]');
    expect(t.hp('foe')).toBe(6);
  });

  it('D60-ATK-4: magic consumes the action', () => {
    const t = new Table(duel60, duel({ hero: { abilities: ['bolt'] } }));
    t.start();
    t.dice(1, 60).do({ type: 'cast', actor: 'hero', ability: 'bolt', target: 'foe' });
    expect(t.rejects({ type: 'cast', actor: 'hero', ability: 'bolt', target: 'foe' })).toBe('action/no_action_left');
  });

  it('D60-DMG-4: area magic has no contest; only a target with the Speed it asks evades', () => {
    const quick = { id: 'imp', name: 'Imp', side: 'brutes', at: [2, 2], stats: { ...foeStats, speed: 25 } };
    const t = new Table(duel60, duel({ hero: { abilities: ['quake'] }, extra: [quick] }));
    t.start();
    // Quake power 12 + 4 = 16 ≥ 15 → 16 to the Brute (Speed 20 < 25); the Imp (Speed 25) evades
    const ev = t.do({ type: 'cast', actor: 'hero', ability: 'quake', target: 'foe' });
    expect(t.lines(ev)).toContain('Imp evades Quake: Speed 25 ≥ 25 [D60-DMG-4]');
    // no roll: the log says why the Brute takes it, and the power shows its Control step (20 / 10 = 2 × 2)
    expect(t.lines(ev)).toContain('Brute cannot evade Quake: Speed 20 < 25, no roll — a solid blow [D60-DMG-4]');
    expect(t.checks(ev)).toEqual(['Quake power (12 + Control 20: 2 × 2) 16 → power ≥ Endurance 15: 16 = 16 → 16 damage (solid blow) [D60-DMG-3]']);
    expect(t.hp('foe')).toBe(14);
    expect(t.hp('imp')).toBe(30);
  });

  it('D60-STA-1: at 0 stamina a unit still rolls its d60 + Agility but cannot dodge — a blow it would have dodged glances (no automatic critical)', () => {
    // the Hero at Agility 40: were the Brute's side counted as 0, every blow would be a critical (41+ > 30)
    const t = new Table(duel60, duel({ hero: { stats: { ...heroStats, agility: 40 } }, foe: { start: { stamina: 0 } } }));
    t.start();
    // Hero 1 + 40 = 41; Brute 60 + 10 = 70 → margin −29, a dodge — it cannot dodge, so the blow lands, glancing:
    // unarmed 6 + (30 − 15: 1 step × 2) 2 = 8 → ¼ = 2 → 30 − 2 = 28
    const ev = t.dice(1, 60).do(hit(['right_hand']));
    expect(t.checks(ev)[0]).toBe('d60(1) + Agility 40 = 41 ≤ d60(60) + Agility 10 (cannot dodge: no stamina) (= 70) → glancing blow (margin -29: it cannot dodge (no stamina), so the blow lands) [D60-HIT-1, D60-HIT-2, D60-STA-1]');
    expect(t.hp('foe')).toBe(28);
    // the odds: margin = a + 40 − (d + 10) = a − d + 30; never dodged; glancing when a − d ≤ −20: Σ_{k=20}^{59} (60 − k) / 3600 = 820 / 3600;
    // critical when a − d ≥ 1: Σ_{k=1}^{59} (60 − k) / 3600 = 1770 / 3600 — not every blow
    const two = new Table(duel60, duel({ hero: { stats: { ...heroStats, agility: 40 } }, foe: { start: { stamina: 0 } } }));
    two.start();
    const p = two.preview(hit(['right_hand'])) as AttackPreview;
    expect(p.chance).toBe(1);
    expect(p.grades.dodged).toBe(0);
    expect(p.grades.glancing).toBeCloseTo(820 / 3600, 12);
    expect(p.grades.critical).toBeCloseTo(1770 / 3600, 12);
  });

  it('D60-STA-1: at 0 stamina a unit cannot act, but may still move — and resting stays its choice', () => {
    const t = new Table(duel60, duel({ foe: { at: [5, 5], abilities: ['hex-Root', 'bolt'], start: { stamina: 0 } } }));
    t.start();
    const turn = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(turn)).toContain('Brute has no stamina: it cannot act or dodge this turn, but may move, block or rest [D60-STA-1]');
    expect(t.active).toBe('foe'); // its turn is its own: not rested for it
    const groups = new Set(t.engine.legalActions(t.state, 'foe').map((o) => o.group));
    expect([...groups].sort()).toEqual(['defend', 'free', 'move', 'rest', 'turn']);
    expect(t.rejects({ type: 'cast', actor: 'foe', ability: 'hex-Root', target: 'hero' })).toBe('action/exhausted'); // a hex costs no stamina: it is the acting that is refused
    // one cause, one code: an Arcane Bolt (2 stamina) is refused as exhausted too, not as short of stamina
    expect(t.rejects({ type: 'cast', actor: 'foe', ability: 'bolt', target: 'hero' })).toBe('action/exhausted');
    const near = new Table(duel60, duel({ foe: { start: { stamina: 0 } } }));
    near.start();
    near.do({ type: 'end_turn', actor: 'hero' });
    expect(near.rejects({ type: 'attack', actor: 'foe', target: 'hero', limbs: ['right_hand'] })).toBe('action/exhausted'); // a punch: 1 stamina
    // it moves (3 + 20 / 10 = 5 tiles): nothing but ending is left after, so the turn ends by itself
    t.do({ type: 'move', actor: 'foe', to: [5, 2] });
    expect([t.unit('foe').position, t.unit('foe').pools.stamina.value, t.active]).toEqual([{ x: 5, y: 2 }, 0, 'hero']);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'rest', actor: 'foe' }); // the next turn it rests: +2
    expect(t.unit('foe').pools.stamina.value).toBe(2);
  });

  it('D60-REST-1 (ruling): resting needs a turn with nothing done — a perk\'s spare action after an attack is no rest', () => {
    const t = new Table(duel60, duel({ hero: { perTurn: { actions: 2, movements: 1 }, start: { stamina: 5 } } }));
    t.start();
    t.dice(1, 60).do(hit(['right_hand'])); // 21 vs 70: dodged; one action of two left, the movement unused
    expect(t.rejects({ type: 'rest', actor: 'hero' })).toBe('action/already_acted');
    expect(t.engine.legalActions(t.state, 'hero').some((o) => o.command.type === 'rest')).toBe(false);
  });

  it('D60-REST-1: rest gives +2 stamina and uses the action and the movement', () => {
    const t = new Table(duel60, duel({ hero: { start: { stamina: 5 } } }));
    t.start();
    t.do({ type: 'rest', actor: 'hero' });
    expect(t.unit('hero').pools.stamina.value).toBe(7);
    expect(t.active).toBe('foe');
    const moved = new Table(duel60, duel({ hero: { start: { stamina: 5 } } }));
    moved.start();
    moved.do({ type: 'move', actor: 'hero', to: [1, 2] });
    expect(moved.rejects({ type: 'rest', actor: 'hero' })).toBe('action/no_movement_left');
  });

  it('D60-STA-2: at 0 health stamina becomes 0 and the unit is defenseless: out of the fight, and can be killed', () => {
    const ally = { id: 'ox', name: 'Ox', side: 'brutes', at: [5, 5], stats: foeStats };
    const t = new Table(duel60, duel({ foe: { start: { health: 8 } }, extra: [ally] }));
    t.start();
    t.dice(40, 30).do(hit(['right_hand'])); // 8 damage → 0
    expect(t.unit('foe')).toMatchObject({ status: 'down', pools: { hp: { value: 0 }, stamina: { value: 0 } } });
    expect(t.state.status).toBe('active'); // the Ox still fights
    t.do({ type: 'end_turn', actor: 'hero' });
    t.passUntil('hero');
    t.do({ type: 'kill', actor: 'hero', target: 'foe' });
    expect(t.unit('foe').status).toBe('dead');
    expect(t.rejects({ type: 'kill', actor: 'hero', target: 'ox' })).toBe('action/not_defenseless');
    // a side with no unit able to fight loses
    const solo = new Table(duel60, duel({ foe: { start: { health: 8 } } }));
    solo.start();
    const ev = solo.dice(40, 30).do(hit(['right_hand']));
    expect(ev.at(-1)).toMatchObject({ type: 'combat.ended', result: { outcome: 'victory', winner: 'heroes' } });
  });

  it('D60-STA-2 (ruling): damage to a defenseless unit drains Vitality; at 0 it dies', () => {
    const ally = { id: 'ox', name: 'Ox', side: 'brutes', at: [5, 5], stats: foeStats };
    const t = new Table(duel60, duel({ foe: { start: { health: 0 } }, extra: [ally] }));
    t.start();
    // a vital point of a knocked-out Brute: it cannot dodge (30 + 20 = 50 vs 0: critical), no Endurance:
    // 6 × 2 = 12 + (30 − 0: 3 × 2) 6 = 18 ≥ Vitality 8
    const ev = t.dice(30).do({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'], vital: true });
    expect(t.checks(ev)[1]).toBe('Unarmed 6 → critical: doubled 12 + (Strength 30 − vital point: no Endurance: 3 × 2) 6 = 18 → 18 damage (critical) [D60-DMG-1, D60-HIT-2, D60-VIT-1]');
    expect(t.unit('foe')).toMatchObject({ status: 'dead', pools: { vitality: { value: 0 } } });
  });

  it('D60-VIT-1: vital points cannot be targeted until the target is knocked out (defenseless or stunned)', () => {
    const t = new Table(duel60, duel());
    t.start();
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'], vital: true })).toBe('action/vital_guarded');
    const s = new Table(duel60, duel({ hero: { abilities: ['hex-Stun'], perTurn: { actions: 2, movements: 1 } } }));
    s.start();
    s.dice(60, 1).do({ type: 'cast', actor: 'hero', ability: 'hex-Stun', target: 'foe' }); // lands: Stun
    // stunned: it cannot dodge; 1 + 20 = 21 vs 0 → dramatic; no Endurance: 6 + 6 = 12
    s.dice(1).do({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'], vital: true });
    expect(s.hp('foe')).toBe(18);
  });

  it('D60-BLK-1, D60-CQC-2 (ruling): a flank in close quarters without the Speed counts as the front, so the block meets it', () => {
    // Brute (Speed 40, acts first) at (2,1) facing W blocks; the Hero punches from (2,0), its side.
    // Speed 30 − 40 = −10 < +17: no flank — the Brute turns to face the blow, and its guard with it.
    const t = new Table(duel60, duel({ hero: { at: [2, 0] }, foe: { at: [2, 1], facing: 'W', stats: { ...foeStats, speed: 40 } } }));
    t.start();
    t.do({ type: 'block', actor: 'foe' });
    t.do({ type: 'end_turn', actor: 'foe' });
    // the preview agrees: the best case, critical, is 6 × 2 = 12 + (30 − 15: 1 × 2) 2 = 14 → blocked ½ = 7
    expect(t.preview(hit(['right_hand'])).damageOnHit!.max).toBe(7);
    // 40 + 20 = 60 against 30 + 10 = 40: margin 20 → solid 6 + 2 = 8 → blocked ½ = 4
    const ev = t.dice(40, 30).do(hit(['right_hand']));
    expect(t.checks(ev)).toEqual([
      'd60(40) + Agility 20 = 60 > d60(30) + Agility 10 (close quarters: Speed -10 < +17, no flank) (= 40) → solid blow (margin 20) [D60-HIT-1, D60-HIT-2, D60-CQC-2]',
      'Unarmed 6 + (Strength 30 − Endurance 15: 1 × 2) 2 → blocked ½ 4 = 4 → 4 damage (solid blow) [D60-DMG-1, D60-BLK-1]',
    ]);
    expect(t.hp('foe')).toBe(26); // 30 − 4
  });

  it('D60-HIT-2 (ruling): a dramatic blow of single-target magic knocks back 2 tiles (no weapon, no bleed)', () => {
    const t = new Table(duel60, duel({ hero: { abilities: ['bolt'] } }));
    t.start();
    // 40 + 20 = 60 against 20 + 10 = 30: margin 30 → dramatic; power 20 + 4 (Control 20) = 24 ≥ 15 → 24
    const ev = t.dice(40, 20).do({ type: 'cast', actor: 'hero', ability: 'bolt', target: 'foe' });
    expect(t.checks(ev)[0]).toContain('→ dramatic blow (margin 30)');
    expect(t.hp('foe')).toBe(6); // 30 − 24
    expect(t.lines(ev)).toContain('Brute is knocked back 2 tiles [D60-HIT-2]');
    expect(t.unit('foe').position).toEqual({ x: 4, y: 1 }); // from (2,1), straight away from the Hero at (1,1)
  });
});
