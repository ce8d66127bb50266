// A duel60 unit the GM added in the engine's shape carries back to the roster: its entry is written from
// the unit, builds back the same unit, and loads into the next encounter with the Health and Stamina it
// kept; what a file cannot say (spent Vitality) is listed with the reason instead.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyRoster, carryBack, isRejection, newcomers, parseText, rosterSetupCommands, unitsAsAdded, type Json, type Ruleset } from '../../engine/index.ts';
import { copyOf, fightWithAdded, writeBack } from '../../engine/roster/testkit.ts';
import { validateEncounter } from '../load.ts';
import { Table } from '../testing.ts';
import { duel60 } from './index.ts';

const rules: Ruleset = duel60; // its fileEntry is registered in index.ts
type Doc = Record<string, unknown> & { units: Record<string, Json>[] };
const example = (name: string): Doc => {
  const p = parseText(readFileSync(`examples/duel60/${name}`, 'utf8'), name);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.value as Doc;
};

describe('duel60 fileEntry', () => {
  it.each(['duel.yaml', 'javelin-dodge.yaml', 'skirmish-3v3.yaml'])('%s: every unit written back builds the very same unit', (name) => {
    for (const { unit, entry, rebuilt } of writeBack(rules, example(name))) {
      expect(isRejection(entry), `${unit.id}: ${JSON.stringify(entry)}`).toBe(false);
      expect(rebuilt).toEqual(unit);
    }
  });

  it('D60-PRJ-1, D60-TURN-1: named perks that say what they change are written back and build the very same unit', () => {
    const doc = example('duel.yaml');
    doc.units[0] = { ...doc.units[0], perks: ['Indirect Fighter', { name: 'Strong Arm', projectileSpeed: 10 }, { name: 'Twin Fists', perTurn: { actions: 2 } }] };
    for (const { unit, entry, rebuilt } of writeBack(rules, doc)) {
      expect(isRejection(entry), `${unit.id}: ${JSON.stringify(entry)}`).toBe(false);
      expect(rebuilt).toEqual(unit);
    }
    const [first] = writeBack(rules, doc);
    expect((first.entry as Record<string, Json>).perks).toEqual(['Indirect Fighter', { name: 'Strong Arm', projectileSpeed: 10 }, { name: 'Twin Fists', perTurn: { actions: 2 } }]);
  });

  it("a GM-added fighter joins the roster with the Health and Stamina it kept, even on a tile a file's unit started on", () => {
    const doc = example('duel.yaml');
    // Kaela steps off her starting tile; the GM's newcomer takes it
    const mira = copyOf(rules, doc, 'kaela', { id: 'mira', name: 'Mira', controller: 'p1', position: { x: 2, y: 4 } });
    const log = fightWithAdded(
      rules,
      doc,
      mira,
      [
        { type: 'gm.damage', unit: 'mira', amount: 10, rules: false },
        { type: 'gm.set_pool', unit: 'mira', pool: 'stamina', value: 4 },
      ],
      { before: [{ type: 'gm.move', unit: 'kaela', to: [3, 4] }] },
    );
    const found = newcomers(log.state, [], rules, { file: doc, added: unitsAsAdded(log.events) });
    // the file's fighters have no player: only Mira is a character
    expect(found.map((n) => [n.unit, 'entry' in n ? n.from : n.rejection.code])).toEqual([['mira', 'written']]);
    const joined = found.flatMap((n) => ('entry' in n ? [n.entry] : []));
    expect(joined[0].unit).toMatchObject({ id: 'mira', at: [2, 4], stats: { health: 46, stamina: 12 }, weapons: [{ id: 'longsword', damage: 11 }] });
    const { changes, proposed } = carryBack({ entries: joined }, log.state, rules);
    expect(changes.map((c) => c.text)).toEqual(['Mira: HP full → 36/46', 'Mira: stamina full → 4/12']);

    // the next duel: Mira against Orrin, on her own tile
    const next = applyRoster({ ...doc, units: doc.units.filter((u) => u.id === 'orrin') }, { entries: proposed }, { add: ['mira'] });
    const loaded = validateEncounter(next, 'next.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    // a duel60 file has no field for Health left: the roster's setup commands set it, as the server sends them
    const t = new Table(rules, loaded.value.doc);
    for (const c of rosterSetupCommands(t.state, { entries: proposed }, rules)) t.do(c);
    expect(t.unit('mira').pools).toMatchObject({ hp: { value: 36, max: 46 }, stamina: { value: 4, max: 12 } });
  });

  it('a fighter that joined with Vitality spent is listed with the reason: a file cannot say it', () => {
    const doc = example('duel.yaml');
    const hurt = copyOf(rules, doc, 'kaela', { id: 'mira', name: 'Mira', controller: 'p1', position: { x: 5, y: 6 } });
    hurt.pools.vitality = { value: 5, max: 12 };
    const log = fightWithAdded(rules, doc, hurt);
    const [mira] = newcomers(log.state, [], rules, { file: doc, added: unitsAsAdded(log.events) });
    expect(mira).toMatchObject({ unit: 'mira', rejection: { code: 'roster/not_writable', field: 'pools.vitality' } });
    expect(mira.text).toBe(
      "Mira cannot join the roster: Mira was added in the engine's shape, with no entry in the encounter file, and duel60 cannot write one: a duel60 file starts every unit with full Vitality; Mira has 5 of 12",
    );
  });
});
