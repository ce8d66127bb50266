import { scriptThen, seededSource } from '../../dice/index.ts';
import { createEngine, describeEvent, isBookkeeping, type DiceSource, type GameEvent } from '../../engine/index.ts';
import { playFight } from '../../sim/fight.ts';
import { ScriptError } from '../../sim/script.ts';
import { CliExit, EXIT } from '../exit.ts';
import { loadFile } from '../files.ts';
import { explainScenario } from './dice-trace.ts';
import type { AddCommand } from './index.ts';


/** Scripted dice first (a scenario's `dice:`), then the seeded stream. */
function diceFor(seed: number | string, scripted?: (number | string)[]): DiceSource {
  const seeded = seededSource(seed, 0);
  return scripted?.length ? scriptThen(scripted, seeded) : seeded;
}

export const addRun: AddCommand = (program) => {
  program
    .command('run')
    .description('play an encounter or scenario to the end and print the log (scripted commands first, then each unit\'s policy)')
    .argument('<file>', 'encounter or scenario file')
    .option('--seed <seed>', 'seed for dice and choices', '1')
    .option('--json', 'one JSON event per line (every event)')
    .option('--verbose', 'include bookkeeping events (per-turn resets, data changes) in the readable log')
    .option('--max-rounds <n>', 'stop with a timeout after this many rounds', '100')
    .option('--explain-dice', 'list the dice the scenario\'s script asks for, in order (what each is for, and whether the file\'s dice: gave it), instead of the log')
    .action((file: string, opts: { seed: string; json?: boolean; verbose?: boolean; maxRounds: string; explainDice?: boolean }) => {
      const loaded = loadFile(file);
      const seed = loaded.seed ?? (/^-?\d+$/.test(opts.seed) ? Number(opts.seed) : opts.seed);
      const maxRounds = Number(opts.maxRounds);
      if (!Number.isInteger(maxRounds) || maxRounds < 1) throw new CliExit(EXIT.badInput, 'skirmish: --max-rounds must be a whole number ≥ 1');
      const engine = createEngine(loaded.ruleset);
      const choices = seededSource(seed, 1);
      const out: string[] = [];
      const print = (events: readonly GameEvent[], state: Parameters<typeof describeEvent>[1]) => {
        for (const e of events) {
          if (opts.json) out.push(JSON.stringify(e));
          else if (opts.verbose || !isBookkeeping(e)) out.push(describeEvent(e, state, loaded.ruleset));
        }
        if (out.length > 500) process.stdout.write(out.splice(0).join('\n') + '\n');
      };
      const created = engine.create(loaded.doc);
      if (opts.explainDice) {
        const { lines, disagreement } = explainScenario(engine, created, { commands: loaded.commands ?? [], dice: loaded.dice ?? [], seed, maxRounds });
        process.stdout.write(lines.join('\n') + '\n');
        if (disagreement) throw new CliExit(EXIT.scriptDisagrees, `skirmish: ${disagreement}`);
        return;
      }
      print(created, engine.replay(created));
      try {
        playFight(engine, created, {
          dice: diceFor(seed, loaded.dice),
          pick: (n) => choices.roll(n) - 1,
          commands: loaded.commands,
          maxRounds,
          keepLog: true,
          onEvents: print,
          // a step the script expects the rules to refuse: say so in the log, and go on
          onRefused: (command, r) => {
            out.push(opts.json ? JSON.stringify({ scenario: 'refused as expected', command, code: r.code, message: r.message }) : `Refused as expected: ${r.code}: ${r.message}`);
          },
          // an `end_turn` with `ifOpen` whose turn had already ended by itself
          onSkipped: (command, why) => {
            out.push(opts.json ? JSON.stringify({ scenario: 'skipped', command, why }) : `Skipped (ifOpen): ${why}`);
          },
        });
      } catch (err) {
        if (out.length) process.stdout.write(out.splice(0).join('\n') + '\n');
        if (err instanceof ScriptError) throw new CliExit(EXIT.scriptDisagrees, `skirmish: ${err.message}`);
        throw new CliExit(EXIT.internal, `skirmish: ${(err as Error).message}`);
      }
      if (out.length) process.stdout.write(out.join('\n') + '\n');
    });
};

