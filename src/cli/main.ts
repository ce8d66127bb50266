// The `skirmish` command line: each subcommand lives in its own file under commands/.
import { Command, CommanderError } from 'commander';
import { commands } from './commands/index.ts';
import { CliExit } from './exit.ts';

export async function main(argv: string[]): Promise<number> {
  const program = new Command('skirmish')
    .description('Tabletop-RPG combat resolved by the book.')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s) });
  // the first word names one subcommand: load only its file (start-up time); else all, for help and for
  // commander's "unknown command" with its suggestion
  const first = argv[0];
  const wanted = first !== undefined && Object.hasOwn(commands, first) ? [commands[first]] : Object.values(commands);
  for (const add of await Promise.all(wanted.map((load) => load()))) add(program);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CliExit) {
      if (err.message) process.stderr.write(err.message.endsWith('\n') ? err.message : err.message + '\n');
      return err.code;
    }
    if (err instanceof CommanderError) {
      // help and version are not failures; bad usage is exit 2
      return err.exitCode === 0 ? 0 : 2;
    }
    process.stderr.write(`skirmish: ${(err as Error)?.stack ?? String(err)}\n`);
    return 1;
  }
}
