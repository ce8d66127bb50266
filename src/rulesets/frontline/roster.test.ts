// What outlives a frontline encounter: Battlescars are recorded on the character (FRL-END-1), and a
// character the GM added in the engine's shape joins the roster through the entry written for it.
import { describe, expect, it } from 'vitest';
import { applyRoster, carryBack, isRejection, newcomers, parseText, rosterEntry, unitsAsAdded, type Json, type Ruleset } from '../../engine/index.ts';
import { copyOf, fightWithAdded, writeBack } from '../../engine/roster/testkit.ts';
import { frontline } from './index.ts';
import { Table } from '../testing.ts';
import { readFileSync } from 'node:fs';
import { loadText, validateEncounter } from '../load.ts';

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

const rules: Ruleset = frontline; // its fileEntry is registered in index.ts
type Doc = Record<string, unknown> & { units: Record<string, Json>[] };
/** The encounter of an example as the server keeps it: the file as written (a scenario's inline encounter). */
function example(name: string): Doc {
  const p = parseText(readFileSync(`examples/frontline/${name}`, 'utf8'), name);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  const v = p.value as Record<string, unknown>;
  return (v.encounter ?? v) as Doc;
}

describe('frontline fileEntry', () => {
  it.each(['convoy-ambush.yaml', 'affinity-gauntlet.yaml', 'outpost-siege.yaml'])('%s: every unit written back builds the very same unit', (name) => {
    for (const { unit, entry, rebuilt } of writeBack(rules, example(name))) {
      expect(isRejection(entry), `${unit.id}: ${JSON.stringify(entry)}`).toBe(false);
      const { hidden: _h, ...same } = unit; // how it entered that fight, not who it is
      expect(rebuilt).toEqual(same);
    }
  });

  it('FRL-END-1: a GM-added character joins the roster with its Battlescar and wounds, and loads into the next fight', () => {
    const doc = example('convoy-ambush.yaml');
    const rook = copyOf(rules, doc, 'ferro', { id: 'rook', name: 'Rook', controller: 'p4', zone: 'allies_rearguard' });
    // knocked out by the rules (a Battlescar), then patched up by the GM
    const log = fightWithAdded(rules, doc, rook, [
      { type: 'gm.damage', unit: 'rook', amount: 999, rules: true },
      { type: 'gm.heal', unit: 'rook', amount: 5 },
    ]);
    const found = newcomers(log.state, [], rules, { file: doc, added: unitsAsAdded(log.events) });
    expect(found.map((n) => [n.unit, 'entry' in n ? n.from : n.rejection.code])).toEqual([['dana', 'file'], ['ferro', 'file'], ['ivo', 'file'], ['rook', 'written']]);
    const joined = found.flatMap((n) => ('entry' in n ? [n.entry] : []));
    expect(joined[3].unit).toMatchObject({ id: 'rook', start: 'rearguard', hp: 16, battlescars: 0, modifiers: { dexterity: 3, dodge: 2 }, weapons: [{ id: 'longrifle' }] });
    const { changes, proposed } = carryBack({ entries: joined }, log.state, rules);
    expect(changes.filter((c) => c.entry === 'rook').map((c) => c.text)).toEqual(['Rook: HP full → 5/16', 'Rook: battlescars null → 1']);

    const next = applyRoster(doc, { entries: proposed }, { add: ['rook'] });
    const loaded = validateEncounter(next, 'next.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    expect(new Table(rules, loaded.value.doc).unit('rook')).toMatchObject({ zone: 'allies_rearguard', pools: { hp: { value: 5, max: 16 } } });
  });

  it('a unit holding a weapon it does not carry is listed with the reason', () => {
    const doc = example('convoy-ambush.yaml');
    const odd = copyOf(rules, doc, 'ferro', { id: 'rook', name: 'Rook', controller: 'p4' });
    odd.data.equipped = 'wrench';
    const rook = newcomers(fightWithAdded(rules, doc, odd).state, [], rules, { file: doc }).find((n) => n.unit === 'rook')!;
    expect(rook).toMatchObject({ rejection: { code: 'roster/not_writable', field: 'data.equipped' } });
    expect(rook.text).toContain('a frontline file equips a unit only with one of its own weapons; Rook holds "wrench"');
  });
});
