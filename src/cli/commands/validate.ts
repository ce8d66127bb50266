import { CliExit } from '../exit.ts';
import { loadFile } from '../files.ts';
import type { AddCommand } from './index.ts';

export const addValidate: AddCommand = (program) => {
  program
    .command('validate')
    .description('check encounter or scenario files; exit 2 listing every problem with line and field')
    .argument('<files...>', 'encounter or scenario files (YAML or JSON)')
    .action((files: string[]) => {
      // every file is checked, and every problem of every file printed, before the exit code is decided
      const problems: string[] = [];
      for (const file of files) {
        try {
          const loaded = loadFile(file);
          const doc = loaded.doc as { name?: string; units?: unknown[] };
          process.stdout.write(`${file}: valid ${loaded.ruleset.id} ${loaded.commands.length || loaded.dice ? 'scenario' : 'encounter'} "${doc.name ?? ''}" with ${doc.units?.length ?? 0} units\n`);
        } catch (err) {
          if (!(err instanceof CliExit)) throw err;
          problems.push(err.message);
        }
      }
      if (problems.length) throw new CliExit(2, problems.join('\n'));
    });
};
