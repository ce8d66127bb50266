// An ended fight's summary, folded from its events: who went down and when, rounds, damage dealt and taken.
import { describe, expect, it } from 'vitest';
import { createEngine, undoneCommands, type Command, type EncounterState, type LoggedEvent } from '../../../engine/index.ts';
import { deathSaves, deathSavesDoc } from '../../../engine/testing/death-saves.ts';
import { scriptedSource } from '../../../dice/index.ts';
import { summarizeFight } from './fightSummary.ts';

const engine = createEngine(deathSaves);

/** Play commands with scripted dice, numbering the events as the server's log would (one cmd id per command). */
function play(cmds: Command[], faces: number[]): { state: EncounterState; events: LoggedEvent[] } {
  let state = engine.replay(engine.create(deathSavesDoc([{ id: 'a', side: 'heroes', hp: 5 }, { id: 'b', side: 'heroes', hp: 5 }, { id: 'z', side: 'foes', hp: 8 }])));
  const events: LoggedEvent[] = [];
  const dice = scriptedSource(faces);
  for (const [i, c] of [{ type: 'start' }, ...cmds].entries()) {
    const d = engine.decide(state, c, dice);
    if (!d.ok) throw new Error(d.rejection.message);
    state = d.state;
    for (const e of d.events) events.push({ ...e, seq: events.length + 1, cmd: `c${i}` } as LoggedEvent);
  }
  return { state, events };
}

describe('summarizeFight', () => {
  it('counts each hit as dealt by its striker and taken by its target, and names who went down in which round', () => {
    // Round 1: A strikes Z (d20 15 ≥ 10 hits, d6 5: Z 8 → 3); B ends its turn; Z strikes A (d20 12 hits,
    // d6 5: A 5 → 0, down). Round 2: A, dying, makes a death save (d20 4, a failure); B strikes Z (d20 15
    // hits, d6 4: Z has 3, so 3 moves) and Z goes down: the heroes win.
    const { state, events } = play(
      [
        { type: 'strike', actor: 'a', target: 'z' },
        { type: 'end_turn', actor: 'b' },
        { type: 'strike', actor: 'z', target: 'a' },
        { type: 'strike', actor: 'b', target: 'z' },
      ],
      [15, 5, 12, 5, 4, 15, 4],
    );
    const s = summarizeFight(state, events, undoneCommands(events));
    expect(s.result).toBe('victory for heroes');
    expect(s.rounds).toBe(2);
    expect(s.down).toEqual([
      { unit: 'a', name: 'A', word: 'down', round: 1 },
      { unit: 'z', name: 'Z', word: 'down', round: 2 },
    ]);
    expect(s.damage).toEqual([
      { unit: 'a', name: 'A', dealt: 5, taken: 5 },
      { unit: 'b', name: 'B', dealt: 3, taken: 0 },
      { unit: 'z', name: 'Z', dealt: 5, taken: 8 },
    ]);
    expect(s.unnamed).toBe(0);
  });

  it('an undone command counts for nothing; damage with no source the viewer can name is counted apart', () => {
    const { state, events } = play([{ type: 'strike', actor: 'a', target: 'z' }], [15, 5]);
    // the strike undone (as the log records an undo), and a blow from something unseen added
    const undo = { type: 'undo', command: 'c1', seq: events.length + 1, cmd: 'u1' } as LoggedEvent;
    const unseen = { type: 'pool.changed', unit: 'z', pool: 'hp', delta: -2, value: 1, kind: 'damage', unseen: true, seq: events.length + 2, cmd: 'c9' } as LoggedEvent;
    const all = [...events, undo, unseen];
    const s = summarizeFight(state, all, undoneCommands(all));
    expect(s.damage).toEqual([{ unit: 'z', name: 'Z', dealt: 0, taken: 2 }]);
    expect(s.unnamed).toBe(2);
  });
});
