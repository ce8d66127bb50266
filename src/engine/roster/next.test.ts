// From the roster into the next encounter: the document's fields, then GM commands for the rest.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine.ts';
import { EncounterLog } from '../log.ts';
import { queue } from '../gm/testkit.ts';
import { toyGm } from '../testing/toy-gm.ts';
import { toyDoc } from '../testing/toy.ts';
import { applyRoster, REASON, rosterEntry, rosterSetupCommands } from './next.ts';
import type { Roster } from './types.ts';

const roster: Roster = {
  entries: [
    {
      ...rosterEntry({ id: 'a', side: 'x', hp: 10 }, 'toy'),
      current: { pools: { hp: { value: 4, max: 10 }, mana: { value: 1, max: 4 } }, data: { scars: ['burned hand'] }, effects: [{ name: 'Curse', categories: ['lasting'], stacks: 2 }] },
    },
    { ...rosterEntry({ id: 'd', side: 'x', hp: 8 }, 'toy'), current: { pools: { hp: { value: 3, max: 8 } }, data: {}, effects: [] } },
  ],
};

describe('applyRoster', () => {
  it('fills startHp for listed units, adds roster units on request, leaves the input alone', () => {
    const doc = toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 10 }]);
    const next = applyRoster(doc, roster, { add: ['d'] });
    expect(next.units).toEqual([{ id: 'a', side: 'x', hp: 10, startHp: 4 }, { id: 'b', side: 'y', hp: 10 }, { id: 'd', side: 'x', hp: 8, startHp: 3 }]);
    expect(doc.units).toHaveLength(2);
    expect(() => applyRoster(doc, roster, { add: ['nobody'] })).toThrow('the roster has no entry "nobody"');
  });

  it('never fills more than the file\'s maximum', () => {
    const next = applyRoster(toyDoc([{ id: 'a', side: 'x', hp: 3 }]), roster);
    expect(next.units[0]).toMatchObject({ startHp: 3 });
  });

  it('leaves a unit alone whose file does not write the pool (duel60 has no hp, so no startHp)', () => {
    const doc = { ruleset: 'duel60', units: [{ id: 'a', side: 'x', stats: { health: 10 } }] };
    expect(applyRoster(doc, roster).units).toEqual(doc.units);
  });
});

describe('rosterSetupCommands', () => {
  it('brings the created encounter in line: pools, data, lasting effects, each with its reason', () => {
    const log = new EncounterLog(createEngine(toyGm));
    // the toy file reads no startHp: the hit points come by a command too
    log.create(applyRoster(toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 10 }]), roster));
    log.execute({ type: 'gm.set_pool', unit: 'a', pool: 'mana', value: 4, max: 4 }, queue());
    const cmds = rosterSetupCommands(log.state, roster, toyGm);
    expect(cmds.map((c) => [c.type, c.pool ?? c.key ?? null])).toEqual([['gm.set_pool', 'hp'], ['gm.set_pool', 'mana'], ['gm.set_data', 'scars'], ['gm.apply_effect', null]]);
    for (const c of cmds) {
      const r = log.execute(c, queue());
      expect(r.ok && r.events.every((e) => e.reason === REASON)).toBe(true);
    }
    expect(log.state.units.a.pools.hp).toEqual({ value: 4, max: 10 });
    expect(log.state.units.a.pools.mana.value).toBe(1);
    expect(log.state.units.a.data.scars).toEqual(['burned hand']);
    expect(log.state.effects[0]).toMatchObject({ name: 'Curse', target: 'a', stacks: 2 });
  });
});
