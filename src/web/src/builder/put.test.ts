// What the palette puts on the map, and a new piece of gear: valid in every ruleset as made.
import { describe, expect, it } from 'vitest';
import { idsUnderTest } from '../../../rulesets/under-test.ts';
import { checkDraft } from './model/check.ts';
import { addCharacter } from './model/characters.ts';
import { newDraft } from './model/newDraft.ts';
import { encounterSchemaOf, nodeAt } from './model/schema.ts';
import { unitsOf } from './model/units.ts';
import { addGear, addSide, putOnMap } from './put.ts';

describe('putting on the map', () => {
  for (const ruleset of idsUnderTest()) {
    it(`${ruleset}: units of both sides, each with a new weapon where its files list weapons, make a valid encounter`, () => {
      let doc = newDraft({ ruleset, name: 'T', width: 6, height: 4 }).doc;
      for (const side of ['heroes', 'heroes', 'foes']) doc = putOnMap(doc, { kind: 'new', side }, undefined, new Map())!.doc;
      expect(checkDraft({ doc, file: 't.yaml' }).lines).toEqual([]);
      // a ruleset without a weapons library (content.weapons, named by id from units' weapons) has none to make
      if (!nodeAt(encounterSchemaOf(ruleset), ['content', 'weapons', 0])) return;
      const g = addGear(doc, 'weapons')!;
      expect(g.id).toBe('new-weapon');
      doc = { ...g.doc, units: unitsOf(g.doc).map((u) => ({ ...u, weapons: [g.id] })) };
      expect(checkDraft({ doc, file: 't.yaml' }).lines).toEqual([]);
      expect(addGear(doc, 'weapons')!.id).toBe('new-weapon-2');
    });
  }
  it('phase20 has gear to make: a new weapon is named for its kind', () => {
    expect(addGear(newDraft({ ruleset: 'phase20', name: 'T', width: 6, height: 4 }).doc, 'weapons')!.id).toBe('new-weapon');
  });
  it('a new unit dropped into a rearguard belongs to that side; on a grid, the cell it is dropped on', () => {
    const zones = newDraft({ ruleset: 'frontline', name: 'T' }).doc;
    const r = putOnMap(zones, { kind: 'new', side: 'heroes' }, { zone: 'rearguard', side: 'foes' }, new Map())!;
    expect(unitsOf(r.doc)[0]).toMatchObject({ side: 'foes', start: 'rearguard' });
    const grid = newDraft({ ruleset: 'phase20', name: 'T', width: 6, height: 4 }).doc;
    expect(unitsOf(putOnMap(grid, { kind: 'new', side: 'foes' }, { cell: [5, 3] }, new Map())!.doc)[0].at).toEqual([5, 3]);
  });
  it('a library character comes in through its entry; an unknown one is nothing', () => {
    const grid = newDraft({ ruleset: 'phase20', name: 'T', width: 6, height: 4 }).doc;
    const entry = { kind: 'character' as const, id: 'kara', name: 'Kara', ruleset: 'phase20', data: { id: 'kara', name: 'Kara', side: 'heroes', at: [0, 0], hp: 22, dv: 15 } };
    const r = putOnMap(grid, { kind: 'character', key: 'character/kara' }, { cell: [2, 2] }, new Map([['character/kara', entry]]))!;
    expect(r).toEqual(addCharacter(grid, entry, [2, 2]));
    expect(putOnMap(grid, { kind: 'character', key: 'character/nope' }, undefined, new Map())).toBeUndefined();
  });
  it('adds a side once', () => {
    const d = newDraft({ ruleset: 'phase20', name: 'T' }).doc;
    expect(Object.keys(addSide(addSide(d, 'wolves'), 'wolves').sides as object)).toEqual(['heroes', 'foes', 'wolves']);
  });
});
