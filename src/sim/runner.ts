/**
 * Playing a range of fights of one encounter and tallying them. Fight i draws its dice from stream
 * 2i of the seed and its policy choices from stream 2i+1, so each fight is the same whichever worker
 * plays it and in whatever order: the tally for a seed does not depend on how the range is split.
 */
import { RandomStream, scriptThen, streamSource, type DiceSource } from '../dice/index.ts';
import { createEngine, type Command, type Engine, type EncounterState, type Ruleset } from '../engine/index.ts';
import { rulesetById } from '../rulesets/index.ts';
import { playFrom, type FightOptions } from './fight.ts';
import { emptyTally, FightObserver, observedTypes, type Tally } from './tally.ts';

/** Everything a worker needs to play fights of an encounter: plain JSON, sent once. */
export interface SimSpec {
  ruleset: string;
  /** The validated encounter document. */
  doc: unknown;
  seed: number | string;
  maxRounds: number;
  /** Policy names by unit id or side (they win over the file's choices). */
  policies: Record<string, string>;
  /** A scenario's scripted commands, played at the start of every fight. */
  commands?: Command[];
  /** A scenario's scripted dice faces (and cards, by name), used (in every fight) before the seeded stream. */
  dice?: (number | string)[];
  /** Keep each fight's result in order (Tally.outcomes), to pair the fights of two variants. */
  outcomes?: boolean;
  /** The state every fight starts from, instead of `doc` set up (the server's quick simulation: the live encounter now, sent to a worker thread). */
  state?: EncounterState;
}

/** Playing a range in slices (the server's quick simulation yields to other requests between them). */
export interface RangeOptions {
  /**
   * Start no new fight once `performance.now()` passes this: the tally holds fights from..from + runs,
   * and the caller goes on from the next one. Which fights are played never depends on the clock.
   */
  stopStartingAt?: number;
}

/** The engine and the set-up state of an encounter, built once per spec and reused for every fight. */
export interface Prepared {
  engine: Engine;
  initial: EncounterState;
}

export function prepare(spec: SimSpec): Prepared {
  const ruleset = rulesetById(spec.ruleset);
  if (!ruleset) throw new Error(`unknown ruleset "${spec.ruleset}"`);
  if (spec.state) return { engine: createEngine(ruleset), initial: spec.state };
  return prepareWith(ruleset, spec.doc);
}

/** The same for a ruleset given by hand (one not registered: a ruleset's contract tests). */
export function prepareWith(ruleset: Ruleset, doc: unknown): Prepared {
  const engine = createEngine(ruleset);
  return { engine, initial: engine.replay(engine.create(doc)) };
}

/** Fight i's dice: the scenario's scripted faces first (as `run` does), then stream 2i of the seed. */
export function diceFor(spec: SimSpec, i: number): DiceSource {
  const stream = streamSource(RandomStream.stream(spec.seed, 2 * i));
  if (!spec.dice?.length) return stream;
  return scriptThen(spec.dice, stream);
}

/**
 * Play fights [from, to) and tally them. Browser-safe (no Node modules): the builder's page calls it
 * from a Web Worker, with `prepare` and `summarize`, and gets the numbers `skirmish sim` gets for a seed.
 * With `bounds`, fewer may be played: `tally.runs` says how many (fights from..from + runs).
 */
export function runRange(spec: SimSpec, from: number, to: number, prepared: Prepared = prepare(spec), bounds?: RangeOptions): Tally {
  const { engine, initial } = prepared;
  const tally = emptyTally(initial);
  if (spec.outcomes) tally.outcomes = [];
  const observer = new FightObserver(tally, engine.ruleset.standing ? engine.standing : undefined);
  // the only events an unlogged fight builds: the ones the observer reads
  const keep = observedTypes(engine.ruleset.standing !== undefined);
  for (let i = from; i < to; i++) {
    if (bounds?.stopStartingAt !== undefined && performance.now() > bounds.stopStartingAt) break;
    observer.reset(initial.version, initial);
    const choices = RandomStream.stream(spec.seed, 2 * i + 1);
    // one literal of fixed shape per fight (a spread of a maybe-empty object in it was 2% of the 4v4 fixture)
    const options: FightOptions = { dice: diceFor(spec, i), pick: (n) => choices.nextInt(n), maxRounds: spec.maxRounds, policies: spec.policies, onEvents: observer.onEvents, unlogged: true, keep };
    if (spec.commands?.length) options.commands = spec.commands;
    const r = playFrom(engine, engine.fork(initial), options);
    observer.finish(r.state, r.commands);
  }
  return tally;
}
