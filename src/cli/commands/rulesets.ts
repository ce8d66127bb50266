import { rulesets } from '../../rulesets/index.ts';
import { policyNames } from '../../sim/policies.ts';
import type { AddCommand } from './index.ts';

export const addRulesets: AddCommand = (program) => {
  program
    .command('rulesets')
    .description('list the rule systems Skirmish knows')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) => {
      const list = Object.values(rulesets).map((r) => ({ id: r.id, name: r.name, description: r.description, commands: Object.keys(r.commands), policies: policyNames(r) }));
      if (opts.json) process.stdout.write(JSON.stringify(list, null, 2) + '\n');
      else for (const r of list) process.stdout.write(`${r.id.padEnd(10)} ${r.description}\n`);
    });
};
