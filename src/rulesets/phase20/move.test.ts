// phase20's move search is kept in the engine's store under a key naming where every other unit stands
// (one character per unit on a whole cell): a key that let two placements meet would hand one the
// other's search. Many placements, each held to a search made afresh with the rule written plainly
// (P20-ACT-2: enemies block; allies and fainted bodies may be passed, not stood on).
import { readFileSync } from 'node:fs';
import { RandomStream, streamSource } from '../../dice/index.ts';
import { describe, expect, it } from 'vitest';
import { createEngine, type Cell, type EncounterState, type GridMap, type Unit } from '../../engine/index.ts';
import { cellKey, reachable, type MoveRules } from '../../engine/space/index.ts';
import { loadText } from '../load.ts';
import { phase20 } from './index.ts';
import { reachableCells, reachedOf } from './move.ts';

const engine = createEngine(phase20);

function plainRules(state: EncounterState, mover: Unit): MoveRules {
  const blocked = new Set<string>();
  const passed = new Set<string>();
  for (const id of state.unitOrder) {
    const o = state.units[id];
    if (o.id === mover.id || !o.position || (o.status !== 'active' && o.status !== 'down')) continue;
    (o.status === 'active' && o.side !== mover.side ? blocked : passed).add(cellKey(o.position));
  }
  return { occupied: (c: Cell) => blocked.has(cellKey(c)), passOnly: (c: Cell) => !blocked.has(cellKey(c)) && passed.has(cellKey(c)) };
}

describe('the move search kept by where the others stand (P20-ACT-2)', () => {
  it('P20-ACT-2: every placement finds its own search, the same as one made afresh', () => {
    const f = 'examples/phase20/crossroads-4v4.yaml';
    const r = loadText(readFileSync(f, 'utf8'), f);
    if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
    const started = engine.decide(engine.replay(engine.create(r.value.doc)), { type: 'start' }, streamSource(RandomStream.stream(1, 0)));
    if (!started.ok) throw new Error(started.rejection.message);
    const state = structuredClone(started.state);
    const map = state.map as GridMap;
    const ids = state.unitOrder;
    // the one who moves stays put with the same movement (the rest of the key the same); the others
    // stand where they are, but one at a time is put on each cell about it, standing and fainted, and
    // now and then off the whole cells (spelt out in the key): only the key's part for the others tells
    // these searches apart, and each is asked twice (the second found in the store)
    const mover = state.units[ids[0]];
    mover.position = { x: 7, y: 5 };
    mover.pools.movement.value = 4;
    mover.status = 'active';
    const home = new Map(ids.map((id) => [id, { ...state.units[id].position! }]));
    let asked = 0;
    for (const id of ids.slice(1)) {
      const u = state.units[id];
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const c = { x: 7 + dx, y: 5 + dy };
          if ((dx === 0 && dy === 0) || map.cells[cellKey(c)]?.blocksMove || ids.some((o) => o !== id && cellKey(state.units[o].position!) === cellKey(c))) continue;
          for (const [status, off] of [['active', 0], ['down', 0], ['active', 0.5]] as const) {
            u.position = { x: c.x + off, y: c.y };
            u.status = status;
            for (let twice = 0; twice < 2; twice++) {
              const fresh = reachable(map, mover.position, 4, plainRules(state, mover));
              expect([...reachableCells(state, mover)], `${id} at (${u.position.x}, ${u.position.y}), ${status}`).toEqual([...fresh]);
              // the numbers the walk and the move command read say the same
              expect(reachedOf(state, mover).count).toBe(fresh.size);
            }
            asked++;
          }
        }
      }
      u.position = home.get(id)!;
      u.status = 'active';
    }
    expect(asked).toBeGreaterThan(300);
  });
});
