// The simulator's two economies — a forked (shallow) copy of the set-up state per fight, and decide
// without building checks and notes — must change nothing about the fights: every example of every
// registered ruleset is played both ways and must end in the same state, with the same state-changing
// events (the contract's clause, src/sim/contract/fast-path.ts, here with more fights).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idsUnderTest } from '../rulesets/under-test.ts';
import { loadText } from '../rulesets/load.ts';
import { playOneWay } from './contract/fast-path.ts';
import { prepare } from './runner.ts';

/** Fights per seed, and the seeds: four by default; SKIRMISH_FAST_PATH_SEEDS=n plays n (a wider check before an engine change lands). */
const FIGHTS = 3;
const SEEDS = Array.from({ length: Math.max(1, Number(process.env.SKIRMISH_FAST_PATH_SEEDS ?? 4)) }, (_, k) => 3 + 14 * k);

describe('the simulator plays the same fights on its fast path', () => {
  // every registered ruleset's examples (a ruleset with none is refused by its contract test)
  for (const ruleset of idsUnderTest()) {
    const dir = join('examples', ruleset);
    for (const f of existsSync(dir) ? readdirSync(dir).filter((x) => x.endsWith('.yaml')) : []) {
      it(`${ruleset}/${f}: forked and unlogged = copied and logged`, () => {
        const file = join(dir, f);
        const r = loadText(readFileSync(file, 'utf8'), file);
        if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
        const prepared = prepare({ ruleset: r.value.ruleset.id, doc: r.value.doc, seed: 3, maxRounds: 60, policies: {} });
        const before = JSON.stringify(prepared.initial);
        for (const seed of SEEDS) {
          for (let i = 0; i < FIGHTS; i++) {
            const slow = playOneWay(prepared, i, false, seed);
            const fast = playOneWay(prepared, i, true, seed);
            // same end, same version (an unlogged check still counts), same changes on the way
            expect(fast.state, `seed ${seed}, fight ${i}`).toEqual(slow.state);
            expect(fast.changes, `seed ${seed}, fight ${i}`).toEqual(slow.changes);
          }
        }
        // fights played on forks never reach back into the set-up state they were forked from
        expect(JSON.stringify(prepared.initial)).toBe(before);
      }, 180_000);
    }
  }
});
