// Rule coverage of every registered ruleset, derived from the registry: each declares the prefix of its
// rule ids (Ruleset.rulePrefix); every id its code cites, its RULES.md lists and its RULINGS.md settles is
// named by a test (a title or a comment by the assertion), and its code cites no other ruleset's ids.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesets } from './index.ts';
import { rulesetsUnderTest } from './under-test.ts';

const ROOT = join(import.meta.dirname, '../..');
const idPattern = (prefix: string) => new RegExp(`\\b${prefix}-[A-Z]+-\\d+\\b`, 'g');
const ANY_ID = /\b[A-Z][A-Z0-9]{1,4}-[A-Z]+-\d+\b/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}
const testFiles = ['src', 'test'].filter((d) => existsSync(join(ROOT, d))).flatMap((d) => files(join(ROOT, d))).filter((f) => /\.test\.tsx?$/.test(f));
const namedByTests = new Set(testFiles.flatMap((f) => readFileSync(f, 'utf8').match(ANY_ID) ?? []));

describe('rule coverage of every registered ruleset', () => {
  for (const ruleset of rulesetsUnderTest()) {
    const id = ruleset.id;
    it(`${id}: every rule id its code cites or its RULINGS.md settles is named by a test`, () => {
      expect(ruleset.rulePrefix, `${id} declares no rulePrefix`).toMatch(/^[A-Z][A-Z0-9]{1,4}$/);
      const dir = join(ROOT, 'src/rulesets', id);
      const sources = files(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
      const text = sources.map((f) => readFileSync(f, 'utf8')).join('\n');
      const cited = new Set(text.match(idPattern(ruleset.rulePrefix!)) ?? []);
      // the folder's own catalogue (RULES.md: a new ruleset's; the first four's live in the shared seeds) and its rulings
      const listed = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8').match(idPattern(ruleset.rulePrefix!)) ?? [] : []);
      expect(cited.size, `${id} cites no rule id of its own`).toBeGreaterThan(0);
      const untested = [...new Set([...cited, ...listed('RULES.md'), ...listed('RULINGS.md')])].filter((r) => !namedByTests.has(r)).sort();
      expect(untested, `rule ids of ${id} no test names`).toEqual([]);
      // another ruleset's ids in this one's code: a rule borrowed across folders
      const foreign = Object.values(rulesets).filter((r) => r !== ruleset && r.rulePrefix).flatMap((r) => text.match(idPattern(r.rulePrefix!)) ?? []);
      expect(foreign, `${id} cites another ruleset's rule ids`).toEqual([]);
    });
  }
});
