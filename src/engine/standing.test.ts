// The ruleset decides who is standing and who takes turns (Ruleset.standing, Ruleset.takesTurn): a
// dying unit of the death-saves test rules keeps its turns and effect clocks, a yielded one is out of
// the fight though still 'active', and the default result follows the ruleset's standing.
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../dice/source.ts';
import { createEngine } from './engine.ts';
import { EncounterLog } from './log.ts';
import type { Command } from './ruleset.ts';
import { isStanding, takesTurn } from './standing.ts';
import { deathSaves, deathSavesDoc } from './testing/death-saves.ts';
import { toy, toyDoc } from './testing/toy.ts';

const queue = (...faces: number[]): DiceSource => ({ roll: () => faces.shift() ?? 1 });

function started(doc = deathSavesDoc([{ id: 'a', side: 'heroes', hp: 3 }, { id: 'b', side: 'heroes', hp: 10 }, { id: 'z', side: 'foes', hp: 10 }])) {
  const log = new EncounterLog(createEngine(deathSaves));
  log.create(doc);
  const r = log.execute({ type: 'start' }, queue());
  if (!r.ok) throw new Error(r.rejection.message);
  return log;
}
const run = (log: EncounterLog, cmd: Command, ...faces: number[]) => {
  const r = log.execute(cmd, queue(...faces));
  if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
  return r.events;
};
const active = (log: EncounterLog) => log.engine.activeUnit(log.state);

/** a (3 hp) is struck down by z in round 1: strike d20 15 ≥ 10 hits, d6 5 → 0 hp, down and dying. */
function aDying() {
  const log = started();
  run(log, { type: 'bless', actor: 'a', target: 'a', turns: 3 }); // Blessed counts a's turn ends: 3 of them
  run(log, { type: 'end_turn', actor: 'a' });
  run(log, { type: 'end_turn', actor: 'b' });
  run(log, { type: 'strike', actor: 'z', target: 'a' }, 15, 5);
  return log;
}

describe('a ruleset decides who stands and who takes turns', () => {
  it('a downed unit whose ruleset gives it turns gets them: its turn starts, it rolls its death save there', () => {
    const log = aDying();
    expect(log.state.units.a.status).toBe('down');
    expect(isStanding(deathSaves, log.state, 'a')).toBe(false);
    expect(takesTurn(deathSaves, log.state, 'a')).toBe(true);
    expect(log.state.result).toBeUndefined(); // b still stands for the heroes
    // round 2 began with a's turn: its death save was rolled (the default die 1: a failure) and its turn ended
    const starts = log.events.filter((e) => e.type === 'turn.started' && e.unit === 'a');
    expect(starts.length).toBe(2);
    expect(log.state.units.a.data.saves).toEqual({ passed: 0, failed: 1 });
    expect(log.events.some((e) => e.type === 'turn.skipped' && e.unit === 'a')).toBe(false);
    expect(active(log)).toBe('b');
  });

  it('its effect clocks run on its turns while it is down', () => {
    const log = aDying();
    // Blessed (3) counted a's turn end in round 1 (→ 2) and in round 2, while a was dying (→ 1)
    expect(log.state.effects.find((f) => f.name === 'Blessed')?.remaining).toBe(1);
    run(log, { type: 'end_turn', actor: 'b' });
    run(log, { type: 'end_turn', actor: 'z' }, 12); // round 3: a's death save 12 passes; Blessed runs out
    expect(log.state.units.a.data.saves).toEqual({ passed: 1, failed: 1 });
    expect(log.state.effects.some((f) => f.name === 'Blessed')).toBe(false);
  });

  it('three failed saves: dead, and no more turns; a 20: back on its feet, and it acts this turn', () => {
    const log = aDying();
    run(log, { type: 'end_turn', actor: 'b' });
    run(log, { type: 'end_turn', actor: 'z' }, 2); // round 3: second failure
    run(log, { type: 'end_turn', actor: 'b' });
    run(log, { type: 'end_turn', actor: 'z' }, 3); // round 4: third failure
    expect(log.state.units.a.status).toBe('dead');
    expect(takesTurn(deathSaves, log.state, 'a')).toBe(false);

    const up = aDying();
    run(up, { type: 'end_turn', actor: 'b' });
    run(up, { type: 'end_turn', actor: 'z' }, 20);
    expect([up.state.units.a.status, up.state.units.a.pools.hp.value, active(up)]).toEqual(['active', 1, 'a']);
  });

  it('a stable unit takes no turns: its slot is skipped, saying why', () => {
    const log = aDying();
    for (const face of [12, 13, 14]) {
      run(log, { type: 'end_turn', actor: 'b' });
      run(log, { type: 'end_turn', actor: 'z' }, face);
    }
    expect(log.state.units.a.data).toMatchObject({ stable: true, saves: { passed: 3, failed: 1 } });
    run(log, { type: 'end_turn', actor: 'b' });
    const events = run(log, { type: 'end_turn', actor: 'z' });
    expect(events.find((e) => e.type === 'turn.skipped')).toMatchObject({ unit: 'a', why: 'down' });
  });

  it('the default result uses the ruleset\'s standing: a side whose last standing unit yields loses, though it is still active', () => {
    const log = started(deathSavesDoc([{ id: 'a', side: 'heroes', hp: 5 }, { id: 'z', side: 'foes', hp: 5 }]));
    run(log, { type: 'yield', actor: 'a' });
    expect(log.state.units.a.status).toBe('active');
    expect(log.engine.standing(log.state, 'a')).toBe(false);
    expect(log.state.result).toMatchObject({ outcome: 'victory', winner: 'foes' });
  });

  it('without the seams a ruleset keeps the old rule: standing is status active, and only standing units take turns', () => {
    const log = new EncounterLog(createEngine(toy));
    log.create(toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 2 }, { id: 'c', side: 'y', hp: 10 }]));
    run(log, { type: 'start' });
    run(log, { type: 'hit', actor: 'a', target: 'b' }, 6);
    expect([isStanding(toy, log.state, 'b'), takesTurn(toy, log.state, 'b'), log.engine.standing(log.state, 'c')]).toEqual([false, false, true]);
    // b's turn comes up and is skipped as down
    expect(log.events.find((e) => e.type === 'turn.skipped')).toMatchObject({ unit: 'b', why: 'down' });
  });
});
