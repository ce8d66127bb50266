// Effects and links by hand.
import { describe, expect, it } from 'vitest';
import { GmTable } from './testkit.ts';

describe('gm effects', () => {
  it('gm.apply_effect: a count without a clock counts the target\'s turn ends, and expires by the clocks', () => {
    const t = new GmTable();
    const [e] = t.override({ type: 'gm.apply_effect', effect: { name: 'Poison', target: 'b', remaining: 2, tick: 'turn_start', stacks: 2, categories: ['dot'] } });
    expect(e).toMatchObject({ type: 'effect.applied', effect: { id: 'fx1', clock: { at: 'turn_end', unit: 'b' }, stacks: 2 } });
    t.run({ type: 'end_turn', actor: 'a' }); // b's turn starts: poison ticks 2
    expect(t.state.units.b.pools.hp.value).toBe(8);
    t.run({ type: 'end_turn', actor: 'b' });
    expect(t.state.effects[0].remaining).toBe(1);
  });

  it('gm.set_effect and gm.remove_effect', () => {
    const t = new GmTable();
    t.run({ type: 'gm.apply_effect', effect: { name: 'Blessing', target: 'a' } });
    const id = t.state.effects[0].id;
    t.override({ type: 'gm.set_effect', id, remaining: 3, stacks: 2, tier: 1, data: { bonus: 2 } });
    expect(t.state.effects[0]).toMatchObject({ remaining: 3, stacks: 2, tier: 1, data: { bonus: 2 } });
    expect(t.rejects({ type: 'gm.set_effect', id })).toBe('command/missing_field');
    t.override({ type: 'gm.remove_effect', id });
    expect(t.state.effects).toEqual([]);
    expect(t.rejects({ type: 'gm.remove_effect', id: 'fx99' })).toBe('effect/unknown');
  });

  it('refuses a malformed effect and unknown units with clear messages', () => {
    const t = new GmTable();
    const r = t.log.execute({ type: 'gm.apply_effect', effect: { name: 'X', target: 'a', remaining: 0 } }, { roll: () => 1 });
    expect(r.ok ? '' : r.rejection.message).toMatch(/^effect\.remaining: /);
    expect(t.rejects({ type: 'gm.apply_effect', effect: { name: 'X', target: 'zz' } })).toBe('unit/unknown');
    expect(t.rejects({ type: 'gm.apply_effect', effect: { name: 'X', target: 'a', clock: { at: 'turn_end', unit: 'zz' } } })).toBe('unit/unknown');
  });
});

describe('gm links', () => {
  it('gm.link stores the link on both units; gm.unlink ends it', () => {
    const t = new GmTable();
    t.override({ type: 'gm.link', unit: 'b', other: 'c', kind: 'pet' });
    expect(t.state.units.b.data.links).toEqual([{ with: 'c', kind: 'pet', lead: true }]);
    expect(t.state.units.c.data.links).toEqual([{ with: 'b', kind: 'pet', lead: false }]);
    expect(t.rejects({ type: 'gm.link', unit: 'b', other: 'c', kind: 'pet' })).toBe('gm/already_linked');
    expect(t.rejects({ type: 'gm.link', unit: 'b', other: 'b', kind: 'pet' })).toBe('gm/self_link');
    t.override({ type: 'gm.unlink', unit: 'c', other: 'b' });
    expect(t.state.units.b.data.links).toBeUndefined();
    expect(t.rejects({ type: 'gm.unlink', unit: 'c', other: 'b' })).toBe('gm/not_linked');
  });
});
