/**
 * The GM's quick simulation: many fights played on from the encounter's current state, on copies,
 * through the same `decide` and policies as `skirmish sim` (src/sim), tallied and summarised by the
 * simulator's own code. Nothing is written: the live encounter is only read.
 *
 * Fight i draws its dice from stream 2i of the seed and its policy choices from stream 2i+1, as the
 * simulator does, so a seed gives the same result wherever it runs. The work is bounded in time: it
 * runs in slices of a few tens of milliseconds (the server keeps serving in between) and stops after
 * `limits.simulationMs` (3 s), reporting how many fights it actually played.
 */
import { randomInt } from 'node:crypto';
import { RandomStream, seededSource } from '../dice/index.ts';
import type { Engine, EncounterState, GameEvent } from '../engine/index.ts';
import { cloneJson } from '../engine/clone.ts';
import { playFrom } from '../sim/fight.ts';
import { summarize } from '../sim/summary.ts';
import { emptyTally, FightObserver } from '../sim/tally.ts';
import type { Context } from './context.ts';
import { liveFor } from './context.ts';
import { ApiError } from './errors.ts';
import type { Principal } from './policy.ts';
import { parseWith, SimulateRequest } from './schemas.ts';

/** Work done before the server yields to other requests. */
const SLICE_MS = 40;

export interface SimulationResult {
  runs: number;
  requested: number;
  seed: number;
  fromRound: number;
  maxRounds: number;
  /** True when the time budget ran out before `requested` fights were played. */
  truncated: boolean;
  sides: Record<string, { wins: number; winRate: number; ci95: [number, number] }>;
  draws: number;
  timeouts: number;
  /** Fights that ended without a winner in another way (fled, truce). */
  other: number;
  rounds: { mean: number; median: number; p90: number; histogram: [number, number][] };
  units: Record<string, { name: string; side: string; downRate: number; downCi95: [number, number]; meanDamageDealt: number; meanDamageTaken: number }>;
  elapsedMs: number;
}

let running = 0;

const yieldToServer = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One fight from `state` (a copy, changed in place) to its end, or to the round limit (a timeout), by the
 * simulator's own runner. Returns undefined when the deadline passed mid-fight (the fight is dropped).
 */
function playOn(engine: Engine, state: EncounterState, i: number, seed: number, lastRound: number, deadline: number, onEvents: (e: readonly GameEvent[]) => void): { state: EncounterState; commands: number } | undefined {
  const choices = RandomStream.stream(seed, 2 * i + 1);
  const r = playFrom(engine, state, { dice: seededSource(seed, 2 * i), pick: (n) => choices.nextInt(n), maxRounds: lastRound, deadline, onEvents, unlogged: true });
  return r.abandoned ? undefined : r;
}

export async function simulate(ctx: Context, token: Principal, id: string, body: unknown): Promise<SimulationResult> {
  const { live } = await liveFor(ctx, token, id, 'gm');
  const req = parseWith(SimulateRequest, body);
  if (running >= ctx.limits.simulations) throw new ApiError('LIMIT_REACHED', `at most ${ctx.limits.simulations} simulations run at once; try again in a moment`);
  running++;
  try {
    return await run(live.engine, live.log.state, req, ctx.limits.simulationMs);
  } finally {
    running--;
  }
}

async function run(engine: Engine, live: EncounterState, req: SimulateRequest, budgetMs: number): Promise<SimulationResult> {
  const started = performance.now();
  const deadline = started + budgetMs;
  const requested = req.runs ?? 200;
  const seed = req.seed ?? randomInt(0, 2 ** 31);
  const maxRounds = req.maxRounds ?? 100;
  // the copy every fight starts from: the live state as it is now, without players' suggestions to the GM
  const base = cloneJson(live);
  base.pending = base.pending.filter((p) => p.blocking !== false);
  const fromRound = base.turn.round;
  const lastRound = fromRound + maxRounds;
  const tally = emptyTally(base);
  const observer = new FightObserver(tally, engine.ruleset.standing ? engine.standing : undefined);
  let i = 0;
  let truncated = false;
  while (i < requested) {
    const sliceEnd = Math.min(deadline, performance.now() + SLICE_MS);
    while (i < requested && performance.now() < sliceEnd) {
      // units already down count as down; rounds are counted from the current one
      observer.reset(base.version, base);
      let r: ReturnType<typeof playOn>;
      try {
        r = playOn(engine, engine.fork(base), i, seed, lastRound, deadline, observer.onEvents);
      } catch (err) {
        throw new ApiError('SIMULATION_FAILED', `fight ${i} of seed ${seed} stopped: ${(err as Error).message}`);
      }
      if (!r) break;
      observer.finish(r.state, r.commands);
      i++;
    }
    if (i >= requested) break;
    if (performance.now() >= deadline) {
      truncated = true;
      break;
    }
    await yieldToServer();
  }
  const s = summarize(tally, { encounter: base.name, ruleset: base.ruleset, seed, maxRounds, policies: {} });
  return {
    runs: s.runs,
    requested,
    seed,
    fromRound,
    maxRounds,
    truncated,
    sides: s.sides,
    draws: s.draws.count,
    timeouts: s.timeouts.count,
    other: s.other.count,
    rounds: {
      mean: s.rounds.mean,
      median: s.rounds.median,
      p90: s.rounds.p90,
      histogram: Object.entries(s.rounds.histogram)
        .map(([r, c]) => [Number(r), c] as [number, number])
        .sort((a, b) => a[0] - b[0]),
    },
    units: Object.fromEntries(
      s.units.map((u) => [u.id, { name: u.name, side: u.side, downRate: u.downRate, downCi95: u.downCi95, meanDamageDealt: u.damageDealt, meanDamageTaken: u.damageTaken }]),
    ),
    elapsedMs: Math.round(performance.now() - started),
  };
}
