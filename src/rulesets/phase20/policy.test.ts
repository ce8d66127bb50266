// The aggressive policy answers its question from the unit's data in its own Action Phase (help, else the
// weakest strike worth the most) and builds only the option it picks: it must pick exactly what the same
// choice read off the listing's options picks, at every decision of real fights of every phase20 example.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource } from '../../dice/index.ts';
import { createEngine, currentUnit } from '../../engine/index.ts';
import { inActionPhase } from './actions.ts';
import { loadText } from '../load.ts';
import { aggressive, aggressiveByListing } from './policy.ts';
import { phase20 } from './index.ts';

const engine = createEngine(phase20);
const DIR = 'examples/phase20';

describe('the aggressive policy asks narrowly and chooses as the listing would', () => {
  for (const f of readdirSync(DIR).filter((x) => x.endsWith('.yaml'))) {
    it(`${f}: the narrow answer is the listing's, decision by decision`, () => {
      const r = loadText(readFileSync(join(DIR, f), 'utf8'), f);
      if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
      const initial = engine.replay(engine.create(r.value.doc));
      let narrow = 0;
      for (let fight = 0; fight < 12; fight++) {
        const dice = streamSource(RandomStream.stream(7, 2 * fight));
        let state = engine.fork(initial);
        const started = engine.decide(state, { type: 'start' }, dice, { inPlace: true });
        if (!started.ok) throw new Error(started.rejection.message);
        state = started.state;
        for (let step = 0; state.status === 'active' && step < 400; step++) {
          const id = currentUnit(state)!;
          const chosen = aggressive(state, id, engine.listing(state, id), () => 0);
          const listed = aggressiveByListing(state, id, engine.listing(state, id));
          expect(chosen, `${f}, fight ${fight}, step ${step}`).toEqual(listed);
          if (inActionPhase(state)) narrow++;
          const d = engine.decide(state, chosen.command, dice, { inPlace: true, unlogged: true, listed: true });
          if (!d.ok) throw new Error(`${d.rejection.code}: ${d.rejection.message}`);
          state = d.state;
        }
      }
      // most decisions were asked narrowly: the comparison is not idle
      expect(narrow).toBeGreaterThan(50);
    }, 60_000);
  }
});
