// Space: gravity fields, drifting, hookshots (OUT-SPACE-1, OUT-SPACE-2); badass tiers (OUT-MISC-1).
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';
import { encounterSchema } from './schema.ts';

type Obj = Record<string, unknown>;
// the Ark's deck is (0..3, 0..2); its gravity field reaches 2 cells further: x ≤ 5, y ≤ 4
const ark = { id: 'ark', name: 'Ark', side: 'heroes', at: [0, 0], size: [4, 3], gravity: 2 };
function space(over: { hero?: Obj; foe?: Obj } = {}) {
  const t = new Table(outerah, duel({ hero: { at: [5, 1], facing: 'W', hookshot: true, ...over.hero }, foe: { at: [4, 1], facing: 'E', ...over.foe }, doc: { map: { width: 12, height: 6, surroundings: 'space' }, ships: [ark] } }));
  t.start(5, 1); // Hero 12, Foe 4
  return t;
}
const label = (t: Table, x: number, y: number) => t.engine.legalActions(t.state, 'hero').find((o) => o.command.type === 'move' && `${o.command.to}` === `${x},${y}`)?.label;

describe('outerah space', () => {
  it('OUT-SPACE-1: outside a gravity field Movement is halved (a step costs 2); inside the ship\'s field it is normal', () => {
    const t = space();
    expect(label(t, 5, 2)).toBe('Move to (5, 2) — 1 Movement'); // still in the field
    expect(label(t, 7, 1)).toBe('Move to (7, 1) — 4 Movement'); // (6,1) and (7,1) are open space: 2 each
    expect(label(t, 8, 1)).toBeUndefined();
  });

  it('OUT-SPACE-1: a unit shoved off out of every field drifts away a cell a turn, unable to walk, lost past the edge', () => {
    const t = space();
    t.do({ type: 'end_turn', actor: 'hero' });
    // Foe maces Hero head-on (40): crit 50, hit 30, 1d6(3) + 10 − 4 = 9; Shove D100(5) ≤ 5 → (6,1), out of the field
    const ev = t.dice(50, 30, 3, 5).do({ type: 'attack', actor: 'foe', target: 'hero' });
    expect(t.lines(ev)).toContain('Hero is out of every gravity field: it drifts away [OUT-SPACE-1]');
    const next = t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.lines(next)).toContain('Hero drifts on to (7, 1) [OUT-SPACE-1]');
    expect(t.unit('hero').pools.movement.value).toBe(0);
    for (let i = 0; i < 14 && t.unit('hero').status === 'active'; i++) t.do({ type: 'end_turn', actor: t.active });
    expect(t.unit('hero').status).toBe('fled'); // drifted off the map's edge at x = 12
  });

  it('OUT-SPACE-2: a hookshot grapples the ship and Pulls the user back (drift ends), or repels it as a Push', () => {
    const t = space({ hero: { at: [8, 1] }, foe: { at: [9, 5] } });
    t.state.units.hero.data.drift = { dx: 1, dy: 0 };
    // Pull from (8,1) toward the deck cell (3,1): the line runs (7,1) … (3,1), all free
    t.do({ type: 'hookshot', actor: 'hero', at: [3, 1], mode: 'pull' });
    expect(t.unit('hero').position).toEqual({ x: 3, y: 1 });
    expect(t.unit('hero').data.drift).toBeUndefined();
    expect(t.rejects({ type: 'hookshot', actor: 'hero', at: [2, 1], mode: 'pull' })).toBe('action/slot_used'); // a Secondary action
    // repel from (5,1) off the deck at (3,1): pushed 3 cells to (8,1), out of the field: it drifts
    const u = space({ foe: { at: [9, 5] } });
    const ev = u.do({ type: 'hookshot', actor: 'hero', at: [3, 1], mode: 'push' });
    expect(u.unit('hero').position).toEqual({ x: 8, y: 1 });
    expect(u.lines(ev)).toContain('Hero is out of every gravity field: it drifts away [OUT-SPACE-1]');
    expect(u.rejects({ type: 'hookshot', actor: 'foe', at: [3, 1], mode: 'pull' })).toBe('turn/not_your_turn');
  });

  it('OUT-SPACE-1, OUT-SHIP-2: catapulted out of every gravity field a unit drifts away the way it flew; into a field it lands for 1 level, there being no height to fall (ruling)', () => {
    // Hero works the Ark's catapult at (1,1); Kid (small) stands by at (2,1); an asteroid's field is the cell (8,3).
    // Hero 12, Kid 4 + 0 + 1 = 5, Foe 4: Hero, Kid, Foe
    const kid = { id: 'kid', name: 'Kid', side: 'heroes', class: 'tradesmaster', at: [2, 1], hp: 30, size: 'small' };
    const launcher = () => {
      const t = new Table(outerah, duel({ hero: { at: [1, 1], station: 'catapult' }, foe: { at: [11, 5] }, extra: [kid], doc: { map: { width: 12, height: 6, surroundings: 'space', terrain: [{ at: [8, 3], tags: ['gravity'] }] }, ships: [ark] } }));
      t.start(5, 1, 1);
      return t;
    };
    // (8,1) is 7 cells off (range 5..25), past the field's x ≤ 5: no landing, no fall damage; it drifts east
    const t = launcher();
    expect(t.engine.legalActions(t.state, 'hero').map((o) => o.label)).toContain('Catapult Kid to (8, 1) — out of every gravity field: it drifts away');
    const ev = t.do({ type: 'launch', actor: 'hero', payload: 'unit', unit: 'kid', to: [8, 1] });
    expect(t.lines(ev)).toContain('Hero catapults Kid out of every gravity field at (8, 1): nothing stops it [OUT-SHIP-2, OUT-SPACE-1]');
    expect(t.unit('kid').data.drift).toEqual({ dx: 1, dy: 0 });
    expect(t.hp('kid')).toBe(30);
    const next = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.lines(next)).toContain('Kid drifts on to (9, 1) [OUT-SPACE-1]');
    // onto the asteroid's field at (8,3): the least landing, 1 level — 1d6(4) = 4 (not the Ark's altitude 10's 10d6)
    const a = launcher();
    const land = a.dice(4).do({ type: 'launch', actor: 'hero', payload: 'unit', unit: 'kid', to: [8, 3] });
    expect(a.checks(land)).toEqual(['1d6(4) (1 level: 1d6 each) = 4 → 4 damage [OUT-SHIP-2]']);
    expect(a.unit('kid')).toMatchObject({ status: 'active', position: { x: 8, y: 3 } });
    expect(a.unit('kid').data.drift).toBeUndefined();
    expect([t.unusedDice, a.unusedDice]).toEqual([[], []]);
  });

  it('OUT-SPACE-2, OUT-SPACE-1, OUT-SHIP-2: a hookshot pull stopped short over open air in the sky leaves a wingless user to fall; on wings it hangs there; one that reaches the deck lands (ruling)', () => {
    // the Ark's deck (0..3, 0..2) at altitude 5, the Raven's (8..10, 0..2) at altitude 7, open sky between. Hero (no
    // wings, 40 HP) on the Ark's edge at (3,1) grapples the Raven's deck at (9,1), 6 cells off; Foe stands at (8,1)
    const raven = { id: 'raven', name: 'Raven', side: 'foes', at: [8, 0], size: [3, 3], altitude: 7 };
    const sky = (hero: Obj = {}, foe: Obj = {}) => {
      const t = new Table(outerah, duel({ hero: { at: [3, 1], hookshot: true, ...hero }, foe: { at: [8, 1], wings: true, ...foe }, doc: { map: { width: 12, height: 6, surroundings: 'sky' }, ships: [{ ...ark, altitude: 5 }, raven] } }));
      t.start(5, 1); // Hero 12, Foe 4
      return t;
    };
    // the line runs (4,1) … (9,1); Foe's cell (8,1) stops it at (7,1), open air: it falls from the Ark it left,
    // altitude 5: 5d6 (1, 2, 3, 4, 5) = 15 (40 → 25), then out of the fight (fled)
    const t = sky();
    const ev = t.dice(1, 2, 3, 4, 5).do({ type: 'hookshot', actor: 'hero', at: [9, 1], mode: 'pull' });
    expect(t.lines(ev)).toContain("Hero's hookshot grapples (9, 1) and pulls it to (7, 1), short of it: Foe is in the way [OUT-SPACE-2]");
    expect(t.lines(ev)).toContain("Hero is left in open air where the hookshot's pull stops short and falls [OUT-SPACE-2, OUT-SPACE-1]");
    expect(t.checks(ev)).toEqual(['5d6(1, 2, 3, 4, 5) (5 levels: 1d6 each) = 15 → 15 damage [OUT-SHIP-2]']);
    expect(t.unit('hero')).toMatchObject({ status: 'fled', position: { x: 7, y: 1 } });
    expect(t.hp('hero')).toBe(25);
    // with wings Hero hangs at (7,1), unhurt and in the fight; with Foe elsewhere the pull runs on to the
    // grappled deck cell (9,1) itself, on the Raven: no fall
    const w = sky({ wings: true });
    w.do({ type: 'hookshot', actor: 'hero', at: [9, 1], mode: 'pull' });
    expect(w.unit('hero')).toMatchObject({ status: 'active', position: { x: 7, y: 1 } });
    const d = sky({}, { at: [11, 5] });
    const deck = d.do({ type: 'hookshot', actor: 'hero', at: [9, 1], mode: 'pull' });
    expect(d.lines(deck).some((l) => l.includes('falls'))).toBe(false);
    expect(d.unit('hero')).toMatchObject({ status: 'active', position: { x: 9, y: 1 } });
    expect([t.unusedDice, w.unusedDice, d.unusedDice]).toEqual([[], [], []]);
  });

  it('OUT-SPACE-2: a pull ends on the grappled deck or structure cell itself, against a wall it grapples, and short of whoever is in the way (ruling)', () => {
    // space map; a girder (`structure`) at (9,1), a wall at (9,3). Hero (5,1) pulls to the girder: the line (6,1) …
    // (9,1) is free, so Hero ends on it, holding on (no drift out of every field)
    const doc = { map: { width: 12, height: 6, surroundings: 'space', terrain: [{ at: [9, 1], tags: ['structure'] }, { at: [9, 3], blocksMove: true }] }, ships: [ark] };
    const t = new Table(outerah, duel({ hero: { at: [5, 1], hookshot: true }, foe: { at: [4, 4] }, doc }));
    t.start(5, 1);
    const ev = t.do({ type: 'hookshot', actor: 'hero', at: [9, 1], mode: 'pull' });
    expect(t.lines(ev)).toContain("Hero's hookshot grapples (9, 1) and pulls it to (9, 1), onto a structure it grapples [OUT-SPACE-2]");
    expect(t.unit('hero').data.drift).toBeUndefined();
    // from (5,3) to the wall (9,3): it cannot be entered, so the pull ends on (8,3), up against it
    const w = new Table(outerah, duel({ hero: { at: [5, 3], hookshot: true }, foe: { at: [4, 4] }, doc }));
    w.start(5, 1);
    const wall = w.do({ type: 'hookshot', actor: 'hero', at: [9, 3], mode: 'pull' });
    expect(w.lines(wall)).toContain("Hero's hookshot grapples (9, 3) and pulls it to (8, 3), up against the wall it grapples [OUT-SPACE-2]");
    expect(w.unit('hero').position).toEqual({ x: 8, y: 3 });
  });

  it('OUT-MISC-1: badass tiers are cut off in the text: there is no badass field (ruling: model one as a higher-level unit)', () => {
    const r = encounterSchema.safeParse(duel({ foe: { badass: 'legendary' } }));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('unknown field "badass"');
  });
});
