// What a look-ahead policy's trial move costs: a copy of the state (`engine.fork`) and one `decide` on
// it, unlogged, as a policy that tries moves before choosing would play them. Bundled by
// bench/lookahead.bench.ts (esbuild, as the simulator runs compiled and in workers) and timed there.
import { readFileSync } from 'node:fs';
import { RandomStream, streamSource } from '../src/dice/index.ts';
import { currentUnit, type Command, type EncounterState } from '../src/engine/index.ts';
import { loadText } from '../src/rulesets/load.ts';
import { playFrom } from '../src/sim/fight.ts';
import { diceFor, prepare, type SimSpec } from '../src/sim/runner.ts';

export interface LookAhead {
  /** Trial moves (fork + decide) per CPU-second. */
  stepsPerCpuSecond: number;
  /** Decisions a policy makes in one fight, on average (the fight's commands but its start). */
  decisionsPerFight: number;
  /** Moves open at a decision, on average (what a policy trying every one would try). */
  movesPerDecision: number;
}

/** Trial moves at every decision of `fights` fights of `file`, timed over about `ms` after a quarter as long of warm-up. */
export function lookAhead(file: string, policies: Record<string, string>, fights: number, ms: number): LookAhead {
  const loaded = loadText(readFileSync(file, 'utf8'), file);
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
  const spec: SimSpec = { ruleset: loaded.value.ruleset.id, doc: loaded.value.doc, seed: 1, maxRounds: 100, policies };
  const { engine, initial } = prepare(spec);
  // the decisions of real fights: the state before each, and every command the unit may give there
  const points: { state: EncounterState; moves: Command[] }[] = [];
  let decisions = 0;
  for (let i = 0; i < fights; i++) {
    const choices = RandomStream.stream(spec.seed, 2 * i + 1);
    const r = playFrom(engine, engine.fork(initial), {
      dice: diceFor(spec, i), pick: (n) => choices.nextInt(n), maxRounds: spec.maxRounds, policies,
      onEvents: (_events, state) => {
        const unit = state.status === 'active' && state.pending.length === 0 ? currentUnit(state) : undefined;
        if (unit === undefined) return;
        const moves = engine.legalActions(state, unit).map((o) => o.command);
        // a copy as a policy would take one (the fight plays on in place)
        if (moves.length) points.push({ state: engine.fork(state), moves });
      },
    });
    decisions += r.commands - 1;
  }
  const dice = streamSource(RandomStream.stream(99, 0));
  const options = { inPlace: true, unlogged: true, listed: true };
  let refused = 0;
  const tryAll = (p: (typeof points)[number]) => {
    for (const m of p.moves) if (!engine.decide(engine.fork(p.state), m, dice, options).ok) refused++;
    return p.moves.length;
  };
  let k = 0;
  for (const until = performance.now() + ms / 4; performance.now() < until; ) tryAll(points[k++ % points.length]);
  let steps = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - start < ms) steps += tryAll(points[k++ % points.length]);
  const used = process.cpuUsage(cpu);
  if (refused) throw new Error(`${refused} listed moves were refused: the bench would time refusals, not moves`);
  return {
    stepsPerCpuSecond: steps / ((used.user + used.system) / 1e6),
    decisionsPerFight: decisions / fights,
    movesPerDecision: points.reduce((a, p) => a + p.moves.length, 0) / points.length,
  };
}
