// Odds that agree with themselves: for every option of the first turns of every example of every
// registered ruleset, the preview's chance, damage, expected damage and damage on a hit describe one
// distribution (a flurry, a volley and an area included), the aimed-at unit comes first among those
// affected, and a chance comes with a line of why.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Distribution } from '../dice/index.ts';
import type { Command, EncounterState, Preview } from '../engine/index.ts';
import { eachFirstTurnPreview } from './first-turns.ts';
import { idsUnderTest } from './under-test.ts';

/** The invariants one preview must hold; returns what is wrong, in words. */
function oddsProblems(p: Preview, cmd: Command, state: EncounterState): string[] {
  const bad: string[] = [];
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  const check = (o: { chance?: number; damage?: Distribution; expectedDamage?: number; damageOnHit?: { min: number; max: number; mean: number } }, who: string) => {
    if (o.chance !== undefined && !(o.chance >= 0 && o.chance <= 1 + 1e-12)) bad.push(`${who}: chance ${o.chance}`);
    if (!o.damage) return;
    if (o.expectedDamage === undefined || !close(o.expectedDamage, o.damage.mean)) bad.push(`${who}: expected ${o.expectedDamage} is not the chart's mean ${o.damage.mean}`);
    if (o.chance !== undefined && o.chance > 1e-9) {
      const h = o.damageOnHit;
      if (!h) bad.push(`${who}: a chance to hit and damage, but no damage on a hit`);
      else {
        if (!close(h.mean * o.chance, o.damage.mean)) bad.push(`${who}: on a hit avg ${h.mean} × chance ${o.chance} ≠ expected ${o.damage.mean}`);
        if (h.max !== o.damage.max) bad.push(`${who}: on a hit up to ${h.max} but the chart goes to ${o.damage.max}`);
        if (h.min < o.damage.min) bad.push(`${who}: on a hit from ${h.min}, below the chart's ${o.damage.min}`);
      }
    }
  };
  check(p, 'the preview');
  if (p.chance !== undefined && !p.why) bad.push('a chance without a line of why');
  if (p.affected) {
    for (const a of p.affected) {
      if (!state.units[a.unit]) bad.push(`affected "${a.unit}" is no unit`);
      check(a, state.units[a.unit]?.name ?? a.unit);
    }
    if (typeof cmd.target === 'string' && p.affected[0]?.unit !== cmd.target) bad.push(`the aimed-at ${cmd.target} is not first among the affected`);
    const first = p.affected[0];
    if (first && p.damage && first.damage && !close(first.damage.mean, p.damage.mean)) bad.push('the aimed-at unit\'s damage is not the preview\'s');
  }
  return bad;
}

/** Every example of every registered ruleset, as [ruleset, file, text]. */
const examples = (ids: readonly string[]): [string, string, string][] =>
  ids.flatMap((id) => readdirSync(join('examples', id)).filter((x) => /\.ya?ml$/.test(x)).map((f): [string, string, string] => [id, f, readFileSync(join('examples', id, f), 'utf8')]));

describe('odds agree with themselves on every option of the first turns of every example', () => {
  it.each(examples(idsUnderTest()))('%s/%s', (id, f, text) => {
    const problems: string[] = [];
    const previewed = eachFirstTurnPreview(text, f, (pv, o, state) => {
      for (const b of oddsProblems(pv, o.command, state)) problems.push(`${o.label}: ${b}`);
    });
    expect(problems).toEqual([]);
    expect(previewed).toBeGreaterThan(0);
  });
});
