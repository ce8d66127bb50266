// Damage and healing by the GM: by the rules' hook or raw, with the rules' result logged next to the override.
import { describe, expect, it } from 'vitest';
import { renderBreakdown } from '../breakdown.ts';
import { toy } from '../testing/toy.ts';
import type { LoggedEvent } from '../events.ts';
import { GmTable } from './testkit.ts';

const outcomeOf = (events: LoggedEvent[]) => {
  const c = events.find((e) => e.type === 'check');
  return c?.type === 'check' ? renderBreakdown(c.breakdown) : '';
};

describe('gm.damage', () => {
  it('rules: true runs the ruleset\'s damage (armour 2 takes 2 off), and says what raw would be', () => {
    const t = new GmTable();
    t.run({ type: 'gm.set_data', unit: 'b', key: 'armour', value: 2 });
    const ev = t.override({ type: 'gm.damage', unit: 'b', amount: 5, damageType: 'fire', rules: true });
    expect(ev[0]).toMatchObject({ type: 'pool.changed', kind: 'damage', delta: -3, damageType: 'fire', rule: 'TOY-ARMOUR' });
    expect(outcomeOf(ev)).toBe('fire damage 5 = 3 → 3 HP lost, by the rules; raw would be 5 HP lost');
  });

  it('rules: false applies the raw amount and logs what the rules would have given', () => {
    const t = new GmTable();
    t.run({ type: 'gm.set_data', unit: 'b', key: 'armour', value: 2 });
    const ev = t.override({ type: 'gm.damage', unit: 'b', amount: 10, rules: false });
    expect(ev[0]).toMatchObject({ type: 'pool.changed', delta: -10, value: 0 });
    expect(t.state.units.b.status).toBe('active'); // raw damage is only the number: no fainting rule
    expect(outcomeOf(ev)).toContain('10 HP lost, raw (GM override); the rules give 8 HP lost');
  });

  it('the rules\' own result includes what they do at 0 HP', () => {
    const t = new GmTable();
    const ev = t.run({ type: 'gm.damage', unit: 'b', amount: 12, rules: false });
    expect(outcomeOf(ev)).toContain('the rules give 10 HP lost, down');
    const ev2 = new GmTable().run({ type: 'gm.damage', unit: 'b', amount: 12, rules: true });
    expect(ev2.some((e) => e.type === 'unit.status' && e.status === 'down')).toBe(true);
  });

  it('without a damage hook the ruleset gets plain damage, said once: no "= 4", no raw beside it', () => {
    const t = new GmTable(undefined, toy);
    const ev = t.override({ type: 'gm.damage', unit: 'c', amount: 4, rules: true });
    expect(t.state.units.c.pools.hp.value).toBe(6);
    expect(outcomeOf(ev)).toBe('damage 4 → 4 HP lost, plain damage (this ruleset has no damage rules)');
  });

  it('by the rules when they give what raw would: said as the same, not as a second number', () => {
    const t = new GmTable();
    const ev = t.override({ type: 'gm.damage', unit: 'b', amount: 5, rules: true });
    expect(outcomeOf(ev)).toBe('damage 5 → 5 HP lost, by the rules (the same as raw)');
  });

  it('the damage check names its target, so a hidden unit\'s damage stays hidden', () => {
    const t = new GmTable();
    const ev = t.run({ type: 'gm.damage', unit: 'b', amount: 1, rules: true });
    expect(ev.find((e) => e.type === 'check')).toMatchObject({ target: 'b' });
  });

  it('needs "rules" and a whole amount from 0', () => {
    const t = new GmTable();
    expect(t.rejects({ type: 'gm.damage', unit: 'b', amount: 3 })).toBe('command/missing_field');
    expect(t.rejects({ type: 'gm.damage', unit: 'b', amount: -3, rules: true })).toBe('command/bad_number');
    expect(t.rejects({ type: 'gm.damage', unit: 'b', amount: 2.5, rules: true })).toBe('command/bad_number');
  });
});

describe('gm.heal', () => {
  it('heals up to the maximum', () => {
    const t = new GmTable();
    t.run({ type: 'gm.damage', unit: 'a', amount: 6, rules: false });
    const [e] = t.override({ type: 'gm.heal', unit: 'a', amount: 10 });
    expect(e).toMatchObject({ type: 'pool.changed', kind: 'heal', delta: 6, value: 10 });
  });
});
