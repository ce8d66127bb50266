// The policy's outlook of a series of blows (mean, chance to take all the health) is the exact
// distribution's, computed on numbers alone: held to series() on a spread of margins and tables.
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../dice/index.ts';
import { series, seriesOutlook, type BlowSpec } from './preview.ts';

describe('seriesOutlook', () => {
  it("equals series()'s mean and chance of dealing all the health", () => {
    let checked = 0;
    for (const [mine, theirs] of [[10, 10], [25, 5], [0, 30]]) {
      const margin = Distribution.die(60).plus(mine).minus(Distribution.die(60).plus(theirs));
      for (const of of [{ dodged: 0, glancing: 1, solid: 3, dramatic: 6, critical: 10 }, { dodged: 0, glancing: 0, solid: 2, dramatic: 2, critical: 9 }]) {
        for (const count of [1, 2, 4]) {
          for (const health of [1, 5, 12]) {
            for (const dramaticEnds of [false, true]) {
              const spec: BlowSpec = { margin, damage: { key: `t${JSON.stringify(of)}`, of }, count, dramaticEnds, health };
              const d = series(spec);
              const o = seriesOutlook(spec);
              expect(o.mean).toBeCloseTo(d.mean, 10);
              expect(o.kills).toBeCloseTo(d.atLeast(health), 10);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBe(108);
  });
});
