// A scenario's script as a designer arguing a call writes it: steps the rules must refuse, decisions
// named by who answers them, and a script that runs past the end of the fight is an error.
import { describe, expect, it } from 'vitest';
import { scriptedSource, seededSource } from '../dice/index.ts';
import { createEngine, type Command, type DiceSource, type GameEvent } from '../engine/index.ts';
import { duel60 } from '../rulesets/duel60/index.ts';
import { duel as duel60Duel } from '../rulesets/duel60/fixtures.ts';
import { loadText } from '../rulesets/load.ts';
import { phase20 } from '../rulesets/phase20/index.ts';
import { duel as phase20Duel } from '../rulesets/phase20/fixtures.ts';
import { playFight, playFrom } from './fight.ts';
import { ScriptError } from './script.ts';

/** The dice a scenario scripts, then the seed's (as `skirmish run` does). */
function dice(faces: number[]): DiceSource {
  const script = scriptedSource(faces);
  const seeded = seededSource(1, 0);
  return { roll: (sides, label) => (script.remaining() > 0 ? script.roll(sides, label) : seeded.roll(sides, label)) };
}

function play(ruleset: typeof phase20, doc: unknown, faces: number[], commands: Command[], logged = true) {
  const engine = createEngine(ruleset);
  const refused: string[] = [];
  const skipped: string[] = [];
  const events: GameEvent[] = [];
  const opts = {
    dice: dice(faces), pick: () => 0, commands, maxRounds: 3,
    onRefused: (_c: Command, r: { code: string }) => void refused.push(r.code),
    onSkipped: (_c: Command, why: string) => void skipped.push(why),
    onEvents: (e: readonly GameEvent[]) => void events.push(...e),
  };
  const result = logged ? playFight(engine, engine.create(doc), { ...opts, keepLog: true }) : playFrom(engine, engine.replay(engine.create(doc)), opts);
  return { result, refused, skipped, events };
}

const scriptError = (f: () => unknown): ScriptError => {
  try {
    f();
  } catch (err) {
    if (err instanceof ScriptError) return err;
    throw err;
  }
  throw new Error('no ScriptError');
};

describe('a scenario script', () => {
  it.each([true, false])('expect: refused — the step is refused as expected, nothing changes, the script goes on (logged: %s)', (logged) => {
    // initiative Hero 15 + 2, Goblin 1; the Goblin may not act in the Hero's turn; then the Hero's Ignite
    // misses (d20 1 + 4 = 5 < DV 15) and it readies an attack
    const { refused, events } = play(phase20, phase20Duel({ foe: { at: [4, 1] } }), [15, 1, 1], [
      { type: 'attack', actor: 'foe', target: 'hero', weapon: 'sword', expect: { refused: 'turn/not_your_turn' } },
      { type: 'move', actor: 'hero', to: [1, 9], expect: 'refused' },
      { type: 'cast', actor: 'hero', spell: 'ignite', target: 'foe' },
      { type: 'prepare', actor: 'hero', kind: 'ready_attack' },
    ], logged);
    expect(refused).toEqual(['turn/not_your_turn', 'action/out_of_range']);
    const misses = events.filter((e) => e.type === 'check' && e.breakdown.label === 'spell hit check (Ignite)');
    expect(misses.length).toBeGreaterThan(0);
  });

  it('expect: refused — a step the rules accept, or refuse with another code, is an error that names both', () => {
    const accepted = scriptError(() => play(phase20, phase20Duel(), [15, 1], [{ type: 'end_turn', actor: 'hero', expect: 'refused' }]));
    expect([accepted.code, accepted.message]).toEqual(['scenario/not_refused', 'scripted command 1 {"type":"end_turn","actor":"hero"} was expected to be refused, but the rules accepted it (what it did is printed above)']);
    // what the accepted step did reaches the log before the error, so the disagreement can be read
    for (const logged of [true, false]) {
      const seen: GameEvent[] = [];
      const engine = createEngine(phase20);
      const opts = { dice: dice([15, 1]), pick: () => 0, commands: [{ type: 'end_turn', actor: 'hero', expect: 'refused' }] as Command[], onEvents: (e: readonly GameEvent[]) => void seen.push(...e) };
      scriptError(() => (logged ? playFight(engine, engine.create(phase20Duel()), { ...opts, keepLog: true }) : playFrom(engine, engine.replay(engine.create(phase20Duel())), opts)));
      expect(seen.some((e) => e.type === 'turn.ended' && e.unit === 'hero')).toBe(true);
    }
    const other = scriptError(() => play(phase20, phase20Duel(), [15, 1], [{ type: 'end_turn', actor: 'foe', expect: { refused: 'action/out_of_range' } }]));
    expect(other.code).toBe('scenario/wrong_refusal');
    expect(other.message).toBe("scripted command 1 {\"type\":\"end_turn\",\"actor\":\"foe\"} was expected to be refused with action/out_of_range, but was refused with turn/not_your_turn: it is Hero's turn, not Goblin's");
    const plain = scriptError(() => play(phase20, phase20Duel(), [15, 1], [{ type: 'end_turn', actor: 'foe' }]));
    expect(plain.code).toBe('scenario/refused');
  });

  it.each([true, false])('a command after the combat has ended is an error, not silently dropped (logged: %s)', (logged) => {
    // d20 13 + 3 = 16 > DV 15; 1d8 (2) + 3 = 5 → the Goblin's 5 HP → 0: fainted, the combat is over
    const err = scriptError(() => play(phase20, phase20Duel({ foe: { startHp: 5 } }), [15, 1, 13, 2], [
      { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' },
      { type: 'end_turn', actor: 'hero' },
      { type: 'end_turn', actor: 'foe' },
    ], logged));
    expect([err.code, err.message]).toEqual(['scenario/after_end', 'the combat ended (victory for heroes) before scripted command 2 of 3: {"type":"end_turn","actor":"hero"} and 1 more']);
  });

  it.each([true, false])('ifOpen: an end_turn for a turn that ended by itself is skipped; one still open is ended (logged: %s)', (logged) => {
    // duel60: the Hero punches (d60 1 + 20 = 21 against 60 + 10 = 70: dodged) and moves: nothing is left, its turn
    // ends by itself — a plain end_turn would now be refused (it is the Brute's turn); with ifOpen it is skipped
    const { skipped, events } = play(duel60 as typeof phase20, duel60Duel(), [1, 60], [
      { type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'] },
      { type: 'move', actor: 'hero', to: [1, 3] },
      { type: 'end_turn', actor: 'hero', ifOpen: true },
      { type: 'end_turn', actor: 'foe', ifOpen: true },
    ], logged);
    expect(skipped).toEqual(["Hero's turn has already ended"]);
    expect(events.filter((e) => e.type === 'turn.ended').slice(0, 2).map((e) => (e as { unit: string }).unit)).toEqual(['hero', 'foe']);
  });

  it('ifOpen: an end_turn left over once the combat has ended is nothing to end, not an error', () => {
    // as above: d20 13 + 3 = 16 > DV 15; 1d8 (2) + 3 = 5 → the Goblin falls, the combat is over
    const { result } = play(phase20, phase20Duel({ foe: { startHp: 5 } }), [15, 1, 13, 2], [
      { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' },
      { type: 'end_turn', actor: 'hero', ifOpen: true },
    ]);
    expect(result.state.status).toBe('ended');
  });

  it('decisionOf answers the open decision of a unit without knowing its id', () => {
    // duel60: the Hero's javelin reaches the Brute 2 tiles away at the end of the Hero's turn; the Brute blocks
    const { result } = play(duel60 as typeof phase20, duel60Duel({ hero: { weapons: ['javelin'] }, foe: { at: [3, 1] } }), [], [
      { type: 'throw', actor: 'hero', target: 'foe', weapon: 'javelin' },
      { type: 'end_turn', actor: 'hero' },
      { type: 'answer', decisionOf: 'foe', choice: { reaction: 'block' } },
    ]);
    const blocked = (result.log ?? []).some((e) => e.type === 'note' && /Root/.test(e.text)) || (result.log ?? []).some((e) => e.type === 'effect.applied' && e.effect.name === 'Root');
    expect(blocked).toBe(true);
    const none = scriptError(() => play(phase20, phase20Duel(), [15, 1], [{ type: 'answer', decisionOf: 'hero', choice: 'x' }]));
    expect([none.code, none.message]).toEqual(['scenario/no_decision', 'scripted command 1 {"type":"answer","decisionOf":"hero","choice":"x"}: Hero has no open decision']);
  });

  it('the file says what is wrong with a step: expect and decisionOf are checked with the line', () => {
    const enc = 'encounter: { ruleset: phase20, name: x, map: { width: 4, height: 4 }, units: [{ id: a, name: A, side: x, at: [0, 0], hp: 5, dv: 10 }, { id: b, name: B, side: y, at: [1, 0], hp: 5, dv: 10 }] }\n';
    const bad = loadText(`${enc}commands:\n  - { type: end_turn, actor: a, expect: maybe }\n  - { type: end_turn, actor: a, decisionOf: a }\n  - { type: move, actor: a, ifOpen: true }\n`, 's.yaml');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => `${p.line} ${p.path}: ${p.message}`)).toEqual([
      '3 commands[0].expect: expect is "refused" or { refused: <code> }',
      '4 commands[1].decisionOf: decisionOf names the decision an "answer" settles, in place of "pending"',
      '5 commands[2].ifOpen: ifOpen is for an "end_turn" that names its actor: it ends that turn if it has not ended by itself',
    ]);
    const good = loadText(`${enc}commands:\n  - { type: end_turn, actor: b, expect: { refused: turn/not_your_turn } }\n  - { type: answer, decisionOf: gm, choice: 1 }\n`, 's.yaml');
    expect(good.ok).toBe(true);
  });
});
