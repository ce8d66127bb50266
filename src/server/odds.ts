/**
 * Odds on the server, bounded: every preview one request asks for (a listing's options, or one command)
 * shares one budget of dice work (`limits.oddsWork`). Within it a distribution is exact; past the exact
 * limit it is an estimate from sampled rolls that says so; once the budget is spent, the options left
 * carry no odds and the reply says how many (each can be asked for alone with POST …/preview). A request
 * never holds the loop for the whole of a 100d100 weapon against 60 targets.
 */
import { withWorkLimit, workCharged } from '../dice/index.ts';
import type { Context } from './context.ts';
import type { Preview } from '../engine/index.ts';

/** Words for options listed without odds because the request's work budget was spent. */
export const ODDS_LEFT_OUT = 'the odds of some options were not worked out: too many dice to reckon at once; ask for one at a time (POST …/preview)';

/**
 * What one value of a distribution costs here, in multiply-adds: it is built, mixed with the misses,
 * taken apart again for the damage on a hit and written out as JSON twice (the odds, the unit's odds).
 * Measured: a 60-target listing of a 100d100 weapon (9 901 values) took ~1 s idle, ~1.7 µs a value.
 */
export const VALUE_COST = 400;

/** Run a request's previews under its share of dice work. */
export function withOddsBudget<T>(ctx: Context, work: () => T): T {
  return withWorkLimit(ctx.limits.oddsWork, work, VALUE_COST);
}

/** Dice work after which a listing lets the loop go before its next option: a tenth of the request's budget. */
export const SLICES_PER_BUDGET = 10;

/**
 * A listing's odds under one budget of `limits.oddsWork`, option by option, in slices: after each
 * option, once a tenth of the budget has been spent since the loop was last let go, it is let go again
 * (frontline's odds play `decide` over every face, thousands of plays an attack; a 200d200 weapon's
 * listing spent the whole budget in one turn). The budget is carried across the slices by hand, since
 * the dice layer's budget lasts one synchronous call and other requests run in between.
 */
export async function oddsInSlices<T, R>(ctx: Context, items: readonly T[], each: (item: T) => R): Promise<R[]> {
  const slice = ctx.limits.oddsWork / SLICES_PER_BUDGET;
  let left = ctx.limits.oddsWork;
  let sinceLetGo = 0;
  const out: R[] = [];
  for (const item of items) {
    const before = workCharged();
    // a spent budget still lists the option (its preview is refused for want of work, as before)
    out.push(withWorkLimit(Math.max(left, 0), () => each(item), VALUE_COST));
    const spent = workCharged() - before;
    left -= spent;
    sinceLetGo += spent;
    if (sinceLetGo >= slice) {
      sinceLetGo = 0;
      await new Promise<void>((done) => setImmediate(done));
    }
  }
  return out;
}

/** Values of damage distributions a preview would send (its own and each affected unit's), counted before they are written. */
export const valuesIn = (p: Preview): number => (p.damage?.values.length ?? 0) + (p.affected ?? []).reduce((n, a) => n + (a.damage?.values.length ?? 0), 0);

/**
 * One listing's odds as they are sent: every option's damage values count against `limits.oddsValues`
 * (a 60-target listing of a 100d100 weapon sent 1.2 million of them, 24 MB); an option past it is
 * listed without odds, as one whose dice work did not fit.
 */
export class OddsShare {
  private sent = 0;
  leftOut = 0;

  constructor(private readonly ctx: Context) {}

  /** Whether the preview's values still fit (if not, it is counted as left out). */
  take(p: Preview): boolean {
    const n = valuesIn(p);
    if (this.sent + n > this.ctx.limits.oddsValues) {
      this.leftOut++;
      return false;
    }
    this.sent += n;
    return true;
  }

  /** A refused preview: counted when it was refused for want of work (the option is listed without odds). */
  refused(code: string): undefined {
    if (code === 'preview/too_many_dice') this.leftOut++;
    return undefined;
  }
}
