// Setting values by hand: each override applies, carries its reason, replays, and undoes exactly.
import { describe, expect, it } from 'vitest';
import { GmTable } from './testkit.ts';

describe('gm value overrides', () => {
  it('gm.set_pool sets a value, a new maximum, or adds a pool', () => {
    const t = new GmTable();
    const [e] = t.override({ type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 4 });
    expect(e).toMatchObject({ type: 'pool.changed', kind: 'set', delta: -6, value: 4 });
    t.override({ type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 14, max: 15 });
    expect(t.state.units.b.pools.hp).toEqual({ value: 14, max: 15 });
    t.override({ type: 'gm.set_pool', unit: 'a', pool: 'mana', value: 3, max: 5 });
    expect(t.rejects({ type: 'gm.set_pool', unit: 'a', pool: 'hp', value: 11 })).toBe('gm/out_of_range');
    expect(t.rejects({ type: 'gm.set_pool', unit: 'a', pool: 'luck', value: 1 })).toBe('unit/no_pool');
    expect(t.rejects({ type: 'gm.set_pool', unit: 'zz', pool: 'hp', value: 1 })).toBe('unit/unknown');
  });

  it('gm.set_stat on a pool\'s name sets the pool (hp 2/10 → 10), in any case; no stat of that name appears', () => {
    const t = new GmTable();
    t.override({ type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 2 });
    const [e] = t.override({ type: 'gm.set_stat', unit: 'b', stat: 'hp', value: 10 });
    expect(e).toMatchObject({ type: 'pool.changed', unit: 'b', pool: 'hp', kind: 'set', delta: 8, value: 10 });
    expect(t.state.units.b.pools.hp).toEqual({ value: 10, max: 10 });
    t.override({ type: 'gm.set_stat', unit: 'b', stat: 'HP', value: 0 });
    expect(t.state.units.b.pools.hp.value).toBe(0);
    expect(t.state.units.b.status).toBe('down');
    expect(t.state.units.b.stats).not.toHaveProperty('hp');
    expect(t.state.units.b.stats).not.toHaveProperty('HP');
    // bounded as the pool is: past its maximum it is refused, and nothing changes
    expect(t.rejects({ type: 'gm.set_stat', unit: 'b', stat: 'hp', value: 11 })).toBe('gm/out_of_range');
  });

  it('gm.note is marked as written by the GM', () => {
    const [e] = new GmTable().override({ type: 'gm.note', text: 'The bridge creaks.', public: true });
    expect(e).toMatchObject({ type: 'note', text: 'The bridge creaks.', by: 'gm' });
  });

  it('gm.set_stat, gm.face, gm.elevation, gm.set_status, gm.set_data', () => {
    const t = new GmTable();
    t.override({ type: 'gm.set_stat', unit: 'a', stat: 'might', value: 3 });
    t.override({ type: 'gm.face', unit: 'a', facing: 'SW' });
    t.override({ type: 'gm.elevation', unit: 'a', elevation: 2 });
    t.override({ type: 'gm.set_status', unit: 'b', status: 'down' });
    t.override({ type: 'gm.set_data', unit: 'b', key: 'scars', value: ['left eye'] });
    expect(t.rejects({ type: 'gm.face', unit: 'a', facing: 'UP' })).toBe('command/bad_facing');
    expect(t.rejects({ type: 'gm.set_status', unit: 'a', status: 'removed' })).toBe('command/bad_status');
  });

  it('gm.move places a unit on a cell, or in a zone on a zone map', () => {
    const t = new GmTable();
    const [e] = t.override({ type: 'gm.move', unit: 'a', to: [3, 4] });
    expect(e).toMatchObject({ type: 'unit.moved', to: { x: 3, y: 4 } });
    expect(t.rejects({ type: 'gm.move', unit: 'a', to: [1] })).toBe('command/bad_cell');
    expect(t.rejects({ type: 'gm.move', unit: 'a', zone: 'front' })).toBe('gm/no_zones');
    // a zone map arrives as a map.set (no GM command sets maps): check zones on a copy
    const zoned = new GmTable();
    zoned.log.state.map = { kind: 'zones', zones: ['rear', 'front'], spacing: 20 };
    const r = zoned.log.engine.decide(zoned.state, { type: 'gm.move', unit: 'a', zone: 'front' }, { roll: () => 1 });
    expect(r.ok && r.events[0]).toMatchObject({ type: 'unit.zone', to: 'front' });
    const bad = zoned.log.engine.decide(zoned.state, { type: 'gm.move', unit: 'a', zone: 'moon' }, { roll: () => 1 });
    expect(bad.ok ? '' : bad.rejection.code).toBe('gm/bad_zone');
  });

  it('works before the combat starts (setting up) and while a decision waits', () => {
    const t = new GmTable(undefined, undefined, false);
    t.override({ type: 'gm.set_pool', unit: 'a', pool: 'hp', value: 5 });
    const s = new GmTable();
    s.run({ type: 'dare', actor: 'a' });
    expect(s.rejects({ type: 'end_turn', actor: 'a' })).toBe('turn/awaiting_decision');
    s.override({ type: 'gm.set_pool', unit: 'a', pool: 'hp', value: 5 });
  });
});

describe('gm hit points and standing (a ruleset without its own 0 HP rules)', () => {
  it('HP set to 0 downs a standing unit; raised above 0 it is back in the fight; a dead one stays dead', () => {
    const t = new GmTable();
    const [, down] = t.override({ type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 0 });
    expect(down).toMatchObject({ type: 'unit.status', unit: 'b', status: 'down', cause: 'the GM set HP to 0' });
    const [, up] = t.override({ type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 4 });
    expect(up).toMatchObject({ type: 'unit.status', unit: 'b', status: 'active', cause: 'the GM raised HP above 0' });
    // a new maximum with the value counts too
    t.run({ type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 0 });
    t.override({ type: 'gm.set_pool', unit: 'b', pool: 'hp', value: 12, max: 12 });
    expect(t.state.units.b.status).toBe('active');
    // another pool at 0 is only a number
    t.run({ type: 'gm.set_pool', unit: 'a', pool: 'mana', value: 0, max: 5 });
    expect(t.state.units.a.status).toBe('active');
    t.run({ type: 'gm.set_status', unit: 'c', status: 'dead' });
    expect(t.run({ type: 'gm.set_pool', unit: 'c', pool: 'hp', value: 3 }).some((e) => e.type === 'unit.status')).toBe(false);
    expect(t.state.units.c.status).toBe('dead');
  });
});
