// Wings in open air: a winged unit that goes down in the sky falls (ruling OUT-SPACE-1, with OUT-SHIP-2's fall).
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

type Obj = Record<string, unknown>;
// the Ark's deck is x 0..3, y 0..2 at altitude 5, over open sky; Hero stands on its east edge at (3,1)
const ark = { id: 'ark', name: 'Ark', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 5 };
const sky = (extra: Obj[], over: { hero?: Obj; foe?: Obj } = {}) =>
  new Table(outerah, duel({ hero: { at: [3, 1], ...over.hero }, foe: { at: [11, 11], wings: true, ...over.foe }, extra, doc: { map: { width: 12, height: 12, surroundings: 'sky' }, ships: [ark] } }));
// Hawk: Hero's flying pet, Agility 10, Vitality 0 (no reduction), facing N
const hawk = (over: Obj = {}) => ({ id: 'hawk', name: 'Hawk', side: 'heroes', class: 'hunter', at: [6, 1], hp: 5, wings: true, stats: { agility: 10, vitality: 0 }, pet: { trainer: 'hero', kind: 'companion' }, ...over });
// Wyvern: a wild winged foe, Agility 10, Vitality 10, Wisdom 10, facing N
const wyvern = (over: Obj = {}) => ({ id: 'wyvern', name: 'Wyvern', side: 'foes', class: 'hunter', at: [6, 1], hp: 30, wings: true, stats: { agility: 10, vitality: 10, wisdom: 10 }, ...over });

describe('outerah: wings in open air', () => {
  it('OUT-SPACE-1, OUT-SHIP-2, OUT-SHIP-1: a flying pet brought to 0 HP in open air falls out of the fight, its wings no help; already at 0 HP it rolls no fall damage (ruling)', () => {
    // Hero 6+1+5 = 12, Foe 2+1+1 = 4, Hawk 5+0+1 = 6 (a pet: no turns of its own). Foe (winged) at (7,1) maces the
    // Hawk at (6,1) from its side (it faces N): 50 + Charisma 20 − Agility 10 = 60; crit D100(50) no, hit D100(30),
    // 1d6(3) + Strength 10 − Vitality 0 reduction 0 = 13 ≥ 5 HP: down. In open air, off every deck: it falls (the
    // nearest ship's altitude, the Ark's 5), and it is out (fled). At 0 HP already, the 5d6 could change nothing: no
    // roll (ruling OUT-SHIP-1). Gone from the fight, it takes no Black&Blue and no Shove roll.
    const t = sky([hawk()], { foe: { at: [7, 1] } });
    t.start(5, 1, 1);
    t.do({ type: 'end_turn', actor: 'hero' });
    const ev = t.dice(50, 30, 3).do({ type: 'attack', actor: 'foe', target: 'hawk' });
    expect(t.lines(ev)).toContain('Hawk goes down in open air: its wings stop beating and it drops out of the sky [OUT-SPACE-1, OUT-SHIP-2]');
    expect(t.lines(ev)).toContain('Hawk is already down at 0 HP: the fall can take nothing more from it, so no dice are rolled [OUT-SHIP-2]');
    expect(t.checks(ev)).toHaveLength(3); // crit, hit, damage: no fall dice
    expect(t.lines(ev)).not.toContain('Hawk spreads its wings and glides down unhurt [OUT-SHIP-2]');
    expect(t.unit('hawk')).toMatchObject({ status: 'fled', position: { x: 6, y: 1 } });
    expect(t.unusedDice).toEqual([]);
    // the same Hawk downed over the Ark's deck at (2,1), Foe striking from (2,0): it lies on the deck, down, no fall
    const d = sky([hawk({ at: [2, 1] })], { foe: { at: [2, 0] } });
    d.start(5, 1, 1);
    d.do({ type: 'end_turn', actor: 'hero' });
    // from the front (N) this time: 60 − 10 head-on = 50, still hit by D100(30)
    const deck = d.dice(50, 30, 3).do({ type: 'attack', actor: 'foe', target: 'hawk' });
    expect(d.unit('hawk')).toMatchObject({ status: 'down', position: { x: 2, y: 1 } });
    expect(d.lines(deck).some((l) => l.includes('drops out of the sky'))).toBe(false);
    expect(d.unusedDice).toEqual([]);
  });

  it('OUT-SPACE-1, OUT-EFF-1: a wild winged creature downed by damage over time in open air falls the same (ruling)', () => {
    // Hero 12, Foe 4, Wyvern 5+0+1 = 6: Hero, Wyvern, Foe. Hero (on deck at (3,1)) casts Venom at the Wyvern (2 HP) at
    // (6,1), from its side: 50 + Charisma 30 − Agility 10 = 70; crit D100(50) no, hit D100(30); the Wyvern resists on
    // D100 + Vitality 10 > 100: 40 + 10 = 50, poisoned. At the start of its turn Poison deals 2 × tier 1 × 1 stack = 2:
    // 0 HP, down in open air: it falls and is out (fled); already at 0 HP it rolls no fall damage (ruling OUT-SHIP-1)
    const t = sky([wyvern({ hp: 2 })], { hero: { skills: ['poison'] } });
    t.start(5, 1, 1);
    t.dice(50, 30, 40).do({ type: 'cast', actor: 'hero', skill: 'poison', target: 'wyvern' });
    const ev = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(ev)).toContain('Wyvern goes down in open air: its wings stop beating and it drops out of the sky [OUT-SPACE-1, OUT-SHIP-2]');
    expect(t.checks(ev).some((c) => c.includes('5d6'))).toBe(false);
    expect(t.unit('wyvern').status).toBe('fled');
    expect(t.active).toBe('foe');
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-SPACE-1, OUT-INIT-5, OUT-EFF-7: Stop and Topple leave a flier aloft; only going down stops its wings (ruling)', () => {
    // Hero casts Stop at the Wyvern (6,1): crit D100(50), hit D100(30) ≤ 70; resist D100(40) + Wisdom 10 = 50: stopped.
    // Frozen in time where it hangs, it loses its turn and stays at (6,1), unhurt
    const s = sky([wyvern()], { hero: { skills: ['stop'] } });
    s.start(5, 1, 1);
    s.dice(50, 30, 40).do({ type: 'cast', actor: 'hero', skill: 'stop', target: 'wyvern' });
    s.do({ type: 'end_turn', actor: 'hero' });
    expect(s.active).toBe('foe');
    expect(s.unit('wyvern')).toMatchObject({ status: 'active', position: { x: 6, y: 1 } });
    expect(s.hp('wyvern')).toBe(30);
    // Trip: Topple(1); resist D100(40) + Agility 10 = 50: toppled. No Movement on its turn, still hovering at (6,1)
    const trip = { id: 'trip', name: 'Trip', kind: 'debuff', effect: 'Topple(1)', range: 6 };
    const p = sky([wyvern()], { hero: { skills: [trip] } });
    p.start(5, 1, 1);
    p.dice(50, 30, 40).do({ type: 'cast', actor: 'hero', skill: 'trip', target: 'wyvern' });
    const turn = p.do({ type: 'end_turn', actor: 'hero' });
    expect(p.lines(turn)).toContain('Wyvern is Toppled: no Movement this turn [OUT-EFF-7]');
    expect(p.active).toBe('wyvern');
    expect(p.unit('wyvern')).toMatchObject({ status: 'active', position: { x: 6, y: 1 } });
    expect(p.unit('wyvern').pools.movement.value).toBe(0);
    expect([s.unusedDice, p.unusedDice]).toEqual([[], []]);
  });

  it('OUT-SPACE-1, OUT-MNT-1, OUT-MNT-2, OUT-SHIP-1: a winged rider already down is thrown senseless when its winged mount goes down in open air: it falls too (ruling)', () => {
    // Hero (wings, 5 HP) rides the winged Horse (5 HP) at (6,1) in open air; an Ally on the deck keeps the fight going.
    // Hero 6+1+5 = 12, Foe 2+1+2 = 5, Horse 5+0+1 = 6, Ally 5+0+3 = 8, Foe Two 2+1+1 = 4: Hero, Ally, Horse, Foe, Foe Two.
    // Foe (winged, at (5,1)) maces Hero from behind (Hero faces E): 50 + 20 − 20 + 10 = 60; crit D100(50), hit D100(30),
    // 1d6(3) + 10 − Vitality 20 reduction 4 = 9 ≥ 5: Hero is down, held in the saddle by its standing mount (no
    // knock-off roll for a rider who is down, no Black&Blue, no Shove).
    const horse = { id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', level: 3, at: [6, 1], hp: 5, move: 8, jump: 3, wings: true, stats: { agility: 10, vitality: 0 } };
    const ally = { id: 'ally', name: 'Ally', side: 'heroes', class: 'hunter', at: [1, 1], hp: 20 };
    const foe2 = { id: 'foe2', name: 'Foe Two', side: 'foes', class: 'sorcerer', at: [7, 1], hp: 30, wings: true, stats: { strength: 10, vitality: 10, agility: 20, charisma: 20 }, weapons: ['mace'] };
    const t = sky([horse, ally, foe2], { hero: { at: [6, 1], hp: 5, wings: true, stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, wisdom: 40 }, mount: { unit: 'horse' } }, foe: { at: [5, 1] } });
    t.start(5, 2, 1, 3, 1);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'ally' });
    t.dice(50, 30, 3).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.unit('hero')).toMatchObject({ status: 'down', position: { x: 6, y: 1 } });
    expect(t.unit('hero').data.mount).toEqual({ unit: 'horse', state: 'riding' });
    t.do({ type: 'end_turn', actor: 'foe' });
    // Foe Two (at (7,1)) maces the Horse: crit D100(50), hit D100(30), 1d6(3) + 10 − 0 = 13 ≥ 5: down. Hero is thrown:
    // down, it cannot spread its wings, so every free cell around is open air to it: over at the first, (5,0), and
    // it falls, out; then the Horse, out. Both are at 0 HP already: no fall dice for either (ruling OUT-SHIP-1).
    const ev = t.dice(50, 30, 3).do({ type: 'attack', actor: 'foe2', target: 'horse' });
    expect(t.lines(ev)).toContain('Hero is thrown from Horse into open air at (5, 0): nothing to land on, it falls [OUT-MNT-2, OUT-SPACE-1]');
    expect(t.lines(ev)).not.toContain('Hero spreads its wings and glides down unhurt [OUT-SHIP-2]');
    expect(t.checks(ev).slice(3)).toEqual([]);
    expect(t.lines(ev).filter((l) => l.includes('no dice are rolled'))).toHaveLength(2);
    expect([t.unit('hero').status, t.unit('horse').status]).toEqual(['fled', 'fled']);
    expect(t.unusedDice).toEqual([]);
  });
});
