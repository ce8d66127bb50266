// Airships: sections, their charges and losses, cannons, the catapult and battle stations (OUT-SHIP-1..3).
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';
import { buildShip, shipMovement, type Ship } from './ship-model.ts';
import { catapultRange } from './ship-weapons.ts';
import { shipSchema } from './schema.ts';

type Obj = Record<string, unknown>;
const dawn = { id: 'dawn', name: 'Dawn', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 2 };
const raven = { id: 'raven', name: 'Raven', side: 'foes', at: [8, 0], size: [4, 3], altitude: 2 };
// a Tradesmaster crew member: Speed 4 + 0 + d12, Charisma 10
const crew = (id: string, at: number[], over: Obj = {}) => ({ id, name: id[0].toUpperCase() + id.slice(1), side: 'heroes', class: 'tradesmaster', at, hp: 30, ...over });
/** Hero (longbow, Speed 12) on the Dawn's deck at (1,1), Foe (Speed 4) on the Raven at (9,1); crew d12s 1, 2, 3... */
function battle(extra: Obj[] = [], over: { hero?: Obj; foe?: Obj; ships?: Obj[]; width?: number } = {}) {
  const t = new Table(outerah, duel({
    hero: { at: [1, 1], weapons: ['longbow'], ...over.hero }, foe: { at: [9, 1], ...over.foe }, extra,
    doc: { map: { width: over.width ?? 40, height: 12, surroundings: 'sky' }, ships: over.ships ?? [dawn, raven] },
  }));
  t.start(5, 1, ...extra.map((_, i) => i + 1));
  return t;
}
const ship = (t: Table, id: string) => (t.state.data.ships as unknown as Record<string, Ship>)[id];
const hp = (t: Table, s: string, section: string) => ship(t, s).sections.find((x) => x.id === section)!.hp;

describe('outerah airships', () => {
  it('OUT-SHIP-1: a ship is Hull, three Masts, Propeller, Wings and Deck, with hit points by tier', () => {
    const one = buildShip(shipSchema.parse({ ...dawn }));
    expect(one.sections.map((s) => [s.id, s.hp])).toEqual([['hull', 100], ['mast1', 25], ['mast2', 25], ['mast3', 25], ['propeller', 30], ['wings', 50], ['deck', 60]]);
    const ten = buildShip(shipSchema.parse({ ...dawn, tier: 10, tiers: { deck: 4 } }));
    expect(ten.sections.map((s) => s.max)).toEqual([275, 120, 120, 120, 140, 200, 100]);
    // the state the web page draws from
    const t = battle();
    expect(ship(t, 'raven')).toMatchObject({ id: 'raven', side: 'foes', at: { x: 8, y: 0 }, size: { w: 4, h: 3 }, altitude: 2, wrecked: false });
  });

  it('OUT-SHIP-1: attacks at a section take its charge: Hull Super, Mast Minus, Propeller Hyper, Deck Plus (no dodging, no reduction: ruling)', () => {
    const t = battle();
    // Hero's longbow at the Raven's Hull (7 cells): crit 50; hit D100(30) ≤ 50 + Charisma 30; 1d10(5) + Strength 20 = 25 × 1.5 = 37
    const ev = t.dice(50, 30, 5).do({ type: 'attack_ship', actor: 'hero', ship: 'raven', section: 'hull', weapon: 'longbow' });
    expect(t.checks(ev).slice(1)).toEqual([
      'D100(30) ≤ even odds 50 + Charisma 30 (a ship does not dodge) (= 80) → hit [OUT-HIT-1, OUT-SHIP-1]',
      '1d10(5) + Strength 20 × Super Charge (Hull) 150% = 37 → 37 damage [OUT-SHIP-1, OUT-CHG-1]',
    ]);
    expect(hp(t, 'raven', 'hull')).toBe(63);
    const lines = t.lines(ev);
    expect(lines).toContain("Raven's Hull takes 37 damage (HP 63) [OUT-SHIP-1]");
    // Mast (Minus): 25 × 0.75 = 18; Propeller (Hyper): 50; Deck (Plus): 31
    for (const [section, left] of [['mast1', 7], ['propeller', 0], ['deck', 29]] as const) {
      const u = battle();
      u.dice(50, 30, 5).do({ type: 'attack_ship', actor: 'hero', ship: 'raven', section, weapon: 'longbow' });
      expect(hp(u, 'raven', section)).toBe(left);
    }
  });

  it('OUT-SHIP-1: each lost mast is −1 Movement and a Minus Charge on the crew\'s attacks; all three down, attacks at the ship take Hyper Charge (ruling)', () => {
    const t = battle();
    ship(t, 'dawn').sections.find((s) => s.id === 'mast1')!.hp = 0;
    expect(shipMovement(ship(t, 'dawn')).value).toBe(3);
    const ev = t.dice(50, 30, 5).do({ type: 'attack_ship', actor: 'hero', ship: 'raven', section: 'hull', weapon: 'longbow' });
    // 25 × Super 1.5 × Minus 0.75 = 28.125 → 28
    expect(t.checks(ev)[2]).toBe('1d10(5) + Strength 20 × Super Charge (Hull) 150% × Minus Charge (1 mast lost: turbulence) 75% = 28 → 28 damage [OUT-SHIP-1, OUT-CHG-1]');
    const u = battle();
    for (const m of ['mast1', 'mast2', 'mast3']) ship(u, 'raven').sections.find((s) => s.id === m)!.hp = 0;
    u.dice(50, 30, 5).do({ type: 'attack_ship', actor: 'hero', ship: 'raven', section: 'deck', weapon: 'longbow' });
    // 25 × Plus 1.25 × Hyper 2 = 62.5 → 62 > 60: the Deck is gone
    expect(hp(u, 'raven', 'deck')).toBe(0);
  });

  it('OUT-SHIP-1: a destroyed Hull makes the ship fall: everyone aboard takes fall damage and is out of the battle', () => {
    const t = battle();
    ship(t, 'raven').sections[0].hp = 10;
    // 37 ≥ 10: the Raven falls from altitude 2: Foe takes 2d6(3, 4) = 7 and is gone below
    const ev = t.dice(50, 30, 5, 3, 4).do({ type: 'attack_ship', actor: 'hero', ship: 'raven', section: 'hull', weapon: 'longbow' });
    expect(t.lines(ev)).toContain("Raven's Hull is destroyed: the airship falls out of the air from altitude 2 [OUT-SHIP-1]");
    expect(t.hp('foe')).toBe(23);
    expect(t.unit('foe').status).toBe('fled');
    expect(t.state.result?.winner).toBe('heroes');
  });

  it('OUT-SHIP-1: lost Wings sink the ship a level each round; a Deck at half or less hampers the crew, destroyed it stops their attacks', () => {
    const t = battle();
    ship(t, 'dawn').sections.find((s) => s.id === 'wings')!.hp = 0;
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(ship(t, 'dawn').altitude).toBe(1);
    ship(t, 'dawn').sections.find((s) => s.id === 'deck')!.hp = 30; // half of 60
    const ev = t.dice(50, 30, 5).do({ type: 'attack_ship', actor: 'hero', ship: 'raven', section: 'hull', weapon: 'longbow' });
    expect(t.checks(ev)[2]).toContain('Minus Charge (damaged deck) 75%');
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    ship(t, 'dawn').sections.find((s) => s.id === 'deck')!.hp = 0;
    expect(t.rejects({ type: 'attack_ship', actor: 'hero', ship: 'raven', section: 'hull', weapon: 'longbow' })).toBe('action/crew');
  });

  it('OUT-SHIP-2: a cannon takes a turn to load, then deals (tier)d10 + 3 × tier', () => {
    // Gunner (Speed 5) at the Dawn's left cannon; order Hero 12, Gunner 5, Foe 4
    const t = battle([crew('gunner', [0, 2], { station: 'left_cannon' })], { ships: [{ ...dawn, tier: 2 }, raven] });
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'load_cannon', actor: 'gunner' });
    expect(t.rejects({ type: 'fire_cannon', actor: 'gunner', ship: 'raven', section: 'hull' })).toBe('action/loading');
    t.do({ type: 'end_turn', actor: 'gunner' });
    t.passUntil('gunner');
    // tier 2: crit 50; hit 30 ≤ 50 + 10; 2d10(5, 6) + 3 × 2 = 17 × Super 1.5 = 25.5 → 25
    const ev = t.dice(50, 30, 5, 6).do({ type: 'fire_cannon', actor: 'gunner', ship: 'raven', section: 'hull' });
    expect(t.checks(ev)[2]).toBe('2d10(5, 6) (no Strength: a cannon shot) + 3 × tier 2 6 × Super Charge (Hull) 150% = 25 → 25 damage [OUT-SHIP-1, OUT-CHG-1]');
    expect(hp(t, 'raven', 'hull')).toBe(75);
    expect(ship(t, 'dawn').cannons!.left.loaded).toBe(false);
  });

  it('OUT-SHIP-2: full damage up to 25 cells, half from 26 to 50 (ruling on "half past 20"); double against Tiny and Huge units', () => {
    const far = battle([crew('gunner', [0, 2], { station: 'left_cannon' })], { ships: [dawn, { ...raven, at: [30, 0] }], foe: { at: [31, 1] } });
    far.do({ type: 'end_turn', actor: 'hero' });
    far.do({ type: 'load_cannon', actor: 'gunner' });
    far.do({ type: 'end_turn', actor: 'gunner' });
    far.passUntil('gunner');
    // 30 cells: 1d10(5) + 3 = 8 × 1.5 × 0.5 = 6
    const ev = far.dice(50, 30, 5).do({ type: 'fire_cannon', actor: 'gunner', ship: 'raven', section: 'hull' });
    expect(far.checks(ev)[2]).toContain('× past 25 cells 50% = 6');
    // at a Huge unit (Foe, 9 cells): hit check head-on 50 + 10 − 20 − 10 = 30, D100(20); 1d10(5) + 3 − 2 = 6 × 2 = 12
    const huge = battle([crew('gunner', [0, 2], { station: 'left_cannon' })], { foe: { size: 'huge' } });
    huge.do({ type: 'end_turn', actor: 'hero' });
    huge.do({ type: 'load_cannon', actor: 'gunner' });
    huge.do({ type: 'end_turn', actor: 'gunner' });
    huge.passUntil('gunner');
    const hit = huge.dice(50, 20, 5).do({ type: 'fire_cannon', actor: 'gunner', target: 'foe' });
    expect(huge.checks(hit)[2]).toBe('1d10(5) (no Strength: a cannon shot) + 3 × tier 1 3 − Vitality 10 reduction 2 × huge target 200% = 12 → 12 damage [OUT-DMG-1, OUT-RES-2]');
    expect(huge.hp('foe')).toBe(18);
  });

  it('OUT-SHIP-2: the catapult reaches 5 to 25 cells, +5 a tier; a spell orb is enchanted one turn and launched the next', () => {
    expect([catapultRange(1), catapultRange(3)]).toEqual([25, 35]);
    const t = battle([crew('sling', [3, 1], { station: 'catapult', skills: ['firebolt'] })]);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'enchant_orb', actor: 'sling', skill: 'firebolt' });
    t.do({ type: 'end_turn', actor: 'sling' });
    t.passUntil('sling');
    // the orb lands on Foe (6 cells) with Sling's Firebolt: head-on 50 + 10 − 20 − 10 = 30, D100(20); 2d6(3, 4) + 10 − 2 = 15
    t.dice(50, 20, 3, 4).do({ type: 'launch', actor: 'sling', payload: 'orb', target: 'foe' });
    expect(t.hp('foe')).toBe(15);
    // too close: 4 cells
    const near = battle([crew('sling', [3, 1], { station: 'catapult', skills: ['firebolt'] })], { foe: { at: [7, 1] }, ships: [dawn, { ...raven, at: [6, 0] }] });
    near.do({ type: 'end_turn', actor: 'hero' });
    near.do({ type: 'enchant_orb', actor: 'sling', skill: 'firebolt' });
    near.do({ type: 'end_turn', actor: 'sling' });
    near.passUntil('sling');
    expect(near.rejects({ type: 'launch', actor: 'sling', payload: 'orb', target: 'foe' })).toBe('action/out_of_range');
  });

  it('OUT-SHIP-2: the catapult launches a Medium or smaller ally (fall damage applies) or an item box (balloons: it slow-falls to them)', () => {
    const t = battle([crew('sling', [3, 1], { station: 'catapult', items: { potion: 2 } }), crew('kid', [3, 2], { size: 'small' })]);
    t.passUntil('sling');
    // Kid lands on the Raven's deck (9,2), 6 cells; the same altitude: 1 level, 1d6(4)
    const ev = t.dice(4).do({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'kid', to: [9, 2] });
    expect(t.checks(ev)).toEqual(['1d6(4) (1 level: 1d6 each) = 4 → 4 damage [OUT-SHIP-2]']);
    expect(t.unit('kid').position).toEqual({ x: 9, y: 2 });
    t.do({ type: 'end_turn', actor: 'sling' });
    t.passUntil('sling');
    t.do({ type: 'launch', actor: 'sling', payload: 'box', target: 'kid', item: 'potion', count: 2, balloons: true });
    expect(t.unit('kid').data.items).toEqual({ potion: 2 });
  });

  it('OUT-SHIP-3: battle stations: the cannon zones are below deck, a sprint away; one crew member a station', () => {
    const t = battle([crew('gunner', [0, 2], { station: 'left_cannon' })]);
    expect(t.rejects({ type: 'station', actor: 'hero', station: 'left_cannon' })).toBe('action/station'); // taken
    t.do({ type: 'move', actor: 'hero', to: [2, 1] });
    expect(t.rejects({ type: 'station', actor: 'hero', station: 'right_cannon' })).toBe('action/station'); // moved: no sprint left
    t.do({ type: 'station', actor: 'hero', station: 'helm' }); // on deck: free
    t.passUntil('foe');
    // Foe cannot reach the gunner below deck
    t.state.units.foe.position = { x: 1, y: 3 };
    expect(t.rejects({ type: 'attack', actor: 'foe', target: 'gunner' })).toBe('action/below_deck');
    const fresh = battle();
    fresh.do({ type: 'station', actor: 'hero', station: 'right_cannon' });
    expect(fresh.unit('hero').pools.movement.value).toBe(0);
  });

  it('OUT-SHIP-3: the helmsman steers the ship and everyone aboard up to its Movement; two ships can fight', () => {
    const t = battle([], { hero: { station: 'helm' } });
    expect(t.rejects({ type: 'steer', actor: 'hero', by: [5, 0] })).toBe('action/cannot_steer');
    t.do({ type: 'steer', actor: 'hero', by: [3, 0] });
    expect(ship(t, 'dawn').at).toEqual({ x: 3, y: 0 });
    expect(t.unit('hero').position).toEqual({ x: 4, y: 1 });
    expect(t.rejects({ type: 'steer', actor: 'hero', by: [1, 0] })).toBe('action/cannot_steer'); // Primary action spent
  });
});
