/**
 * The contract's clauses on files and whole fights: every example validates against the ruleset's schema
 * (and the schema exports as JSON Schema), and every example, played by its own policies, ends with a
 * result before the round cap.
 */
import { z } from 'zod';
import { RandomStream } from '../../dice/index.ts';
import { formatProblem, type Ruleset } from '../../engine/index.ts';
import { loadText, type LoadedScenario } from '../../rulesets/load.ts';
import { playFrom } from '../fight.ts';
import { diceFor, prepareWith, type SimSpec } from '../runner.ts';
import { clause, Problems, type Clause, type ExampleText } from './clause.ts';

export interface LoadedExample {
  file: string;
  loaded: LoadedScenario;
}

/** Files validate: each example loads as an encounter of this ruleset; the schema exports. */
export function filesValidate(ruleset: Ruleset, examples: readonly ExampleText[]): { clause: Clause; loaded: LoadedExample[] } {
  const problems = new Problems();
  const loaded: LoadedExample[] = [];
  if (!examples.length) problems.add(`no example encounters: add at least one to examples/${ruleset.id}/`);
  for (const ex of examples) {
    const r = loadText(ex.text, ex.file);
    if (!r.ok) for (const p of r.problems) problems.add(formatProblem(p));
    else if (r.value.ruleset.id !== ruleset.id) problems.add(`${ex.file}: is a ${r.value.ruleset.id} encounter, not ${ruleset.id}`);
    else loaded.push({ file: ex.file, loaded: r.value });
  }
  try {
    z.toJSONSchema(ruleset.encounterSchema, { io: 'input', unrepresentable: 'any' });
  } catch (err) {
    problems.add(`the encounter schema does not export as JSON Schema (skirmish schema ${ruleset.id}): ${(err as Error).message}`);
  }
  return { clause: clause('files validate', `${examples.length} example${examples.length === 1 ? '' : 's'}`, problems), loaded };
}

/** How the simulator would play an example: its script (commands, dice) first. */
export function specOf(ruleset: Ruleset, ex: LoadedExample, seed: number, maxRounds = 100): SimSpec {
  const spec: SimSpec = { ruleset: ruleset.id, doc: ex.loaded.doc, seed, maxRounds, policies: {} };
  if (ex.loaded.commands.length) spec.commands = ex.loaded.commands;
  if (ex.loaded.dice?.length) spec.dice = ex.loaded.dice;
  return spec;
}

/** Examples end: each played by its own policies (seeds 1..fights) reaches a result within `maxRounds`. */
export function examplesEnd(ruleset: Ruleset, examples: readonly LoadedExample[], fights = 3, maxRounds = 200): Clause {
  const problems = new Problems();
  let played = 0;
  for (const ex of examples) {
    const prepared = prepareWith(ruleset, ex.loaded.doc);
    for (let seed = 1; seed <= fights; seed++) {
      const choices = RandomStream.stream(seed, 1);
      try {
        const r = playFrom(prepared.engine, prepared.engine.fork(prepared.initial), { dice: diceFor(specOf(ruleset, ex, seed, maxRounds), 0), pick: (n) => choices.nextInt(n), maxRounds, commands: ex.loaded.commands });
        played++;
        if (r.state.result?.outcome === 'timeout') problems.add(`${ex.file}, seed ${seed}: no result after ${maxRounds} rounds`);
        else if (r.state.status !== 'ended') problems.add(`${ex.file}, seed ${seed}: the fight stopped without a result`);
      } catch (err) {
        problems.add(`${ex.file}, seed ${seed}: ${(err as Error).message}`);
      }
    }
  }
  return clause('examples end', `${played} fights of ${examples.length} example${examples.length === 1 ? '' : 's'}, its own policies`, problems);
}
