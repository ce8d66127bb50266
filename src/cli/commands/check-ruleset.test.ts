// Every registered ruleset keeps the contract (src/sim/contract), on its own examples: CI runs
// `skirmish check-ruleset` for each of them through this test, so a new ruleset's registration line
// brings it under the contract.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesets } from '../../rulesets/index.ts';
import { rulesetsUnderTest } from '../../rulesets/under-test.ts';
import { checkRuleset, filesValidate, oddsHold } from '../../sim/contract/index.ts';
import { examplesOf } from './check-ruleset.ts';

describe('every registered ruleset keeps the contract', () => {
  for (const ruleset of rulesetsUnderTest()) {
    const id = ruleset.id;
    // example by example (the clauses hold for each alone), so no single test holds the worker for long
    const examples = examplesOf(id);
    it(`${id} ships examples`, () => expect(examples.length).toBeGreaterThan(0));
    for (const example of examples) {
      // the odds clause apart (its plays are the slowest part), so that no single test holds the worker for long
      it(`${id}: skirmish check-ruleset ${id}, on ${example.file}`, () => {
        const clauses = checkRuleset(ruleset, [example], { withoutOdds: true });
        expect(clauses.map((c) => c.clause)).toEqual([
          'files validate', 'examples end', 'listed options are accepted', 'previews sum to 1', 'forked + unlogged play equals logged play', 'views hide hidden units',
        ]);
        expect(clauses.filter((c) => !c.ok).map((c) => `${c.clause}: ${c.problems.join('; ')}`)).toEqual([]);
      }, 300_000);
      it(`${id}: odds are the rules' on ${example.file}`, () => {
        const c = oddsHold(ruleset, filesValidate(ruleset, [example]).loaded);
        expect(c.clause).toBe("odds are the rules'");
        expect(c.problems).toEqual([]);
      }, 300_000);
    }
  }

  it('the command refuses a ruleset it does not know, listing those it does (exit 2)', async () => {
    // a child process awaited, not waited for: the worker keeps answering vitest meanwhile
    const r = await new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
      const c = spawn(process.execPath, [join(import.meta.dirname, '../../../bin/skirmish.js'), 'check-ruleset', 'chess'], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      c.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      c.on('error', reject);
      c.on('close', (status) => resolve({ status, stderr }));
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`skirmish: unknown ruleset "chess"; known: ${Object.keys(rulesets).join(', ')}\n`);
  }, 60_000);
});
