// A map's cells by number (issue 40, point 2): the terrain questions read arrays compiled once per map object and
// answer as the map's cells do. OUT-TER-1, OUT-TER-2, OUT-TER-3, OUT-RNG-2.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, type EncounterState, type GridMap } from '../../engine/index.ts';
import { elevationAt, hasTag } from '../../engine/space/grid.ts';
import { cellInfo, DIFFICULT, GRAVITY, groundAt, LAND, MOUNTAIN, tagsAt, WATER } from './cells.ts';
import { heightOf, unitsOf } from './model.ts';
import { isMountainJump } from './terrain.ts';
import { loadText } from '../load.ts';
import { examplesOf } from '../../../test/rulesets/example-turns.ts';

const TAGS: [string, number][] = [['water', WATER], ['difficult', DIFFICULT], ['mountain', MOUNTAIN], ['land', LAND], ['gravity', GRAVITY]];

function examples(): { file: string; state: EncounterState }[] {
  return examplesOf('outerah').map(({ file, engine, doc }) => ({ file, state: engine.replay(engine.create(doc)) }));
}

/** Every answer the arrays give equals the map's own, on the map, one cell around it and at half cells. */
function expectSameAnswers(map: GridMap): number {
  let n = 0;
  for (let y = -1; y <= map.height; y++) {
    for (let x = -1; x <= map.width; x++) {
      for (const c of [{ x, y }, { x: x + 0.5, y }]) {
        const bits = tagsAt(map, c);
        for (const [tag, bit] of TAGS) expect((bits & bit) !== 0, `${tag} at ${c.x},${c.y}`).toBe(hasTag(map, c, tag));
        expect(groundAt(map, c)).toBe(elevationAt(map, c));
        n++;
      }
    }
  }
  return n;
}

describe('outerah cells by number', () => {
  it('OUT-TER-1, OUT-TER-2, OUT-TER-3: every cell of every example map has the tags and ground height its terrain gives', () => {
    let tagged = 0;
    for (const { state } of examples()) {
      const map = state.map as GridMap;
      expect(expectSameAnswers(map)).toBeGreaterThan(0);
      tagged += cellInfo(map).tags.filter((b) => b !== 0).length;
    }
    expect(tagged).toBeGreaterThan(10);
  });

  it('OUT-TER-3: a cell the map names off its grid is read as the map reads it', () => {
    const map: GridMap = { width: 3, height: 2, cells: { '1,1': { tags: ['mountain'], elevation: 2 }, '5,0': { tags: ['water', 'land'], elevation: 4 } } } as unknown as GridMap;
    expectSameAnswers(map);
    expect(tagsAt(map, { x: 5, y: 0 })).toBe(WATER | LAND);
    expect(groundAt(map, { x: 5, y: 0 })).toBe(4);
    expect(groundAt(map, { x: 1, y: 1 })).toBe(2);
  });

  it('OUT-RNG-2, OUT-TER-3: a new map (the map.set event) is read afresh: heights and jumps never come from the old one', () => {
    const dir = new URL('../../../examples/outerah/', import.meta.url);
    const loaded = loadText(readFileSync(new URL('ridge-cover.yaml', dir), 'utf8'), 'ridge-cover.yaml');
    if (!loaded.ok) throw new Error('ridge-cover.yaml');
    const engine = createEngine(loaded.value.ruleset);
    const state = engine.replay(engine.create(loaded.value.doc));
    const u = unitsOf(state).find((x) => x.position)!;
    const map = state.map as GridMap;
    const at = u.position!;
    const next = { x: at.x + 1 < map.width ? at.x + 1 : at.x - 1, y: at.y };
    const before = heightOf(state, u);
    expect(isMountainJump(state, at, next)).toBe(elevationAt(map, at) !== elevationAt(map, next) && (hasTag(map, at, 'mountain') || hasTag(map, next, 'mountain')));
    // the unit's cell raised into a mountain, 5 higher (as cover.ts burns a cell: a map.set with a fresh map)
    const raised = { ...map, cells: { ...map.cells, [`${at.x},${at.y}`]: { tags: ['mountain'], elevation: elevationAt(map, at) + 5 } } };
    const after = engine.evolve(state, { type: 'map.set', map: raised });
    expect(heightOf(after, after.units[u.id])).toBe(before + 5);
    expect(tagsAt(after.map as GridMap, at) & MOUNTAIN).toBe(MOUNTAIN);
    expect(isMountainJump(after, at, next)).toBe(true);
    expectSameAnswers(after.map as GridMap);
    // and the old map still answers as before
    expect(heightOf(state, u)).toBe(before);
  });
});
