// Every example encounter in examples/frontline loads, validates and plays to its end under several seeds.
// The loop below is sim/fight.ts's playFight in small: a ruleset may not import the sim layer
// (src/layers.test.ts), so the test drives the same engine.decide with the ruleset's own policy.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptedSource, seededSource } from '../../dice/index.ts';
import { createEngine, type Command, type DiceSource, type GameEvent } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { aggressive } from './policy.ts';

const dir = new URL('../../../examples/frontline/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));

/** A scenario's scripted dice first, then the seeded stream — as `skirmish run` does. */
function diceFor(seed: number, scripted: number[] = []): DiceSource {
  const seeded = seededSource(seed, 0);
  const script = scriptedSource(scripted);
  return { roll: (sides, label) => (script.remaining() > 0 ? script.roll(sides, label) : seeded.roll(sides, label)) };
}

function play(file: string, seed: number) {
  const loaded = loadText(readFileSync(new URL(file, dir), 'utf8'), file);
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
  const engine = createEngine(loaded.value.ruleset);
  const choices = seededSource(seed, 1);
  const pick = (n: number) => choices.roll(n) - 1;
  const dice = diceFor(seed, loaded.value.dice);
  let state = engine.replay(engine.create(loaded.value.doc));
  const log: GameEvent[] = [];
  const script: Command[] = [{ type: 'start' }, ...loaded.value.commands];
  for (let i = 0; state.status !== 'ended'; i++) {
    if (state.turn.round > 100 || i > 10_000) throw new Error(`${file} seed ${seed}: no end after ${state.turn.round} rounds`);
    const unit = engine.activeUnit(state)!;
    const options = i < script.length ? [] : engine.legalActions(state, unit);
    const cmd = i < script.length ? script[i] : options.length ? aggressive(state, unit, options, pick).command : { type: 'end_turn', actor: unit };
    const d = engine.decide(state, cmd, dice);
    if (!d.ok) throw new Error(`${file} seed ${seed}: ${JSON.stringify(cmd)} rejected: ${d.rejection.message}`);
    state = d.state;
    log.push(...d.events);
  }
  return { state, log };
}

describe('frontline examples', () => {
  it('there are at least three', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  for (const file of files) {
    it(`${file} plays to a decided end under seeds 1–5 (FRL-END-2)`, () => {
      for (const seed of [1, 2, 3, 4, 5]) {
        const r = play(file, seed);
        expect(r.state.status, `${file} seed ${seed}`).toBe('ended');
        expect(['victory', 'defeat', 'fled'], `${file} seed ${seed}: ${JSON.stringify(r.state.result)}`).toContain(r.state.result?.outcome);
      }
    });
  }

  it('convoy-ambush.yaml opens with the ambush round: the crew cannot act in round 1 (FRL-INIT-2)', () => {
    const r = play('convoy-ambush.yaml', 1);
    expect(r.state.data.ambush).toEqual({ round: 1, ambushed: 'crew' });
    const round1 = r.log.slice(0, r.log.findIndex((e) => e.type === 'round.started' && e.round === 2));
    expect(round1.filter((e) => e.type === 'turn.skipped').map((e) => (e as { unit: string }).unit).sort()).toEqual(['dana', 'ferro', 'ivo']);
  });

  it('affinity-gauntlet.yaml shows every affinity label in its log (FRL-DMG-2)', () => {
    const r = play('affinity-gauntlet.yaml', 1);
    const text = JSON.stringify(r.log);
    for (const label of ['MAX DMG!', 'WEAK!', 'IMMUNE', 'REFLECT', 'DRAIN']) expect(text).toContain(label);
  });
});
