// The lineup (lineup.ts) is a cache beside a state: every answer it gives must be the state's own,
// after every kind of event that changes what it was built from — a status, a side, a unit added,
// a unit removed — and on every copy of a state. Each test here fails if the lineup goes stale.
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../dice/source.ts';
import { applyEvent, evolve } from './apply.ts';
import { cloneJson } from './clone.ts';
import { createEngine } from './engine.ts';
import { carryOrder, lastSideStanding } from './flow.ts';
import { forkState } from './fork.ts';
import { heldLineup, lineupOf } from './lineup.ts';
import { toy, toyDoc } from './testing/toy.ts';
import type { CombatResult, EncounterState } from './types.ts';

const queue = (...faces: number[]): DiceSource => ({ roll: () => faces.shift() ?? 1 });
const engine = createEngine(toy);

/** The default result worked out afresh from the units record, as it was before the lineup. */
function byWalk(state: EncounterState): CombatResult | null {
  let winner: string | undefined;
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status !== 'active') continue;
    if (winner === undefined) winner = u.side;
    else if (u.side !== winner) return null;
  }
  if (winner === undefined) return { outcome: 'draw', reason: 'no one is left standing' };
  return { outcome: 'victory', winner, reason: 'every other side is out of the fight' };
}

/** Everything the lineup says of `state`, held to the state itself. */
function holds(state: EncounterState): void {
  const l = lineupOf(state);
  expect(l.units.length).toBe(state.unitOrder.length);
  state.unitOrder.forEach((id, i) => {
    expect(l.units[i]).toBe(state.units[id]);
    expect(l.ids[i]).toBe(id);
    expect(l.sideNames[l.side[i]]).toBe(state.units[id].side);
  });
  expect(lastSideStanding(state)).toEqual(byWalk(state));
}

function started(): EncounterState {
  const s = engine.replay(engine.create(toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 10 }, { id: 'c', side: 'y', hp: 10 }])));
  const d = engine.decide(s, { type: 'start' }, queue());
  if (!d.ok) throw new Error(d.rejection.message);
  return d.state;
}

describe('the lineup: units by number, kept beside a state', () => {
  it('is never part of the state: JSON, copies and equality do not see it', () => {
    const s = started();
    holds(s);
    expect(heldLineup(s)).toBeDefined();
    expect(Object.keys(s)).not.toContain('lineup');
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(heldLineup(cloneJson(s))).toBeUndefined();
    expect(heldLineup({ ...s })).toBeUndefined();
    expect(heldLineup(structuredClone(s))).toBeUndefined();
  });

  it('follows a status changed by an event: the fight decided by it is seen at once', () => {
    const s = started();
    expect(lastSideStanding(s)).toBeNull(); // undecided, and kept so
    applyEvent(s, { type: 'unit.status', unit: 'b', status: 'down', cause: 'test' });
    expect(lastSideStanding(s)).toBeNull();
    applyEvent(s, { type: 'unit.status', unit: 'c', status: 'dead', cause: 'test' });
    // a stale lineup would still say "undecided"
    expect(lastSideStanding(s)).toEqual({ outcome: 'victory', winner: 'x', reason: 'every other side is out of the fight' });
    applyEvent(s, { type: 'unit.status', unit: 'c', status: 'active', cause: 'test' });
    expect(lastSideStanding(s)).toBeNull();
    applyEvent(s, { type: 'unit.removed', unit: 'c' });
    expect(lastSideStanding(s)?.winner).toBe('x');
    holds(s);
  });

  it('keeps the round order it carried (flow.ts carryOrder) only while that order stands and no status changed', () => {
    const s = started();
    const carried = carryOrder(s);
    expect(carried.map((x) => x.unit).sort()).toEqual(['a', 'b', 'c']);
    s.turn.order = carried; // as the flow puts it in place, unlogged
    expect(carryOrder(s)).toBe(carried);
    // a unit dead: it is not carried into the next round (fails if the kept order ignores statuses)
    applyEvent(s, { type: 'unit.status', unit: 'b', status: 'dead', cause: 'test' });
    expect(carryOrder(s).map((x) => x.unit)).toEqual(carried.filter((x) => x.unit !== 'b').map((x) => x.unit));
    // another order put in place (an event's copy): carried afresh, not the kept one (fails if kept by status alone)
    s.turn.order = [{ unit: 'c' }];
    expect(carryOrder(s)).toEqual([{ unit: 'c' }]);
  });

  it('follows a unit changing sides, and a unit added (on a side new to the fight)', () => {
    const s = started();
    expect(lastSideStanding(s)).toBeNull();
    applyEvent(s, { type: 'unit.side', unit: 'a', side: 'y' });
    expect(lastSideStanding(s)?.winner).toBe('y');
    holds(s);
    applyEvent(s, { type: 'unit.added', unit: { id: 'd', name: 'D', side: 'z', status: 'active', stats: {}, pools: { hp: { value: 3, max: 3 } }, data: {} } });
    expect(lastSideStanding(s)).toBeNull();
    holds(s);
    applyEvent(s, { type: 'unit.status', unit: 'd', status: 'fled', cause: 'test' });
    expect(lastSideStanding(s)?.winner).toBe('y');
    holds(s);
  });

  it('follows the GM: units added, sides changed, statuses set and units removed, through decide', () => {
    let s = started();
    lineupOf(s);
    const gm = (cmd: Record<string, unknown>) => {
      const d = engine.decide(s, cmd as never, queue(), { inPlace: true, unlogged: true });
      if (!d.ok) throw new Error(d.rejection.message);
      s = d.state;
      holds(s);
    };
    gm({ type: 'gm.add_unit', unit: { id: 'e', name: 'E', side: 'w', pools: { hp: { value: 4, max: 4 } } } });
    gm({ type: 'gm.set_status', unit: 'e', status: 'down', cause: 'test' });
    gm({ type: 'gm.set_side', unit: 'b', side: 'x' });
    gm({ type: 'gm.set_status', unit: 'c', status: 'down', cause: 'test' });
    expect(s.status).toBe('ended'); // x is the last side standing: the fight ended at once
    expect(s.result?.winner).toBe('x');
  });

  it('is built again after a ruleset\'s own event (its applier may change anything)', () => {
    const s = started();
    expect(lastSideStanding(s)).toBeNull();
    const appliers = { 'toy:rout': (state: EncounterState) => { state.units.b.status = 'fled'; state.units.c.status = 'fled'; } };
    applyEvent(s, { type: 'toy:rout' } as never, appliers);
    expect(lastSideStanding(s)?.winner).toBe('x');
    holds(s);
  });

  it('a fork has its own: a fork\'s statuses never reach the state it was forked from', () => {
    const s = started();
    expect(lastSideStanding(s)).toBeNull();
    const f = forkState(s);
    expect(lineupOf(f).ids).toBe(lineupOf(s).ids); // the set-up's numbers, shared
    applyEvent(f, { type: 'unit.status', unit: 'a', status: 'down', cause: 'test' });
    expect(lastSideStanding(f)?.winner).toBe('y');
    expect(lastSideStanding(s)).toBeNull();
    holds(f);
    holds(s);
  });

  it('evolve\'s copies build their own', () => {
    const s = started();
    expect(lastSideStanding(s)).toBeNull();
    const t = evolve(s, { type: 'unit.status', unit: 'a', status: 'down', cause: 'test' });
    expect(lastSideStanding(t)?.winner).toBe('y');
    expect(lastSideStanding(s)).toBeNull();
  });

});
