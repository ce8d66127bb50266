// Editing the draft: new units from the schema, copies, moving several, painting terrain, characters in and out.
import { describe, expect, it } from 'vitest';
import { checkDraft } from './check.ts';
import { addCharacter, characterOf } from './characters.ts';
import { redo, historyOf, record, undo } from './history.ts';
import { newDraft } from './newDraft.ts';
import { cellsBetween, paint, terrainAt, terrainOf } from './terrain.ts';
import { addUnit, duplicateUnits, freshId, moveUnits, newUnit, setZone, unitsOf, type UnitDoc } from './units.ts';

describe('a new encounter', () => {
  it('has a map for a grid ruleset, the zones for frontline, and two sides', () => {
    expect(newDraft({ ruleset: 'phase20', name: 'Bridge', width: 7, height: 5 }).doc).toEqual({ ruleset: 'phase20', name: 'Bridge', map: { width: 7, height: 5 }, sides: { heroes: { players: true }, foes: {} }, units: [] });
    expect(newDraft({ ruleset: 'frontline', name: 'Road' }).doc.map).toBeUndefined();
    // duel60's sides have no players flag
    expect(newDraft({ ruleset: 'duel60', name: 'Ring' }).doc.sides).toEqual({ heroes: {}, foes: {} });
  });
  it('needs two units before it validates; new units fill every required field', () => {
    for (const ruleset of ['phase20', 'frontline', 'duel60', 'outerah']) {
      let d = newDraft({ ruleset, name: 'Test' });
      expect(checkDraft(d).byField.get('units')?.[0]).toMatch(/needs at least two units/);
      d = { ...d, doc: addUnit(d.doc, newUnit(d.doc, 'heroes', [0, 0])) };
      d = { ...d, doc: addUnit(d.doc, newUnit(d.doc, 'foes', [3, 3])) };
      expect(checkDraft(d).lines, ruleset).toEqual([]);
      expect(unitsOf(d.doc).map((u) => u.id)).toEqual(['new-heroes', 'new-foes']);
    }
  });
});

describe('units', () => {
  const base = () => {
    const d = newDraft({ ruleset: 'phase20', name: 'T', width: 5, height: 5 }).doc;
    return addUnit(addUnit(d, { ...newUnit(d, 'heroes', [0, 0]), id: 'a', name: 'A' }), { ...newUnit(d, 'foes', [1, 0]), id: 'b', name: 'B' });
  };
  it('a copy gets a fresh id and name, on the nearest free cell, without a player', () => {
    const d = base();
    const withPlayer = { ...d, units: unitsOf(d).map((u) => (u.id === 'a' ? { ...u, controller: 'p1' } : u)) };
    const { doc, ids } = duplicateUnits(withPlayer, ['a', 'a']);
    expect(ids).toEqual(['a-2', 'a-3']);
    const copies = unitsOf(doc).slice(2);
    expect(copies.map((u) => [u.name, u.at, u.controller])).toEqual([['A 2', [0, 1], undefined], ['A 3', [1, 1], undefined]]);
    expect(freshId('a-2', ['a', 'a-2'])).toBe('a-3');
  });
  it('moves several together, and refuses a move off the map or onto a unit that stays', () => {
    const d = base();
    const moved = moveUnits(d, ['a', 'b'], 'a', [2, 3])!;
    expect(unitsOf(moved).map((u) => u.at)).toEqual([[2, 3], [3, 3]]);
    expect(moveUnits(d, ['a', 'b'], 'b', [5, 0])).toBeUndefined();
    expect(moveUnits(d, ['a'], 'a', [1, 0])).toBeUndefined();
  });
  it('frontline units go to a zone', () => {
    const d = newDraft({ ruleset: 'frontline', name: 'T' }).doc;
    const u = newUnit(d, 'heroes');
    expect(unitsOf(setZone(addUnit(d, u), [u.id], 'rearguard'))[0].start).toBe('rearguard');
  });
});

describe('terrain', () => {
  const d = newDraft({ ruleset: 'outerah', name: 'T', width: 6, height: 6 }).doc;
  it('paints cells and erases them; the last entry at a cell is the one read', () => {
    const wall = { tags: ['wall'], blocksMove: true };
    const p = paint(d, cellsBetween([0, 0], [2, 0]), wall);
    expect(terrainOf(p).map((t) => t.at)).toEqual([[0, 0], [1, 0], [2, 0]]);
    const e = paint(p, [[1, 0]]);
    expect(terrainOf(e).map((t) => t.at)).toEqual([[0, 0], [2, 0]]);
    expect((paint(e, [[0, 0], [2, 0]]).map as object)).toEqual({ width: 6, height: 6 });
    const water = paint(p, [[0, 0]], { tags: ['water'] });
    expect(terrainAt(water, [0, 0])?.tags).toEqual(['water']);
  });
  it('splits a rectangle where a cell inside it is painted over', () => {
    const rect = { ...d, map: { ...(d.map as object), terrain: [{ at: [0, 0], to: [1, 1], tags: ['water'] }] } };
    const p = paint(rect, [[1, 1]], { tags: ['mountain'] });
    expect(terrainOf(p)).toEqual([{ at: [0, 0], tags: ['water'] }, { at: [1, 0], tags: ['water'] }, { at: [0, 1], tags: ['water'] }, { at: [1, 1], tags: ['mountain'] }]);
  });
});

describe('characters', () => {
  it('keep their gear inline, and bring it into another encounter\'s content', () => {
    let d = newDraft({ ruleset: 'phase20', name: 'T', width: 5, height: 5 }).doc;
    d = { ...d, content: { weapons: [{ id: 'spear', name: 'Spear', damage: '1d8' }] } };
    const kara: UnitDoc = { ...newUnit(d, 'heroes', [0, 0]), id: 'kara', name: 'Kara', weapons: ['spear'] };
    const entry = characterOf(addUnit(d, kara), kara, 'character');
    expect(entry.data.weapons).toEqual([{ id: 'spear', name: 'Spear', damage: '1d8' }]);
    expect(entry.data.at).toEqual([0, 0]);
    // into an encounter without that spear: it joins the content and is named by id
    const other = newDraft({ ruleset: 'phase20', name: 'U', width: 5, height: 5 }).doc;
    const a = addCharacter(other, entry, [2, 2]);
    expect(a.doc.content).toEqual({ weapons: [{ id: 'spear', name: 'Spear', damage: '1d8' }] });
    expect(unitsOf(a.doc)[0]).toMatchObject({ id: 'kara', at: [2, 2], weapons: ['spear'] });
    // a second Kara gets a fresh id; a different spear in the content leaves hers inline
    const b = addCharacter(a.doc, entry, [2, 2]);
    expect(unitsOf(b.doc)[1]).toMatchObject({ id: 'kara-2', at: [1, 1] });
    const clash = { ...other, content: { weapons: [{ id: 'spear', name: 'Spear', damage: '1d6' }] } };
    expect(unitsOf(addCharacter(clash, entry).doc)[0].weapons).toEqual([{ id: 'spear', name: 'Spear', damage: '1d8' }]);
  });
});

describe('undo and redo', () => {
  it('walk back and forth; a new change clears what was undone', () => {
    let h = record(record(historyOf(1), 2), 3);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    h = redo(h);
    expect(h.present).toBe(2);
    h = record(h, 9);
    expect([h.past, h.present, h.future]).toEqual([[1, 2], 9, []]);
  });
});
