// The turn order by the GM's word.
import { describe, expect, it } from 'vitest';
import { GmTable } from './testkit.ts';

const four = [{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 10 }, { id: 'c', side: 'y', hp: 10 }, { id: 'd', side: 'x', hp: 10 }];
const order = (t: GmTable) => t.state.turn.order.map((s) => `${s.unit}${s.kind && s.kind !== 'normal' ? `:${s.kind}` : ''}`);

describe('gm turn order', () => {
  it('gm.reorder: a permutation of the slots; the turn in progress stays in progress', () => {
    const t = new GmTable(four);
    t.run({ type: 'end_turn', actor: 'a' }); // b acts
    t.override({ type: 'gm.reorder', order: ['b', 'd', 'a', 'c'] });
    expect(order(t)).toEqual(['b', 'd', 'a', 'c']);
    expect(t.active).toBe('b');
    t.run({ type: 'end_turn', actor: 'b' });
    expect(t.active).toBe('d');
    expect(t.rejects({ type: 'gm.reorder', order: ['a', 'b', 'c'] })).toBe('gm/bad_order');
    expect(t.rejects({ type: 'gm.reorder', order: ['a', 'a', 'b', 'c'] })).toBe('gm/bad_order');
  });

  it('gm.delay moves a unit\'s coming turn among those still to come', () => {
    const t = new GmTable(four);
    t.override({ type: 'gm.delay', unit: 'b', to: 2 });
    expect(order(t)).toEqual(['a', 'c', 'd', 'b']);
    expect(t.rejects({ type: 'gm.delay', unit: 'a', to: 1 })).toBe('gm/no_upcoming_slot');
  });

  it('gm.extra_turn and gm.cancel_extra_turn', () => {
    const t = new GmTable();
    t.override({ type: 'gm.extra_turn', unit: 'a' });
    expect(order(t)).toEqual(['a', 'b', 'c', 'a:extra']);
    t.override({ type: 'gm.extra_turn', unit: 'c', slot: 1 });
    expect(order(t)).toEqual(['a', 'c:extra', 'b', 'c', 'a:extra']);
    t.override({ type: 'gm.cancel_extra_turn', unit: 'a' });
    expect(order(t)).toEqual(['a', 'c:extra', 'b', 'c']);
    expect(t.rejects({ type: 'gm.cancel_extra_turn', unit: 'a' })).toBe('gm/no_extra_turn');
    for (const u of ['a', 'c', 'b', 'c']) t.run({ type: 'end_turn', actor: u });
    expect([t.state.turn.round, order(t)]).toEqual([2, ['a', 'b', 'c']]); // extra turns do not carry over
  });

  it('gm.end_turn ends the acting unit\'s turn through the normal flow (its clocks run)', () => {
    const t = new GmTable();
    t.run({ type: 'gm.apply_effect', effect: { name: 'Haste', target: 'a', remaining: 1 } });
    const ev = t.override({ type: 'gm.end_turn' });
    expect(ev.map((e) => e.type)).toEqual(['turn.ended', 'effect.removed', 'turn.started']);
    expect(t.active).toBe('b');
  });

  it('gm.end_round skips the rest of the round: their clocks do not run, the next round starts by the rules', () => {
    const t = new GmTable(four);
    t.run({ type: 'gm.apply_effect', effect: { name: 'Poison', target: 'c', remaining: 3, tick: 'turn_start' } });
    t.run({ type: 'gm.apply_effect', effect: { name: 'Dazed', target: 'a', remaining: 2 } });
    const ev = t.override({ type: 'gm.end_round' });
    expect(ev.map((e) => e.type)).toEqual(['turn.ended', 'effect.changed', 'turn.order', 'round.ended', 'turn.order', 'round.started', 'turn.started']);
    expect(ev[2]).toMatchObject({ why: 'the GM ends the round: B, C, D do not act' });
    expect([t.state.turn.round, t.active, order(t)]).toEqual([2, 'a', ['a', 'b', 'c', 'd']]);
    expect(t.state.units.c.pools.hp.value).toBe(10);
  });

  it('needs a running combat', () => {
    const t = new GmTable(undefined, undefined, false);
    expect(t.rejects({ type: 'gm.end_turn' })).toBe('gm/no_order_yet');
    expect(t.rejects({ type: 'gm.end_round' })).toBe('gm/no_order_yet');
    expect(t.rejects({ type: 'gm.extra_turn', unit: 'a' })).toBe('gm/no_order_yet');
  });
});
