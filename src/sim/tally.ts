/**
 * What the simulator counts over many fights. Every field is an integer count or sum, so tallies of
 * chunks played on different workers merge to exactly the same totals in any order: the result for
 * a seed does not depend on --workers.
 */
import type { EncounterState, GameEvent } from '../engine/index.ts';
import { addTo, mergeHistogram, type Histogram } from './stats.ts';

export interface UnitTally {
  id: string;
  name: string;
  side: string;
  /** Fights in which it went down (stopped standing by the ruleset's rules: fainted, died, fled, removed) at least once. */
  down: number;
  /** Sum over fights of damage it dealt / took (pool.changed of kind damage, as actually applied). */
  dealt: number;
  taken: number;
  /** Round in which it first went down, counted over the fights where it did. */
  downRounds: Histogram;
}

export interface Tally {
  runs: number;
  sides: string[];
  /** Wins per side, in `sides` order. */
  wins: number[];
  draws: number;
  timeouts: number;
  /** Other results without a winner (fled, truce...). */
  other: number;
  /** Rounds played by fights that ended with a result (timeouts excluded). */
  rounds: Histogram;
  units: UnitTally[];
  commands: number;
  events: number;
  /**
   * Each fight's result in fight order, when asked for (SimSpec.outcomes: pairing two variants): the
   * winner's index in `sides`, or DRAW, TIMEOUT, OTHER. Chunks are then merged in fight order.
   */
  outcomes?: number[];
}

/** Results without a winner, in Tally.outcomes. */
export const DRAW = -1;
export const TIMEOUT = -2;
export const OTHER = -3;

export function emptyTally(initial: EncounterState): Tally {
  return {
    runs: 0,
    sides: [...initial.sides],
    wins: initial.sides.map(() => 0),
    draws: 0,
    timeouts: 0,
    other: 0,
    rounds: [],
    units: initial.unitOrder.map((id) => ({ id, name: initial.units[id].name, side: initial.units[id].side, down: 0, dealt: 0, taken: 0, downRounds: [] })),
    commands: 0,
    events: 0,
  };
}

const OBSERVED = new Set(['round.started', 'pool.changed/damage', 'unit.status']);
const OBSERVED_WITH_STANDING = new Set([...OBSERVED, 'unit.data', 'effect.applied']);

/**
 * The event types a FightObserver reads (with a ruleset's own `standing`, or not): an unlogged fight
 * builds these and no others (FightOptions.keep).
 */
export function observedTypes(ownStanding: boolean): ReadonlySet<string> {
  return ownStanding ? OBSERVED_WITH_STANDING : OBSERVED;
}

/**
 * Watches one fight's events. Reused across fights (reset between them) so bulk runs allocate
 * nothing per fight here. A unit goes down when it stops standing: by default when its status leaves
 * 'active'; for a ruleset with its own `standing` (pass `engine.standing`), when that says so after a command.
 */
export class FightObserver {
  private readonly index = new Map<string, number>();
  private readonly firstDown: number[];
  private readonly dealt: number[];
  private readonly taken: number[];
  private round = 0;
  /** The state's version when the fight began: every event, built or only counted, steps it by one. */
  private startVersion = 0;

  constructor(
    private readonly tally: Tally,
    private readonly standing?: (state: EncounterState, unit: string) => boolean,
  ) {
    tally.units.forEach((u, i) => this.index.set(u.id, i));
    const n = tally.units.length;
    this.firstDown = new Array(n).fill(0);
    this.dealt = new Array(n).fill(0);
    this.taken = new Array(n).fill(0);
  }

  /**
   * Before each fight, with the version of the state it starts from; given that state (a fight played
   * on from the middle), units not standing in it count as down from its round.
   */
  reset(startVersion: number, start?: EncounterState): void {
    this.startVersion = startVersion;
    this.firstDown.fill(0);
    this.dealt.fill(0);
    this.taken.fill(0);
    this.round = start?.turn.round ?? 0;
    if (start) this.markDown(start);
  }

  /** Units that are not standing now and were not down yet go down in this round. */
  private markDown(state: EncounterState): void {
    const units = this.tally.units;
    for (let i = 0; i < units.length; i++) {
      if (this.firstDown[i] !== 0) continue;
      const id = units[i].id;
      const out = this.standing ? !this.standing(state, id) : state.units[id] !== undefined && state.units[id].status !== 'active';
      if (out) this.firstDown[i] = Math.max(1, this.round);
    }
  }

  /** Fed every command's events and the state after them (FightOptions.onEvents). */
  readonly onEvents = (events: readonly GameEvent[], state?: EncounterState): void => {
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      switch (e.type) {
        case 'round.started':
          this.round = e.round;
          break;
        case 'pool.changed': {
          if (e.kind !== 'damage' || e.delta >= 0) break;
          const t = this.index.get(e.unit);
          if (t !== undefined) this.taken[t] -= e.delta;
          const s = e.source === undefined ? undefined : this.index.get(e.source);
          if (s !== undefined) this.dealt[s] -= e.delta;
          break;
        }
        case 'unit.status': {
          if (this.standing) this.check(e.unit, state);
          else if (e.status !== 'active') this.down(e.unit);
          break;
        }
        case 'unit.data':
          if (this.standing) this.check(e.unit, state);
          break;
        case 'effect.applied':
          if (this.standing) this.check(e.effect.target, state);
          break;
      }
    }
    // the ruleset's own notion of standing may change by other events (the encounter's data...)
    if (this.standing && state) this.markDown(state);
  };

  private down(unit: string): void {
    const u = this.index.get(unit);
    if (u !== undefined && this.firstDown[u] === 0) this.firstDown[u] = Math.max(1, this.round);
  }

  /** With the ruleset's own standing: whether a unit an event touched is standing after the command (the round: the event's). */
  private check(unit: string, state: EncounterState | undefined): void {
    if (state && !this.standing!(state, unit)) this.down(unit);
  }

  /** Add the finished fight to the tally. */
  finish(state: EncounterState, commands: number): void {
    const t = this.tally;
    t.runs++;
    t.commands += commands;
    // counted from the version, so a fight played unlogged reports the events a logged one would have
    t.events += state.version - this.startVersion;
    const r = state.result;
    const winner = r?.winner === undefined ? -1 : t.sides.indexOf(r.winner);
    if (winner >= 0) t.wins[winner]++;
    else if (r?.outcome === 'draw') t.draws++;
    else if (r?.outcome === 'timeout') t.timeouts++;
    else t.other++;
    t.outcomes?.push(winner >= 0 ? winner : r?.outcome === 'draw' ? DRAW : r?.outcome === 'timeout' ? TIMEOUT : OTHER);
    if (r?.outcome !== 'timeout') addTo(t.rounds, state.turn.round);
    for (let i = 0; i < t.units.length; i++) {
      const u = t.units[i];
      u.dealt += this.dealt[i];
      u.taken += this.taken[i];
      if (this.firstDown[i] > 0) {
        u.down++;
        addTo(u.downRounds, this.firstDown[i]);
      }
    }
  }
}

/** Add `from` into `into` (same encounter; with outcomes kept, `from` holds the fights right after `into`'s). */
export function mergeTally(into: Tally, from: Tally): void {
  if (into.outcomes && from.outcomes) for (const o of from.outcomes) into.outcomes.push(o);
  into.runs += from.runs;
  from.wins.forEach((w, i) => (into.wins[i] += w));
  into.draws += from.draws;
  into.timeouts += from.timeouts;
  into.other += from.other;
  mergeHistogram(into.rounds, from.rounds);
  from.units.forEach((u, i) => {
    const v = into.units[i];
    v.down += u.down;
    v.dealt += u.dealt;
    v.taken += u.taken;
    mergeHistogram(v.downRounds, u.downRounds);
  });
  into.commands += from.commands;
  into.events += from.events;
}
