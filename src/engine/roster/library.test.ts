// Library files: export, import, and clear errors for a bad file.
import { describe, expect, it } from 'vitest';
import { exportLibrary, importLibrary, type LibraryEntry } from './library.ts';

const entries: LibraryEntry[] = [
  { kind: 'character', id: 'aria', name: 'Aria', ruleset: 'phase20', data: { id: 'aria', name: 'Aria', side: 'heroes', hp: 20, dv: 12, at: [0, 0] }, tags: ['pc'] },
  { kind: 'monster', id: 'goblin', name: 'Goblin', ruleset: 'phase20', data: { id: 'goblin', name: 'Goblin', side: 'goblins', hp: 12, dv: 15, at: [0, 0] } },
  { kind: 'item', id: 'sword', name: 'Sword', ruleset: 'phase20', data: { id: 'sword', name: 'Sword', damage: '1d8' } },
];

describe('library files', () => {
  it('round-trips', () => {
    const text = exportLibrary(entries);
    expect(JSON.parse(text)).toMatchObject({ format: 'skirmish-library', version: 1 });
    expect(importLibrary(text)).toEqual({ ok: true, entries });
  });

  it('says what is wrong and where', () => {
    const file = (e: unknown[], extra: object = {}) => JSON.stringify({ format: 'skirmish-library', version: 1, entries: e, ...extra });
    expect(importLibrary('{ nope')).toMatchObject({ ok: false, problems: [expect.stringMatching(/^not a JSON file: /)] });
    expect(importLibrary(JSON.stringify({ entries: [] }))).toMatchObject({ ok: false, problems: [expect.stringMatching(/^format: /), expect.stringMatching(/^version: /)] });
    expect(importLibrary(file([], { version: 2 }))).toEqual({ ok: false, problems: ['version: 2 is newer than this Skirmish reads (1)'] });
    const bad = importLibrary(file([entries[0], { ...entries[1], kind: 'villain' }, { ...entries[2], name: '' }, entries[0]]));
    expect(bad.ok ? [] : bad.problems).toEqual([
      'entries[1].kind: must be one of "character", "monster", "item" or "encounter", not the text "villain"',
      'entries[2].name: must not be empty',
      'entries[3].id: character "aria" is already entries[0]',
    ]);
    expect(() => exportLibrary([{ ...entries[0], id: 'a b' }])).toThrow('entries[0].id: letters, digits, _ . and - only');
  });
});
