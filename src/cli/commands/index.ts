// Every subcommand registers itself on the program; add one line per command file. Each is loaded only
// when asked for (main.ts): `skirmish roll` then reads the dice layer, not the server, store and rulesets.
import type { Command } from 'commander';

export type AddCommand = (program: Command) => void;

/** The subcommands by the name each registers (index.test.ts holds the names to the files). */
export const commands: Record<string, () => Promise<AddCommand>> = {
  roll: async () => (await import('./roll.ts')).addRoll,
  rulesets: async () => (await import('./rulesets.ts')).addRulesets,
  validate: async () => (await import('./validate.ts')).addValidate,
  run: async () => (await import('./run.ts')).addRun,
  sim: async () => (await import('./sim.ts')).addSim,
  schema: async () => (await import('./schema.ts')).addSchema,
  serve: async () => (await import('./serve.ts')).addServe,
  'new-ruleset': async () => (await import('./new-ruleset.ts')).addNewRuleset,
  'check-ruleset': async () => (await import('./check-ruleset.ts')).addCheckRuleset,
  preview: async () => (await import('./preview.ts')).addPreview,
  worker: async () => (await import('./worker.ts')).addWorker,
};
