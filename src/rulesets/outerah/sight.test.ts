// Fog of war by outerah's own sight rule (docs/fog.md): a Hidden enemy cannot be found (OUT-OPEN-2).
import { describe, expect, it } from 'vitest';
import { sightOf, type EncounterState, type GridMap, type Unit } from '../../engine/index.ts';
import { outerah } from './index.ts';

const unit = (id: string, side: string, x: number, y: number, controller?: string): Unit => ({ id, name: id, side, status: 'active', stats: {}, pools: {}, position: { x, y }, data: {}, ...(controller ? { controller } : {}) });

function stateOf(map: GridMap, units: Unit[]): EncounterState {
  return {
    ruleset: 'outerah', name: 'test', status: 'active', version: 1,
    units: Object.fromEntries(units.map((u) => [u.id, u])), unitOrder: units.map((u) => u.id), sides: [...new Set(units.map((u) => u.side))],
    turn: { round: 1, order: [], index: -1 }, effects: [], pending: [], nextId: 1, data: {}, map,
  } as EncounterState;
}

const mapOf = (rows: string[], vision?: GridMap['vision']): GridMap => ({ kind: 'grid', width: rows[0].length, height: rows.length, cells: {}, ...(vision ? { vision } : {}) });

describe('outerah sight under fog of war', () => {
  it("outerah: a Hidden enemy in plain sight stays unseen (its own rule, OUT-OPEN-2); an ally's Hidden does not hide it from its side", () => {
    const map = mapOf(['....'], { on: true });
    const s = { ...stateOf(map, [unit('me', 'heroes', 0, 0, 'p1'), unit('sneak', 'orcs', 2, 0), unit('friend', 'heroes', 3, 0)]), ruleset: 'outerah' };
    s.effects = [
      { id: 'fx1', name: 'Hidden', target: 'sneak', stacks: 1 },
      { id: 'fx2', name: 'Hidden', target: 'friend', stacks: 1 },
    ];
    expect([...sightOf(s, ['me'], ['me'], outerah.sight)!.units].sort()).toEqual(['friend', 'me']);
    // the same state without the ruleset's rule: both seen
    expect([...sightOf(s, ['me'], ['me'])!.units].sort()).toEqual(['friend', 'me', 'sneak']);
  });
});
