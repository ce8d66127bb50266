// The aggressive policy answers its question from the unit's data in its own turn (help, else the weakest
// strike worth the most; in its Preparation Phase the Ready Attack, else the pass) and builds only the option it picks: it must pick exactly what the same
// choice read off the listing's options picks, at every decision of real fights of every phase20 example.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource } from '../../dice/index.ts';
import { createEngine, currentUnit, type ActionOption, type Cell, type EncounterState, type UnitId } from '../../engine/index.ts';
import { inActionPhase } from './actions.ts';
import { loadText } from '../load.ts';
import { aggressive, aggressiveByListing } from './policy.ts';
import { moveToward, movesListed } from './legal.ts';
import { phase20 } from './index.ts';

const engine = createEngine(phase20);
const DIR = 'examples/phase20';

/**
 * Plays `fights` seeded fights of the example `f` (seed stream `seed`), asking `visit` at every decision
 * which option to take; `where` names the decision for a failing expectation.
 */
function eachDecision(f: string, fights: number, seed: number, visit: (state: EncounterState, id: UnitId, where: string) => ActionOption): void {
  const r = loadText(readFileSync(join(DIR, f), 'utf8'), f);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  const initial = engine.replay(engine.create(r.value.doc));
  for (let fight = 0; fight < fights; fight++) {
    const dice = streamSource(RandomStream.stream(seed, 2 * fight));
    let state = engine.fork(initial);
    const started = engine.decide(state, { type: 'start' }, dice, { inPlace: true });
    if (!started.ok) throw new Error(started.rejection.message);
    state = started.state;
    for (let step = 0; state.status === 'active' && step < 400; step++) {
      const chosen = visit(state, currentUnit(state)!, `${f}, fight ${fight}, step ${step}`);
      const d = engine.decide(state, chosen.command, dice, { inPlace: true, unlogged: true, listed: true });
      if (!d.ok) throw new Error(`${d.rejection.code}: ${d.rejection.message}`);
      state = d.state;
    }
  }
}

describe('the aggressive policy asks narrowly and chooses as the listing would', () => {
  for (const f of readdirSync(DIR).filter((x) => x.endsWith('.yaml'))) {
    it(`${f}: the narrow answer is the listing's, decision by decision`, () => {
      let narrow = 0;
      let preparing = 0;
      eachDecision(f, 12, 7, (state, id, where) => {
        const chosen = aggressive(state, id, engine.listing(state, id), () => 0);
        expect(chosen, where).toEqual(aggressiveByListing(state, id, engine.listing(state, id)));
        if (inActionPhase(state)) narrow++;
        else preparing++;
        return chosen;
      });
      // most decisions were asked narrowly, in the Action Phase and in the Preparation Phase: the comparison is not idle
      expect(narrow).toBeGreaterThan(50);
      expect(preparing).toBeGreaterThan(20);
    }, 60_000);
  }
});

/** The listing's answer to "the move toward the nearest of `toward`": of the listed moves, the first ending nearer than `toBeat` and every one before it. */
function towardByListing(state: EncounterState, id: UnitId, toward: readonly Cell[], toBeat: number): ActionOption | undefined {
  let best: ActionOption | undefined;
  let bestD = toBeat;
  for (const o of engine.listing(state, id).of('move')) {
    const c = o.move!.to as Cell;
    const d = Math.min(...toward.map((t) => Math.max(Math.abs(c.x - t.x), Math.abs(c.y - t.y))));
    if (d < bestD) [best, bestD] = [o, d];
  }
  return best;
}

describe('the walk toward a foe is read off the search, as the listing would list it', () => {
  for (const f of readdirSync(DIR).filter((x) => x.endsWith('.yaml'))) {
    it(`${f}: moveToward picks the listing's move, decision by decision`, () => {
      let asked = 0;
      eachDecision(f, 8, 11, (state, id, where) => {
        const u = state.units[id];
        if (movesListed(state, id) && u.pools.movement.value > 0) {
          // toward the foes (the policy's question), and toward every other unit with nothing to beat (every stop weighed)
          const foes = state.unitOrder.map((o) => state.units[o]).filter((o) => o.side !== u.side && o.status === 'active' && o.position).map((o) => o.position!);
          const others = state.unitOrder.filter((o) => o !== id && state.units[o].position).map((o) => state.units[o].position!);
          const here = Math.min(...foes.map((c) => Math.max(Math.abs(c.x - u.position!.x), Math.abs(c.y - u.position!.y))));
          if (foes.length) {
            const listed = towardByListing(state, id, foes, here);
            expect(moveToward(state, u, foes, here), where).toEqual(listed);
            // the policy's own question: the walk ended at the first stop next to a foe
            expect(moveToward(state, u, foes, here, 1), where).toEqual(listed);
          }
          expect(moveToward(state, u, others, Infinity), where).toEqual(towardByListing(state, id, others, Infinity));
          asked++;
        }
        return aggressive(state, id, engine.listing(state, id), () => 0);
      });
      expect(asked).toBeGreaterThan(30);
    }, 60_000);
  }
});
