// The page's words for what the file format says (issue 36): problems and help read without YAML.
import { describe, expect, it } from 'vitest';
import { machineWordsIn } from '../../../../../test/web/machine-words.ts';
import { checkDraft } from './check.ts';
import { pageWords, placeWords, problemWords } from './words.ts';

const doc = {
  ruleset: 'phase20', name: 'Cave', map: { width: 6, height: 6 },
  content: { weapons: [{ id: 'short-sword', name: 'Short sword', damage: '1d6' }], spells: [] },
  units: [
    { id: 'new-heroes', name: 'Kara', side: 'heroes', at: [0, 0], hp: 10, startHp: 12, dv: 12, weapons: ['short-sword'], skilled: { weapons: ['halberd'] }, spells: [] },
    { id: 'new-foes', name: 'Goblin', side: 'foes', at: [3, 3], hp: 8, dv: 10, weapons: [{ id: 'club', name: 'Club', damage: '1d4' }] },
  ],
};

describe('a problem in the page\'s words', () => {
  it('names the unit and the field as the form does, and says the message without field names or file places', () => {
    const c = checkDraft({ doc, file: 'cave.yaml' });
    expect(c.lines).toEqual([
      'cave.yaml:14:14: units[0].startHp: startHp 12 is more than hp 10',
      'cave.yaml:18:18: units[0].skilled.weapons[0]: skilled with a weapon "halberd" that is not in content.weapons nor among its weapons',
    ]);
    const shown = c.problems.map((p) => problemWords(p.path, p.message, doc));
    expect(shown).toEqual([
      { place: 'Kara › Start HP', message: 'Start HP 12 is more than hp 10' },
      { place: 'Kara › Skilled › Weapons › #1', message: 'skilled with a weapon "halberd" that is not in the encounter\'s weapons nor among its weapons' },
    ]);
    expect(machineWordsIn(shown.map((s) => `${s.place}: ${s.message}`).join('\n'), ['new-heroes', 'short-sword'])).toEqual([]);
  });

  it('names gear by its name and the encounter as a whole by nothing', () => {
    expect(placeWords('content.weapons[0].damage', doc)).toBe('Gear › Weapons › Short sword › Damage');
    expect(placeWords('units[1].weapons[0].damage', doc)).toBe('Goblin › Weapons › Club › Damage');
    expect(placeWords('units', doc)).toBe('Units');
    expect(problemWords('(top)', 'x', doc).place).toBe('');
  });

  it('turns field names, content lists, ids and pointers into the docs into words', () => {
    expect(pageWords('initiative, generalSkill, combat, magic')).toBe('initiative, General Skill, combat, magic');
    expect(pageWords('ids from content.weapons, or weapons written inline')).toBe('ids from the encounter\'s weapons, or weapons written inline');
    expect(pageWords('unknown effect "Blaze" (see the effect table in docs/rulesets/outerah.md)')).toBe('unknown effect "Blaze"');
    expect(pageWords('one of the class table (docs/rulesets/outerah.md): its base Speed')).toBe('one of the class table: its base Speed');
    expect(pageWords('unit "new-heroes" is on side "x"', doc)).toBe('unit "Kara" is on side "x"');
    expect(pageWords('e.g. dv: -2, left_cannon')).toBe('e.g. dv: -2, left cannon');
  });
});
