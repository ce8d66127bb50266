// What outlives a frontline encounter: Battlescars are recorded on the character (FRL-END-1).
import { describe, expect, it } from 'vitest';
import { carryBack, rosterEntry } from '../../engine/roster/index.ts';
import { frontline } from './index.ts';
import { Table } from '../testing.ts';
import { readFileSync } from 'node:fs';
import { loadText } from '../load.ts';

describe('frontline and the roster', () => {
  it('FRL-END-1: a Battlescar gained in a fight carries back to the roster for the GM to accept', () => {
    const r = loadText(readFileSync('examples/frontline/convoy-ambush.yaml', 'utf8'), 'convoy-ambush.yaml');
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const t = new Table(frontline, r.value.doc);
    const hero = t.state.unitOrder.map((id) => t.state.units[id]).find((u) => u.controller)!;
    const roster = { entries: [rosterEntry({ id: hero.id, name: hero.name }, 'frontline')] };
    // the GM knocks the character out: 0 HP → unconscious with a Battlescar
    t.do({ type: 'gm.damage', unit: hero.id, amount: 999, rules: true });
    expect(t.unit(hero.id).data.battlescars).toBe(1);
    const { changes } = carryBack(roster, t.state, frontline);
    expect(changes.some((c) => /battlescars/i.test(c.text) || JSON.stringify(c).includes('battlescars'))).toBe(true);
  });
});
