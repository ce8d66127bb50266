import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { EncounterState, RosterEntry } from '../../../../engine/index.ts';
import type { LibraryEntry } from '../../builder/model/characters.ts';
import type { Entry } from '../../model/unitText.ts';
import { checkNewcomer, libraryUnit, startsOf } from './newcomer.ts';

// Goblin cave as its file writes it, and a state standing as the fight starts (only what the starts read)
const file = parse(readFileSync(new URL('../../../../../examples/phase20/goblin-cave.yaml', import.meta.url), 'utf8')) as Record<string, unknown> & { units: Entry[] };
const { units, ...doc } = file;
const state = {
  ruleset: 'phase20',
  map: { kind: 'grid', width: 9, height: 5, cells: {} },
  units: Object.fromEntries(units.map((u) => [u.id, { id: u.id, name: u.name, status: 'active', position: { x: (u.at as number[])[0], y: (u.at as number[])[1] } }])),
} as unknown as EncounterState;
const thorn: LibraryEntry = { kind: 'character', id: 'thorn', name: 'Thorn', ruleset: 'phase20', data: { ...units[0], id: 'thorn', name: 'Thorn', controller: undefined, at: [1, 2] } };

describe('where a newcomer starts, and its check as one more unit of the file', () => {
  it('offers a new unit of each side, copies, the library and the roster, in words', () => {
    const roster = [{ id: 'wren', name: 'Wren', ruleset: 'phase20', unit: { id: 'wren' }, current: { pools: { hp: { value: 17, max: 22 } }, status: 'active' } }] as unknown as RosterEntry[];
    const labels = startsOf({ ...doc, units }, units.slice(0, 1), [thorn], roster, state).map((s) => s.label);
    expect(labels).toEqual(['A new unit of heroes', 'A new unit of goblins', 'A copy of Kara', 'Thorn (a character of the library)', 'Wren (roster, HP 17/22)']);
  });
  it('a library character keeps its id while free, and moves off a taken square', () => {
    const u = libraryUnit(thorn, state);
    expect(u.id).toBe('thorn');
    expect(u.at).not.toEqual([1, 2]); // Kara stands there
    expect(libraryUnit({ ...thorn, data: { ...thorn.data, id: 'kara' } }, state).id).toBe('kara-2');
  });
  it('checks the entry as validate would, each problem at its field', () => {
    const ok = checkNewcomer({ ...doc, units }, units, { ...units[1], id: 'g9', name: 'Goblin Nine', at: [8, 4] });
    expect(ok.problems.size).toBe(0);
    const bad = checkNewcomer({ ...doc, units }, units, { ...units[1], id: 'g9', name: 'Goblin Nine', at: [8, 4], hp: 0 });
    expect([...bad.problems.keys()]).toEqual([`units[${bad.index}].hp`]);
  });
});
