/**
 * The contract every ruleset must pass (`skirmish check-ruleset <id>`, and src/sim/contract/contract.test.ts
 * for every registered ruleset): its files validate, its examples end, the options it lists are accepted,
 * its previews are probabilities, its odds are what its rules roll (odds.ts), forked and unlogged play equals logged play, and its views hide hidden
 * units. Pure: the caller reads the example files. See docs/writing-a-ruleset.md.
 */
import type { Ruleset } from '../../engine/index.ts';
import type { Clause, ExampleText } from './clause.ts';
import { examplesEnd, filesValidate } from './examples.ts';
import { forkedEqualsLogged } from './fast-path.ts';
import { oddsHold } from './odds.ts';
import { optionsHold } from './options.ts';
import { viewsHide } from './views.ts';

export type { Clause, ExampleText } from './clause.ts';
export { oddsHold } from './odds.ts';
export { filesValidate } from './examples.ts';

export interface ContractOptions {
  /** Told of each clause as it is checked (the CLI prints as it goes). */
  onClause?: (c: Clause) => void;
  /** Leave out "odds are the rules'" (its plays are the contract's slowest part): the caller checks it apart, with oddsHold. */
  withoutOdds?: boolean;
}

export function checkRuleset(ruleset: Ruleset, examples: readonly ExampleText[], opts: ContractOptions = {}): Clause[] {
  const out: Clause[] = [];
  const add = (c: Clause) => {
    out.push(c);
    opts.onClause?.(c);
  };
  const files = filesValidate(ruleset, examples);
  add(files.clause);
  const loaded = files.loaded;
  add(examplesEnd(ruleset, loaded));
  const options = optionsHold(ruleset, loaded);
  add(options.accepted);
  add(options.previews);
  if (!opts.withoutOdds) add(oddsHold(ruleset, loaded));
  add(forkedEqualsLogged(ruleset, loaded));
  add(viewsHide(ruleset, loaded));
  return out;
}
