// "Went down" follows the ruleset's notion of standing (Ruleset.standing): a unit that yields while
// still 'active' counts, as does one dying on its death saves; a fight played on from the middle counts
// the units already down.
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../dice/source.ts';
import { createEngine } from '../engine/index.ts';
import { deathSaves, deathSavesDoc } from '../engine/testing/death-saves.ts';
import { playFrom } from './fight.ts';
import { emptyTally, FightObserver } from './tally.ts';

const queue = (...faces: number[]): DiceSource => ({ roll: () => faces.shift() ?? 1 });
const engine = createEngine(deathSaves);

function fight(doc: ReturnType<typeof deathSavesDoc>, dice: DiceSource, commands: { type: string; [k: string]: string }[] = []) {
  const initial = engine.replay(engine.create(doc));
  const tally = emptyTally(initial);
  const observer = new FightObserver(tally, engine.standing);
  observer.reset(initial.version, initial);
  const r = playFrom(engine, engine.fork(initial), { dice, pick: () => 0, commands, onEvents: observer.onEvents, unlogged: true });
  observer.finish(r.state, r.commands);
  return { tally, state: r.state };
}

describe('the tally counts who went down by the ruleset\'s standing', () => {
  it('a unit that yields is out of the fight without any status change: it went down, in round 1', () => {
    const { tally, state } = fight(deathSavesDoc([{ id: 'a', side: 'heroes', hp: 5 }, { id: 'z', side: 'foes', hp: 5 }]), queue(), [{ type: 'yield', actor: 'a' }]);
    expect(state.units.a.status).toBe('active');
    expect(state.result?.winner).toBe('foes');
    expect(tally.units.map((u) => [u.id, u.down, u.downRounds[1] ?? 0])).toEqual([['a', 1, 1], ['z', 0, 0]]);
  });

  it('a dying unit, struck down in round 1, went down once though its death saves kept it taking turns', () => {
    // the policy takes the first option, a strike at the first standing enemy. Round 1: a strikes z (2: a
    // miss), b strikes z (2), z strikes a (15 hits, 5 damage: a at 0 hp, dying). Round 2: a's death save 1
    // fails; b strikes z (15, 6: z at 6); z strikes b (2). Round 3: a's save 1 fails; b strikes z (15, 6): z down.
    const dice = queue(2, 2, 15, 5, 1, 15, 6, 2, 1, 15, 6);
    const { tally, state } = fight(deathSavesDoc([{ id: 'a', side: 'heroes', hp: 3 }, { id: 'b', side: 'heroes', hp: 20 }, { id: 'z', side: 'foes', hp: 12 }]), dice);
    expect(state.result?.winner).toBe('heroes');
    const a = tally.units.find((u) => u.id === 'a')!;
    expect([a.down, a.downRounds[1]]).toEqual([1, 1]);
    expect(tally.units.find((u) => u.id === 'z')!.down).toBe(1);
    expect(tally.units.find((u) => u.id === 'b')!.down).toBe(0);
  });
});
