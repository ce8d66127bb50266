// Every subcommand registers itself on the program; add one line per command file.
import type { Command } from 'commander';
import { addCheckRuleset } from './check-ruleset.ts';
import { addNewRuleset } from './new-ruleset.ts';
import { addPreview } from './preview.ts';
import { addRoll } from './roll.ts';
import { addRulesets } from './rulesets.ts';
import { addRun } from './run.ts';
import { addServe } from './serve.ts';
import { addSim } from './sim.ts';
import { addSchema } from './schema.ts';
import { addValidate } from './validate.ts';

export type AddCommand = (program: Command) => void;

export const commands: AddCommand[] = [addRoll, addRulesets, addValidate, addRun, addSim, addSchema, addServe, addNewRuleset, addCheckRuleset, addPreview];
