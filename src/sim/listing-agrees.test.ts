// A listing asked narrowly (`of`, `except`) or for a first match (`first`, where a lister may stop early)
// must answer exactly what the whole listing filtered would: walked over fights of every example of every
// registered ruleset, by the file's own policies and by `first`, at every decision.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomStream } from '../dice/index.ts';
import { currentUnit, type ActionOption, type Engine, type EncounterState, type UnitId } from '../engine/index.ts';
import { idsUnderTest } from '../rulesets/under-test.ts';
import { loadText } from '../rulesets/load.ts';
import { diceFor, prepare, type SimSpec } from './runner.ts';
import { playFrom } from './fight.ts';

/** Questions a policy might ask for a first match, each also answered by `all.find`. */
function tests(state: EncounterState, unit: UnitId): ((o: ActionOption) => boolean)[] {
  const me = state.units[unit];
  return [
    (o) => { const t = o.targets?.[0]; return t !== undefined && state.units[t]?.side !== me?.side && state.units[t]?.status === 'active'; },
    (o) => o.move !== undefined,
    (o) => !o.move,
    (o) => o.command.type === 'end_turn',
    () => false,
  ];
}

function agree(engine: Engine, state: EncounterState, unit: UnitId): number {
  const whole = engine.legalActions(state, unit);
  let asked = 0;
  for (const test of tests(state, unit)) {
    const first = engine.listing(state, unit).first(test);
    const expected = whole.find(test);
    expect(first === undefined).toBe(expected === undefined);
    if (first) expect(first).toEqual(expected);
    asked++;
  }
  const types = [...new Set(whole.map((o) => o.command.type))];
  for (const t of types) {
    expect(engine.listing(state, unit).of(t)).toEqual(whole.filter((o) => o.command.type === t));
    expect(engine.listing(state, unit).except(t)).toEqual(whole.filter((o) => o.command.type !== t));
  }
  // a first question, then the whole listing from the same Listing
  const l = engine.listing(state, unit);
  l.first(() => false);
  expect(l.all).toEqual(whole);
  return asked;
}

describe('a listing answers narrow and first-match questions as the whole listing would', () => {
  for (const ruleset of idsUnderTest()) {
    const dir = join('examples', ruleset);
    for (const f of existsSync(dir) ? readdirSync(dir).filter((x) => x.endsWith('.yaml')) : []) {
      it(`${ruleset}/${f}`, () => {
        const file = join(dir, f);
        const r = loadText(readFileSync(file, 'utf8'), file);
        if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
        let asked = 0;
        for (const policies of [{}, Object.fromEntries((r.value.doc as { units: { side: string }[] }).units.map((u) => [u.side, 'first']))]) {
          const spec: SimSpec = { ruleset, doc: r.value.doc, seed: r.value.seed ?? 7, maxRounds: 4, policies, ...(r.value.dice?.length ? { dice: r.value.dice } : {}) };
          const { engine, initial } = prepare(spec);
          const choices = RandomStream.stream(spec.seed, 1);
          const state = engine.fork(initial);
          playFrom(engine, state, {
            dice: diceFor(spec, 0),
            pick: (n) => choices.nextInt(n),
            maxRounds: 4,
            policies,
            unlogged: true,
            commands: r.value.commands,
            onEvents: (_e, s) => {
              const unit = s.status === 'active' ? currentUnit(s) : undefined;
              if (unit !== undefined && !s.pending.length) asked += agree(engine, s, unit);
            },
          });
        }
        expect(asked).toBeGreaterThan(0);
      }, 120_000);
    }
  }
});
