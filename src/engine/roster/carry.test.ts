// What carries back from a finished encounter, and only what the GM accepts.
import { describe, expect, it } from 'vitest';
import { GmTable } from '../gm/testkit.ts';
import { toyGm } from '../testing/toy-gm.ts';
import { acceptCarryBack, carryBack } from './carry.ts';
import { rosterEntry } from './next.ts';
import type { Roster } from './types.ts';

function roster(): Roster {
  return {
    entries: [
      { ...rosterEntry({ id: 'a', side: 'x', hp: 10, consumables: { potion: 2 } }, 'toy', 'aria'), name: 'Aria' },
      rosterEntry({ id: 'zed', side: 'x', hp: 10 }, 'toy'), // not in this fight
      { ...rosterEntry({ id: 'b', side: 'y', hp: 10 }, 'other-ruleset'), name: 'B' },
    ],
  };
}

function finished() {
  const t = new GmTable();
  t.run({ type: 'gm.damage', unit: 'a', amount: 6, rules: false });
  t.run({ type: 'gm.set_pool', unit: 'a', pool: 'mana', value: 1, max: 4 });
  t.run({ type: 'gm.set_data', unit: 'a', key: 'scars', value: ['burned hand'] });
  t.run({ type: 'gm.set_data', unit: 'a', key: 'consumables', value: { potion: 1 } });
  t.run({ type: 'gm.apply_effect', effect: { name: 'Curse', target: 'a', categories: ['lasting'], stacks: 2 } });
  t.run({ type: 'gm.apply_effect', effect: { name: 'Haste', target: 'a', remaining: 2 } });
  t.run({ type: 'end_combat', outcome: 'victory', winner: 'x', reason: 'they fled' });
  return t.state;
}

describe('carryBack', () => {
  it('lists hp, lasting pools, carried data, consumables used and lasting conditions', () => {
    const { changes, proposed } = carryBack(roster(), finished(), toyGm);
    expect(changes.map((c) => c.text)).toEqual([
      'Aria: HP full → 4/10',
      'Aria: mana full → 1/4',
      'Aria: scars null → ["burned hand"]',
      'Aria: used 1 potion (2 → 1)',
      'Aria keeps Curse',
    ]);
    expect(proposed[0].current).toEqual({
      pools: { hp: { value: 4, max: 10 }, mana: { value: 1, max: 4 } },
      data: { scars: ['burned hand'], consumables: { potion: 1 } },
      effects: [{ name: 'Curse', categories: ['lasting'], stacks: 2 }],
    });
    expect(proposed[1]).toEqual(roster().entries[1]);
  });

  it('acceptCarryBack applies only the accepted changes and leaves its input alone', () => {
    const r = roster();
    const { changes } = carryBack(r, finished(), toyGm);
    const next = acceptCarryBack(r, changes, ['aria/pool/hp', 'aria/effect/Curse']);
    expect(next.entries[0].current).toEqual({ pools: { hp: { value: 4, max: 10 } }, data: {}, effects: [{ name: 'Curse', categories: ['lasting'], stacks: 2 }] });
    expect(r).toEqual(roster());
  });

  it('a condition cured in the fight, and a death, carry back too; without a ruleset only hp and lasting effects', () => {
    const r = roster();
    r.entries[0].current.effects = [{ name: 'Plague', categories: ['lasting'] }];
    const t = new GmTable();
    t.run({ type: 'gm.set_status', unit: 'a', status: 'dead' });
    const { changes } = carryBack(r, t.state);
    expect(changes.map((c) => c.text)).toEqual(['Aria is rid of Plague', 'Aria died']);
  });
});
