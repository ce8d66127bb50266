// Fog of war's sight (vision.ts) on small maps worked out by hand: walls, smoke, range, Hidden, memory.
import { describe, expect, it } from 'vitest';
import type { EncounterState, GridMap, Unit } from '../types.ts';
import { cellsInSight, fogState, remember, sightOf, sightRows } from './vision.ts';

/** A map drawn as rows: '#' a wall (blocks sight), '~' smoke (blocks sight), '.' open ground. */
function mapOf(rows: string[], vision?: GridMap['vision']): GridMap {
  const cells: GridMap['cells'] = {};
  rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === '#') cells[`${x},${y}`] = { tags: ['wall'], blocksMove: true, blocksSight: true };
    if (ch === '~') cells[`${x},${y}`] = { tags: ['smoke'], blocksSight: true };
  }));
  return { kind: 'grid', width: rows[0].length, height: rows.length, cells, ...(vision ? { vision } : {}) };
}

const unit = (id: string, side: string, x: number, y: number, controller?: string): Unit => ({ id, name: id, side, status: 'active', stats: {}, pools: {}, position: { x, y }, data: {}, ...(controller ? { controller } : {}) });

function stateOf(map: GridMap, units: Unit[]): EncounterState {
  return {
    ruleset: 'phase20', name: 'test', status: 'active', version: 1,
    units: Object.fromEntries(units.map((u) => [u.id, u])), unitOrder: units.map((u) => u.id), sides: [...new Set(units.map((u) => u.side))],
    turn: { round: 1, order: [], index: -1 }, effects: [], pending: [], nextId: 1, data: {}, map,
  } as EncounterState;
}

/** Sight as rows of '1' (seen) and '.' (not), to compare with a drawing. */
const drawn = (map: GridMap, cells: Uint8Array) => Array.from({ length: map.height }, (_, y) => Array.from({ length: map.width }, (_, x) => (cells[y * map.width + x] ? '1' : '.')).join(''));

describe('what a unit sees', () => {
  it('a wall hides what is behind it; the wall itself is seen', () => {
    // A at (0,2), a wall at (2,1..3). Worked by the line rule (line.ts: step i is a + d·i/n rounded half up):
    //  (3,0): steps (1,1), (2,1) — the wall: hidden.  (4,0): (1,2|1,1 a tie), (2,1) wall: hidden.
    //  (2,0): one step (1,1), open: seen.  (2,1): a tie (1,2)|(1,1), both open: the wall is seen.
    //  (3,4): steps (1,3), (2,3) — the wall: hidden (half up rounds toward +y, so the bottom row is no freer).
    const map = mapOf([
      '.....',
      '..#..',
      '..#..',
      '..#..',
      '.....',
    ]);
    expect(drawn(map, cellsInSight(map, { x: 0, y: 2 }, Infinity))).toEqual([
      '111..',
      '111..',
      '111..',
      '111..',
      '111..',
    ]);
  });

  it('range cuts sight off (Chebyshev: a square around the unit)', () => {
    const map = mapOf(['.......', '.......', '.......', '.......', '.......']);
    expect(drawn(map, cellsInSight(map, { x: 3, y: 2 }, 1))).toEqual([
      '.......',
      '..111..',
      '..111..',
      '..111..',
      '.......',
    ]);
  });

  it('smoke hides like a wall, but not the cell next to the looker beyond it (neighbours have nothing between)', () => {
    const map = mapOf(['.~.', '...']);
    // from (0,0): (1,0) smoke is seen; (2,0) lies behind it on row 0; (2,1) is reached by the line (1,0.5): a tie between
    // (1,0) smoke and (1,1) open, and a tie lets sight through when either cell is clear
    expect(drawn(map, cellsInSight(map, { x: 0, y: 0 }, Infinity))).toEqual(['11.', '111']);
  });

  it("sees units on seen cells, not those behind walls, and always its player's own", () => {
    const map = mapOf(['.#.', '.#.', '...'], { on: true });
    const s = stateOf(map, [unit('me', 'heroes', 0, 0, 'p1'), unit('ally', 'heroes', 2, 0), unit('orc', 'orcs', 2, 1), unit('wolf', 'orcs', 2, 2)]);
    const sight = sightOf(s, ['me'], ['me'])!;
    // from (0,0): (2,0) behind (1,0); (2,1) a tie between (1,1) and (1,0), both walls; (2,2) the diagonal through (1,1);
    // (1,2) a tie between (1,1) wall and (0,1) open: seen
    expect(drawn(map, sight.cells)).toEqual(['11.', '11.', '11.']);
    expect([...sight.units].sort()).toEqual(['me']);
    // from (0,2): the bottom row is open, (2,2) in sight: the wolf is seen
    const s2 = stateOf(map, [unit('me', 'heroes', 0, 2, 'p1'), unit('wolf', 'orcs', 2, 2)]);
    expect([...sightOf(s2, ['me'], ['me'])!.units].sort()).toEqual(['me', 'wolf']);
  });

  it('a down unit does not look; vision off gives no sight at all', () => {
    const map = mapOf(['...'], { on: true });
    const s = stateOf(map, [{ ...unit('me', 'heroes', 0, 0, 'p1'), status: 'down' }, unit('orc', 'orcs', 2, 0)]);
    expect([...sightOf(s, ['me'], ['me'])!.units]).toEqual(['me']);
    expect(sightOf(stateOf(mapOf(['...']), [unit('me', 'heroes', 0, 0, 'p1')]), ['me'], ['me'])).toBeUndefined();
  });

  it('a per-unit range overrides the encounter range', () => {
    const map = mapOf(['......'], { on: true, range: 1, units: { scout: 4 } });
    const s = stateOf(map, [unit('scout', 'heroes', 0, 0, 'p1'), unit('orc', 'orcs', 4, 0), unit('far', 'orcs', 5, 0)]);
    expect([...sightOf(s, ['scout'], ['scout'])!.units].sort()).toEqual(['orc', 'scout']);
  });

});

describe('the state a player knows', () => {
  it('hides units out of sight, keeps only terrain seen or remembered, and draws the rows', () => {
    const map = mapOf(['..#..'], { on: true, range: 2, units: { me: 2 } });
    map.cells['4,0'] = { tags: ['mud'], cost: 2 };
    const s = stateOf(map, [unit('me', 'heroes', 0, 0, 'p1'), unit('orc', 'orcs', 4, 0)]);
    const remembered = new Uint8Array(5);
    const sight = sightOf(s, ['me'], ['me'])!;
    const known = fogState(s, sight, remembered);
    expect(known.units.orc.hidden).toBe(true);
    expect(known.units.me.hidden).toBeUndefined();
    // the wall at (2,0) is seen (range 2 reaches it); the mud at (4,0) is not: it is not sent
    expect(Object.keys((known.map as GridMap).cells)).toEqual(['2,0']);
    expect((known.map as GridMap).vision).toEqual({ on: true, range: 2, rows: ['22200'] });
    // the per-unit ranges name units: never sent
    expect(JSON.stringify(known.map)).not.toContain('units');
    remember(remembered, sight);
    // later the GM narrows sight to 1: (0,0) and (1,0) in sight, the wall (2,0) remembered, dimmed ('1')
    const map2: GridMap = { ...map, vision: { on: true, range: 1 } };
    const sight2 = sightOf({ ...s, map: map2 }, ['me'], ['me'])!;
    expect(sightRows(map2, sight2.cells, remembered)).toEqual(['22100']);
  });

  it('is the real state itself with vision off', () => {
    const s = stateOf(mapOf(['...']), [unit('me', 'heroes', 0, 0, 'p1')]);
    expect(fogState(s, undefined, new Uint8Array(3))).toBe(s);
  });
});
