/**
 * occupiedBy(state.units, [a, b]) for a question or two (a knock back asks of at most 2 tiles): the units
 * looked through for each tile asked, nothing indexed first — for a question asked once per version,
 * where the fight's view (fight-view.ts) would be built for it alone.
 */
import type { Cell, EncounterState } from '../../engine/index.ts';
import { occupies } from '../../engine/space/occupancy.ts';

export function standingBut(state: EncounterState, a: string, b: string): (c: Cell) => boolean {
  return (c) => {
    for (const id in state.units) {
      const o = state.units[id];
      if (o.id !== a && o.id !== b && occupies(o) && o.position!.x === c.x && o.position!.y === c.y) return true;
    }
    return false;
  };
}
