/**
 * The contract's clause that the odds are the rules': on each example's first turns, every option the
 * preview gives a damage chart for is decided many times on seeded dice — the same `decide` as play — and
 * the damage the aimed-at unit takes is held to the preview's distribution (and the share of blows that
 * harm at all to its chance, where every hit harms). The damage is what the unit's pools lost as damage, or
 * what was dealt before their bounds cut it (8 damage to a unit at 1 HP): a preview may chart either, and
 * must agree with one.
 *
 * The test: with n plays, the empirical distribution function of a true distribution strays from it by more
 * than ε = √(ln(2/a) / 2n) anywhere with probability at most a (Dvoretzky–Kiefer–Wolfowitz, Massart's
 * constant; it holds for discrete distributions too), and a share strays from its chance by more than the
 * same ε with probability at most a (Hoeffding). Each comparison gets a = FALSE_ALARM / (the number of
 * comparisons), so a right preview fails the clause for at most FALSE_ALARM of seeds; the seeds are fixed, so
 * a result is the same every run. With 400 plays and a few dozen comparisons ε is about 0.13: a preview off
 * by a point of damage or 20 points of chance is caught, a rounding slip is not (previews sum to 1 and the
 * rules tests' hand-worked odds catch those).
 */
import { RandomStream, streamSource, type Distribution } from '../../dice/index.ts';
import { currentUnit, isRejection, type ActionOption, type Command, type EncounterState, type GameEvent, type Preview, type Ruleset } from '../../engine/index.ts';
import { policyFor } from '../policies.ts';
import { diceFor, prepareWith } from '../runner.ts';
import { clause, Problems, type Clause } from './clause.ts';
import { specOf, type LoadedExample } from './examples.ts';

export const ODDS_CHECK = {
  /** Plays of each option. */
  plays: 400,
  /** Options with odds tried per example, at most. */
  options: 8,
  /** Decisions walked per example (the first turns), at most. */
  steps: 12,
  /** The chance that a right preview fails the clause, over seeds. */
  FALSE_ALARM: 1e-4,
} as const;

interface Tried {
  where: string;
  preview: Preview & { damage: Distribution };
  /** Damage the aimed-at unit took in each play: what its pools lost, and what was dealt before their bounds cut it. */
  dealt: number[];
  asked: number[];
}

/** The damage `target` took in one decision's events, every pool it lost as damage: as moved, and as asked before the pools' bounds cut it. */
function damageTo(events: readonly GameEvent[], target: string): { moved: number; asked: number } {
  let moved = 0;
  let asked = 0;
  for (const e of events) {
    if (e.type !== 'pool.changed' || e.unit !== target || e.kind !== 'damage') continue;
    moved += Math.abs(e.delta);
    asked += Math.abs(e.asked ?? e.delta);
  }
  return { moved, asked };
}

/** The largest gap between the preview's distribution function and the plays' (both right-continuous, on the values either takes). */
export function largestGap(d: Distribution, dealt: readonly number[]): { gap: number; at: number } {
  const sorted = [...dealt].sort((a, b) => a - b);
  const values = [...new Set([...d.values, ...sorted])].sort((a, b) => a - b);
  let best = { gap: 0, at: values[0] ?? 0 };
  let i = 0;
  for (const v of values) {
    while (i < sorted.length && sorted[i] <= v) i++;
    const gap = Math.abs(d.atMost(v) - i / sorted.length);
    if (gap > best.gap) best = { gap, at: v };
  }
  return best;
}

/** ε for n plays at false-alarm rate a (DKW for a distribution function, Hoeffding for a share). */
export const tolerance = (n: number, a: number): number => Math.sqrt(Math.log(2 / a) / (2 * n));

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function oddsHold(ruleset: Ruleset, examples: readonly LoadedExample[], opts: Partial<typeof ODDS_CHECK> = {}): Clause {
  const { plays, options: perExample, steps, FALSE_ALARM } = { ...ODDS_CHECK, ...opts };
  const problems = new Problems();
  if (!ruleset.preview) return clause('odds are the rules\'', 'no preview: nothing to check', problems);
  const tried: Tried[] = [];
  /** Options whose damage waits on an answer or a flight: left out. */
  let unsettled = 0;
  for (const ex of examples) {
    const { engine, initial } = prepareWith(ruleset, ex.loaded.doc);
    const dice = diceFor(specOf(ruleset, ex, 39), 0);
    const choices = RandomStream.stream(39, 1);
    let state: EncounterState = engine.fork(initial);
    for (const cmd of [{ type: 'start' }, ...ex.loaded.commands]) {
      const d = engine.decide(state, cmd, dice, { inPlace: true });
      if (!d.ok) throw new Error(`${ex.file}: ${cmd.type} was refused: ${d.rejection.message}`);
      state = d.state;
    }
    let found = 0;
    for (let s = 0; s < steps && state.status === 'active' && found < perExample; s++) {
      const p = state.pending[0];
      if (p) {
        const d = engine.decide(state, { type: 'answer', pending: p.id, choice: p.options[choices.nextInt(p.options.length)] }, dice, { inPlace: true });
        if (!d.ok) break;
        state = d.state;
        continue;
      }
      const unit = currentUnit(state);
      if (unit === undefined) break;
      const listed: ActionOption[] = engine.legalActions(state, unit);
      for (const o of listed) {
        if (found >= perExample || typeof o.command.target !== 'string') continue;
        const pv = engine.preview(state, o.command);
        if (isRejection(pv) || !pv.damage) continue;
        found++;
        const dealt: number[] = [];
        const asked: number[] = [];
        const probe = RandomStream.stream(39, 100 + tried.length + unsettled);
        const waiting = state.pending.length;
        const flying = ruleset.inFlight?.(state).length ?? 0;
        let settled = true;
        for (let i = 0; i < plays && settled; i++) {
          const d = engine.decide(engine.fork(state), o.command as Command, streamSource(RandomStream.stream(probe.nextInt(1 << 30), 0)), { inPlace: true });
          if (!d.ok) break;
          // a blow still in flight, or waiting on someone's answer, has not done its damage yet: not comparable here
          settled = d.state.pending.length <= waiting && (ruleset.inFlight?.(d.state).length ?? 0) <= flying;
          const took = damageTo(d.events, o.command.target);
          dealt.push(took.moved);
          asked.push(took.asked);
        }
        if (!settled) {
          unsettled++;
          continue;
        }
        tried.push({ where: `${ex.file}, round ${state.turn.round}: "${o.label}"`, preview: pv as Tried['preview'], dealt, asked });
      }
      // play on as the file's own policies would (they close in and strike), so later turns bring blows
      const chosen = policyFor(ruleset, state, unit)(state, unit, engine.listing(state, unit), (n) => choices.nextInt(n));
      const d = engine.decide(state, chosen.command, dice, { inPlace: true });
      if (!d.ok) break;
      state = d.state;
    }
  }
  // every hit harms: then the share of plays that harmed is the chance
  const chanceToo = (t: Tried) => t.preview.chance !== undefined && (t.preview.damageOnHit?.min ?? 0) > 0;
  const comparisons = tried.reduce((n, t) => n + 1 + (chanceToo(t) ? 1 : 0), 0);
  const a = FALSE_ALARM / Math.max(1, comparisons);
  for (const t of tried) {
    if (t.dealt.length < plays) {
      problems.add(`${t.where}: refused on some dice (${t.dealt.length} of ${plays} plays decided), though listed and given odds`);
      continue;
    }
    const eps = tolerance(plays, a);
    // a preview may chart the damage as dealt or as its pools could take it: it must agree with one of them
    const moved = largestGap(t.preview.damage, t.dealt);
    const cut = largestGap(t.preview.damage, t.asked);
    const { gap, at } = cut.gap < moved.gap ? cut : moved;
    if (gap > eps) {
      const seen = (cut.gap < moved.gap ? t.asked : t.dealt).filter((v) => v <= at).length / plays;
      problems.add(`${t.where}: the odds say ${pct(t.preview.damage.atMost(at))} for at most ${at} damage, ${plays} plays gave ${pct(seen)} (more than ${pct(eps)} apart)`);
    }
    if (chanceToo(t)) {
      const harmed = t.dealt.filter((v) => v > 0).length / plays;
      if (Math.abs(harmed - t.preview.chance!) > eps) problems.add(`${t.where}: the odds say a ${pct(t.preview.chance!)} chance, ${plays} plays hit ${pct(harmed)} of the time (more than ${pct(eps)} apart)`);
    }
  }
  const eps = tolerance(plays, a);
  return clause(
    "odds are the rules'",
    `${tried.length ? `${tried.length} options played ${plays} times each; ${comparisons} comparisons within ${pct(eps)} (false alarm ≤ ${FALSE_ALARM})` : 'no option with a damage chart in the first turns'}${unsettled ? `; ${unsettled} left out (their damage waits on an answer or a flight)` : ''}`,
    problems,
  );
}
