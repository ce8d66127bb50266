// The simulator's two economies — a forked (shallow) copy of the set-up state per fight, and decide
// without building what no one reads (checks, notes, the events of the engine's own changes) — must
// change nothing about the fights: every example of every registered ruleset is played both ways and
// must pass through the same states, command by command, to the same end; the events the unlogged
// fight does build are the logged fight's own (the contract's clause, src/sim/contract/fast-path.ts,
// here with more fights and with three choices of what to keep).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idsUnderTest } from '../rulesets/under-test.ts';
import { loadText } from '../rulesets/load.ts';
import { departure, playOneWay } from './contract/fast-path.ts';
import { prepare } from './runner.ts';
import { observedTypes } from './tally.ts';

const NONE: ReadonlySet<string> = new Set();
/** Every event type the engine's changers and turn flow build or not (with `pool.changed`, every pool's change). */
const ALL: ReadonlySet<string> = new Set(['pool.changed', 'unit.data', 'encounter.data', 'unit.zone', 'effect.applied', 'effect.removed', 'effect.changed', 'pending.opened', 'pending.closed', 'turn.order', 'turn.phase', 'round.started', 'round.ended', 'unit.status']);

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
            // as the simulator plays it (the tally's events kept), with every kind of event kept, and with none
            for (const keep of [observedTypes(prepared.engine.ruleset.standing !== undefined), ALL, NONE]) {
              const fast = playOneWay(prepared, i, true, seed, 60, keep);
              // the same state after every command (version included: an unlogged change still counts) and the same end
              expect(departure(slow, fast, keep), `seed ${seed}, fight ${i}, keeping ${[...keep].join(', ') || 'nothing'}`).toBeUndefined();
              expect(fast.state, `seed ${seed}, fight ${i}`).toEqual(slow.state);
            }
          }
        }
        // fights played on forks never reach back into the set-up state they were forked from
        expect(JSON.stringify(prepared.initial)).toBe(before);
      }, 180_000);
    }
  }
});
