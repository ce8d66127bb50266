// Loading an encounter file: problems are reported with the file's line and the field's path.
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../engine/index.ts';
import { loadText } from './load.ts';

const units = '  - { id: a, name: A, side: x, at: [0, 0], hp: 5, dv: 10, speed: 5 }\n  - { id: b, name: B, side: y, at: [1, 0], hp: 5, dv: 10, speed: 5 }\n';

describe('loadText', () => {
  it('a file with terrain outside its map fails to load with its line and field (phase20 and outerah alike)', () => {
    const p20 = loadText(`ruleset: phase20\nname: Off\nmap: { width: 9, height: 5, terrain: [{ at: [4, 7], tags: [mud] }] }\nunits:\n${units}`, 'off.yaml');
    expect(p20.ok).toBe(false);
    expect(!p20.ok && p20.problems[0]).toMatchObject({ path: 'map.terrain[0].at', line: 3, message: 'cell [4, 7] is outside the 9×5 map' });
    const out = loadText('ruleset: outerah\nname: Off\nmap: { width: 4, height: 4, terrain: [{ at: [0, 4], tags: [water] }] }\nunits: []\n', 'off.yaml');
    expect(out.ok).toBe(false);
    expect(!out.ok && out.problems.map((x) => x.message)).toContain('cell [0, 4] is outside the 4×4 map');
  });

  it('a file past the bounds of an encounter is refused before its schema runs, with its line and field', () => {
    const many = Array.from({ length: BOUNDS.units + 1 }, (_, i) => `  - { id: u${i}, name: U, side: ${i % 2 ? 'x' : 'y'}, at: [0, 0], hp: 5, dv: 10, speed: 5 }`).join('\n');
    const r = loadText(`ruleset: phase20\nname: Crowd\nmap: { width: 9, height: 5 }\nunits:\n${many}\n`, 'crowd.yaml');
    expect(!r.ok && r.problems).toEqual([{ file: 'crowd.yaml', line: 5, column: 3, path: 'units', message: `${BOUNDS.units + 1} units; an encounter holds at most ${BOUNDS.units}` }]);
    const wide = loadText(`ruleset: outerah\nname: Wide\nmap: { width: 100000, height: 100000 }\nunits: []\n`, 'wide.yaml');
    expect(!wide.ok && wide.problems[0]).toMatchObject({ path: 'map.width', line: 3, message: 'width 100000 is more than the 200 cells a map may have' });
  });
});
