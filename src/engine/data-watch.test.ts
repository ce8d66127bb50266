// An index kept by data-watch.ts is a cache of the units' data: every writer of what it reads must drop it
// (an event's unit data, the unlogged setData, the GM's set_data and links, statuses, units added or changing
// sides, a ruleset's own event), and no copy of a state may carry it. Each test here fails when a writer is
// missed: the index held would still give the answer from before the write.
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../dice/source.ts';
import { applyEvent, evolve } from './apply.ts';
import { cloneJson } from './clone.ts';
import { holds, watchData, watched } from './data-watch.ts';
import { createEngine } from './engine.ts';
import { forkState } from './fork.ts';
import { toy, toyDoc } from './testing/toy.ts';
import type { EncounterState, Unit } from './types.ts';

const queue = (...faces: number[]): DiceSource => ({ roll: () => faces.shift() ?? 1 });
const engine = createEngine(toy);

/** Who follows whom: every unit naming a `leader` in its data or by a GM link it does not lead. */
function followers(state: EncounterState): string[] {
  const out: string[] = [];
  for (const id of state.unitOrder) {
    const d = state.units[id].data;
    const link = Array.isArray(d.links) ? (d.links as { with: string; lead: boolean }[]).find((l) => !l.lead) : undefined;
    const leader = (d.leader as string | undefined) ?? link?.with;
    if (leader !== undefined) out.push(`${id}>${leader}`);
  }
  return out;
}
let builds = 0;
const FOLLOWERS = watchData(['leader', 'links'], (s) => (builds++, followers(s)));

/** The standing units that follow someone: reads statuses too. */
const standingFollowers = (state: EncounterState) => followers(state).filter((f) => state.units[f.split('>')[0]].status === 'active');
const STANDING = watchData(['leader', 'links'], standingFollowers, { statuses: true });

/** What both indexes give, held to a fresh reading of the state. */
function agrees(state: EncounterState): void {
  expect(watched(state, FOLLOWERS)).toEqual(followers(state));
  expect(watched(state, STANDING)).toEqual(standingFollowers(state));
}

function started(): EncounterState {
  const s = engine.replay(engine.create(toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 10 }, { id: 'c', side: 'y', hp: 10 }])));
  const d = engine.decide(s, { type: 'start' }, queue());
  if (!d.ok) throw new Error(d.rejection.message);
  return d.state;
}

/** A GM command decided on `s` in place, logged or not. */
function gm(s: EncounterState, cmd: Record<string, unknown>, unlogged: boolean): EncounterState {
  const d = engine.decide(s, cmd as never, queue(), { inPlace: true, unlogged });
  if (!d.ok) throw new Error(d.rejection.message);
  return d.state;
}

// docs/writing-a-ruleset.md's worked example, as written there
const LEADS = watchData(['leader'], (state: EncounterState) => {
  const by = new Map<string, Unit[]>();
  for (const id of state.unitOrder) {
    const u = state.units[id];
    const leader = u.data.leader as string | undefined;
    if (leader) by.set(leader, [...(by.get(leader) ?? []), u]);
  }
  return by;
});
const followersOf = (state: EncounterState, u: Unit) => (watched(state, LEADS).get(u.id) ?? []).filter((f) => f.status === 'active');

describe('indexes of unit data, told which keys a write touched (data-watch.ts)', () => {
  it('the guide\'s worked example: a unit set to follow another is among its followers at the next question', () => {
    let s = started();
    expect(followersOf(s, s.units.a)).toEqual([]);
    s = gm(s, { type: 'gm.set_data', unit: 'b', key: 'leader', value: 'a' }, true);
    expect(followersOf(s, s.units.a).map((u) => u.id)).toEqual(['b']);
    applyEvent(s, { type: 'unit.status', unit: 'b', status: 'down', cause: 'test' });
    expect(followersOf(s, s.units.a)).toEqual([]);
  });

  it('are never part of the state: JSON, copies, forks and evolve\'s states build their own', () => {
    const s = started();
    applyEvent(s, { type: 'unit.data', unit: 'b', key: 'leader', value: 'c' });
    agrees(s);
    expect(holds(s, FOLLOWERS)).toBe(true);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    // shallow copies, which share the units (and so may not be changed in place)
    for (const copy of [{ ...s }, evolve(s, { type: 'note', text: 'x' })]) expect(holds(copy, FOLLOWERS)).toBe(false);
    // copies of their own
    for (const copy of [cloneJson(s), structuredClone(s), forkState(s)]) {
      expect(holds(copy, FOLLOWERS)).toBe(false);
      // a copy's writes never reach the original's index, nor the original's the copy's
      applyEvent(copy, { type: 'unit.data', unit: 'a', key: 'leader', value: 'b' });
      agrees(copy);
      agrees(s);
      expect(watched(s, FOLLOWERS)).toEqual(['b>c']);
    }
  });

  it('are made once and held while nothing they read is written', () => {
    const s = started();
    builds = 0;
    agrees(s);
    agrees(s);
    applyEvent(s, { type: 'unit.data', unit: 'a', key: 'mood', value: 'calm' });
    gm(s, { type: 'gm.set_data', unit: 'b', key: 'mood', value: 'grim' }, true);
    applyEvent(s, { type: 'pool.changed', unit: 'a', pool: 'hp', delta: -1, value: 9, kind: 'damage' });
    agrees(s);
    expect(builds).toBe(1);
  });

  it('follow a logged unit data event (applied, and replayed from the log)', () => {
    const s = started();
    agrees(s);
    applyEvent(s, { type: 'unit.data', unit: 'b', key: 'leader', value: 'a' });
    expect(watched(s, FOLLOWERS)).toEqual(['b>a']);
    agrees(s);
    applyEvent(s, { type: 'unit.data', unit: 'b', key: 'leader', value: undefined });
    expect(watched(s, FOLLOWERS)).toEqual([]);
    const replayed = engine.replay([...engine.create(toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 10 }])), { type: 'unit.data', unit: 'b', key: 'leader', value: 'a' }]);
    expect(watched(replayed, FOLLOWERS)).toEqual(['b>a']);
  });

  it('follow the GM\'s set_data, logged and unlogged (the unlogged setData writes without an event)', () => {
    for (const unlogged of [false, true]) {
      let s = started();
      agrees(s);
      s = gm(s, { type: 'gm.set_data', unit: 'c', key: 'leader', value: 'a' }, unlogged);
      expect(watched(s, FOLLOWERS)).toEqual(['c>a']);
      agrees(s);
      s = gm(s, { type: 'gm.set_data', unit: 'c', key: 'leader' }, unlogged);
      expect(watched(s, FOLLOWERS)).toEqual([]);
      agrees(s);
    }
  });

  it('follow the GM\'s links (unit data `links`), logged and unlogged', () => {
    for (const unlogged of [false, true]) {
      let s = started();
      agrees(s);
      s = gm(s, { type: 'gm.link', unit: 'a', other: 'b', kind: 'pet' }, unlogged);
      expect(watched(s, FOLLOWERS)).toEqual(['b>a']);
      s = gm(s, { type: 'gm.unlink', unit: 'a', other: 'b' }, unlogged);
      expect(watched(s, FOLLOWERS)).toEqual([]);
      agrees(s);
    }
  });

  it('that read statuses follow a status set, a fall and a unit removed; those that do not are kept', () => {
    let s = started();
    applyEvent(s, { type: 'unit.data', unit: 'b', key: 'leader', value: 'a' });
    applyEvent(s, { type: 'unit.data', unit: 'c', key: 'leader', value: 'a' });
    agrees(s);
    builds = 0;
    applyEvent(s, { type: 'unit.status', unit: 'b', status: 'down', cause: 'test' });
    expect(watched(s, STANDING)).toEqual(['c>a']);
    s = gm(s, { type: 'gm.set_status', unit: 'b', status: 'active' }, true);
    expect(watched(s, STANDING)).toEqual(['b>a', 'c>a']);
    applyEvent(s, { type: 'unit.removed', unit: 'c' });
    expect(watched(s, STANDING)).toEqual(['b>a']);
    agrees(s);
    expect(builds).toBe(0); // the index of data alone was kept through every status
  });

  it('follow units added and units changing sides, logged and unlogged', () => {
    for (const unlogged of [false, true]) {
      let s = started();
      agrees(s);
      s = gm(s, { type: 'gm.add_unit', unit: { id: 'd', name: 'D', side: 'x', pools: { hp: { value: 4, max: 4 } }, data: { leader: 'a' } } }, unlogged);
      expect(watched(s, FOLLOWERS)).toEqual(['d>a']);
      agrees(s);
      builds = 0;
      s = gm(s, { type: 'gm.set_side', unit: 'b', side: 'x' }, unlogged);
      agrees(s);
      expect(builds).toBe(1);
    }
  });

  it('are made again after a ruleset\'s own event (its applier may change anything)', () => {
    const s = started();
    agrees(s);
    const appliers = { 'toy:recruit': (state: EncounterState) => { state.units.c.data.leader = 'b'; } };
    applyEvent(s, { type: 'toy:recruit' } as never, appliers);
    expect(watched(s, FOLLOWERS)).toEqual(['c>b']);
    agrees(s);
  });

  it('whose ruleset says its own events change nothing they read are kept through them, and still follow every write', () => {
    const KEPT = watchData(['leader', 'links'], followers, { rulesetEvents: false });
    const s = started();
    const before = watched(s, KEPT);
    watched(s, FOLLOWERS);
    applyEvent(s, { type: 'toy:cheer' } as never, { 'toy:cheer': () => {} });
    expect(watched(s, KEPT)).toBe(before);
    expect(holds(s, FOLLOWERS)).toBe(false); // the default: dropped
    applyEvent(s, { type: 'unit.data', unit: 'a', key: 'leader', value: 'c' });
    expect(watched(s, KEPT)).toEqual(['a>c']);
  });

  it('are made again for a state whose units record was replaced', () => {
    const s = started();
    agrees(s);
    const other = started();
    applyEvent(other, { type: 'unit.data', unit: 'a', key: 'leader', value: 'c' });
    s.units = other.units;
    expect(watched(s, FOLLOWERS)).toEqual(['a>c']);
  });
});
