// Registry-wide tests are the shared suite: each iterates the rulesets under test (src/rulesets/under-test.ts),
// never the registry itself, so `skirmish check-ruleset <id>` can run them for one ruleset and a new one
// is held to them the day its registration line is written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesets } from '../rulesets/index.ts';
import { idsUnderTest, rulesetsUnderTest, RULESETS_UNDER_TEST } from '../rulesets/under-test.ts';
import { sharedSuiteFiles } from './shared-suite.ts';

const ROOT = join(import.meta.dirname, '../..');
/** A loop or a table of tests over the whole registry. */
const OVER_THE_REGISTRY = /(for \(const [^)]* of |\.each\(\s*)Object\.(keys|values|entries)\(rulesets\)/;

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? testFiles(p) : /\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('the shared suite', () => {
  it('no test under src/ loops over the registry itself: it asks for the rulesets under test', () => {
    const offenders = testFiles(join(ROOT, 'src')).filter((f) => OVER_THE_REGISTRY.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('is the registry-wide tests, the contract\'s own test left to check-ruleset, which plays the contract itself', () => {
    const files = sharedSuiteFiles(ROOT)!;
    for (const f of ['src/rulesets/terrain-kinds.test.ts', 'src/rulesets/events.test.ts', 'src/rulesets/coverage.test.ts', 'src/web/src/model/catalogue.test.ts', 'src/web/src/builder/put.test.ts', 'src/sim/fast-path.test.ts']) expect(files).toContain(f);
    expect(files).not.toContain('src/cli/commands/check-ruleset.test.ts');
  });

  it(`is every registered ruleset, or those ${RULESETS_UNDER_TEST} names; an unknown name is an error`, () => {
    const before = process.env[RULESETS_UNDER_TEST];
    try {
      delete process.env[RULESETS_UNDER_TEST];
      expect(idsUnderTest()).toEqual(Object.keys(rulesets));
      process.env[RULESETS_UNDER_TEST] = 'duel60, phase20';
      expect(idsUnderTest()).toEqual(Object.keys(rulesets).filter((id) => id === 'duel60' || id === 'phase20'));
      process.env[RULESETS_UNDER_TEST] = 'chess';
      expect(() => rulesetsUnderTest()).toThrow(`${RULESETS_UNDER_TEST} names "chess", not a registered ruleset`);
    } finally {
      if (before === undefined) delete process.env[RULESETS_UNDER_TEST];
      else process.env[RULESETS_UNDER_TEST] = before;
    }
  });
});
