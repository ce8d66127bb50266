/**
 * Odds from the resolution itself: every sequence of faces `decide` can draw for a command is played, each
 * weighing 1/sides per face, and what befalls each unit is tallied — the exact distribution of the rules as
 * written, with no second copy of them. For commands whose dice tree is small (a d20 and a damage die:
 * 20 + 20 × 8 decisions); past `maxDecisions` the answer is 'too many', and a command whose outcome waits
 * on an answer (a pending decision) or is refused gives undefined.
 *
 * What is read from each play: the damage every unit took (`pool.changed` of kind damage: what its pools
 * lost, or with `damage: 'asked'` what was dealt before their bounds cut it), and every check whose
 * breakdown says `facts.succeeds` — a hit check on its target, or a check of the actor's own (a flight).
 */
import { Distribution } from '../dice/index.ts';
import type { DiceSource } from '../dice/source.ts';
import { charge } from '../dice/work-budget.ts';
import type { Engine } from './engine.ts';
import type { Command } from './ruleset.ts';
import type { EncounterState, UnitId } from './types.ts';

/**
 * What one decision costs in units of the dice work budget (withWorkLimit): measured, a frontline attack's
 * decision takes ~9 µs on a loaded core, where one unit is ~4 ns (src/server/odds.ts's VALUE_COST).
 */
export const DECISION_COST = 2_000;

/** The most decisions one command's odds play, unless the ruleset says otherwise. */
export const MAX_DECISIONS = 5_000;

/** What befell one unit over every play. */
export interface UnitOdds {
  /** The damage it took, 0 where none. */
  damage: Distribution;
  /** Whether any play dealt it damage (more than 0). */
  harmed: boolean;
  /** The chance a check on it succeeded (a hit), when any play made one; undefined when none did. */
  chance?: number;
}

export interface EnumeratedOdds {
  /** The damage the aimed-at unit takes, misses included as 0 (the `target` of the command; none: 0). */
  damage: Distribution;
  /** The chance that it takes any. */
  harmed: number;
  /** Decisions played to find it. */
  decided: number;
  /** What befell a unit (every unit: one no play touched took 0 and was never checked). */
  of(unit: UnitId): UnitOdds;
  /** The chance a check of the actor's own, on no target, succeeded (fleeing), when any play made one. */
  actorChance?: number;
  /** Whether any play dealt anyone damage. */
  harmsAnyone: boolean;
}

export interface EnumerateOptions {
  /** Most decisions to play (default MAX_DECISIONS): past it the answer is 'too many'. */
  maxDecisions?: number;
  /** The damage counted: what the pools lost (default), or what was dealt before their bounds cut it. */
  damage?: 'lost' | 'asked';
}

/** Thrown by the enumerating source when a path needs a face not chosen yet. */
class NextFace {
  constructor(readonly sides: number) {}
}

/**
 * A sum of plays' chances, each 1/(the product of its dice's sides), kept as whole counts by that product: a
 * d20 contest's 227 hits in 400 come out as 227/400, not as 227 additions of 0.0025 drifting by 1e-14.
 */
class Mass {
  private readonly byDen = new Map<number, number>();
  add(den: number): void {
    this.byDen.set(den, (this.byDen.get(den) ?? 0) + 1);
  }
  get value(): number {
    let v = 0;
    for (const [den, n] of this.byDen) v += n / den;
    return v;
  }
  get empty(): boolean {
    return this.byDen.size === 0;
  }
}

/** Per unit: the chance of each damage value, whether any was above 0, and the plays that checked it and those that hit. */
interface Tally {
  damage: Map<number, Mass>;
  harmed: boolean;
  checked: Mass;
  succeeded: Mass;
}

/** Odds of `cmd` on `state` by playing every face; see the file's header. The request's dice work budget pays DECISION_COST a decision. */
export function enumerateOdds(engine: Engine, state: EncounterState, cmd: Command, opts: EnumerateOptions = {}): EnumeratedOdds | 'too many' | undefined {
  const budget = opts.maxDecisions ?? MAX_DECISIONS;
  const asked = opts.damage === 'asked';
  const tallies = new Map<UnitId, Tally>();
  const tally = (u: UnitId) => {
    let t = tallies.get(u);
    if (!t) tallies.set(u, (t = { damage: new Map(), harmed: false, checked: new Mass(), succeeded: new Mass() }));
    return t;
  };
  const own = { checked: new Mass(), succeeded: new Mass() };
  let decided = 0;
  let tooBig = false;
  let unsettled = false;
  // depth first: a path of faces chosen so far is decided again from the start, and extended where it runs out
  const explore = (faces: number[], den: number): void => {
    if (tooBig || unsettled) return;
    if (++decided > budget) {
      tooBig = true;
      return;
    }
    charge(DECISION_COST, `the odds of "${cmd.type}" played out`);
    let i = 0;
    const src: DiceSource = {
      roll(sides) {
        if (i < faces.length) return faces[i++];
        throw new NextFace(sides);
      },
    };
    let d: ReturnType<Engine['decide']>;
    try {
      d = engine.decide(engine.fork(state), cmd, src, { inPlace: true });
    } catch (e) {
      if (!(e instanceof NextFace)) throw e;
      for (let f = 1; f <= e.sides; f++) explore([...faces, f], den * e.sides);
      return;
    }
    if (!d.ok || d.state.pending.length > state.pending.length) {
      unsettled = true;
      return;
    }
    const dealt = new Map<UnitId, number>();
    const hit = new Map<UnitId, boolean>();
    let ownCheck: boolean | undefined;
    for (const e of d.events) {
      if (e.type === 'pool.changed' && e.kind === 'damage') dealt.set(e.unit, (dealt.get(e.unit) ?? 0) + Math.abs(asked ? (e.asked ?? e.delta) : e.delta));
      else if (e.type === 'check' && typeof e.breakdown.facts?.succeeds === 'boolean') {
        const ok = e.breakdown.facts.succeeds;
        if (e.target !== undefined) hit.set(e.target, (hit.get(e.target) ?? false) || ok);
        else if (e.actor === cmd.actor) ownCheck = (ownCheck ?? false) || ok;
      }
    }
    // every unit's 0 counted as it comes (not as what is left of 1: a miss's share must come out exactly)
    for (const u of state.unitOrder) {
      const n = dealt.get(u) ?? 0;
      const t = tally(u);
      let m = t.damage.get(n);
      if (!m) t.damage.set(n, (m = new Mass()));
      m.add(den);
      if (n > 0) t.harmed = true;
    }
    for (const [u, ok] of hit) {
      const t = tally(u);
      t.checked.add(den);
      if (ok) t.succeeded.add(den);
    }
    if (ownCheck !== undefined) {
      own.checked.add(den);
      if (ownCheck) own.succeeded.add(den);
    }
  };
  explore([], 1);
  if (tooBig) return 'too many';
  if (unsettled) return undefined;
  const made = new Map<UnitId, UnitOdds>();
  const of = (u: UnitId): UnitOdds => {
    let o = made.get(u);
    if (o) return o;
    const t = tallies.get(u);
    const damage = t ? Distribution.fromPairs([...t.damage].map(([v, m]) => [v, m.value] as [number, number])) : Distribution.constant(0);
    o = { damage, harmed: t?.harmed ?? false, ...(t && !t.checked.empty ? { chance: t.succeeded.value / t.checked.value } : {}) };
    made.set(u, o);
    return o;
  };
  const aimed = typeof cmd.target === 'string' ? of(cmd.target) : undefined;
  const damage = aimed?.damage ?? Distribution.constant(0);
  const harmsAnyone = [...tallies.values()].some((t) => t.harmed);
  return { damage, harmed: 1 - damage.probOf(0), decided, of, harmsAnyone, ...(!own.checked.empty ? { actorChance: own.succeeded.value / own.checked.value } : {}) };
}

/** The aimed-at unit's odds alone, or undefined when the tree is past `maxDecisions` (default 5,000) or the command does not settle. */
export function enumeratedOdds(engine: Engine, state: EncounterState, cmd: Command, opts: EnumerateOptions = {}): EnumeratedOdds | undefined {
  if (typeof cmd.target !== 'string') return undefined;
  const odds = enumerateOdds(engine, state, cmd, opts);
  return odds === 'too many' ? undefined : odds;
}
