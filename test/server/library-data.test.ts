/**
 * A library entry's `data` is checked against its ruleset as the part of a file it stands for
 * (library-data.ts, issue 37): the same schema and words as `skirmish validate`, the path from `data`.
 * Every unit of every example, saved as the builder saves a character (characterOf), is a valid entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../src/engine/index.ts';
import { characterOf } from '../../src/web/src/builder/model/characters.ts';
import { EXAMPLES_DIR, listExamples } from '../../src/server/examples.ts';
import { libraryDataProblems } from '../../src/server/library-data.ts';

const entry = (kind: LibraryEntry['kind'], ruleset: string, data: Record<string, unknown>): LibraryEntry => ({ kind, id: 'x', name: 'X', ruleset, data: data as LibraryEntry['data'] });
const texts = (e: LibraryEntry, at?: string) => libraryDataProblems(e, at).map((p) => p.text);

describe("a library entry's data, checked by its ruleset", () => {
  it('every unit of every example file, kept as the builder keeps a character (gear inline, place left out), is valid; so is every example as an encounter', () => {
    const seen = new Set<string>();
    for (const ex of listExamples()) {
      const file = parse(readFileSync(join(EXAMPLES_DIR, ex.path), 'utf8')) as Record<string, unknown>;
      const doc = (typeof file.encounter === 'object' ? file.encounter : file) as Record<string, unknown> & { units?: Record<string, unknown>[] };
      if (!Array.isArray(doc.units)) continue;
      seen.add(ex.ruleset);
      expect(texts(entry('encounter', ex.ruleset, doc)), ex.path).toEqual([]);
      for (const u of doc.units) {
        const { at: _at, ...kept } = characterOf(doc as never, u as never, 'character').data;
        expect(texts(entry('character', ex.ruleset, kept)), `${ex.path} ${String(u.id)}`).toEqual([]);
        if (Array.isArray(u.at)) expect(texts(entry('monster', ex.ruleset, { ...kept, at: [0, 0] })), `${ex.path} ${String(u.id)}`).toEqual([]);
      }
      const content = (doc.content ?? {}) as Record<string, Record<string, unknown>[]>;
      for (const [list, items] of Object.entries(content)) for (const item of items) expect(texts(entry('item', ex.ruleset, item)), `${ex.path} ${list} ${String(item.id)}`).toEqual([]);
    }
    expect([...seen].sort()).toEqual(['duel60', 'frontline', 'outerah', 'phase20']);
  });

  it("a unit's mistakes are refused in the file's words, each at its path from data", () => {
    const kara = { id: 'kara', name: 'Kara', side: 'heroes', hp: 'lots', dv: 10, speed: -3, onload: 'alert(1)' };
    expect(texts(entry('character', 'phase20', kara))).toEqual(['data.hp: must be a number, not the text "lots"', expect.stringMatching(/^data\.speed: /), 'data: unknown field "onload"']);
    expect(texts(entry('character', 'phase20', kara), 'entries[3].data')[0]).toBe('entries[3].data.hp: must be a number, not the text "lots"');
    expect(texts(entry('monster', 'phase20', { id: 'g', name: 'G', side: 'x', dv: 10 }))).toEqual(['data.hp: is missing: it must be a number']);
  });

  it('an item fits one of the content lists, or is refused with the problems of the nearest; an encounter is of its ruleset, within the bounds of a file', () => {
    expect(texts(entry('item', 'phase20', { id: 'axe', name: 'Axe', damage: '1d8', scale: 'strength' }))).toEqual([]);
    const bad = texts(entry('item', 'phase20', { id: 'axe', name: 'Axe', damage: 12, scale: 'strength' }));
    expect(bad.length).toBeGreaterThan(0);
    expect(bad[0]).toMatch(/^data\.damage: .* \(as an item of content\.weapons\)$/);
    expect(texts(entry('encounter', 'phase20', { ruleset: 'duel60', name: 'D', units: [] }))).toEqual(['data.ruleset: the file is a duel60 encounter, the entry a phase20 one']);
    const huge = { ruleset: 'phase20', name: 'Huge', units: [], map: { width: 100_000, height: 2 } };
    expect(texts(entry('encounter', 'phase20', huge))).toEqual([expect.stringMatching(/^data\.map\.width: /)]);
    // a draft keeps its problems to fix (the builder saves it so): they are the load's to report
    expect(texts(entry('encounter', 'phase20', { ruleset: 'phase20', name: 'Draft', units: [] }))).toEqual([]);
  });
});
