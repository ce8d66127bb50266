// The ties index (ties.ts: pets of a trainer OUT-PET-1, units living on a host's turns OUT-MNT-1, OUT-PET-1,
// OUT-TIME-1) is a cache of the units' data kept by engine/data-watch.ts. Every answer it gives must be the walk
// over every unit the rules asked before it (`*ByScan`): after every command of simulated fights of every example
// (forks, unlogged), and after the GM ties and unties units mid-fight, logged and unlogged. Each test fails when
// the index reads a key it does not watch, or misses a status change or a write.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, type Command, type EncounterState, type Unit } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { outerah } from './index.ts';
import { unitsOf } from './model.ts';
import { eachSimulatedFight } from '../../../test/rulesets/example-turns.ts';
import { borrowersOf, hasPets, petInfo, petsAmong, petsOf, turnsByScan, turnsOf } from './ties.ts';

// the walks over every unit the rules asked before the index
function petsByScan(state: EncounterState, trainer: Unit): Unit[] {
  const out: Unit[] = [];
  for (const id of state.unitOrder) {
    const p = state.units[id];
    if (p.id !== trainer.id && p.status === 'active' && petInfo(p)?.trainer === trainer.id) out.push(p);
  }
  return out;
}

function borrowersByScan(state: EncounterState, host: Unit): Unit[] {
  if (host.status !== 'active') return [];
  const out: Unit[] = [];
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (id !== host.id && u.status === 'active' && turnsByScan(state, u).id === host.id) out.push(u);
  }
  return out;
}

/** Every question of the index, asked of every unit, held to the walks. */
function agrees(state: EncounterState): void {
  const units: Unit[] = state.unitOrder.map((id) => state.units[id]);
  // the units in unit order (model.ts unitsOf), kept the same way: the state's own objects
  const kept = unitsOf(state);
  expect(kept.length).toBe(units.length);
  units.forEach((u, i) => expect(kept[i]).toBe(u));
  expect(petsAmong(state)).toEqual(units.filter((u) => petInfo(u)));
  for (const u of units) {
    expect(turnsOf(state, u)).toBe(turnsByScan(state, u));
    expect(petsOf(state, u)).toEqual(petsByScan(state, u));
    expect(hasPets(state, u)).toBe(petsByScan(state, u).length > 0);
    expect([...borrowersOf(state, u)]).toEqual(borrowersByScan(state, u));
    // a unit of another copy of the state is asked by its own data
    const copy = { ...u, data: { ...u.data } };
    expect(turnsOf(state, copy)).toBe(turnsByScan(state, copy));
  }
}

const exampleFiles = () => readdirSync(new URL('../../../examples/outerah/', import.meta.url)).filter((f) => f.endsWith('.yaml'));

function loaded(file: string) {
  const r = loadText(readFileSync(new URL(`../../../examples/outerah/${file}`, import.meta.url), 'utf8'), file);
  if (!r.ok) throw new Error(r.problems[0].message);
  return r.value;
}

describe('outerah\'s ties index', () => {
  for (const file of exampleFiles()) {
    it(`OUT-PET-1, OUT-MNT-1: gives the walks' answers after every command of simulated fights of ${file}`, () => {
      const doc = loaded(file);
      let checked = 0;
      eachSimulatedFight(doc.ruleset.id, doc.doc, { seed: 7, fights: 4, maxRounds: 30 }, (state) => {
        agrees(state);
        checked++;
      });
      expect(checked).toBeGreaterThan(20);
    }, 120_000);
  }

  it('OUT-PET-1, OUT-MNT-1: follows the GM tying and untying units mid-fight (links, pet, mountOf), logged and unlogged, and statuses set', () => {
    const doc = loaded('trainer-and-knight.yaml');
    const engine = createEngine(outerah);
    const initial = engine.replay(engine.create(doc.doc));
    for (const unlogged of [false, true]) {
      const state = engine.fork(initial);
      const run = (cmd: Record<string, unknown>) => {
        const d = engine.decide(state, cmd as Command, { roll: () => 1 }, { inPlace: true, unlogged });
        if (!d.ok) throw new Error(d.rejection.message);
        agrees(state);
      };
      run({ type: 'start' });
      const ids = state.unitOrder;
      // each tie the rules read, made and unmade between units that had none, and statuses changing under them
      run({ type: 'gm.link', unit: ids[0], other: ids[ids.length - 1], kind: 'pet', reason: 'test' });
      expect(petsOf(state, state.units[ids[0]]).map((u) => u.id)).toContain(ids[ids.length - 1]);
      run({ type: 'gm.link', unit: ids[2], other: ids[ids.length - 2], kind: 'mount', reason: 'test' });
      run({ type: 'gm.set_status', unit: ids[0], status: 'down', reason: 'test' });
      run({ type: 'gm.set_status', unit: ids[0], status: 'active', reason: 'test' });
      run({ type: 'gm.unlink', unit: ids[0], other: ids[ids.length - 1], reason: 'test' });
      expect(petsOf(state, state.units[ids[0]]).map((u) => u.id)).not.toContain(ids[ids.length - 1]);
      run({ type: 'gm.set_data', unit: ids[3], key: 'pet', value: { trainer: ids[2], kind: 'tamed' }, reason: 'test' });
      expect(turnsOf(state, state.units[ids[3]]).id).toBe(ids[2]);
      run({ type: 'gm.set_data', unit: ids[4], key: 'mountOf', value: ids[3], reason: 'test' });
      // a chain: the mount of a controlled pet lives on the trainer's turns
      expect(turnsOf(state, state.units[ids[4]]).id).toBe(ids[2]);
      run({ type: 'gm.set_status', unit: ids[2], status: 'down', reason: 'test' });
      expect(turnsOf(state, state.units[ids[4]]).id).toBe(ids[3]);
      run({ type: 'gm.set_data', unit: ids[3], key: 'pet', reason: 'test' });
      run({ type: 'gm.set_data', unit: ids[4], key: 'mountOf', reason: 'test' });
      run({ type: 'gm.remove_unit', unit: ids[1], reason: 'test' });
      run({ type: 'gm.add_unit', unit: { id: 'pup', name: 'Pup', side: state.units[ids[0]].side, pools: { hp: { value: 5, max: 5 } }, data: { ...state.units[ids[1]].data, pet: { trainer: ids[0], kind: 'tamed' } } }, reason: 'test' });
      expect(petsOf(state, state.units[ids[0]]).map((u) => u.id)).toContain('pup');
    }
  });

  it('keeps through outerah\'s own events: they are the ships\' alone, which change nothing of a unit', () => {
    // the index says so to the engine (rulesetEvents: false); a new applier must be checked against it and listed here
    expect(Object.keys(outerah.appliers ?? {}).sort()).toEqual(['outerah:ship.damaged', 'outerah:ship.moved', 'outerah:ship.set']);
  });
});
