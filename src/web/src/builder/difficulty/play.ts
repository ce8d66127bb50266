/**
 * The builder's difficulty, without the browser: fights of the draft played in chunks by the simulator's
 * own core (src/sim: `prepare`, `runRange`, `summarize` — the engine, rulesets and policies `skirmish sim`
 * runs), the tallies merged as the worker pool merges them, so fight i is the same fight whichever chunk
 * plays it and the result for a seed is `skirmish sim`'s for the same file and seed.
 */
import { prepare, runRange, type SimSpec } from '../../../../sim/runner.ts';
import { summarize, type Summary } from '../../../../sim/summary.ts';
import { mergeTally, type Tally } from '../../../../sim/tally.ts';
import type { LoadedScenario } from '../../../../rulesets/load.ts';

export interface Request {
  /** Which version of the draft this is about; a newer request stops an older one. */
  id: number;
  spec: SimSpec;
  runs: number;
}

export type Update = { id: number; played: number; runs: number; summary: Summary; done: boolean } | { id: number; error: string };

/** The spec `skirmish sim` makes of a file (docs/simulator.md): its seed (default 1), round cap 100, the file's policies. */
export function specOf(loaded: LoadedScenario, seed: number | string, maxRounds = 100): SimSpec {
  const spec: SimSpec = { ruleset: loaded.ruleset.id, doc: loaded.doc, seed, maxRounds, policies: {} };
  if (loaded.commands.length) spec.commands = loaded.commands;
  if (loaded.dice?.length) spec.dice = loaded.dice;
  return spec;
}

/** Play `runs` fights, `chunk` at a time, giving the summary so far after each chunk. */
export function* playInChunks(spec: SimSpec, runs: number, chunk = 25): Generator<{ played: number; summary: Summary }> {
  const prepared = prepare(spec);
  const info = { encounter: prepared.initial.name, ruleset: spec.ruleset, seed: spec.seed, maxRounds: spec.maxRounds, policies: spec.policies };
  let tally: Tally | undefined;
  for (let from = 0; from < runs; from += chunk) {
    const to = Math.min(runs, from + chunk);
    const t = runRange(spec, from, to, prepared);
    if (tally) mergeTally(tally, t);
    else tally = t;
    yield { played: to, summary: summarize(tally, info) };
  }
}
