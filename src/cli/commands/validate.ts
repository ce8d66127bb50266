import { loadFile } from '../files.ts';
import type { AddCommand } from './index.ts';

export const addValidate: AddCommand = (program) => {
  program
    .command('validate')
    .description('check an encounter or scenario file; exit 2 listing every problem with line and field')
    .argument('<file>', 'encounter or scenario file (YAML or JSON)')
    .action((file: string) => {
      const loaded = loadFile(file);
      const doc = loaded.doc as { name?: string; units?: unknown[] };
      process.stdout.write(`${file}: valid ${loaded.ruleset.id} ${loaded.commands.length || loaded.dice ? 'scenario' : 'encounter'} "${doc.name ?? ''}" with ${doc.units?.length ?? 0} units\n`);
    });
};
