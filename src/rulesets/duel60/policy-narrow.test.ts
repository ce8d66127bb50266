// The aggressive policy asks its own turn's questions narrowly (the strikes as data, each option built only
// for the one taken: issue 40, point 3). Walked over fights of every duel60 example, at every decision of a
// unit's own turn, it must choose exactly what the same policy chooses from the whole listing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentUnit } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { aggressive, fromListing } from './policy.ts';
import { eachSimulatedFight } from '../../../test/rulesets/example-turns.ts';

const DIR = join('examples', 'duel60');

describe('the aggressive policy asked narrowly chooses what it chooses from the whole listing', () => {
  for (const f of readdirSync(DIR).filter((x) => x.endsWith('.yaml'))) {
    it(f, () => {
      const r = loadText(readFileSync(join(DIR, f), 'utf8'), f);
      if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
      let asked = 0;
      eachSimulatedFight('duel60', r.value.doc, { seed: 11, fights: 20 }, (s, engine) => {
        const unit = s.status === 'active' ? currentUnit(s) : undefined;
        if (unit === undefined || s.pending.length) return;
        const pick = () => 0;
        expect(aggressive(s, unit, engine.listing(s, unit), pick)).toEqual(fromListing(s, unit, engine.listing(s, unit)));
        asked++;
      });
      expect(asked).toBeGreaterThan(100);
    }, 120_000);
  }
});
