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
 *
 * The fights are played on a worker thread kept warm between simulations (src/sim/warm-threads.ts: the
 * first one pays the thread's start, ~0.75 CPU-s, the next ones none), so the server's own thread only
 * hands out chunks and merges; with no thread to be had (a one-file build without the workers' code, or
 * every thread busy), this thread plays them itself in slices of a few tens of milliseconds, yielding
 * to other requests in between.
 */
import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Engine, EncounterState } from '../engine/index.ts';
import { cloneJson } from '../engine/clone.ts';
import { NoThreadsError, simulateAll } from '../sim/pool.ts';
import { runRange, type Prepared, type SimSpec } from '../sim/runner.ts';
import { summarize } from '../sim/summary.ts';
import { emptyTally, mergeTally, type Tally } from '../sim/tally.ts';
import { WarmThreads } from '../sim/warm-threads.ts';
import type { Context } from './context.ts';
import { liveFor } from './context.ts';
import { ApiError } from './errors.ts';
import type { Principal } from './policy.ts';
import { parseWith, SimulateRequest } from './schemas.ts';

/** Work done before the server yields to other requests (when this thread plays). */
const SLICE_MS = 40;

/** How often a simulation on a thread looks whether its request went away. */
const GONE_POLL_MS = 50;

let threads: WarmThreads | undefined;
/** The quick simulations' warm threads: one per simulation, at most a core less than the machine has. */
const quickThreads = () => (threads ??= new WarmThreads({ max: Math.max(1, availableParallelism() - 1) }));

/** Threads the quick simulations started since the last close (tests count them: a second simulation starts none). */
export const quickThreadsStarted = () => threads?.started ?? 0;

/** End the quick simulations' threads (the server closing); a simulation playing fails, and the next starts a thread again. */
export async function closeQuickSimulationThreads(): Promise<void> {
  const t = threads;
  threads = undefined;
  await t?.close();
}

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
  const spec: SimSpec = { ruleset: base.ruleset, doc: null, seed, maxRounds: lastRound, policies: {}, state: base };
  const stopped = {
    gone: (played: number) => {
      simulationsCancelled.count++;
      return new ApiError('SIMULATION_STOPPED', `the quick simulation was cancelled: its request went away with ${played} of ${requested} fights played`);
    },
    late: (played: number) =>
      new ApiError('SIMULATION_STOPPED', `the quick simulation was cancelled after ${budgetMs >= 1000 ? `${Math.round(budgetMs / 1000)} s` : `${budgetMs} ms`} (the server's limit for one) with ${played} of ${requested} fights played; no numbers are given, as fewer fights would depend on the machine's speed. Ask for fewer fights or fewer rounds, or run skirmish sim`),
  };
  let tally: Tally;
  try {
    tally = await onThread(spec, requested, cancelAt, gone, stopped);
  } catch (err) {
    if (!(err instanceof NoThreadsError)) throw err instanceof ApiError ? err : new ApiError('SIMULATION_FAILED', `a fight of seed ${seed} stopped: ${(err as Error).message}`);
    tally = await inSlices(spec, { engine, initial: base }, requested, cancelAt, gone, stopped);
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

interface Stopped {
  gone(played: number): ApiError;
  late(played: number): ApiError;
}

/** Fights 0..requested on a warm worker thread; this thread only merges. NoThreadsError if none can be had. */
async function onThread(spec: SimSpec, requested: number, cancelAt: number, gone: () => boolean, stopped: Stopped): Promise<Tally> {
  const stop = new AbortController();
  let played = 0;
  const late = setTimeout(() => stop.abort(stopped.late(played)), Math.max(0, cancelAt - performance.now()));
  const poll = setInterval(() => gone() && stop.abort(stopped.gone(played)), GONE_POLL_MS);
  try {
    const [tally] = await simulateAll([spec], requested, { workers: 2, here: false, threads: quickThreads(), signal: stop.signal, onProgress: (done) => (played = done) });
    return tally;
  } finally {
    clearTimeout(late);
    clearInterval(poll);
  }
}

/** The same on this thread, in slices of SLICE_MS with the server serving in between. */
async function inSlices(spec: SimSpec, prepared: Prepared, requested: number, cancelAt: number, gone: () => boolean, stopped: Stopped): Promise<Tally> {
  const tally = emptyTally(prepared.initial);
  while (tally.runs < requested) {
    if (gone()) throw stopped.gone(tally.runs);
    if (performance.now() > cancelAt) throw stopped.late(tally.runs);
    try {
      // fights tally.runs.. of the seed, until the slice's end: the next slice goes on from the next fight
      mergeTally(tally, runRange(spec, tally.runs, requested, prepared, { stopStartingAt: performance.now() + SLICE_MS }));
    } catch (err) {
      throw new ApiError('SIMULATION_FAILED', `a fight of seed ${spec.seed} stopped: ${(err as Error).message}`);
    }
    if (tally.runs < requested) await yieldToServer();
  }
  return tally;
}
