// Airships: sections, their charges and losses, cannons, the catapult and battle stations (OUT-SHIP-1..3).
import { describe, expect, it } from 'vitest';
import { seededSource } from '../../dice/index.ts';
import type { Command } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';
import { buildShip, inCannonArc, shipMovement, type Ship } from './ship-model.ts';
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
/** The rejection's message (Table.rejects gives the code). */
const why = (t: Table, cmd: Command) => {
  const r = t.engine.decide(t.state, cmd, seededSource(1, 0));
  return r.ok ? 'accepted' : r.rejection.message;
};
/** The targets the listed fire_cannon options name: a section as ship:section, a unit by id. */
const shots = (t: Table, id: string) =>
  t.engine.legalActions(t.state, id).filter((o) => o.command.type === 'fire_cannon').map((o) => (o.command.ship ? `${String(o.command.ship)}:${String(o.command.section)}` : String(o.command.target)));

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
    // Gunner (Speed 5) at the Dawn's right cannon (heading N by default: starboard is east, where the Raven lies); order Hero 12, Gunner 5, Foe 4
    const t = battle([crew('gunner', [0, 2], { station: 'right_cannon' })], { ships: [{ ...dawn, tier: 2 }, raven] });
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'load_cannon', actor: 'gunner' });
    expect(t.rejects({ type: 'fire_cannon', actor: 'gunner', ship: 'raven', section: 'hull' })).toBe('action/loading');
    t.do({ type: 'end_turn', actor: 'gunner' });
    t.passUntil('gunner');
    // tier 2: crit 50; hit 30 ≤ 50 + 10; 2d10(5, 6) + 3 × 2 = 17 × Super 1.5 = 25.5 → 25
    const ev = t.dice(50, 30, 5, 6).do({ type: 'fire_cannon', actor: 'gunner', ship: 'raven', section: 'hull' });
    expect(t.checks(ev)[2]).toBe('2d10(5, 6) (no Strength: a cannon shot) + 3 × tier 2 6 × Super Charge (Hull) 150% = 25 → 25 damage [OUT-SHIP-1, OUT-CHG-1]');
    expect(hp(t, 'raven', 'hull')).toBe(75);
    expect(ship(t, 'dawn').cannons!.right.loaded).toBe(false);
  });

  it('OUT-SHIP-2: full damage up to 25 cells, half from 26 to 50 (ruling on "half past 20"); double against Tiny and Huge units', () => {
    const far = battle([crew('gunner', [0, 2], { station: 'right_cannon' })], { ships: [dawn, { ...raven, at: [30, 0] }], foe: { at: [31, 1] } });
    far.do({ type: 'end_turn', actor: 'hero' });
    far.do({ type: 'load_cannon', actor: 'gunner' });
    far.do({ type: 'end_turn', actor: 'gunner' });
    far.passUntil('gunner');
    // 30 cells: 1d10(5) + 3 = 8 × 1.5 × 0.5 = 6
    const ev = far.dice(50, 30, 5).do({ type: 'fire_cannon', actor: 'gunner', ship: 'raven', section: 'hull' });
    expect(far.checks(ev)[2]).toContain('× past 25 cells 50% = 6');
    // at a Huge unit (Foe, 9 cells): hit check head-on 50 + 10 − 20 − 10 = 30, D100(20); 1d10(5) + 3 − 2 = 6 × 2 = 12
    const huge = battle([crew('gunner', [0, 2], { station: 'right_cannon' })], { foe: { size: 'huge' } });
    huge.do({ type: 'end_turn', actor: 'hero' });
    huge.do({ type: 'load_cannon', actor: 'gunner' });
    huge.do({ type: 'end_turn', actor: 'gunner' });
    huge.passUntil('gunner');
    const hit = huge.dice(50, 20, 5).do({ type: 'fire_cannon', actor: 'gunner', target: 'foe' });
    expect(huge.checks(hit)[2]).toBe('1d10(5) (no Strength: a cannon shot) + 3 × tier 1 3 − Vitality 10 reduction 2 × huge target 200% = 12 → 12 damage [OUT-DMG-1, OUT-RES-2]');
    expect(huge.hp('foe')).toBe(18);
  });

  it('OUT-SHIP-2: a left cannon cannot fire to starboard; each cannon fires only to its own side of the ship, given its heading (ruling)', () => {
    // the Dawn's deck is x 4..7, y 0..2, heading N (the default): port is west (x < 4), starboard east (x > 7).
    // The Raven (x 12..15) and Foe (13,1) lie to starboard; a winged Harpy hovers to port at (1,1).
    // Speeds: Hero 12; GunL 4 + 0 + d12(1) = 5; GunR 4 + 0 + d12(2) = 6; Harpy 0 + 0 + d12(3) = 3; Foe 2 + 1 + 1 = 4
    const harpy = { id: 'harpy', name: 'Harpy', side: 'foes', class: 'sorcerer', speed: 0, at: [1, 1], hp: 20, wings: true };
    const t = battle([crew('gunl', [4, 2], { station: 'left_cannon' }), crew('gunr', [6, 2], { station: 'right_cannon' }), harpy], {
      hero: { at: [5, 1] }, foe: { at: [13, 1] }, ships: [{ ...dawn, at: [4, 0] }, { ...raven, at: [12, 0] }],
    });
    expect(ship(t, 'dawn').heading).toBe('N');
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'load_cannon', actor: 'gunr' });
    t.do({ type: 'end_turn', actor: 'gunr' });
    t.do({ type: 'load_cannon', actor: 'gunl' });
    t.do({ type: 'end_turn', actor: 'gunl' });
    t.passUntil('gunr');
    // the right cannon is offered the Raven's seven sections and Foe, never the Harpy to port
    expect(shots(t, 'gunr')).toEqual(['raven:hull', 'raven:mast1', 'raven:mast2', 'raven:mast3', 'raven:propeller', 'raven:wings', 'raven:deck', 'foe']);
    expect(t.rejects({ type: 'fire_cannon', actor: 'gunr', target: 'harpy' })).toBe('action/out_of_arc');
    t.do({ type: 'end_turn', actor: 'gunr' });
    // the left cannon: the Raven and Foe are to starboard — refused, and not listed; the Harpy is its only shot
    expect(t.rejects({ type: 'fire_cannon', actor: 'gunl', ship: 'raven', section: 'hull' })).toBe('action/out_of_arc');
    expect(why(t, { type: 'fire_cannon', actor: 'gunl', ship: 'raven', section: 'hull' })).toBe("Dawn's left (port) cannon fires only to port — west of the deck, in its quarter, while Dawn heads N: Raven is not there [OUT-SHIP-2]");
    expect(t.rejects({ type: 'fire_cannon', actor: 'gunl', target: 'foe' })).toBe('action/out_of_arc');
    expect(why(t, { type: 'fire_cannon', actor: 'gunl', target: 'foe' })).toBe("Dawn's left (port) cannon fires only to port — west of the deck, in its quarter, while Dawn heads N: Foe at (13, 1) is not there [OUT-SHIP-2]");
    expect(shots(t, 'gunl')).toEqual(['harpy']);
    // at the Harpy (from the east: its side, ±0): crit D100(50) > 5; hit D100(30) ≤ 50 + Charisma 10 − Agility 10 = 50;
    // 1d10(5) + 3 × tier 1 − Vitality 10 reduction 2 = 6
    const ev = t.dice(50, 30, 5).do({ type: 'fire_cannon', actor: 'gunl', target: 'harpy' });
    expect(t.checks(ev)[2]).toBe('1d10(5) (no Strength: a cannon shot) + 3 × tier 1 3 − Vitality 10 reduction 2 = 6 → 6 damage [OUT-DMG-1, OUT-RES-2]');
    expect(t.hp('harpy')).toBe(14);
  });

  it('OUT-SHIP-2: a ship ahead or astern is in neither arc; the arc is the quarter off the side, between the diagonals from the deck\'s corners (ruling)', () => {
    // the Dawn's deck is x 0..3, y 0..2, heading N: starboard is east of x = 3. The Raven starts dead astern (x 0..3, y 8..10)
    const t = battle([crew('gunl', [0, 2], { station: 'left_cannon' }), crew('gunr', [1, 2], { station: 'right_cannon' })], {
      foe: { at: [1, 9] }, ships: [dawn, { ...raven, at: [0, 8] }],
    });
    ship(t, 'dawn').cannons!.left.loaded = true;
    ship(t, 'dawn').cannons!.right.loaded = true;
    t.passUntil('gunr');
    expect(shots(t, 'gunr')).toEqual([]);
    expect(t.rejects({ type: 'fire_cannon', actor: 'gunr', ship: 'raven', section: 'deck' })).toBe('action/out_of_arc');
    // x 4..7, y 8..10: its nearest cell (7,8) is 4 cells out to starboard but 6 astern — the stern quarter, still no shot
    ship(t, 'raven').at = { x: 4, y: 8 };
    expect(shots(t, 'gunr')).toEqual([]);
    // x 8..11, y 5..7: (8,5) is 5 out and 3 astern — in the starboard quarter; so is Foe moved to (9,6): 6 out, 4 astern
    ship(t, 'raven').at = { x: 8, y: 5 };
    t.state.units.foe.position = { x: 9, y: 6 };
    expect(shots(t, 'gunr')).toEqual(['raven:hull', 'raven:mast1', 'raven:mast2', 'raven:mast3', 'raven:propeller', 'raven:wings', 'raven:deck', 'foe']);
    // the docs' example: deck x 4..7, y 0..2, heading N. Port: (1,1) 3 out, level; (0,4) 4 out, 2 astern; (3,6) 1 out, 4 astern
    const d = buildShip(shipSchema.parse({ ...dawn, at: [4, 0] }));
    const arc = (side: 'left' | 'right', cells: number[][]) => cells.map(([x, y]) => inCannonArc(d, side, { x, y }));
    expect(arc('left', [[1, 1], [0, 4], [3, 6], [5, -3]])).toEqual([true, true, false, false]);
    expect(arc('right', [[10, 1], [11, 4], [8, 6], [5, 1]])).toEqual([true, true, false, false]); // the mirror image; (5,1) is on the deck
    // turned to head E, port is north: (5,-3) is 3 out past y = 0, level with the deck
    expect(inCannonArc({ ...d, heading: 'E' }, 'left', { x: 5, y: -3 })).toBe(true);
  });

  it('OUT-SHIP-3: the helm turns the bow (each quarter turn uses 1 cell of the steer, ruling); turned about, the left cannon bears to the east', () => {
    // Hero (12) at the helm, GunL (5) at the left cannon, Foe (4); the Dawn (Movement 4) heads N: its port is west
    const t = battle([crew('gunl', [0, 2], { station: 'left_cannon' })], { hero: { station: 'helm' } });
    expect(t.rejects({ type: 'steer', actor: 'hero', by: [0, 0], heading: 'NE' })).toBe('command/bad_heading');
    expect(t.rejects({ type: 'steer', actor: 'hero', by: [0, 0], heading: 'N' })).toBe('action/cannot_steer'); // already heads N
    // about-face (N → S) is two quarter turns: 2 cells, leaving 2 of the 4; by 3 is one too many
    expect(t.rejects({ type: 'steer', actor: 'hero', by: [3, 0], heading: 'S' })).toBe('action/cannot_steer');
    expect(why(t, { type: 'steer', actor: 'hero', by: [3, 0], heading: 'S' })).toBe('Dawn moves 4 cells a steer; that is 5 (3 cells + 2 for turning about) [OUT-SHIP-1, OUT-SHIP-3]');
    const turn = t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type === 'steer' && o.command.heading === 'S').map((o) => `${String(o.command.by)}`);
    expect(turn).toContain('0,0');
    expect(turn).toContain('2,0');
    expect(turn).not.toContain('3,0');
    const ev = t.do({ type: 'steer', actor: 'hero', by: [2, 0], heading: 'S' });
    expect(t.lines(ev)).toContain('Dawn turns to head S [OUT-SHIP-3]');
    expect(ship(t, 'dawn')).toMatchObject({ heading: 'S', at: { x: 2, y: 0 } });
    expect(t.unit('gunl').position).toEqual({ x: 2, y: 2 });
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'load_cannon', actor: 'gunl' });
    t.do({ type: 'end_turn', actor: 'gunl' });
    t.passUntil('gunl');
    // heading S, port is east: the Raven (x 8..11) is in the left cannon's arc now.
    // crit D100(50); hit 30 ≤ 50 + 10; 1d10(5) + 3 = 8 × Super 1.5 = 12
    const shot = t.dice(50, 30, 5).do({ type: 'fire_cannon', actor: 'gunl', ship: 'raven', section: 'hull' });
    expect(t.checks(shot)[2]).toBe('1d10(5) (no Strength: a cannon shot) + 3 × tier 1 3 × Super Charge (Hull) 150% = 12 → 12 damage [OUT-SHIP-1, OUT-CHG-1]');
    expect(hp(t, 'raven', 'hull')).toBe(88);
  });

  it('OUT-SHIP-3: a ship heads N unless the file says otherwise; a heading other than N, E, S or W is refused clearly', () => {
    expect(buildShip(shipSchema.parse({ ...dawn })).heading).toBe('N');
    expect(buildShip(shipSchema.parse({ ...dawn, heading: 'W' })).heading).toBe('W');
    const text = 'ruleset: outerah\nname: bad\nmap: { width: 20, height: 5, surroundings: sky }\nships:\n  - { id: a, name: A, side: x, at: [0, 0], size: [3, 3], heading: NE }\nunits:\n  - { id: a, name: A, side: x, class: druid, at: [0, 0], hp: 10 }\n  - { id: b, name: B, side: y, class: druid, at: [1, 1], hp: 10 }\n';
    const r = loadText(text, 'bad.yaml');
    expect(r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'ships[0].heading: a ship heading: N, E, S or W (the bow points at one edge of the deck; the left cannon fires to port, the right to starboard)',
    ]);
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

  it('OUT-SHIP-2, OUT-PET-5: an orb holds its spell as cast: an area spell bursts over the area around the unit it lands on (ruling)', () => {
    // Sling enchants the orb with Firestorm (area 1) and launches it at Foe (9,1); Mate stands at (9,2), inside the 3×3.
    // Foe (faces W, Sling to its west: head-on) 50 + Charisma 10 − Agility 20 − 10 = 30: crit D100(50) > 5, hit D100(20);
    //   2d6(3, 4) + Intelligence 10 − Wisdom 10 reduction 2 = 15 → 30 − 15 = 15.
    // Mate (faces W: head-on) 30 as well: crit D100(50), hit D100(20); 2d6(1, 1) + 10 − 2 = 10 → 30 − 10 = 20.
    const storm = { id: 'storm', name: 'Firestorm', kind: 'attack', element: 'fire', dice: '2d6', range: 6, area: 1 };
    const mate = { id: 'mate', name: 'Mate', side: 'foes', class: 'druid', at: [9, 2], facing: 'W', hp: 30, stats: { strength: 10, vitality: 10, agility: 20, charisma: 10, intelligence: 10, wisdom: 10 } };
    const t = battle([crew('sling', [3, 1], { station: 'catapult', skills: [storm] }), mate]);
    t.passUntil('sling');
    t.do({ type: 'enchant_orb', actor: 'sling', skill: 'storm' });
    t.do({ type: 'end_turn', actor: 'sling' });
    t.passUntil('sling');
    // the option says whom it strikes: Foe, then Mate
    const o = outerah.legalActions(t.state, 'sling').find((x) => x.label === 'Launch the orb at Foe (area 3×3)');
    expect([o?.targets, o?.area?.length]).toEqual([['foe', 'mate'], 9]);
    const ev = t.dice(50, 20, 3, 4, 50, 20, 1, 1).do({ type: 'launch', actor: 'sling', payload: 'orb', target: 'foe' });
    expect(t.lines(ev)).toContain('Firestorm orb bursts over the 3×3 area around Foe: it strikes Foe, Mate [OUT-PET-5]');
    expect([t.hp('foe'), t.hp('mate')]).toEqual([15, 20]);
    expect(t.unusedDice).toEqual([]);
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

  it('OUT-SHIP-2: a unit catapulted into open air has nothing to land on: it falls (fall damage for the ship\'s altitude) and is out of the fight (ruling); wings keep it aloft', () => {
    // Hero 12, Kid 4 + 0 + d12(2) = 6, Sling 5, Foe 4; the Dawn flies at altitude 2
    const t = battle([crew('sling', [3, 1], { station: 'catapult' }), crew('kid', [3, 2], { size: 'small' })]);
    t.passUntil('sling');
    // (9,5) is off both decks and not land: open air. 2 levels: 2d6(3, 4) = 7; Kid is gone below
    const ev = t.dice(3, 4).do({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'kid', to: [9, 5] });
    expect(t.lines(ev)).toContain('Sling catapults Kid into open air at (9, 5): nothing to land on, it falls [OUT-SHIP-2]');
    expect(t.checks(ev)).toEqual(['2d6(3, 4) (2 levels: 1d6 each) = 7 → 7 damage [OUT-SHIP-2]']);
    expect(t.hp('kid')).toBe(23);
    expect(t.unit('kid').status).toBe('fled');
    // a winged kid stays aloft unhurt, no dice
    const w = battle([crew('sling', [3, 1], { station: 'catapult' }), crew('kid', [3, 2], { size: 'small', wings: true })]);
    w.passUntil('sling');
    const up = w.do({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'kid', to: [9, 5] });
    expect(w.lines(up)).toContain('Sling catapults Kid into open air at (9, 5): it spreads its wings and stays aloft [OUT-SHIP-2]');
    expect(w.unit('kid')).toMatchObject({ status: 'active', position: { x: 9, y: 5 } });
    expect(w.hp('kid')).toBe(30);
  });

  it('OUT-SHIP-2: a catapulted unit lands on land or a deck, never in a wall or off the map', () => {
    const t = battle([crew('sling', [3, 1], { station: 'catapult' }), crew('kid', [3, 2], { size: 'small' })]);
    t.state.map = { ...(t.state.map as object), cells: { '9,6': { blocksMove: true }, '9,8': { tags: ['land'] } } } as never;
    t.passUntil('sling');
    expect(t.rejects({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'kid', to: [9, 6] })).toBe('action/blocked');
    expect(t.rejects({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'kid', to: [9, 12] })).toBe('action/out_of_bounds'); // 11 cells: in range, off the 12-row map
    // land (ground level) under a ship at altitude 2: 2 levels, 2d6(1, 2) = 3; Kid stays in the fight
    t.dice(1, 2).do({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'kid', to: [9, 8] });
    expect(t.unit('kid')).toMatchObject({ status: 'active', position: { x: 9, y: 8 } });
    expect(t.hp('kid')).toBe(27);
  });

  it('OUT-SHIP-2: legalActions lists the catapult\'s launches (orb, ally, item box): every one is accepted, and a refused one is not listed', () => {
    // Speeds (Tradesmen 4 + d12 1, 2, 3, 4 in file order): Hero 12, Sling 8, Kid 7, Big 6, Scout 5, Foe 4. Sling works the catapult at (3,1);
    // Kid (small) and Big (large) stand next to it; Scout is on the Raven's deck at (9,2), 6 cells off
    const t = battle([crew('scout', [9, 2]), crew('big', [2, 2], { size: 'large' }), crew('kid', [3, 2], { size: 'small' }), crew('sling', [3, 1], { station: 'catapult', items: { potion: 2 }, skills: ['firebolt'] })]);
    t.state.map = { ...(t.state.map as object), cells: { '9,6': { blocksMove: true }, '9,8': { tags: ['land'] } } } as never;
    t.passUntil('sling');
    const launches = () => t.engine.legalActions(t.state, 'sling').filter((o) => o.command.type === 'launch');
    const accepted = () => {
      for (const o of launches()) expect(why(t, o.command), o.label).toBe('accepted');
    };
    accepted();
    const units = launches().filter((o) => o.command.payload === 'unit');
    // only Kid: Big is Large, Hero and Scout are not next to the catapult. Kid may land on any cell 5 to 25 cells
    // from (3,1) on the 40 × 12 map: x 0..28, y 0..11 is 29 × 12 = 348, less x 0..7, y 0..5 (under 5 cells,
    // 8 × 6 = 48) = 300, less the wall (9,6) and the cells Foe (9,1) and Scout (9,2) hold = 297
    expect(new Set(units.map((o) => o.command.unit))).toEqual(new Set(['kid']));
    expect(units).toHaveLength(297);
    const listed = (x: number, y: number) => units.some((o) => `${String(o.command.to)}` === `${x},${y}`);
    expect([listed(9, 8), listed(28, 11), listed(20, 5)]).toEqual([true, true, true]);
    expect(units.find((o) => `${String(o.command.to)}` === '20,5')?.label).toBe('Catapult Kid to (20, 5) — open air: it falls, out of the fight');
    // refused, and so not listed
    const kid = (to: number[]) => ({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'kid', to });
    expect([t.rejects(kid([9, 6])), t.rejects(kid([9, 2])), t.rejects(kid([7, 1])), t.rejects(kid([29, 1]))]).toEqual(['action/blocked', 'action/occupied', 'action/out_of_range', 'action/out_of_range']);
    expect([listed(9, 6), listed(9, 2), listed(7, 1), listed(29, 1)]).toEqual([false, false, false, false]);
    expect(t.rejects({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'big', to: [9, 8] })).toBe('action/too_big');
    expect(t.rejects({ type: 'launch', actor: 'sling', payload: 'box', target: 'kid', item: 'potion', count: 1, balloons: true })).toBe('action/out_of_range'); // 1 cell
    // item boxes: only Scout is in range; 1 or 2 potions, with or without balloons
    expect(launches().filter((o) => o.command.payload === 'box').map((o) => `${String(o.command.target)} ${String(o.command.count)} ${String(o.command.balloons)}`)).toEqual(['scout 1 true', 'scout 1 false', 'scout 2 true', 'scout 2 false']);
    // no orb yet: none listed (launching one is refused); the aggressive policy enchants one rather than launch Kid
    expect(launches().some((o) => o.command.payload === 'orb')).toBe(false);
    expect(t.rejects({ type: 'launch', actor: 'sling', payload: 'orb', target: 'foe' })).toBe('action/no_orb');
    const pick = outerah.policies!.aggressive(t.state, 'sling', t.engine.legalActions(t.state, 'sling'), () => 0);
    expect(pick.command).toEqual({ type: 'enchant_orb', actor: 'sling', skill: 'firebolt' });
    t.do(pick.command);
    expect(launches()).toEqual([]); // the Primary action is spent
    t.do({ type: 'end_turn', actor: 'sling' });
    t.passUntil('sling');
    // the orb is ready: at Foe (6 cells), not at Scout (an ally); the policy launches it
    expect(launches().filter((o) => o.command.payload === 'orb').map((o) => o.command.target)).toEqual(['foe']);
    expect(t.rejects({ type: 'launch', actor: 'sling', payload: 'orb', target: 'scout' })).toBe('action/bad_target');
    accepted();
    expect(outerah.policies!.aggressive(t.state, 'sling', t.engine.legalActions(t.state, 'sling'), () => 0).command).toEqual({ type: 'launch', actor: 'sling', payload: 'orb', target: 'foe' });
    // a Hidden enemy cannot be found by the orb either (OUT-OPEN-2): refused and not listed
    t.state.effects.push({ id: 'fx-hide', name: 'Hidden', target: 'foe', stacks: 1 } as never);
    expect(t.rejects({ type: 'launch', actor: 'sling', payload: 'orb', target: 'foe' })).toBe('action/hidden_target');
    expect(launches().some((o) => o.command.payload === 'orb')).toBe(false);
  });

  it('OUT-SHIP-2, OUT-MNT-1: a rider on its mount, or a mount carrying its rider, is not launched (ruling: dismount first) and not listed', () => {
    const pony = { id: 'pony', name: 'Pony', side: 'heroes', class: 'hunter', at: [3, 2], hp: 20, size: 'small' };
    const t = battle([crew('sling', [3, 1], { station: 'catapult' }), crew('rider', [3, 2], { size: 'small', stats: { wisdom: 40 }, mount: { unit: 'pony' } }), pony]);
    t.passUntil('sling');
    expect(t.rejects({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'rider', to: [9, 8] })).toBe('action/mounted');
    expect(t.rejects({ type: 'launch', actor: 'sling', payload: 'unit', unit: 'pony', to: [9, 8] })).toBe('action/mounted');
    expect(t.engine.legalActions(t.state, 'sling').filter((o) => o.command.type === 'launch')).toEqual([]);
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
