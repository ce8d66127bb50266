// The engine's lineup (src/engine/lineup.ts) is a cache beside a fight's state: in simulated fights
// of every example — forks, unlogged, the way the simulator plays them — what it says after every
// command must be what the state itself says (units in order, their sides, who stands).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource } from '../dice/index.ts';
import { lastSideStanding, lineupOf, type EncounterState } from '../engine/index.ts';
import { idsUnderTest } from '../rulesets/under-test.ts';
import { loadText } from '../rulesets/load.ts';
import { playFrom } from './fight.ts';
import { prepare } from './runner.ts';

/** Who stands by status, walked afresh over the units record (no lineup). */
function lastByWalk(state: EncounterState): string | null | undefined {
  let winner: string | undefined;
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status !== 'active') continue;
    if (winner === undefined) winner = u.side;
    else if (u.side !== winner) return null;
  }
  return winner;
}

// its own fight loop, not test/rulesets/example-turns.ts: this file is in the shared suite a new ruleset's
// project runs (skirmish check-ruleset), which has no test/ folder
describe('the lineup follows every simulated fight', () => {
  for (const ruleset of idsUnderTest()) {
    const dir = join('examples', ruleset);
    for (const f of existsSync(dir) ? readdirSync(dir).filter((x) => x.endsWith('.yaml')) : []) {
      it(`${ruleset}/${f}`, () => {
        const file = join(dir, f);
        const r = loadText(readFileSync(file, 'utf8'), file);
        if (!r.ok) throw new Error(r.problems[0].message);
        const prepared = prepare({ ruleset: r.value.ruleset.id, doc: r.value.doc, seed: 5, maxRounds: 30, policies: {} });
        let checked = 0;
        for (let i = 0; i < 3; i++) {
          const choices = RandomStream.stream(5, 2 * i + 1);
          playFrom(prepared.engine, prepared.engine.fork(prepared.initial), {
            dice: streamSource(RandomStream.stream(5, 2 * i)), pick: (n) => choices.nextInt(n), maxRounds: 30, unlogged: true,
            onEvents: (_events, state) => {
              const l = lineupOf(state);
              state.unitOrder.forEach((id, k) => {
                expect(l.units[k]).toBe(state.units[id]);
                expect(l.sideNames[l.side[k]]).toBe(state.units[id].side);
              });
              const walked = lastByWalk(state);
              const asked = lastSideStanding(state);
              if (walked === null) expect(asked).toBeNull();
              else expect(asked?.winner).toBe(walked);
              checked++;
            },
          });
        }
        expect(checked).toBeGreaterThan(10);
      }, 120_000);
    }
  }
});
