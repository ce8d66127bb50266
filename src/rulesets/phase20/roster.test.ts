// A phase20 unit the GM added in the engine's shape carries back to the roster like a file's character:
// its entry is written from the unit, builds back the same unit, and loads into the next encounter.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyRoster, carryBack, createEngine, EncounterLog, isRejection, newcomers, parseText, rosterSetupCommands, unitsAsAdded, type Json, type Ruleset } from '../../engine/index.ts';
import { copyOf, fightWithAdded, writeBack } from '../../engine/roster/testkit.ts';
import { validateEncounter } from '../load.ts';
import { phase20 } from './index.ts';

const rules: Ruleset = phase20; // its fileEntry is registered in index.ts
type Doc = Record<string, unknown> & { units: Record<string, Json>[] };
const example = (name: string): Doc => {
  const p = parseText(readFileSync(`examples/phase20/${name}`, 'utf8'), name);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.value as Doc;
};

describe('phase20 fileEntry', () => {
  it.each(['goblin-cave.yaml', 'crossroads-4v4.yaml', 'mage-duel.yaml'])('%s: every unit written back builds the very same unit', (name) => {
    for (const { unit, entry, rebuilt } of writeBack(rules, example(name))) {
      expect(isRejection(entry), `${unit.id}: ${JSON.stringify(entry)}`).toBe(false);
      const { hidden: _h, ...same } = unit; // how it entered that fight, not who it is
      expect(rebuilt).toEqual(same);
    }
  });

  it('a GM-added character joins the roster, carries its wounds, and starts the next fight with them', () => {
    const doc = example('goblin-cave.yaml');
    const mira = copyOf(rules, doc, 'kara', { id: 'mira', name: 'Mira', controller: 'p3', position: { x: 1, y: 0 } });
    const log = fightWithAdded(rules, doc, mira, [{ type: 'gm.damage', unit: 'mira', amount: 9, rules: false }]);
    const found = newcomers(log.state, [], rules, { file: doc, added: unitsAsAdded(log.events) });
    expect(found.map((n) => [n.unit, 'entry' in n ? n.from : n.rejection.code])).toEqual([['kara', 'file'], ['pell', 'file'], ['mira', 'written']]);
    const joined = found.flatMap((n) => ('entry' in n ? [n.entry] : []));
    expect(joined[2].unit).toMatchObject({ id: 'mira', name: 'Mira', controller: 'p3', at: [1, 0], hp: 22, dv: 15, weapons: [{ id: 'spear', damage: '1d8' }] });
    const { changes, proposed } = carryBack({ entries: joined }, log.state, rules);
    expect(changes.find((c) => c.entry === 'mira')?.text).toBe('Mira: HP full → 13/22');

    // the next encounter: Mira added from the roster, with 13 of her 22 HP
    const next = applyRoster({ ...doc, units: doc.units.filter((u) => u.id !== 'kara') }, { entries: proposed }, { add: ['mira'] });
    const loaded = validateEncounter(next, 'next.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const nextLog = new EncounterLog(createEngine(rules));
    nextLog.create(loaded.value.doc);
    expect(rosterSetupCommands(nextLog.state, { entries: proposed }, rules)).toEqual([]);
    expect(nextLog.state.units.mira.pools.hp).toEqual({ value: 13, max: 22 });
  });

  it('a unit whose pools its numbers would not build is listed with the reason', () => {
    const doc = example('goblin-cave.yaml');
    const odd = copyOf(rules, doc, 'kara', { id: 'mira', name: 'Mira', controller: 'p3', position: { x: 1, y: 0 } });
    odd.pools.movement = { value: 0, max: 30 };
    const log = fightWithAdded(rules, doc, odd);
    const mira = newcomers(log.state, [], rules, { file: doc, added: unitsAsAdded(log.events) }).find((n) => n.unit === 'mira')!;
    expect(mira.text).toBe(
      "Mira cannot join the roster: Mira was added in the engine's shape, with no entry in the encounter file, and phase20 cannot write one: a phase20 file makes the movement maximum speed 5 × 4 = 20; Mira has 30",
    );
  });
});
