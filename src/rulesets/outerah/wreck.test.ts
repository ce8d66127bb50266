// A ship whose Hull is lost (OUT-SHIP-1): who flies on and who falls in the sky, and who is where in space (OUT-SPACE-1).
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';
import type { Ship } from './ship-model.ts';

type Obj = Record<string, unknown>;
// the Dawn (heroes, deck x 0..3, y 0..2) and the Raven (foes, deck x 8..11, y 0..2); Hero (longbow) on the Dawn at (1,1)
const dawn = { id: 'dawn', name: 'Dawn', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 2 };
const raven = { id: 'raven', name: 'Raven', side: 'foes', at: [8, 0], size: [4, 3], altitude: 2 };
const crew = (id: string, at: number[], over: Obj = {}) => ({ id, name: id[0].toUpperCase() + id.slice(1), side: 'foes', class: 'hunter', at, hp: 20, ...over });
function battle(surroundings: 'sky' | 'space', extra: Obj[], over: { foe?: Obj } = {}) {
  const t = new Table(outerah, duel({
    hero: { at: [1, 1], weapons: ['longbow'] }, foe: { at: [9, 1], ...over.foe }, extra,
    doc: { map: { width: 14, height: 6, surroundings }, ships: [dawn, raven] },
  }));
  // Hero 6 + 1 + 5 = 12, Foe 2 + 1 + 1 = 4; the crew (hunters, Agility 10) 5 + 0 + d12 of 2, 3...: 7, 8...
  t.start(5, 1, ...extra.map((_, i) => i + 2));
  (t.state.data.ships as unknown as Record<string, Ship>).raven.sections[0].hp = 10; // the Hull, worn down
  return t;
}
// Hero's longbow at the Raven's Hull: crit D100(50) no, hit D100(30) ≤ 50 + Charisma 30; 1d10(5) + Strength 20 = 25,
// × Super Charge 1.5 = 37 ≥ 10: the Hull is gone
const sink = { type: 'attack_ship', actor: 'hero', ship: 'raven', section: 'hull', weapon: 'longbow' };

describe('outerah: a wrecked ship and its crew', () => {
  it('OUT-SHIP-1, OUT-SPACE-1, OUT-SHIP-3: in the sky a winged crew member on deck takes wing and fights on, as a shoved or catapulted flier does; the wingless, and the winged below deck, fall with the ship (ruling)', () => {
    // Harpy (winged) on the Raven's deck at (10,1); Bat (winged) below deck at the left cannon, (11,2)
    const t = battle('sky', [crew('harpy', [10, 1], { wings: true }), crew('bat', [11, 2], { wings: true, station: 'left_cannon' })]);
    // the Raven falls from altitude 2. Foe, wingless: 2d6(3, 4) = 7 (30 → 23), out. The Harpy flies on at (10,1),
    // unhurt. The Bat is in the hold, a sprint from the deck, and the ship falls at once: no room for its wings,
    // 2d6(6, 6) = 12 (20 → 8), out
    const ev = t.dice(50, 30, 5, 3, 4, 6, 6).do(sink);
    expect(t.lines(ev)).toEqual(expect.arrayContaining([
      'Harpy takes wing as Raven falls away: it flies on [OUT-SHIP-1, OUT-SPACE-1]',
      'Bat has no room to spread its wings: below deck in Raven [OUT-SHIP-1]',
    ]));
    expect(t.checks(ev).slice(3)).toEqual(['2d6(3, 4) (2 levels: 1d6 each) = 7 → 7 damage [OUT-SHIP-1]', '2d6(6, 6) (2 levels: 1d6 each) = 12 → 12 damage [OUT-SHIP-1]']);
    expect([t.hp('foe'), t.hp('harpy'), t.hp('bat')]).toEqual([23, 20, 8]);
    expect([t.unit('foe').status, t.unit('harpy').status, t.unit('bat').status]).toEqual(['fled', 'active', 'fled']);
    expect(t.unit('harpy').position).toEqual({ x: 10, y: 1 });
    expect(t.unit('bat').data.station).toBeUndefined(); // the stations went down with the Hull
    expect(t.state.result).toBeUndefined(); // the Harpy is still in the fight
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-SHIP-1, OUT-MNT-1: a winged rider on a wingless mount lets it fall from under it and flies on (ruling)', () => {
    // Foe (winged, Wisdom 40) rides the Mule (no wings, 30 HP) at (9,1). The Mule falls: 2d6(2, 2) = 4 (30 → 26), out;
    // Foe flies on, no longer riding
    const t = battle('sky', [crew('mule', [9, 1], { hp: 30 })], { foe: { wings: true, stats: { agility: 20, wisdom: 40 }, mount: { unit: 'mule' } } });
    const ev = t.dice(50, 30, 5, 2, 2).do(sink);
    expect(t.lines(ev)).toContain('Mule has no wings and falls with Raven from under Foe, who takes wing and flies on [OUT-SHIP-1, OUT-MNT-1]');
    expect([t.unit('foe').status, t.unit('mule').status]).toEqual(['active', 'fled']);
    expect([t.hp('foe'), t.hp('mule')]).toEqual([30, 26]);
    expect(t.unit('foe').data.mount).toEqual({ unit: 'mule', state: 'beside' });
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-SHIP-1, OUT-SPACE-1, OUT-SHIP-3: in space the wreck\'s gravity is gone: its crew are out in space, Movement halved, not drifting; the crew below deck come out and can be attacked (ruling)', () => {
    // Gunner below deck at the right cannon, (8,2): Hero cannot shoot it there
    const t = battle('space', [crew('gunner', [8, 2], { station: 'right_cannon' })]);
    expect(t.rejects({ type: 'attack', actor: 'hero', target: 'gunner', weapon: 'longbow' })).toBe('action/below_deck');
    const ev = t.dice(50, 30, 5).do(sink);
    expect(t.lines(ev)).toEqual(expect.arrayContaining([
      "Raven's Hull is destroyed: the crew below deck come out among the wreckage [OUT-SHIP-1]",
      'Raven is a wreck [OUT-SHIP-1]',
      "Raven's gravity field is gone with its Hull: Foe, Gunner are out in space, Movement halved; nothing shoved them, so they do not drift [OUT-SHIP-1, OUT-SPACE-1]",
    ]));
    // no one was shoved: no drift, no fall, everyone where they stood
    expect([t.unit('foe').data.drift, t.unit('gunner').data.drift, t.unit('gunner').data.station]).toEqual([undefined, undefined, undefined]);
    expect([t.unit('foe').position, t.unit('gunner').position]).toEqual([{ x: 9, y: 1 }, { x: 8, y: 2 }]);
    // the Gunner's turn (Speed 7): each step on the wreck costs 2 of its 5 Movement
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.active).toBe('gunner');
    const steps = t.engine.legalActions(t.state, 'gunner').filter((o) => o.command.type === 'move').map((o) => o.label);
    expect(steps).toEqual(expect.arrayContaining(['Move to (8, 1) — 2 Movement', 'Move to (8, 0) — 4 Movement']));
    expect(steps).not.toContain('Move to (8, 1) — 1 Movement');
    // back to Hero: the Gunner is no one's below-deck crew now, and the longbow reaches it
    t.passUntil('hero');
    expect(t.engine.legalActions(t.state, 'hero').some((o) => o.command.type === 'attack' && o.command.target === 'gunner')).toBe(true);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-SHIP-1, OUT-DMG-4: crew already down at 0 HP go down with the falling ship without a fall-damage roll: the dice could change nothing (ruling)', () => {
    // the Cook lies on the Raven's deck at (10,1) at 0 HP (down: no Speed roll). The Raven falls from altitude 2:
    // Foe, up, rolls 2d6(3, 4) = 7 (30 → 23), out; the Cook rolls nothing — hit points stop at 0 and no rule kills by
    // damage — and is out all the same, still at 0 HP (what the roster carries back)
    const t = battle('sky', [crew('cook', [10, 1], { startHp: 0 })]);
    expect(t.unit('cook').status).toBe('down');
    const ev = t.dice(50, 30, 5, 3, 4).do(sink);
    expect(t.checks(ev).slice(3)).toEqual(['2d6(3, 4) (2 levels: 1d6 each) = 7 → 7 damage [OUT-SHIP-1]']);
    expect(t.lines(ev)).toContain('Cook is already down at 0 HP: the fall can take nothing more from it, so no dice are rolled [OUT-SHIP-1]');
    expect([t.unit('foe').status, t.unit('cook').status]).toEqual(['fled', 'fled']);
    expect([t.hp('foe'), t.hp('cook')]).toEqual([23, 0]);
    expect(t.unusedDice).toEqual([]);
  });
});
