/**
 * What one decision of outerah's aggressive policy reads of the units, gathered once (issue 40, points 2 and
 * 3): the units by number (the state's own unit objects in unit order), which of them
 * a side may strike, as flags by unit number, and where those foes stand. Every question of the decision —
 * the attacks, casts and pet orders open, the walk toward the nearest foe — reads these instead of walking
 * the units by id and scanning the effects for Hidden once per unit asked.
 *
 * Made at the start of a decision and dropped at its end (never kept on or beside the state), so it cannot
 * go stale: nothing changes the state while a policy chooses.
 */
import { unitsOf } from './model.ts';
import type { Cell, EncounterState, Unit } from '../../engine/index.ts';

export interface Field {
  readonly state: EncounterState;
  /** The units in unit order. */
  readonly units: readonly Unit[];
  /** Units hidden (a Hidden effect on them) by number, or undefined when none is (most decisions). */
  readonly hidden: Uint8Array | undefined;
  /** Foe flags and cells of the sides asked so far (see foesOf): one or two sides a decision, so a short list. */
  readonly bySide: Foes[];
}

/** The foes of one side: whom a unit of it may strike (targetBars' null), by unit number, and where they stand. */
export interface Foes {
  /** The side whose foes these are. */
  readonly side: string;
  /** 1 where targetBars(state, u, units[i]) is null for a unit `u` of the side: active, of another side, not Hidden. */
  readonly strike: readonly number[];
  /** The cells of those foes, in unit order (the aggressive policy's enemyCells: what its walk measures against). */
  readonly cells: Cell[];
  /** The cells of every active unit of another side that has one, Hidden or not (a pet's Move Order measures against these). */
  readonly standing: Cell[];
}

/** The field of `state` now: one pass over its effects (Hidden), none over the units until a side's foes are asked. */
export function fieldOf(state: EncounterState): Field {
  // the units in order, read once (not the engine's lineup: outerah's own events drop it, so a fight with ships
  // or pets rebuilt it for nearly every decision — dearer than this one pass)
  const units = unitsOf(state);
  let hidden: Uint8Array | undefined;
  for (const f of state.effects) {
    if (f.name !== 'Hidden') continue;
    hidden ??= new Uint8Array(units.length);
    for (let i = 0; i < units.length; i++) if (units[i].id === f.target) hidden[i] = 1;
  }
  return { state, units, hidden, bySide: [] };
}

/** The foes of `u`'s side (targetBars and canBeTargeted read a viewer's side alone, and its id only to refuse itself: never a foe). */
export function foesOf(field: Field, u: Unit): Foes {
  for (const f of field.bySide) if (f.side === u.side) return f;
  const { units, hidden } = field;
  // plain small integers pushed one by one: a typed array this small, or an array filled, costs more to make
  // than it saves to read
  const strike: number[] = [];
  const cells: Cell[] = [];
  const standing: Cell[] = [];
  for (let i = 0; i < units.length; i++) {
    const t = units[i];
    if (t.side === u.side || t.status !== 'active') {
      strike.push(0);
      continue;
    }
    if (t.position) standing.push(t.position);
    if (hidden !== undefined && hidden[i] === 1) strike.push(0);
    else {
      strike.push(1);
      cells.push(t.position!);
    }
  }
  const foes: Foes = { side: u.side, strike, cells, standing };
  field.bySide.push(foes);
  return foes;
}
