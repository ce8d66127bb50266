// The JSON events carry as fields what the log says in words, so a designer's tool need not parse the
// text: a round's length in seconds, a zone move's metres, a duel60 blow's grade and margin.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededSource } from '../dice/index.ts';
import { createEngine, describeEvent, type GameEvent, type Ruleset } from '../engine/index.ts';
import { playFight } from '../sim/fight.ts';
import { rulesets } from './index.ts';
import { loadText } from './load.ts';
import { rulesetsUnderTest } from './under-test.ts';

function fight(file: string, seed = 1): { ruleset: Ruleset; events: GameEvent[]; lines: string[] } {
  const loaded = loadText(readFileSync(file, 'utf8'), file);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const { ruleset, doc } = loaded.value;
  const engine = createEngine(ruleset);
  const created = engine.create(doc);
  const choices = seededSource(seed, 1);
  const r = playFight(engine, created, { dice: seededSource(seed, 0), pick: (n) => choices.roll(n) - 1, keepLog: true, maxRounds: 12 });
  const events = [...created, ...(r.log ?? [])];
  const lines: string[] = [];
  let state = engine.replay(created);
  for (const e of r.log ?? []) {
    state = engine.evolve(state, e);
    lines.push(describeEvent(e, state, ruleset));
  }
  return { ruleset, events, lines };
}

describe('events as data', () => {
  for (const r of rulesetsUnderTest()) {
    it(`${r.id}: a round's length is whole seconds, or none (the text gives none), and its rounds say so`, () => {
      const seconds = r.roundSeconds ?? undefined;
      if (seconds !== undefined) expect(Number.isInteger(seconds) && seconds > 0, `${r.id}.roundSeconds ${seconds}`).toBe(true);
      const example = readdirSync(join('examples', r.id)).filter((f) => /\.ya?ml$/.test(f)).sort()[0];
      expect(example, `examples/${r.id} has no example`).toBeDefined();
      const rounds = fight(join('examples', r.id, example)).events.filter((e): e is Extract<GameEvent, { type: 'round.started' }> => e.type === 'round.started');
      expect(rounds.length).toBeGreaterThan(0);
      for (const e of rounds) expect([e.seconds, e.elapsedSeconds]).toEqual(seconds === undefined ? [undefined, undefined] : [seconds, (e.round - 1) * seconds]);
    });
  }

  it('P20-TIME-1, OUT-TIME-1: phase20\'s round is 6 seconds, outerah\'s 10; frontline\'s and duel60\'s texts give none', () => {
    expect([rulesets.phase20, rulesets.outerah, rulesets.frontline, rulesets.duel60].map((r) => r.roundSeconds)).toEqual([6, 10, null, null]);
  });

  it.each([
    ['P20-TIME-1', 'examples/phase20/goblin-cave.yaml', 6],
    ['OUT-TIME-1', 'examples/outerah/border-skirmish-4v4.yaml', 10],
  ])('%s: round.started carries the round\'s length and the seconds before it', (_id, file, seconds) => {
    const { events } = fight(file);
    const rounds = events.filter((e): e is Extract<GameEvent, { type: 'round.started' }> => e.type === 'round.started');
    expect(rounds.length).toBeGreaterThan(1);
    // round n covers seconds (n − 1) × length to n × length
    for (const r of rounds) expect([r.seconds, r.elapsedSeconds]).toEqual([seconds, (r.round - 1) * seconds]);
  });

  it('FRL-ZONE-1: a zone move carries its metres (20 between neighbouring zones), as its log line says', () => {
    const { events, lines } = fight('examples/frontline/outpost-siege.yaml');
    const moves = events.filter((e): e is Extract<GameEvent, { type: 'unit.zone' }> => e.type === 'unit.zone' && e.from !== undefined);
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(m.metres).toBe(20);
    expect(lines.filter((l) => l.endsWith('(20 m)')).length).toBe(moves.length);
  });

  it('D60-HIT-2: a contest carries its grade and margin as fields, the same as its words', () => {
    const { events } = fight('examples/duel60/duel.yaml');
    const contests = events.filter((e): e is Extract<GameEvent, { type: 'check' }> => e.type === 'check' && e.breakdown.facts?.margin !== undefined);
    expect(contests.length).toBeGreaterThan(3);
    const words: Record<string, string> = { dodged: 'dodged', glancing: 'glancing blow', solid: 'solid blow', dramatic: 'dramatic blow', critical: 'critical' };
    for (const c of contests) {
      const { grade, margin } = c.breakdown.facts!;
      expect(c.breakdown.outcome).toContain(`${words[grade as string]} (margin ${margin}`);
      // the margin is the attacker's total minus the defender's
      expect(margin).toBe(c.breakdown.total - c.breakdown.against!.value);
    }
  });
});
