// Every example encounter in examples/frontline loads, validates and plays to its end under several seeds,
// through the simulator's runner (the same one `skirmish run` uses).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptThen, seededSource } from '../../dice/index.ts';
import { createEngine } from '../../engine/index.ts';
import { playFight } from '../../sim/fight.ts';
import { loadText } from '../load.ts';

const dir = new URL('../../../examples/frontline/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));

/** A scenario's scripted dice first, then the seeded stream — as `skirmish run` does. */
function diceFor(seed: number, scripted?: (number | string)[]) {
  const seeded = seededSource(seed, 0);
  return scripted?.length ? scriptThen(scripted, seeded) : seeded;
}

function play(file: string, seed: number) {
  const loaded = loadText(readFileSync(new URL(file, dir), 'utf8'), file);
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
  const engine = createEngine(loaded.value.ruleset);
  const choices = seededSource(seed, 1);
  const r = playFight(engine, engine.create(loaded.value.doc), {
    dice: diceFor(seed, loaded.value.dice),
    pick: (n) => choices.roll(n) - 1,
    commands: loaded.value.commands,
    keepLog: true,
  });
  return { state: r.state, log: r.log ?? [] };
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
