/**
 * From a tally to the numbers a designer reads (and `--json` prints): win rates with Wilson 95%
 * intervals, rounds to finish, and per unit how often it went down, damage and when it fell.
 */
import { histogramCount, histogramMean, histogramQuantile, wilson, type Histogram } from './stats.ts';
import type { Tally } from './tally.ts';

export interface Rate {
  count: number;
  rate: number;
  ci95: [number, number];
}

export interface SideSummary {
  wins: number;
  winRate: number;
  ci95: [number, number];
}

export interface UnitSummary {
  id: string;
  name: string;
  side: string;
  /** Fights in which it went down at least once, and that as a rate with its interval. */
  down: number;
  downRate: number;
  downCi95: [number, number];
  /** Mean over all fights. */
  damageDealt: number;
  damageTaken: number;
  /** Mean round in which it first went down, over the fights where it did (null: never). */
  firstDownRound: number | null;
  /** survival[r-1] = share of fights in which it was still standing at the end of round r. */
  survival: number[];
}

export interface Summary {
  encounter: string;
  ruleset: string;
  runs: number;
  seed: number | string;
  maxRounds: number;
  policies: Record<string, string>;
  sides: Record<string, SideSummary>;
  draws: Rate;
  timeouts: Rate;
  /** Results with no winner other than a draw or timeout (fled, truce). */
  other: Rate;
  rounds: {
    /** Fights the statistics cover: those that ended with a result (timeouts excluded). */
    fights: number;
    mean: number;
    median: number;
    p90: number;
    min: number;
    max: number;
    /** Fights by the round they ended in: { "6": 1234, ... }. */
    histogram: Record<string, number>;
  };
  units: UnitSummary[];
  /** Mean commands and events per fight. */
  perFight: { commands: number; events: number };
}

export interface SummaryInfo {
  encounter: string;
  ruleset: string;
  seed: number | string;
  maxRounds: number;
  policies: Record<string, string>;
}

function rate(count: number, n: number): Rate {
  return { count, rate: n ? count / n : 0, ci95: wilson(count, n) };
}

function histogramObject(h: Histogram): Record<string, number> {
  const out: Record<string, number> = {};
  h.forEach((c, v) => {
    if (c) out[String(v)] = c;
  });
  return out;
}

/** Rounds a unit survives: share of fights it still stands at the end of rounds 1..last. */
function survival(downRounds: Histogram, runs: number, last: number): number[] {
  const out: number[] = [];
  let fallen = 0;
  for (let r = 1; r <= last; r++) {
    fallen += downRounds[r] ?? 0;
    out.push(runs ? 1 - fallen / runs : 1);
  }
  return out;
}

export function summarize(t: Tally, info: SummaryInfo): Summary {
  const n = t.runs;
  const sides: Record<string, SideSummary> = {};
  t.sides.forEach((s, i) => {
    sides[s] = { wins: t.wins[i], winRate: n ? t.wins[i] / n : 0, ci95: wilson(t.wins[i], n) };
  });
  const decided = histogramCount(t.rounds);
  const lastRound = Math.max(t.rounds.length - 1, ...t.units.map((u) => u.downRounds.length - 1), 1);
  const firstNonZero = t.rounds.findIndex((c) => c > 0);
  return {
    ...info,
    runs: n,
    sides,
    draws: rate(t.draws, n),
    timeouts: rate(t.timeouts, n),
    other: rate(t.other, n),
    rounds: {
      fights: decided,
      mean: histogramMean(t.rounds),
      median: histogramQuantile(t.rounds, 0.5),
      p90: histogramQuantile(t.rounds, 0.9),
      min: firstNonZero < 0 ? 0 : firstNonZero,
      max: decided ? t.rounds.length - 1 : 0,
      histogram: histogramObject(t.rounds),
    },
    units: t.units.map((u) => ({
      id: u.id,
      name: u.name,
      side: u.side,
      down: u.down,
      downRate: n ? u.down / n : 0,
      downCi95: wilson(u.down, n),
      damageDealt: n ? u.dealt / n : 0,
      damageTaken: n ? u.taken / n : 0,
      firstDownRound: u.down ? histogramMean(u.downRounds) : null,
      survival: survival(u.downRounds, n, lastRound),
    })),
    perFight: { commands: n ? t.commands / n : 0, events: n ? t.events / n : 0 },
  };
}
