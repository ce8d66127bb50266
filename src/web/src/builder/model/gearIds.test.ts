// Gear ids follow gear names (issue 36): renaming a weapon never breaks a unit that carries it.
import { describe, expect, it } from 'vitest';
import { checkDraft } from './check.ts';
import { followNames, refFieldsOf } from './gearIds.ts';
import { setAt, type Doc } from './paths.ts';

const doc: Doc = {
  ruleset: 'phase20', name: 'Cave', map: { width: 6, height: 6 },
  content: { weapons: [{ id: 'new-weapon', name: 'New weapon', damage: '1d6' }, { id: 'club', name: 'Club', damage: '1d4' }], spells: [] },
  units: [
    { id: 'kara', name: 'Kara', side: 'heroes', at: [0, 0], hp: 10, dv: 12, weapons: ['new-weapon', { id: 'knife', name: 'Knife', damage: '1d4' }], skilled: { weapons: ['new-weapon', 'knife'] } },
    { id: 'gob', name: 'Goblin', side: 'foes', at: [3, 3], hp: 8, dv: 10, weapons: ['new-weapon', 'club'] },
  ],
};

describe('gear ids follow names', () => {
  it('finds the fields a unit names its gear by (the schema\'s refersTo)', () => {
    expect(refFieldsOf('phase20')).toEqual([{ path: ['skilled', 'weapons'], category: 'weapons', many: true }]);
    expect(refFieldsOf('frontline')).toEqual([{ path: ['equipped'], category: 'weapons', many: false }]);
    expect(refFieldsOf('duel60')).toEqual([]);
    // outerah's pet and mount name another unit: chosen from the encounter's units by name, never renamed
    expect(refFieldsOf('outerah')).toEqual([{ path: ['pet', 'trainer'], category: 'units', many: false }, { path: ['mount', 'unit'], category: 'units', many: false }]);
  });

  it('a weapon of the content renamed: its id follows, and so does every unit naming it', () => {
    const renamed = setAt(doc, ['content', 'weapons', 0, 'name'], 'Short spear');
    const out = followNames(doc, renamed);
    expect(out.content).toEqual({ weapons: [{ id: 'short-spear', name: 'Short spear', damage: '1d6' }, { id: 'club', name: 'Club', damage: '1d4' }], spells: [] });
    const units = out.units as { weapons: unknown[]; skilled?: { weapons: string[] } }[];
    expect(units[0].weapons[0]).toBe('short-spear');
    expect(units[0].skilled!.weapons).toEqual(['short-spear', 'knife']);
    expect(units[1].weapons).toEqual(['short-spear', 'club']);
    expect(checkDraft({ doc: out, file: 'x.yaml' }).lines).toEqual([]);
    // without following, the same rename of the id alone breaks both units
    const broken = setAt(doc, ['content', 'weapons', 0, 'id'], 'short-spear');
    expect(checkDraft({ doc: broken, file: 'x.yaml' }).problems.map((p) => p.path)).toEqual(['units[0].weapons[0]', 'units[0].skilled.weapons[0]', 'units[1].weapons[0]']);
  });

  it('a name already taken gets the next free id; gear written on a unit follows within the unit', () => {
    const out = followNames(doc, setAt(doc, ['content', 'weapons', 0, 'name'], 'Club'));
    expect((out.content as { weapons: { id: string }[] }).weapons.map((w) => w.id)).toEqual(['club-2', 'club']);
    const inline = followNames(doc, setAt(doc, ['units', 0, 'weapons', 1, 'name'], 'Long knife'));
    const kara = (inline.units as Doc[])[0] as { weapons: unknown[]; skilled: { weapons: string[] } };
    expect(kara.weapons[1]).toEqual({ id: 'long-knife', name: 'Long knife', damage: '1d4' });
    expect(kara.skilled.weapons).toEqual(['new-weapon', 'long-knife']);
  });

  it('leaves everything else as it is (the same document when no name changed)', () => {
    const hp = setAt(doc, ['units', 0, 'hp'], 11);
    expect(followNames(doc, hp)).toBe(hp);
  });
});
