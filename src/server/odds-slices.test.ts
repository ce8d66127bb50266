/**
 * A listing's odds let the loop go (issue 37): frontline's odds play `decide` over every face (thousands of
 * plays an attack) and a 200d200 weapon's listing spent the request's whole budget in one turn of the loop.
 * The odds are worked out option by option under one budget carried across slices; after each tenth of it
 * spent the loop is let go. Measured in turns of the loop and units of dice work, never by a clock.
 */
import { describe, expect, it } from 'vitest';
import { charge } from '../dice/work-budget.ts';
import type { Context } from './context.ts';
import { oddsInSlices } from './odds.ts';

const withBudget = (oddsWork: number) => ({ limits: { oddsWork } }) as unknown as Context;

describe('a listing\'s odds in slices', () => {
  it('lets the loop go after every tenth of the budget spent', async () => {
    let turns = 0;
    let on = true;
    const tick = () => {
      turns++;
      if (on) setImmediate(tick);
    };
    setImmediate(tick);
    // 50 units an option against slices of 100: the loop goes round after every second option
    const seen = await oddsInSlices(withBudget(1000), [0, 1, 2, 3, 4, 5, 6, 7], () => {
      charge(50, 'an option');
      return turns;
    });
    on = false;
    for (let i = 0; i < 8; i += 2) expect(seen[i + 1]).toBe(seen[i]);
    for (let i = 2; i < 8; i += 2) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
  });

  it('carries one budget across the slices: past it an option is refused its odds, and still listed', async () => {
    const listed = await oddsInSlices(withBudget(1000), [0, 1, 2, 3, 4], () => {
      try {
        charge(300, 'an option');
        return 'odds';
      } catch {
        return 'listed without odds';
      }
    });
    expect(listed).toEqual(['odds', 'odds', 'odds', 'listed without odds', 'listed without odds']);
  });
});
