/**
 * For tests that hold a fast reading to a plain one on real play: every turn of a seeded fight of every
 * example of a ruleset, played by the files' own policies. (Here, not in the ruleset's folder: only a
 * ruleset's tests may reach the simulator's fight loop.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { RandomStream, seededSource } from '../../src/dice/index.ts';
import { createEngine, currentUnit, type Engine, type EncounterState, type UnitId } from '../../src/engine/index.ts';
import { loadText } from '../../src/rulesets/load.ts';
import { playFight, playFrom } from '../../src/sim/fight.ts';
import { diceFor, prepare, type SimSpec } from '../../src/sim/runner.ts';

export interface ExampleTurn {
  file: string;
  engine: Engine;
  state: EncounterState;
  /** Whose turn it is. */
  unit: UnitId;
}

/** Each of `ruleset`'s example files (examples/<ruleset>/*.yaml), loaded, with an engine for it. */
export function examplesOf(ruleset: string): { file: string; engine: Engine; doc: unknown }[] {
  const dir = new URL(`../../examples/${ruleset}/`, import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((file) => {
      const loaded = loadText(readFileSync(new URL(file, dir), 'utf8'), file);
      if (!loaded.ok) throw new Error(`${file}: ${loaded.problems.map((p) => p.message).join('; ')}`);
      return { file, engine: createEngine(loaded.value.ruleset), doc: loaded.value.doc };
    });
}

/** `visit` on every turn (an active fight, a unit to act) of one fight of each example, its dice and picks seeded by `seed`. */
export function eachExampleTurn(ruleset: string, opts: { seed: number; maxRounds: number }, visit: (turn: ExampleTurn) => void): void {
  for (const { file, engine, doc } of examplesOf(ruleset)) {
    const choices = seededSource(opts.seed, 1);
    playFight(engine, engine.create(doc), {
      dice: seededSource(opts.seed, 0),
      pick: (n) => choices.roll(n) - 1,
      maxRounds: opts.maxRounds,
      onEvents: (_events, state) => {
        const unit = state.status === 'active' ? currentUnit(state) : undefined;
        if (unit) visit({ file, engine, state, unit });
      },
    });
  }
}

/**
 * `fights` fights of one example as the simulator plays them (set up once, each fight a fork, unlogged, its dice
 * and picks by `seed` and its number), `visit` after every command with the engine that plays it.
 */
export function eachSimulatedFight(ruleset: string, doc: unknown, opts: { seed: number; fights: number; maxRounds?: number }, visit: (state: EncounterState, engine: Engine) => void): void {
  const spec: SimSpec = { ruleset, doc, seed: opts.seed, maxRounds: opts.maxRounds ?? 100, policies: {} };
  const { engine, initial } = prepare(spec);
  for (let fight = 0; fight < opts.fights; fight++) {
    const choices = RandomStream.stream(spec.seed, 2 * fight + 1);
    playFrom(engine, engine.fork(initial), {
      dice: diceFor(spec, fight),
      pick: (n) => choices.nextInt(n),
      maxRounds: spec.maxRounds,
      unlogged: true,
      onEvents: (_events, state) => visit(state, engine),
    });
  }
}
