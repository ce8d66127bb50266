/**
 * `skirmish check-ruleset <id>`: the contract every ruleset must pass (src/sim/contract), on the
 * ruleset's own examples (examples/<id>/*.yaml). Exit 0 when every clause holds, 1 when one fails,
 * 2 for an unknown ruleset.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulesetById, rulesets } from '../../rulesets/index.ts';
import { EXAMPLES_DIR } from '../../server/examples.ts';
import { checkRuleset, type Clause, type ExampleText } from '../../sim/contract/index.ts';
import { CliExit } from '../exit.ts';
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
    .description('check a ruleset against the contract every ruleset must pass: files validate, examples end, listed options are accepted, forked + unlogged play equals logged play, previews sum to 1, views hide hidden units')
    .argument('<id>', 'a registered ruleset (see skirmish rulesets)')
    .option('--json', 'print the clauses as JSON')
    .action((id: string, opts: { json?: boolean }) => {
      const ruleset = rulesetById(id);
      if (!ruleset) throw new CliExit(2, `skirmish: unknown ruleset "${id}"; known: ${Object.keys(rulesets).join(', ')}`);
      const clauses = checkRuleset(ruleset, examplesOf(id), { onClause: (c) => !opts.json && process.stdout.write(line(c) + '\n') });
      const failed = clauses.filter((c) => !c.ok).length;
      if (opts.json) process.stdout.write(JSON.stringify({ ruleset: id, ok: failed === 0, clauses }, null, 2) + '\n');
      else process.stdout.write(failed ? `${ruleset.name}: ${failed} of ${clauses.length} clauses fail\n` : `${ruleset.name} keeps the contract (${clauses.length} clauses)\n`);
      if (failed) process.exitCode = 1;
    });
};
