// The simulator's two economies — a forked (shallow) copy of the set-up state per fight, and decide
// without building checks and notes — must change nothing about the fights: every example of every
// ruleset is played both ways and must end in the same state, with the same state-changing events.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream, streamSource } from '../dice/index.ts';
import { cloneJson } from '../engine/clone.ts';
import type { GameEvent } from '../engine/index.ts';
import { rulesets } from '../rulesets/index.ts';
import { loadText } from '../rulesets/load.ts';
import { playFrom } from './fight.ts';
import { prepare } from './runner.ts';

const FIGHTS = 6;

function play(file: string, i: number, fast: boolean, shared?: ReturnType<typeof prepare>) {
  const r = loadText(readFileSync(file, 'utf8'), file);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  const p = shared ?? prepare({ ruleset: r.value.ruleset.id, doc: r.value.doc, seed: 3, maxRounds: 60, policies: {} });
  const choices = RandomStream.stream(3, 2 * i + 1);
  const events: GameEvent[] = [];
  const result = playFrom(p.engine, fast ? p.engine.fork(p.initial) : cloneJson(p.initial), {
    dice: streamSource(RandomStream.stream(3, 2 * i)),
    pick: (n) => choices.nextInt(n),
    maxRounds: 60,
    unlogged: fast,
    onEvents: (es) => events.push(...es),
  });
  // an effect's own log words (effect.applied `text`) are built only when the log is kept
  const changes = events.filter((e) => e.type !== 'check' && e.type !== 'note').map((e) => (e.type === 'effect.applied' && e.text !== undefined ? { ...e, text: undefined } : e));
  return { state: result.state, changes: JSON.parse(JSON.stringify(changes)) as GameEvent[], prepared: p };
}

describe('the simulator plays the same fights on its fast path', () => {
  // every registered ruleset's examples (a ruleset with none is refused by its contract test)
  for (const ruleset of Object.keys(rulesets)) {
    const dir = join('examples', ruleset);
    for (const f of existsSync(dir) ? readdirSync(dir).filter((x) => x.endsWith('.yaml')) : []) {
      it(`${ruleset}/${f}: forked and unlogged = copied and logged`, () => {
        const file = join(dir, f);
        const prepared = play(file, 0, true).prepared;
        const before = JSON.stringify(prepared.initial);
        for (let i = 0; i < FIGHTS; i++) {
          const slow = play(file, i, false);
          const fast = play(file, i, true, prepared);
          // same end, same version (an unlogged check still counts), same changes on the way
          expect(fast.state).toEqual(slow.state);
          expect(fast.changes).toEqual(slow.changes);
        }
        // fights played on forks never reach back into the set-up state they were forked from
        expect(JSON.stringify(prepared.initial)).toBe(before);
      }, 60_000);
    }
  }
});
