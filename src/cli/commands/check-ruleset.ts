/**
 * `skirmish check-ruleset <id>`: the contract every ruleset must pass (src/sim/contract), on the
 * ruleset's own examples (examples/<id>/*.yaml), then, in a checkout, the shared suite (src/cli/shared-suite.ts:
 * every registry-wide test, for this ruleset alone). Exit 0 when every clause holds, 1 when one fails,
 * 2 for an unknown ruleset.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulesetById, rulesets } from '../../rulesets/index.ts';
import { EXAMPLES_DIR } from '../../server/examples.ts';
import { checkRuleset, type Clause, type ExampleText } from '../../sim/contract/index.ts';
import { CliExit } from '../exit.ts';
import { PACKAGE_ROOT } from '../scaffold.ts';
import { runSharedSuite } from '../shared-suite.ts';
import type { AddCommand } from './index.ts';

/** A ruleset's example files, as the contract reads them. */
export function examplesOf(id: string, dir = EXAMPLES_DIR): ExampleText[] {
  let files: string[];
  try {
    files = readdirSync(join(dir, id)).filter((f) => /\.ya?ml$/.test(f)).sort();
  } catch {
    return [];
  }
  return files.map((f) => ({ file: `examples/${id}/${f}`, text: readFileSync(join(dir, id, f), 'utf8') }));
}

const line = (c: Clause) => [`${c.ok ? '✓' : '✗'} ${c.clause} — ${c.checked}`, ...c.problems.map((p) => `    ${p}`)].join('\n');

export const addCheckRuleset: AddCommand = (program) => {
  program
    .command('check-ruleset')
    .description('check a ruleset against the contract every ruleset must pass: files validate, examples end, listed options are accepted, previews sum to 1, odds are what the rules roll, forked + unlogged play equals logged play, views hide hidden units; then, in a checkout, the shared suite (every registry-wide test) for it')
    .argument('<id>', 'a registered ruleset (see skirmish rulesets)')
    .option('--json', 'print the clauses as JSON')
    .option('--no-suite', "leave out the shared suite (the project's registry-wide tests, run for this ruleset)")
    .action(async (id: string, opts: { json?: boolean; suite: boolean }) => {
      const ruleset = rulesetById(id);
      if (!ruleset) throw new CliExit(2, `skirmish: unknown ruleset "${id}"; known: ${Object.keys(rulesets).join(', ')}`);
      const print = (c: Clause) => !opts.json && process.stdout.write(line(c) + '\n');
      const clauses = checkRuleset(ruleset, examplesOf(id), { onClause: print });
      // the registry-wide tests of a checkout, for this ruleset alone: green here is green in npm test
      const suite = opts.suite ? await runSharedSuite(id, PACKAGE_ROOT) : undefined;
      if (suite) {
        clauses.push(suite);
        print(suite);
      } else if (opts.suite && !opts.json) process.stdout.write(`  (the shared suite runs in a checkout of the sources, with its dev dependencies)\n`);
      const failed = clauses.filter((c) => !c.ok).length;
      if (opts.json) process.stdout.write(JSON.stringify({ ruleset: id, ok: failed === 0, clauses }, null, 2) + '\n');
      else process.stdout.write(failed ? `${ruleset.name}: ${failed} of ${clauses.length} clauses fail\n` : `${ruleset.name} keeps the contract (${clauses.length} clauses)\n`);
      if (failed) process.exitCode = 1;
    });
};
