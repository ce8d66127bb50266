/** What the board draws for an airship's heading: the bow mark, the heading read, and the cannon arcs. */
import { describe, expect, it } from 'vitest';
import type { EncounterState } from '../../../engine/index.ts';
import { bowOf, cannonArcs, outlineOf, shipsOf, steerWords } from './ships.ts';

const sections = [{ id: 'hull', kind: 'hull', name: 'Hull', tier: 1, hp: 100, max: 100 }];
const cannons = { left: { tier: 1, loaded: false }, right: { tier: 1, loaded: false } };
const ship = (id: string, at: [number, number], size: [number, number], heading?: string, more: object = {}) => ({
  id, name: id, side: 'sky', at: { x: at[0], y: at[1] }, size: { w: size[0], h: size[1] }, ...(heading ? { heading } : {}),
  movement: 3, altitude: 2, gravity: 2, sections, cannons, catapult: null, wrecked: false, ...more,
});
const unit = (id: string, at: [number, number], station?: string, status = 'active') => ({
  id, name: id, side: 'sky', status, stats: {}, pools: {}, position: { x: at[0], y: at[1] }, data: station ? { station } : {},
});
const encounter = (ships: object[], units: ReturnType<typeof unit>[], ruleset = 'outerah') =>
  ({
    ruleset, sides: ['sky'], units: Object.fromEntries(units.map((u) => [u.id, u])), unitOrder: units.map((u) => u.id),
    data: { ships: Object.fromEntries(ships.map((s) => [(s as { id: string }).id, s])) },
  }) as unknown as EncounterState;

const keys = (cells: { x: number; y: number }[]) => cells.map((c) => `${c.x},${c.y}`).sort();

describe('ship heading', () => {
  it('reads the heading (N when the data names none or a bad one) and where each cannon fires', () => {
    const s = encounter([ship('a', [0, 0], [2, 2], 'E'), ship('b', [4, 0], [2, 2]), ship('c', [8, 0], [2, 2], 'NE', { cannons: null })], []);
    expect(shipsOf(s).map((x) => [x.id, x.heading, x.broadsides])).toEqual([
      ['a', 'E', { left: 'N', right: 'S' }],
      ['b', 'N', { left: 'W', right: 'E' }],
      ['c', 'N', undefined],
    ]);
  });

  it('puts the bow on the deck edge the heading names, its tip pointing out of the deck', () => {
    const f = { x: 2, y: 3, w: 4, h: 2 }; // x 2..6, y 3..5 in cell units
    const n = bowOf(f, 'N');
    expect(n.edge).toEqual({ a: { x: 2, y: 3 }, b: { x: 6, y: 3 } });
    expect(n.points[1]).toEqual({ x: 4, y: 3 - 0.4 });
    const e = bowOf(f, 'E');
    expect(e.edge).toEqual({ a: { x: 6, y: 3 }, b: { x: 6, y: 5 } });
    expect(e.points[1]).toEqual({ x: 6 + 0.4, y: 4 });
    const s = bowOf(f, 'S');
    expect(s.edge).toEqual({ a: { x: 6, y: 5 }, b: { x: 2, y: 5 } });
    expect(s.points[1]).toEqual({ x: 4, y: 5 + 0.4 });
    const w = bowOf(f, 'W');
    expect(w.edge).toEqual({ a: { x: 2, y: 5 }, b: { x: 2, y: 3 } });
    expect(w.points[1]).toEqual({ x: 2 - 0.4, y: 4 });
    // the chevron's back corners sit inside the deck, no wider than the edge
    for (const b of [n, e, s, w]) for (const p of [b.points[0], b.points[2]]) {
      expect(p.x).toBeGreaterThanOrEqual(2);
      expect(p.x).toBeLessThanOrEqual(6);
      expect(p.y).toBeGreaterThanOrEqual(3);
      expect(p.y).toBeLessThanOrEqual(5);
    }
  });
});

describe('cannon arcs', () => {
  // a 2 × 1 deck at x 2..3, y 2 heading E on a 5 × 5 map: port is N, starboard S
  const small = ship('skiff', [2, 2], [2, 1], 'E');
  const map = { width: 5, height: 5 };

  it('the left cannon covers the quarter to port, the right to starboard, clipped to the map', () => {
    const s = encounter([small], [unit('l', [2, 2], 'left_cannon'), unit('r', [3, 2], 'right_cannon')]);
    const [left, right] = cannonArcs(s, map, ['l', 'r']);
    expect(left).toMatchObject({ ship: 'skiff', side: 'left', toward: 'N', unit: 'l' });
    // 1 out (y 1): level with the deck or 1 ahead/astern; 2 out (y 0): up to 2 — x 5 is off the map
    expect(keys(left.cells)).toEqual(keys([1, 2, 3, 4].map((x) => ({ x, y: 1 })).concat([0, 1, 2, 3, 4].map((x) => ({ x, y: 0 })))));
    expect(right).toMatchObject({ side: 'right', toward: 'S' });
    expect(keys(right.cells)).toEqual(keys([1, 2, 3, 4].map((x) => ({ x, y: 3 })).concat([0, 1, 2, 3, 4].map((x) => ({ x, y: 4 })))));
  });

  it('matches the ruleset example: heading N, deck x 4..7, y 0..2', () => {
    const s = encounter([ship('dawn', [4, 0], [4, 3], 'N')], [unit('g', [4, 1], 'left_cannon')]);
    const [arc] = cannonArcs(s, { width: 12, height: 8 }, ['g']);
    const k = keys(arc.cells);
    expect(k).toContain('1,1');
    expect(k).toContain('0,4');
    expect(k).not.toContain('3,6');
    expect(arc.cells.every((c) => c.x < 4)).toBe(true);
  });

  it('shows nothing for a unit not at a cannon, a wreck, a ship without cannons, or another ruleset; each cannon once', () => {
    const units = [unit('d', [2, 2], 'deck'), unit('l', [2, 2], 'left_cannon'), unit('down', [3, 2], 'right_cannon', 'down')];
    expect(cannonArcs(encounter([small], units), map, ['d', undefined, 'down', 'nobody'])).toEqual([]);
    expect(cannonArcs(encounter([{ ...small, wrecked: true }], units), map, ['l'])).toEqual([]);
    expect(cannonArcs(encounter([{ ...small, cannons: null }], units), map, ['l'])).toEqual([]);
    expect(cannonArcs(encounter([small], units, 'phase20'), map, ['l'])).toEqual([]);
    expect(cannonArcs(encounter([small], units), map, ['l', 'l'])).toHaveLength(1);
  });

  it('outlines a region by the sides of its cells that face outside it', () => {
    expect(outlineOf([{ x: 0, y: 0 }])).toHaveLength(4);
    expect(outlineOf([{ x: 0, y: 0 }, { x: 1, y: 0 }])).toHaveLength(6);
  });
});

describe('steering in words', () => {
  const s = encounter([ship('dawn', [1, 3], [6, 5], 'N', { name: 'Dawn Treader' })], []);
  it('reads the typed steer as directions a captain gives, north up the map', () => {
    expect(steerWords({ vessel: 'dawn', dx: 4, dy: 0, movement: 4 }, s)).toBe('Steer Dawn Treader 4 cells east');
    expect(steerWords({ vessel: 'dawn', dx: 0, dy: -1, movement: 4 }, s)).toBe('Steer Dawn Treader 1 cell north');
    expect(steerWords({ vessel: 'dawn', dx: -3, dy: 3, heading: 'W', turnCost: 1, movement: 4 }, s)).toBe('Steer Dawn Treader 3 cells south-west, turning to head west');
    expect(steerWords({ vessel: 'dawn', dx: 0, dy: 0, heading: 'S', turnCost: 2, movement: 4 }, s)).toBe('Turn Dawn Treader to head south (2 of its 4 cells)');
  });
});
