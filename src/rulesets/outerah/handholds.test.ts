// Handholds in space and the sky (OUT-SPACE-1, OUT-SPACE-2 with OUT-SHIP-1): what a drifting body catches hold of,
// and what a hook can still grapple once a ship is wrecked.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';
import type { Ship } from './ship-model.ts';

type Obj = Record<string, unknown>;
// the Dawn (heroes, deck x 0..3, y 0..2, gravity 2: its field is x ≤ 5, y ≤ 4) and the Raven (foes, deck x 8..11,
// y 0..2); Hero (longbow, hookshot) on the Dawn at (1,1); Foe on the Raven at (9,1)
const dawn = { id: 'dawn', name: 'Dawn', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 2 };
const raven = { id: 'raven', name: 'Raven', side: 'foes', at: [8, 0], size: [4, 3], altitude: 2 };
const crew = (id: string, at: number[], over: Obj = {}) => ({ id, name: id[0].toUpperCase() + id.slice(1), side: 'heroes', class: 'hunter', at, hp: 20, ...over });
function battle(surroundings: 'sky' | 'space', extra: Obj[], terrain: Obj[] = []) {
  const t = new Table(outerah, duel({
    hero: { at: [1, 1], weapons: ['longbow'], hookshot: true }, foe: { at: [9, 1] }, extra,
    doc: { map: { width: 14, height: 6, surroundings, terrain }, ships: [dawn, raven] },
  }));
  // Hero 6 + 1 + 5 = 12, Foe 2 + 1 + 1 = 4; the crew (hunters, Agility 10) 5 + 0 + d12 of 2, 3...: 7, 8...
  t.start(5, 1, ...extra.map((_, i) => i + 2));
  (t.state.data.ships as unknown as Record<string, Ship>).raven.sections[0].hp = 10; // the Hull, worn down
  return t;
}
// Hero's longbow at the Raven's Hull: crit D100(50) no, hit D100(30) ≤ 50 + Charisma 30; 1d10(5) + Strength 20 = 25,
// × Super Charge 1.5 = 37 ≥ 10: the Hull is gone
const sink = { type: 'attack_ship', actor: 'hero', ship: 'raven', section: 'hull', weapon: 'longbow' };

describe('outerah: handholds', () => {
  it('OUT-SPACE-1, OUT-SPACE-2, OUT-SHIP-1: a body drifting onto a wreck\'s deck catches hold of it and drifts no further (ruling)', () => {
    // the Drifter (Speed 7) drifts east at (6,1), past the Dawn's field. The Raven is wrecked in space: no field
    const t = battle('space', [crew('drifter', [6, 1])]);
    t.state.units.drifter.data.drift = { dx: 1, dy: 0 };
    t.dice(50, 30, 5).do(sink);
    // its turn: on to (7,1), open space; the next: onto the wreck's deck at (8,1), where it catches hold
    const r1 = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(r1)).toContain('Drifter drifts on to (7, 1) [OUT-SPACE-1]');
    t.do({ type: 'end_turn', actor: 'drifter' });
    t.passUntil('drifter');
    expect(t.lines()).toContain('Drifter drifts onto the wreck of Raven at (8, 1) and catches hold: it drifts no further [OUT-SPACE-1, OUT-SPACE-2]');
    expect(t.unit('drifter')).toMatchObject({ status: 'active', position: { x: 8, y: 1 } });
    expect(t.unit('drifter').data.drift).toBeUndefined();
    // it walks again, if slowly: no field on a wreck, each step costs 2 of its 5
    const steps = t.engine.legalActions(t.state, 'drifter').filter((o) => o.command.type === 'move').map((o) => o.label);
    expect(steps).toContain('Move to (8, 2) — 2 Movement');
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-SPACE-1, OUT-WPN-5: shoved along a wreck\'s deck a unit catches hold where it lands; shoved off its edge it drifts (ruling)', () => {
    // the Mate (heroes, Speed 7, Agility 10, Vitality 10, facing N) stands on the Raven at (10,1), east of Foe.
    const t = battle('space', [crew('mate', [10, 1], { facing: 'N' })]);
    t.dice(50, 30, 5).do(sink);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'mate' });
    // Foe maces the Mate from its side (W): 50 + Charisma 20 − Agility 10 = 60; crit D100(50) no, hit D100(30);
    // 1d6(3) + Strength 10 − Vitality 10 reduction 2 = 11 (20 → 9); Shove D100(5) ≤ 5: one cell away from Foe, to
    // (11,1) — still the wreck's deck: it catches hold, no drift
    const ev = t.dice(50, 30, 3, 5).do({ type: 'attack', actor: 'foe', target: 'mate' });
    expect(t.lines(ev)).toContain('Mate is pushed out of every gravity field onto the wreck of Raven at (11, 1) and catches hold: it does not drift [OUT-SPACE-1]');
    expect(t.unit('mate')).toMatchObject({ position: { x: 11, y: 1 } });
    expect(t.unit('mate').data.drift).toBeUndefined();
    expect(t.hp('mate')).toBe(9);
    // Foe on the deck's east edge at (11,1), the Mate just off it at (12,1): the same Shove puts it at (13,1), open
    // space with nothing to hold: it drifts
    const u = battle('space', [crew('mate', [12, 1], { facing: 'N' })]);
    u.state.units.foe.position = { x: 11, y: 1 };
    u.dice(50, 30, 5).do(sink);
    u.do({ type: 'end_turn', actor: 'hero' });
    u.do({ type: 'end_turn', actor: 'mate' });
    const off = u.dice(50, 30, 3, 5).do({ type: 'attack', actor: 'foe', target: 'mate' });
    expect(u.lines(off)).toContain('Mate is out of every gravity field: it drifts away [OUT-SPACE-1]');
    expect(u.unit('mate').data.drift).toEqual({ dx: 1, dy: 0 });
    expect([t.unusedDice, u.unusedDice]).toEqual([[], []]);
  });

  it('OUT-SPACE-1, OUT-SPACE-2: a `structure` cell out in space stops a drift as a wreck does (ruling)', () => {
    // with the Raven wrecked (its field gone), the Drifter at (6,4) drifts east onto the structure at (7,4)
    const t = battle('space', [crew('drifter', [6, 4])], [{ at: [7, 4], tags: ['structure'] }]);
    t.state.units.drifter.data.drift = { dx: 1, dy: 0 };
    t.dice(50, 30, 5).do(sink);
    const r1 = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(r1)).toContain('Drifter drifts onto a structure at (7, 4) and catches hold: it drifts no further [OUT-SPACE-1, OUT-SPACE-2]');
    expect(t.unit('drifter').data.drift).toBeUndefined();
  });

  it('OUT-SPACE-2, OUT-SHIP-1: a ship that fell out of the sky is nothing for a hook to grapple, nor offered as one; a wreck in space still is (ruling)', () => {
    // (8,1), the Raven's deck, is 7 cells from Hero: in the hookshot's 8
    // afloat, the Raven is an anchor: Pull from (1,1) along (2,1) … (8,1), all free, onto its deck
    const afloat = battle('sky', []);
    const hooks = (t: Table) => t.engine.legalActions(t.state, 'hero').filter((o) => o.command.type === 'hookshot').map((o) => `${o.command.mode} ${String(o.command.at)}`);
    expect(hooks(afloat)).toEqual(expect.arrayContaining(['pull 8,1', 'push 8,1', 'pull 2,2']));
    afloat.do({ type: 'hookshot', actor: 'hero', at: [8, 1], mode: 'pull' });
    expect(afloat.unit('hero').position).toEqual({ x: 8, y: 1 });
    // sunk, it falls from altitude 2 (Foe 2d6(3, 4), out; the winged Gull keeps the fight going): its cells are open air
    const fell = battle('sky', [crew('gull', [5, 5], { side: 'foes', wings: true })]);
    fell.dice(50, 30, 5, 3, 4).do(sink);
    expect(fell.rejects({ type: 'hookshot', actor: 'hero', at: [8, 1], mode: 'pull' })).toBe('action/nothing_to_grapple');
    expect(hooks(fell).some((h) => h.endsWith(' 8,1'))).toBe(false); // nor is it offered
    expect(hooks(fell)).toContain('pull 2,2'); // the Dawn still is
    // in space the wreck stays where it broke: Pull from (1,1) along (2,1) … (8,1), all free: Hero ends on the wreck
    const space = battle('space', []);
    space.dice(50, 30, 5).do(sink);
    space.do({ type: 'hookshot', actor: 'hero', at: [8, 1], mode: 'pull' });
    expect(space.unit('hero').position).toEqual({ x: 8, y: 1 });
    expect([afloat.unusedDice, fell.unusedDice, space.unusedDice]).toEqual([[], [], []]);
  });
});
