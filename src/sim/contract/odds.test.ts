// The clause "odds are the rules'": a ruleset's previews held to its own decide, played many times on
// seeded dice. A sound preview keeps it; a preview made deliberately wrong — a point of damage too many, a
// chance a tenth too high — fails it, naming the option and the gap.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../dice/index.ts';
import { isRejection, type Preview, type Ruleset } from '../../engine/index.ts';
import { rulesets } from '../../rulesets/index.ts';
import { loadText } from '../../rulesets/load.ts';
import type { LoadedExample } from './examples.ts';
import { largestGap, ODDS_CHECK, oddsHold, tolerance } from './odds.ts';

const file = 'examples/phase20/goblin-cave.yaml';
const loaded = loadText(readFileSync(join(import.meta.dirname, '../../..', file), 'utf8'), file);
if (!loaded.ok) throw new Error('goblin-cave does not load');
const examples: LoadedExample[] = [{ file, loaded: loaded.value }];
const phase20 = rulesets.phase20;

/** phase20 with its preview bent by `bend` wherever it charts damage. */
const bent = (bend: (p: Preview & { damage: Distribution }) => Preview): Ruleset => ({
  ...phase20,
  preview: (state, cmd) => {
    const p = phase20.preview!(state, cmd);
    return isRejection(p) || !p.damage ? p : bend(p as Preview & { damage: Distribution });
  },
});

/** The damage of a hit (the misses' zero taken out) as its own distribution. */
const onHit = (d: Distribution, chance: number) => Distribution.fromPairs(d.pmf().filter(([v]) => v > 0).map(([v, p]) => [v, p / chance] as const));

describe("odds are the rules'", () => {
  it('the tolerance is the DKW / Hoeffding bound: 400 plays at 1e-4 / 40 comparisons is about 12.6 points', () => {
    // √(ln(2 / 2.5e-6) / 800) = √(13.59 / 800) = 0.1303
    expect(tolerance(400, 1e-4 / 40)).toBeCloseTo(Math.sqrt(Math.log(2 / 2.5e-6) / 800), 12);
    expect(tolerance(400, 1e-4 / 40)).toBeCloseTo(0.1303, 3);
    // a d4 against plays that never roll a 4: the distribution functions part by 1/4 at 3
    expect(largestGap(Distribution.die(4), [1, 2, 3, 1, 2, 3, 1, 2, 3, 3])).toEqual({ gap: 0.25, at: 3 });
  });

  it('phase20\'s odds on goblin-cave are its rules\' (the preview agrees with 400 plays of each option)', () => {
    const c = oddsHold(phase20, examples);
    expect(c).toMatchObject({ clause: "odds are the rules'", ok: true, problems: [] });
    expect(c.checked).toMatch(/^\d+ options played 400 times each; \d+ comparisons within 1\d\.\d% \(false alarm ≤ 0\.0001\)$/);
    expect(ODDS_CHECK.FALSE_ALARM).toBe(1e-4);
  }, 120_000);

  it('a preview a point of damage too high on every hit fails, naming the option and where the charts part', () => {
    const c = oddsHold(bent((p) => ({ ...p, damage: p.damage.map((v) => (v > 0 ? v + 1 : v)) })), examples);
    expect(c.ok).toBe(false);
    expect(c.problems[0]).toMatch(/^examples\/phase20\/goblin-cave\.yaml, round 1: "Attack .*": the odds say \d+\.\d% for at most \d+ damage, 400 plays gave \d+\.\d% \(more than 1\d\.\d% apart\)$/);
  }, 120_000);

  it('a preview whose chance to hit is 20 points too high fails on the chance', () => {
    const c = oddsHold(
      bent((p) => {
        if (p.chance === undefined || p.chance === 0 || p.chance > 0.85) return p;
        const chance = p.chance + 0.2;
        return { ...p, chance, damage: Distribution.mix([[1 - chance, Distribution.constant(0)], [chance, onHit(p.damage, p.chance)]]) };
      }),
      examples,
    );
    expect(c.ok).toBe(false);
    expect(c.problems.some((x) => /: the odds say a \d+\.\d% chance, 400 plays hit \d+\.\d% of the time \(more than 1\d\.\d% apart\)$/.test(x))).toBe(true);
  }, 120_000);
});
