/**
 * The GM's quick simulation: many fights played on from the encounter's current state, on forks of it,
 * by the simulator's own runner (`runRange`, src/sim/runner.ts) — the same code, the same numbers for a
 * seed as `skirmish sim` and the builder's in-page difficulty. Nothing is written: the live encounter is
 * only read.
 *
 * Fight i draws its dice from stream 2i of the seed and its policy choices from stream 2i+1, as the
 * simulator does, so a seed gives the same result wherever it runs, however fast or loaded the machine:
 * it always plays exactly the fights asked for (at most 2,000). It plays them in slices of a few tens of
 * milliseconds (the server keeps serving in between; a slice's end only says when to yield, never which
 * fights count). The clock never shortens the answer: past `limits.simulationMs` (30 s, a safety net for
 * a fight that will not end) the simulation is cancelled with SIMULATION_STOPPED and no numbers, rather
 * than numbers of fewer fights that a faster machine would not give. A request that goes away (the GM
 * closed the page) cancels it too.
 */
import { randomInt } from 'node:crypto';
import type { Engine, EncounterState } from '../engine/index.ts';
import { cloneJson } from '../engine/clone.ts';
import { runRange, type Prepared, type SimSpec } from '../sim/runner.ts';
import { summarize } from '../sim/summary.ts';
import { emptyTally, mergeTally } from '../sim/tally.ts';
import type { Context } from './context.ts';
import { liveFor } from './context.ts';
import { ApiError } from './errors.ts';
import type { Principal } from './policy.ts';
import { parseWith, SimulateRequest } from './schemas.ts';

/** Work done before the server yields to other requests. */
const SLICE_MS = 40;

export interface SimulationResult {
  /** Always the fights asked for. */
  runs: number;
  seed: number;
  fromRound: number;
  maxRounds: number;
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
/** Simulations ended because the GM's request went away (the page closed, the fetch aborted): read by tests. */
export const simulationsCancelled = { count: 0 };

/** Whether simulations are playing now (tests wait on it). */
export const simulationsRunning = () => running;

const yieldToServer = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `gone`: whether the request was abandoned (its connection closed); then the simulation stops at its
 * next slice, so a closed page does not hold one of the server's few simulation slots.
 */
export async function simulate(ctx: Context, token: Principal, id: string, body: unknown, gone: () => boolean = () => false): Promise<SimulationResult> {
  const { live } = await liveFor(ctx, token, id, 'gm');
  const req = parseWith(SimulateRequest, body);
  if (running >= ctx.limits.simulations) throw new ApiError('LIMIT_REACHED', `at most ${ctx.limits.simulations} simulations run at once; try again in a moment`);
  running++;
  try {
    return await run(live.engine, live.log.state, req, ctx.limits.simulationMs, gone);
  } finally {
    running--;
  }
}

async function run(engine: Engine, live: EncounterState, req: SimulateRequest, budgetMs: number, gone: () => boolean): Promise<SimulationResult> {
  const started = performance.now();
  const cancelAt = started + budgetMs;
  const requested = req.runs ?? 200;
  const seed = req.seed ?? randomInt(0, 2 ** 31);
  const maxRounds = req.maxRounds ?? 100;
  // the copy every fight starts from: the live state as it is now, without players' suggestions to the GM
  const base = cloneJson(live);
  base.pending = base.pending.filter((p) => p.blocking !== false);
  const fromRound = base.turn.round;
  const lastRound = fromRound + maxRounds;
  // the simulator's own runner, from this state: fight i is the fight `skirmish sim` and the builder's
  // page play as fight i of the seed (dice stream 2i, choices 2i+1), counted from the current round
  const spec: SimSpec = { ruleset: base.ruleset, doc: null, seed, maxRounds: lastRound, policies: {} };
  const prepared: Prepared = { engine, initial: base };
  const tally = emptyTally(base);
  while (tally.runs < requested) {
    if (gone()) {
      simulationsCancelled.count++;
      throw new ApiError('SIMULATION_STOPPED', `the quick simulation was cancelled: its request went away with ${tally.runs} of ${requested} fights played`);
    }
    if (performance.now() > cancelAt) {
      throw new ApiError('SIMULATION_STOPPED', `the quick simulation was cancelled after ${budgetMs >= 1000 ? `${Math.round(budgetMs / 1000)} s` : `${budgetMs} ms`} (the server's limit for one) with ${tally.runs} of ${requested} fights played; no numbers are given, as fewer fights would depend on the machine's speed. Ask for fewer fights or fewer rounds, or run skirmish sim`);
    }
    try {
      // fights tally.runs.. of the seed, until the slice's end: the next slice goes on from the next fight
      mergeTally(tally, runRange(spec, tally.runs, requested, prepared, { stopStartingAt: performance.now() + SLICE_MS }));
    } catch (err) {
      throw new ApiError('SIMULATION_FAILED', `a fight of seed ${seed} stopped: ${(err as Error).message}`);
    }
    if (tally.runs < requested) await yieldToServer();
  }
  const s = summarize(tally, { encounter: base.name, ruleset: base.ruleset, seed, maxRounds, policies: {} });
  return {
    runs: s.runs,
    seed,
    fromRound,
    maxRounds,
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
