// Every subcommand registers itself on the program; add one line per command file.
import type { Command } from 'commander';
import { addRulesets } from './rulesets.ts';
import { addRun } from './run.ts';
import { addValidate } from './validate.ts';

export type AddCommand = (program: Command) => void;

export const commands: AddCommand[] = [addRulesets, addValidate, addRun];
