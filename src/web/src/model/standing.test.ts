// The page shows a unit as out of the fight by its ruleset's notion of standing (Ruleset.standing).
import { describe, expect, it } from 'vitest';
import { createEngine, type EncounterState } from '../../../engine/index.ts';
import { deathSaves, deathSavesDoc } from '../../../engine/testing/death-saves.ts';
import { seededSource } from '../../../dice/index.ts';
import { isOut, outWord } from './standing.ts';

const engine = createEngine(deathSaves);
function play(...cmds: { type: string; [k: string]: string }[]): EncounterState {
  let s = engine.replay(engine.create(deathSavesDoc([{ id: 'a', side: 'heroes', hp: 5 }, { id: 'b', side: 'heroes', hp: 5 }, { id: 'z', side: 'foes', hp: 5 }])));
  for (const c of [{ type: 'start' }, ...cmds]) {
    const d = engine.decide(s, c, seededSource(1, 0));
    if (!d.ok) throw new Error(d.rejection.message);
    s = d.state;
  }
  return s;
}

describe('isOut', () => {
  it('follows the ruleset: a unit that yielded is out though its status is still active, and its badge says "out"', () => {
    const s = play({ type: 'yield', actor: 'a' });
    expect(s.units.a.status).toBe('active');
    expect(isOut(s, s.units.a, deathSaves)).toBe(true);
    expect(outWord(s.units.a)).toBe('out');
    expect(isOut(s, s.units.b, deathSaves)).toBe(false);
  });

  it('without a ruleset of its own notion (or unknown to the page) a unit is out when its status is not active', () => {
    const s = play({ type: 'yield', actor: 'a' });
    expect(isOut(s, s.units.a)).toBe(false); // 'death-saves' is not registered: the status decides
    const down = { ...s.units.b, status: 'down' as const };
    expect([isOut(s, down), outWord(down)]).toEqual([true, 'down']);
  });
});
