// Every registered ruleset keeps the contract (src/sim/contract), on its own examples: CI runs
// `skirmish check-ruleset` for each of them through this test, so a new ruleset's registration line
// brings it under the contract.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesets } from '../../rulesets/index.ts';
import { rulesetsUnderTest } from '../../rulesets/under-test.ts';
import { checkRuleset } from '../../sim/contract/index.ts';
import { examplesOf } from './check-ruleset.ts';

describe('every registered ruleset keeps the contract', () => {
  for (const ruleset of rulesetsUnderTest()) {
    const id = ruleset.id;
    // example by example (the clauses hold for each alone), so no single test holds the worker for long
    const examples = examplesOf(id);
    it(`${id} ships examples`, () => expect(examples.length).toBeGreaterThan(0));
    for (const example of examples) {
      it(`${id}: skirmish check-ruleset ${id}, on ${example.file}`, () => {
        const clauses = checkRuleset(ruleset, [example]);
        expect(clauses.map((c) => c.clause)).toEqual([
          'files validate', 'examples end', 'listed options are accepted', 'previews sum to 1', "odds are the rules'", 'forked + unlogged play equals logged play', 'views hide hidden units',
        ]);
        expect(clauses.filter((c) => !c.ok).map((c) => `${c.clause}: ${c.problems.join('; ')}`)).toEqual([]);
      }, 300_000);
    }
  }

  it('the command refuses a ruleset it does not know, listing those it does (exit 2)', () => {
    const r = spawnSync(process.execPath, [join(import.meta.dirname, '../../../bin/skirmish.js'), 'check-ruleset', 'chess'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`skirmish: unknown ruleset "chess"; known: ${Object.keys(rulesets).join(', ')}\n`);
  }, 60_000);
});
