// Pets: the Specialty action, orders, Trainer Interference, the Stay counter and the Spirit Link (OUT-PET-1..5).
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

type Obj = Record<string, unknown>;
const fang = { id: 'fang', name: 'Fang', kind: 'dagger', damage: '1d6' };
// Wolf: Charisma 30, Agility 20, Strength 10, Vitality 0 (no reduction), Wisdom 10
const wolf = (over: Obj = {}) => ({ id: 'wolf', name: 'Wolf', side: 'heroes', class: 'hunter', at: [4, 2], facing: 'W', hp: 20, stats: { strength: 10, vitality: 0, agility: 20, charisma: 30, intelligence: 0, wisdom: 10 }, weapons: [fang], pet: { trainer: 'hero', kind: 'tamed' }, ...over });
// Hero 6+1+5 = 12, Foe 2+1+1 = 4, Wolf 5+1+1 = 7: Hero, Wolf, Foe
const table = (over: { hero?: Obj; foe?: Obj; wolf?: Obj } = {}) => {
  const t = new Table(outerah, duel({ hero: over.hero, foe: over.foe, extra: [wolf(over.wolf)] }));
  t.start(5, 1, 1);
  return t;
};

describe('outerah pets', () => {
  it('OUT-PET-1: the trainer\'s Specialty action gives the pet one Pet Movement and one Pet Action; the pet has no turn of its own', () => {
    const t = table({ wolf: { at: [6, 6] } });
    const ev = t.do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'move', to: [4, 3] });
    expect(t.lines(ev)).toContain('Hero uses the Specialty action: Wolf gets a Pet Movement and a Pet Action [OUT-PET-1]');
    expect(t.unit('hero').pools.specialty.value).toBe(0);
    expect(t.rejects({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'move', to: [4, 1] })).toBe('action/pet'); // one Pet Movement
    // the Pet Action in the same Specialty: Wolf (4,3) bites Foe (3,2) from the side: 50 + 30 − 20 = 60; 1d6(4) + 10 − 2 = 12
    const bite = t.dice(50, 30, 4).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'attack', target: 'foe' });
    expect(t.checks(bite)[2]).toBe('1d6(4) + Strength 10 − Vitality 10 reduction 2 = 12 → 12 damage [OUT-DMG-1, OUT-RES-2]');
    expect(t.rejects({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'stay' })).toBe('action/pet');
    const next = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(next)).toContain("Wolf cannot act (acts on Hero's orders (Specialty action))");
    expect(t.active).toBe('foe');
  });

  it('OUT-PET-1: charmed units, drones, companions and tamed creatures are all pets; a gm.link of kind pet makes one', () => {
    for (const kind of ['charmed', 'drone', 'companion', 'tamed']) {
      const t = table({ wolf: { pet: { trainer: 'hero', kind } } });
      expect(t.engine.legalActions(t.state, 'hero').some((o) => o.command.type === 'pet')).toBe(true);
    }
    const free = new Table(outerah, duel({ extra: [wolf({ pet: undefined })] }));
    free.start(5, 1, 1);
    expect(free.engine.legalActions(free.state, 'hero').some((o) => o.command.type === 'pet')).toBe(false);
    free.do({ type: 'gm.link', unit: 'hero', other: 'wolf', kind: 'pet' });
    // the Specialty action comes with the pet from the trainer's next turn
    free.passUntil('foe');
    free.passUntil('hero');
    expect(free.unit('hero').pools.specialty.value).toBe(1);
    expect(free.engine.legalActions(free.state, 'hero').some((o) => o.command.type === 'pet')).toBe(true);
  });

  it('OUT-PET-2: Return Order brings the pet as close to the trainer as it can get', () => {
    const t = table({ wolf: { at: [8, 2] } });
    t.do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'return' });
    // Wolf's 5 Movement from (8,2): (3,2) is Foe's, so the nearest free cell to Hero (2,2) within 5 is at distance 1... (3,1) or (3,3)
    expect(Math.max(Math.abs(t.unit('wolf').position!.x - 2), Math.abs(t.unit('wolf').position!.y - 2))).toBe(1);
  });

  it('OUT-PET-2: a harmful Move Order may be resisted (D100 + Wisdom > 100); a charmed pet that resists breaks the Charm', () => {
    const t = table({ wolf: { at: [6, 6], pet: { trainer: 'hero', kind: 'charmed', from: 'foes' } } });
    t.state.map = { ...(t.state.map as object), cells: { '6,4': { tags: ['hazard'] } } } as never; // a cliff edge
    // D100(95) + Wisdom 10 = 105 > 100: the Wolf refuses and returns to the foes
    const ev = t.dice(95).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'move', to: [6, 4] });
    expect(t.checks(ev)).toEqual(['D100(95) + Wisdom 10 = 105 > 100 → refuses [OUT-PET-2]']);
    expect(t.lines(ev)).toContain('Wolf breaks free of the Charm and returns to foes [OUT-PET-2]');
    expect(t.unit('wolf').side).toBe('foes');
    expect(t.unit('wolf').position).toEqual({ x: 6, y: 6 });
    // a pet that obeys (D100(20) + 10 = 30) goes
    const u = table({ wolf: { at: [6, 6] } });
    u.state.map = { ...(u.state.map as object), cells: { '6,4': { tags: ['hazard'] } } } as never;
    u.dice(20).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'move', to: [6, 4] });
    expect(u.unit('wolf').position).toEqual({ x: 6, y: 4 });
  });

  it('OUT-PET-2: a staying pet counter-attacks when attacked, without penalty, and switches to the Attack Order', () => {
    const t = table({ wolf: { at: [4, 2] } });
    t.do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'stay' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // Foe maces the Wolf (front: 50 + 20 − 20 − 10 = 40): crit 50, hit 30, 1d6(2) + 10 − 0 = 12; Shove 99 no.
    // The Wolf counters: crit 50, hit 30 (40 + 30 − 20 = 50... head-on: 50 + 30 − 20 − 10 = 50), 1d6(3) + 10 − 2 = 11
    const ev = t.dice(50, 30, 2, 99, 50, 30, 3).do({ type: 'attack', actor: 'foe', target: 'wolf' });
    expect(t.lines(ev)).toContain("Wolf was told to Stay: it counter-attacks and switches to the Attack Order (Hero's pet) [OUT-PET-2]");
    expect(t.hp('foe')).toBe(19);
    expect(t.unit('wolf').data.petOrder).toBe('attack');
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-PET-3: trainer and pet attacking together: no Strength, reductions on each hit, the pet at 50 % and no crit; a pincer gives advantage', () => {
    const t = table(); // Hero (2,2) and Wolf (4,2) on either side of Foe (3,2): a pincer
    // Hero: crit 50; hit 2D100 (80, 30) keep 30 ≤ 50; 1d8(4) − Vitality reduction 2 = 2 (no Strength)
    // Wolf: no crit check; hit 2D100 (90, 20) keep 20 ≤ 50; 1d6(6) − 2 = 4 × 50 % = 2
    const ev = t.dice(50, 80, 30, 4, 90, 20, 6).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'attack', target: 'foe', together: true, weapon: 'sword' });
    const c = t.checks(ev);
    expect(c[1]).toBe('2D100 keep lower(80d, 30) (advantage: a pincer on Foe) = 30 ≤ even odds 50 + Charisma 30 − Agility 20 − head-on 10 (= 50) → hit [OUT-HIT-1, OUT-HIT-4, OUT-PET-5]');
    expect(c[2]).toBe('1d8(4) (no Strength: Trainer Interference) − Vitality 10 reduction 2 = 2 → 2 damage [OUT-DMG-1, OUT-RES-2]');
    expect(c[4]).toBe('1d6(6) (no Strength: Trainer Interference) − Vitality 10 reduction 2 × Trainer Interference 50% = 2 → 2 damage [OUT-DMG-1, OUT-RES-2]');
    expect(t.lines(ev)).toContain('Wolf cannot crit: Trainer Interference [OUT-PET-3]');
    expect(t.hp('foe')).toBe(26);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-PET-3: under Trainer Interference a miss hurts the one who missed', () => {
    const t = table();
    // Hero hits as above (2 damage); the Wolf misses (90, 95 > 50) and bites itself: 1d6(6) − Vitality 0 = 6 × 50 % = 3
    const ev = t.dice(50, 80, 30, 4, 90, 95, 6).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'attack', target: 'foe', together: true });
    expect(t.lines(ev)).toContain('Fang misses Foe and hurts Wolf instead: Trainer Interference [OUT-PET-3]');
    expect(t.hp('wolf')).toBe(17);
  });

  it('OUT-PET-3, OUT-PET-4: a trainer not attacking (an item) leaves the pet free of penalty; attacking after its pet, the trainer bears the interference (ruling)', () => {
    const t = table({ hero: { items: { potion: 1 }, startHp: 30 } });
    t.dice(2, 2).do({ type: 'use_item', actor: 'hero', item: 'potion' });
    // full Wolf bite with its critical check: 1d6(4) + Strength 10 − 2 = 12
    const ev = t.dice(50, 30, 4).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'attack', target: 'foe' });
    expect(t.lines(ev)).toContain('Wolf attacks on its own: Hero is not attacking, so no Trainer Interference [OUT-PET-4]');
    expect(t.hp('foe')).toBe(18);
    // now Hero attacks too: "also attacking" — no Strength, a miss would hurt Hero; Hero (2,2) and the Wolf (4,2)
    // flank Foe (3,2), the Wolf's bite went at Foe: a pincer, advantage. Crit D100(50) > 5; hit 2D100 (80, 30) keeps
    // 30 ≤ 50; 1d8(4) − Vitality 10 reduction 2 = 2 → 16. The Wolf's bite stands as it was rolled.
    expect(outerah.legalActions(t.state, 'hero').some((o) => o.label === 'Attack Foe with Sword (Trainer Interference)')).toBe(true);
    // its odds are the same strike's (OUT-PET-3): crit 5 %, else the lower of two D100 ≤ 50: 0.05 + 0.95 × (1 − 0.5²)
    // = 0.7625; no Strength, so a hit is 1d8 − 2 (0–6), ×2 on a critical: at most 12 (with Strength 20 it was 26)
    const odds = t.preview({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    expect(odds.chance).toBeCloseTo(0.7625, 12);
    expect([odds.damageOnHit!.min, odds.damageOnHit!.max]).toEqual([0, 12]);
    const late = t.dice(50, 80, 30, 4).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    expect(t.lines(late)).toContain("Hero attacks after Wolf attacked this round: Trainer Interference — no Strength or Intelligence added, a miss hurts Hero; a pincer on Foe gives advantage (Wolf's attack stands as rolled) [OUT-PET-3]");
    expect(t.checks(late).at(-1)).toBe('1d8(4) (no Strength: Trainer Interference) − Vitality 10 reduction 2 = 2 → 2 damage [OUT-DMG-1, OUT-RES-2]');
    expect(t.hp('foe')).toBe(16);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-PET-3, OUT-PET-4: interference is counted by the Round — a hasted trainer who attacked on its first turn interferes with the pet it sends on its Haste turn (ruling)', () => {
    // Hero 6+1+5 = 12, Foe 2+1+1 = 4, Wolf 7 (no turn of its own), Sage (Druid) 3+1+1 = 5: Hero, Sage, Foe
    const sage = { id: 'sage', name: 'Sage', side: 'heroes', class: 'druid', at: [1, 5], hp: 30, stats: { agility: 20 }, skills: ['haste'] };
    const t = new Table(outerah, duel({ extra: [wolf(), sage] }));
    t.start(5, 1, 1, 1);
    // Hero's own turn: the Sword alone at Foe — crit D100(50) > 5, hit D100(30) ≤ 50; 1d8(4) + 20 − 2 = 22 → 30 − 22 = 8
    t.dice(50, 30, 4).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // the Sage hastes the Hero: D100(30) lands; its second turn comes just before the round ends
    t.dice(30).do({ type: 'cast', actor: 'sage', skill: 'haste', target: 'hero' });
    t.do({ type: 'end_turn', actor: 'sage' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect([t.active, t.state.turn.round]).toEqual(['hero', 1]);
    // "If the Trainer is not attacking that Round … no damage penalties": the Hero attacked this round, so the
    // Wolf's lone bite bears the interference — no critical check; Hero (2,2) and Wolf (4,2) pincer Foe (3,2),
    // the Hero's attack went at Foe: advantage, 2D100 (10, 90) keeps 10, a hit; 1d6(4) − Vitality 10 reduction 2 = 2 × 50 % = 1
    expect(outerah.legalActions(t.state, 'hero').some((o) => o.label === 'Wolf: Attack Order on Foe (Trainer Interference)')).toBe(true);
    const before = t.hp('foe');
    const ev = t.dice(10, 90, 4).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'attack', target: 'foe' });
    expect(t.lines(ev)).toContain("Wolf attacks after Hero attacked this round: Trainer Interference — no Strength or Intelligence added, Wolf deals 50 % and cannot crit, a miss hurts it; a pincer on Foe gives advantage (Hero's attack stands as rolled) [OUT-PET-3]");
    expect(t.checks(ev).at(-1)).toBe('1d6(4) (no Strength: Trainer Interference) − Vitality 10 reduction 2 × Trainer Interference 50% = 1 → 1 damage [OUT-DMG-1, OUT-RES-2]');
    expect(before - t.hp('foe')).toBe(1);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-PET-3: the Attack Order after the trainer attacked alone is given, with the interference the text gives (not refused)', () => {
    const t = table({ foe: { hp: 100 } });
    // Hero's sword first, in full: crit D100(50), hit D100(30) ≤ 50, 1d8(4) + Strength 20 − 2 = 22 → 78
    t.dice(50, 30, 4).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    expect(outerah.legalActions(t.state, 'hero').some((o) => o.label === 'Wolf: Attack Order on Foe (Trainer Interference)')).toBe(true);
    // the Wolf's bite now: no critical check, 50 %, no Strength; the Wolf (4,2) behind Foe (faces W): 50 + 30 − 20 + 10
    // = 70; a pincer with Hero's attack on Foe: 2D100 (90, 20) keeps 20; 1d6(6) − 2 = 4 × 50 % = 2 → 76
    const ev = t.dice(90, 20, 6).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'attack', target: 'foe' });
    expect(t.lines(ev)).toContain("Wolf attacks after Hero attacked this round: Trainer Interference — no Strength or Intelligence added, Wolf deals 50 % and cannot crit, a miss hurts it; a pincer on Foe gives advantage (Hero's attack stands as rolled) [OUT-PET-3]");
    expect(t.lines(ev)).toContain('Wolf cannot crit: Trainer Interference [OUT-PET-3]');
    expect(t.hp('foe')).toBe(76);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-PET-2, OUT-PET-5: the Skill Order strikes in sync without penalty and links trainer and pet to the end of the next round', () => {
    const t = table({ hero: { skills: ['smite'] }, foe: { hp: 100 } });
    // Smite (Hyper): crit 50, hit 2D100 (pincer) (70, 30) → 1d8(4) + 20 − 2 = 22 × 2 = 44; Wolf: crit 50, hit (70, 30), 1d6(4) + 10 − 2 = 12
    t.dice(50, 70, 30, 4, 50, 70, 30, 4).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'skill', skill: 'smite', target: 'foe' });
    expect(t.hp('foe')).toBe(44);
    const links = t.state.effects.filter((f) => f.name === 'Spirit Link');
    expect(links.map((f) => [f.target, f.remaining, f.data?.partner])).toEqual([['hero', 2, 'wolf'], ['wolf', 2, 'hero']]);
  });

  it('OUT-PET-5: linked, enemies roll with advantage and half of the damage to one reaches the other; an area hit does both in full, then 50 % each', () => {
    // Hero (1,4) with Firebolt, Wolf (2,3) and Foe (3,2) on a diagonal; Foe carries a spear (range 2, piercing)
    const t = table({ hero: { at: [1, 4], skills: ['firebolt'] }, wolf: { at: [2, 3], hp: 30, facing: 'N' }, foe: { weapons: ['spear'] } });
    // Skill Order: Firebolt (head-on 50): crit 50, hit 30, 2d6(3, 4) + 10 − 2 = 15; Wolf: crit 50, hit 30, 1d6(4) + 10 − 2 = 12 → Foe 3
    t.dice(50, 30, 3, 4, 50, 30, 4).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'skill', skill: 'firebolt', target: 'foe' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // Foe spears the Wolf (head-on 40) with advantage: crit 50, hit (60, 10); 1d8(8) + 10 − 0 = 18 → Wolf 12, Hero takes 9 → 31;
    // the spear passes through (D100 5 ≤ 5) to Hero: 8 + 10 − 4 = 14 × 50 % = 7 → Hero 24, the Wolf takes 3 → 9
    const ev = t.dice(50, 60, 10, 8, 5).do({ type: 'attack', actor: 'foe', target: 'wolf', weapon: 'spear' });
    expect(t.checks(ev)[1]).toContain('(advantage: Wolf is in a Spirit Link)');
    expect(t.checks(ev).filter((c) => c.includes('[OUT-PET-5]') && c.includes('shared'))).toEqual(['damage to Wolf 18 × shared 50% = 9 → Hero takes 9 [OUT-PET-5]', 'damage to Hero 7 × shared 50% = 3 → Wolf takes 3 [OUT-PET-5]']);
    expect([t.hp('hero'), t.hp('wolf')]).toEqual([24, 9]);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-PET-5: an area attack over both linked units deals each its full damage, and each hit passes its 50 % on (area skills: ruling)', () => {
    const storm = { id: 'storm', name: 'Firestorm', kind: 'attack', element: 'fire', dice: '2d6', range: 6, area: 1 };
    const t = table({ hero: { at: [1, 4], skills: ['firebolt'] }, wolf: { at: [2, 3], hp: 60, facing: 'N' }, foe: { hp: 100, skills: [storm] } });
    // the Skill Order links them (Foe 100 → 85 → 73), as in the test above
    t.dice(50, 30, 3, 4, 50, 30, 4).do({ type: 'pet', actor: 'hero', pet: 'wolf', order: 'skill', skill: 'firebolt', target: 'foe' });
    t.do({ type: 'end_turn', actor: 'hero' });
    // Firestorm at the Wolf (2,3): its 3×3 area holds Hero (1,4) too (not Foe, the caster)
    expect(outerah.legalActions(t.state, 'foe').find((o) => o.label === 'Firestorm on Wolf (area 3×3)')?.targets).toEqual(['wolf', 'hero']);
    // Wolf: crit D100(50); head-on (Foe NE of a Wolf facing N) 50 + 20 − 20 − 10 = 40 with advantage 2D100 (60, 10);
    //   2d6(1, 1) + Intelligence 20 − Wisdom 10 reduction 2 = 20 → Wolf 40, Hero takes ⌊20 / 2⌋ = 10 → 30;
    // Hero: crit D100(50); head-on (Foe NE of Hero facing E) 40, advantage (70, 20); 2d6(2, 2) + 20 − Wisdom 20 reduction 4
    //   = 20 → Hero 10, the Wolf takes 10 → 30. Each took the full 20 and the other's 10.
    const ev = t.dice(50, 60, 10, 1, 1, 50, 70, 20, 2, 2).do({ type: 'cast', actor: 'foe', skill: 'storm', target: 'wolf' });
    expect(t.lines(ev)).toContain('Firestorm bursts over the 3×3 area around Wolf: it strikes Wolf, Hero [OUT-PET-5]');
    expect(t.checks(ev).filter((c) => c.includes('shared'))).toEqual(['damage to Wolf 20 × shared 50% = 10 → Hero takes 10 [OUT-PET-5]', 'damage to Hero 20 × shared 50% = 10 → Wolf takes 10 [OUT-PET-5]']);
    expect([t.hp('hero'), t.hp('wolf'), t.hp('foe')]).toEqual([10, 30, 73]);
    expect(t.unusedDice).toEqual([]);
  });
});
