import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commands } from './index.ts';

describe('the subcommand table', () => {
  // main.ts loads only the file named by the first word: a key that is not the name the file registers
  // would make `skirmish <name>` an unknown command
  for (const [name, load] of Object.entries(commands)) {
    it(`"${name}" loads the file that registers "${name}"`, async () => {
      const program = new Command('skirmish');
      (await load())(program);
      expect(program.commands.map((c) => c.name())).toEqual([name]);
    });
  }
});
