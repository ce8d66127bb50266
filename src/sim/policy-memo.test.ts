// The runner names a unit's policy once and keeps it (fight.ts PolicyMemo) while what chose it stands:
// a unit's data naming another policy mid-fight (files of old kept it there) takes effect at its next
// command — unless the run's overrides named the unit's side, which win over the file's names.
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../dice/source.ts';
import type { Policy, Ruleset } from '../engine/index.ts';
import { toy, toyDoc } from '../engine/testing/toy.ts';
import { playFrom } from './fight.ts';
import { prepareWith } from './runner.ts';

const dice: DiceSource = { roll: () => 1 };

/** The toy rules with a command that names the actor's policy in its data, and two policies that say who asked. */
function rules(asked: string[]): Ruleset {
  const adopted = new Set<string>();
  const keen: Policy = (state, unit, options) => {
    asked.push(`keen ${unit}`);
    if (!adopted.has(unit)) {
      adopted.add(unit);
      return { command: { type: 'adopt', actor: unit, name: 'calm' }, label: 'adopt calm', group: 'test' };
    }
    return options.all[0];
  };
  const calm: Policy = (_state, unit) => {
    asked.push(`calm ${unit}`);
    return { command: { type: 'end_turn', actor: unit }, label: 'end turn', group: 'turn' };
  };
  return {
    ...toy,
    commands: { ...toy.commands, adopt: { resolve: (ctx, cmd) => ctx.setData(cmd.actor!, 'policy', cmd.name as string) } },
    policies: { aggressive: keen, calm },
  };
}

function play(overrides: Record<string, string>): string[] {
  const asked: string[] = [];
  const { engine, initial } = prepareWith(rules(asked), toyDoc([{ id: 'a', side: 'x', hp: 50 }, { id: 'b', side: 'y', hp: 50 }]));
  playFrom(engine, engine.fork(initial), { dice, pick: () => 0, maxRounds: 2, policies: overrides, unlogged: true });
  return asked;
}

describe("the runner keeps each unit's policy while what chose it stands", () => {
  it("a unit's data naming another policy takes effect at its next command", () => {
    // fails when the kept policy is not checked against the unit's data
    expect(play({})).toEqual(['keen a', 'calm a', 'keen b', 'calm b', 'calm a', 'calm b']);
  });

  it('overrides naming its side win: the data is not read, the policy stays', () => {
    expect(play({ x: 'aggressive', y: 'aggressive' })).toEqual(['keen a', 'keen a', 'keen b', 'keen b', 'keen a', 'keen b']);
  });
});
