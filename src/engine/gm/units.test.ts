// Who is in the fight: adding and removing units mid-combat, sides, controllers, hiding.
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../bounds.ts';
import { viewLog, viewState } from '../view.ts';
import { toy } from '../testing/toy.ts';
import { GmTable } from './testkit.ts';

const wolf = { id: 'wolf', name: 'Wolf', side: 'y', stats: {}, pools: { hp: { value: 6, max: 6 } }, data: {} };
const order = (t: GmTable) => t.state.turn.order.map((s) => s.unit);

describe('gm.add_unit', () => {
  it('without a ruleset rule, joins at the end of the round and carries into the next', () => {
    const t = new GmTable(undefined, toy);
    t.override({ type: 'gm.add_unit', unit: wolf });
    expect(t.state.units.wolf).toMatchObject({ name: 'Wolf', status: 'active' });
    expect(order(t)).toEqual(['a', 'b', 'c', 'wolf']);
    for (const u of ['a', 'b', 'c']) t.run({ type: 'end_turn', actor: u });
    expect(t.active).toBe('wolf');
    t.run({ type: 'end_turn', actor: 'wolf' });
    expect([t.state.turn.round, order(t)]).toEqual([2, ['a', 'b', 'c', 'wolf']]);
  });

  it('by the ruleset\'s placeInOrder, or at the slot the GM picks', () => {
    const t = new GmTable();
    t.override({ type: 'gm.add_unit', unit: wolf });
    expect(order(t)).toEqual(['a', 'wolf', 'b', 'c']);
    t.override({ type: 'gm.add_unit', unit: { ...wolf, id: 'bat', name: 'Bat' }, slot: 3 });
    expect(order(t)).toEqual(['a', 'wolf', 'b', 'bat', 'c']);
    expect(t.rejects({ type: 'gm.add_unit', unit: { ...wolf, id: 'owl' }, slot: 0 })).toBe('gm/bad_slot');
  });

  it('before the start, the unit simply joins (the start orders everyone)', () => {
    const t = new GmTable(undefined, toy, false);
    t.override({ type: 'gm.add_unit', unit: wolf });
    t.run({ type: 'start' });
    expect(order(t)).toEqual(['a', 'b', 'c', 'wolf']);
  });

  it('refuses a bad unit with a message that names the field, and a duplicate id', () => {
    const t = new GmTable();
    const r = t.log.execute({ type: 'gm.add_unit', unit: { ...wolf, pools: { hp: { value: 'x', max: 6 } } } }, { roll: () => 1 });
    expect(r.ok ? '' : `${r.rejection.code} ${r.rejection.message}`).toMatch(/^gm\/bad_unit unit\.pools\.hp\.value: /);
    expect(t.rejects({ type: 'gm.add_unit', unit: { ...wolf, id: 'a' } })).toBe('gm/duplicate_unit');
  });

  it('stops at the units an encounter may hold (src/engine/bounds.ts)', () => {
    const t = new GmTable(Array.from({ length: BOUNDS.units - 1 }, (_, i) => ({ id: `u${i}`, side: i % 2 ? 'x' : 'y', hp: 5 })), undefined, false);
    t.run({ type: 'gm.add_unit', unit: wolf });
    expect(t.state.unitOrder.length).toBe(BOUNDS.units);
    expect(t.rejects({ type: 'gm.add_unit', unit: { ...wolf, id: 'wolf2' } })).toBe('gm/too_many_units');
  });
});

describe('gm.remove_unit', () => {
  it('removes a waiting unit: out of the order, its effects end', () => {
    const t = new GmTable();
    t.run({ type: 'gm.apply_effect', effect: { name: 'Poison', target: 'c', remaining: 3 } });
    t.override({ type: 'gm.remove_unit', unit: 'c' });
    expect(t.state.units.c.status).toBe('removed');
    expect(order(t)).toEqual(['a', 'b']);
    expect(t.state.effects).toEqual([]);
  });

  it('removing the unit whose turn it is passes the turn', () => {
    const t = new GmTable();
    t.run({ type: 'end_turn', actor: 'a' });
    t.override({ type: 'gm.remove_unit', unit: 'b' });
    expect(t.active).toBe('c');
  });

  it('removing the last foe ends the combat, and the end carries the reason', () => {
    const t = new GmTable([{ id: 'a', side: 'x', hp: 5 }, { id: 'b', side: 'y', hp: 5 }]);
    const ev = t.override({ type: 'gm.remove_unit', unit: 'b' });
    expect(ev.at(-1)).toMatchObject({ type: 'combat.ended', result: { outcome: 'victory', winner: 'x' }, reason: 'the GM says so' });
  });
});

describe('sides, controllers, hiding', () => {
  it('gm.set_side and gm.set_controller (null hands the unit to the GM)', () => {
    const t = new GmTable();
    t.override({ type: 'gm.set_side', unit: 'c', side: 'x' });
    expect(t.state.units.c.side).toBe('x');
    t.override({ type: 'gm.set_controller', unit: 'c', controller: 'p2' });
    t.override({ type: 'gm.set_controller', unit: 'c', controller: null });
    expect(t.state.units.c.controller).toBeUndefined();
    expect(t.rejects({ type: 'gm.set_controller', unit: 'c' })).toBe('command/missing_field');
  });

  it('gm.hide makes the unit vanish from a player\'s view of the state and of the log', () => {
    const t = new GmTable();
    const player = { role: 'player', player: 'p1' } as const;
    t.override({ type: 'gm.hide', unit: 'c', hidden: true });
    expect(viewState(t.state, player).units.c).toBeUndefined();
    expect(viewState(t.state, player).turn.order.map((s) => s.unit)).toEqual(['a', 'b']);
    expect(viewState(t.state, { role: 'gm' }).units.c.hidden).toBe(true);
    const from = t.log.version;
    t.run({ type: 'gm.damage', unit: 'c', amount: 2, rules: true });
    t.run({ type: 'gm.apply_effect', effect: { name: 'Shadow', target: 'c' } });
    const seen = viewLog(t.log.events, player, undefined, { secretPools: ['hp'] }).filter((e) => e.seq > from);
    expect(seen).toEqual([]);
    expect(viewLog(t.log.events, { role: 'gm' }).filter((e) => e.seq > from).length).toBeGreaterThan(2);
    t.run({ type: 'gm.hide', unit: 'c', hidden: false, reason: 'the ambush springs' });
    expect(viewState(t.state, player).units.c).toBeDefined();
  });
});
