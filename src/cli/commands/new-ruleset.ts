/** `skirmish new-ruleset <id>`: scaffold a rule system's folder, its first example and its registration (src/cli/scaffold.ts). */
import { CliExit } from '../exit.ts';
import { scaffold } from '../scaffold.ts';
import type { AddCommand } from './index.ts';

export const addNewRuleset: AddCommand = (program) => {
  program
    .command('new-ruleset')
    .description('start a new rule system: src/rulesets/<id>/ (a small d20 skirmish to make your own), examples/<id>/first-fight.yaml, and its line in src/rulesets/index.ts')
    .argument('<id>', 'the ruleset id: lower-case letters and digits, e.g. mygame')
    .option('--prefix <P>', "the prefix of its rule ids (default: the id's first four letters in capitals)")
    .option('--root <dir>', 'the project to write into (default: this one)')
    .action((id: string, opts: { prefix?: string; root?: string }) => {
      let files: string[];
      try {
        files = scaffold(id, { ...(opts.prefix ? { prefix: opts.prefix } : {}), ...(opts.root ? { root: opts.root } : {}) });
      } catch (err) {
        throw new CliExit(2, `skirmish: ${(err as Error).message}`);
      }
      process.stdout.write(
        [
          `created the ruleset "${id}":`,
          ...files.map((f) => `  ${f}`),
          '',
          'next (docs/writing-a-ruleset.md):',
          ...[
            [`npx vitest run src/rulesets/${id}`, 'its rules tests'],
            [`npx skirmish check-ruleset ${id}`, 'the contract every ruleset keeps'],
            [`npx skirmish run examples/${id}/first-fight.yaml`, 'one fight, blow by blow'],
            [`npx skirmish sim examples/${id}/first-fight.yaml`, '10,000 of them'],
            ['npm start', 'then load "First fight" at the table'],
          ].map(([cmd, what], _i, all) => `  ${cmd.padEnd(Math.max(...all.map((r) => r[0].length)) + 3)}${what}`),
          '',
        ].join('\n'),
      );
    });
};
