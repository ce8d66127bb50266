import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listExamples } from './examples.ts';

describe('the example list', () => {
  it('names every shipped example in words, scenarios by their encounter’s name', () => {
    const all = listExamples();
    expect(all.length).toBeGreaterThan(0);
    for (const e of all) expect(e.name, e.path).not.toMatch(/\.ya?ml$/);
    const ambush = all.find((e) => e.path === 'frontline/convoy-ambush.yaml');
    expect(ambush?.name).toBe('Ambush on the canyon road');
  });

  it('falls back to the file name in words when a file names nothing, or does not parse', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-examples-'));
    mkdirSync(join(dir, 'phase20'));
    writeFileSync(join(dir, 'phase20', 'night-raid.yaml'), 'ruleset: phase20\n');
    writeFileSync(join(dir, 'phase20', 'broken_file.yaml'), 'name: [unclosed\n');
    const names = listExamples(dir).map((e) => e.name);
    expect(names).toEqual(['Broken file', 'Night raid']);
  });
});
