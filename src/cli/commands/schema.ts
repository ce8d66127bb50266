import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulesets } from '../../rulesets/index.ts';
import { encounterJsonSchema } from '../../rulesets/json-schema.ts';
import { CliExit } from '../exit.ts';
import type { AddCommand } from './index.ts';

export { encounterJsonSchema };

export const addSchema: AddCommand = (program) => {
  program
    .command('schema')
    .description('print the JSON Schema of a ruleset\'s encounter file (for editor autocompletion), or write all with --out')
    .argument('[ruleset]', 'ruleset id')
    .option('--out <dir>', 'write <ruleset>.encounter.schema.json for every ruleset into this folder')
    .action((id: string | undefined, opts: { out?: string }) => {
      if (opts.out) {
        mkdirSync(opts.out, { recursive: true });
        for (const rid of Object.keys(rulesets)) {
          if (rulesets[rid].description.startsWith('(not implemented')) continue;
          writeFileSync(join(opts.out, `${rid}.encounter.schema.json`), JSON.stringify(encounterJsonSchema(rid), null, 2) + '\n');
        }
        return;
      }
      if (!id || !Object.hasOwn(rulesets, id)) throw new CliExit(2, `skirmish: name a ruleset: ${Object.keys(rulesets).join(', ')}`);
      process.stdout.write(JSON.stringify(encounterJsonSchema(id), null, 2) + '\n');
    });
};
