// An outerah unit the GM added in the engine's shape carries back to the roster: its entry is written
// from the unit, builds back the same unit (pets, mounts and stations included), and loads into the next
// encounter; what this encounter's file cannot say is listed with the reason instead.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyRoster, carryBack, isRejection, newcomers, parseText, unitsAsAdded, type Json, type Ruleset } from '../../engine/index.ts';
import { copyOf, fightWithAdded, writeBack } from '../../engine/roster/testkit.ts';
import { validateEncounter } from '../load.ts';
import { Table } from '../testing.ts';
import { outerah } from './index.ts';

const rules: Ruleset = outerah; // its fileEntry is registered in index.ts
type Doc = Record<string, unknown> & { units: Record<string, Json>[] };
const example = (name: string): Doc => {
  const p = parseText(readFileSync(`examples/outerah/${name}`, 'utf8'), name);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.value as Doc;
};
const examples = ['airship-battle.yaml', 'border-skirmish-4v4.yaml', 'elemental-shrine.yaml', 'ridge-cover.yaml', 'river-and-forest.yaml', 'time-mages.yaml', 'trainer-and-knight.yaml'];

describe('outerah fileEntry', () => {
  it.each(examples)('%s: every unit written back builds the very same unit', (name) => {
    for (const { unit, entry, rebuilt } of writeBack(rules, example(name))) {
      expect(isRejection(entry), `${unit.id}: ${JSON.stringify(entry)}`).toBe(false);
      expect(rebuilt).toEqual(unit);
    }
  });

  it('a GM-added warden joins the roster with her wounds and loads into the next fight', () => {
    const doc = example('border-skirmish-4v4.yaml');
    const dora = copyOf(rules, doc, 'brann', { id: 'dora', name: 'Dora', controller: 'p5', position: { x: 2, y: 8 } });
    const log = fightWithAdded(rules, doc, dora, [{ type: 'gm.damage', unit: 'dora', amount: 20, rules: false }]);
    const found = newcomers(log.state, [], rules, { file: doc, added: unitsAsAdded(log.events) });
    // the wardens' side is the players': its units are characters with or without a controller
    expect(found.map((n) => [n.unit, 'entry' in n ? n.from : n.rejection.code])).toEqual([['kaito', 'file'], ['brann', 'file'], ['wren', 'file'], ['ilse', 'file'], ['dora', 'written']]);
    const joined = found.flatMap((n) => ('entry' in n ? [n.entry] : []));
    expect(joined[4].unit).toMatchObject({ id: 'dora', class: 'paladin', hp: 58, armor: 'heavy', items: { potion: 2 }, weapons: [{ id: 'warhammer', range: 1, delivery: 'melee' }, { id: 'stool', kind: 'improvised' }] });
    const { changes, proposed } = carryBack({ entries: joined }, log.state, rules);
    expect(changes.map((c) => c.text)).toEqual(['Dora: HP full → 38/58']);

    const next = applyRoster(doc, { entries: proposed }, { add: ['dora'] });
    const loaded = validateEncounter(next, 'next.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    expect(new Table(rules, loaded.value.doc).unit('dora').pools.hp).toEqual({ value: 38, max: 58 });
  });

  it("a unit carrying an item this encounter's content does not list is listed with the reason", () => {
    const doc = example('border-skirmish-4v4.yaml');
    const odd = copyOf(rules, doc, 'brann', { id: 'dora', name: 'Dora', controller: 'p5', position: { x: 2, y: 8 } });
    odd.data.items = { potion: 1, elixir: 1 };
    const dora = newcomers(fightWithAdded(rules, doc, odd).state, [], rules, { file: doc }).find((n) => n.unit === 'dora')!;
    expect(dora).toMatchObject({ rejection: { code: 'roster/not_writable', field: 'data.items.elixir' } });
    expect(dora.text).toContain(`carries "elixir", which this encounter's content does not list`);
  });
});
